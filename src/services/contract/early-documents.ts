/**
 * The documents of the early pages (docs/decisions/0015-a-document-per-screen.md) and the screens
 * whose early page each carries — its templates and its script's fill
 * (server/security-headers.ts `earlyContentInline`): index.html those of routes with parameters
 * (every address without a document of its own falls back to it), each screen of a route without
 * parameters its own, served at its address. The build checks that its routes give exactly these
 * (scripts/vite/prerender.ts); the CSP lists each document's script's hash.
 */
export const EARLY_DOCUMENTS: Readonly<Record<string, readonly string[]>> = {
  'index.html': ['course', 'module', 'learning-object'],
  'courses.html': ['courses'],
  'grades.html': ['grades'],
  'finances.html': ['finances'],
  'attachments.html': ['attachments'],
  'home.html': ['home'],
};
