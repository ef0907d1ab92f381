/**
 * Node side of the app's security headers (src/services/contract/security-policy.ts is the one
 * source of the policy): the inline scripts (pre-paint, entry loader) and their CSP hashes, the build's header record
 * (`dist/csp.json`), and the checked-in CDN header file `deploy/_headers`.
 *
 * Used by vite.config.ts (build), server/app.ts (`npm start`), scripts/write-headers.ts
 * (`npm run headers`) and the drift test (server/security-headers.test.ts).
 */
import { createHash } from 'node:crypto';
import { minify_sync } from 'terser';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appOrigins, COMMON_HEADERS, documentHeaders, headersFile } from '../src/services/contract/security-policy.ts';
import { EARLY_DOCUMENTS } from '../src/services/contract/early-documents.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the checked-in CDN header file lives (default configuration). */
export const DEPLOY_HEADERS_FILE = join(ROOT, 'deploy', '_headers');

/**
 * A script of src/ as index.html inlines it: minified by terser (the lockfile's version: the same
 * source gives the same code, so the same hash in the build, the server and deploy/_headers) —
 * index.html must stay in TCP's first window (docs/performance.md).
 * @returns `{ code, hash }`, `hash` its CSP source `'sha256-<base64>'`.
 */
export function inlineScript(
  file: string,
  source: string = readFileSync(file, 'utf8'),
): { code: string; hash: string } {
  const { code } = minify_sync(source, { format: { comments: false } });
  if (!code) throw new Error(`inline script ${file}: terser gave nothing`);
  return { code, hash: scriptHash(code) };
}

/** The CSP source (`'sha256-<base64>'`) of an inline script whose text is `code`. */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
}

/** The pre-paint script (docs/architecture.md §D5, src/app/prepaint.js), inlined first in index.html's <head>. */
export function prepaintInline(file: string = join(ROOT, 'src', 'app', 'prepaint.js')): { code: string; hash: string } {
  return inlineScript(file);
}

/**
 * The deferred-entry loader (src/app/entry-loader.js), inlined in index.html's <head> before
 * the stylesheet by scripts/vite/deferred-entry.ts. Its code is the same in every build (the build's
 * file names are in a JSON data block it reads), so its hash is too.
 */
export function entryLoaderInline(file: string = join(ROOT, 'src', 'app', 'entry-loader.js')): {
  code: string;
  hash: string;
} {
  return inlineScript(file);
}

/** One screen's entry in the early pages' script: its comment, `name: {`, up to its `},` (prettier's layout). */
const SCREEN_ENTRY = /((?: {4}\/\/[^\n]*\n)*) {4}'?([\w-]+)'?: \{\n[^]*?\n {4}\},\n/g;

/**
 * The early pages' script (src/app/early-content.js, docs/decisions/0014: a screen's content from
 * its early reads before the app's code) of a document, with the fill of `screens` only (default:
 * every screen's) — each document carries its own screens' (ADR 0015,
 * src/services/contract/early-documents.ts), inlined at the end of its <body> by scripts/vite/prerender.ts.
 * @throws Error when the script's `screens` object is not laid out as one entry per screen, or
 *   a screen of `screens` is not in it.
 */
export function earlyContentInline(
  screens?: readonly string[],
  file: string = join(ROOT, 'src', 'app', 'early-content.js'),
): { code: string; hash: string } {
  const source = readFileSync(file, 'utf8');
  if (!screens) return inlineScript(file, source);
  const open = '  var screens = {\n';
  const start = source.indexOf(open) + open.length;
  const end = source.indexOf('\n  };\n', start) + 1;
  const body = source.slice(start, end);
  if (start < open.length || end < start || body.replace(SCREEN_ENTRY, '').trim() !== '')
    throw new Error(`${file}: the screens object is not one entry per screen`);
  const found: string[] = [];
  const kept = body.replace(SCREEN_ENTRY, (entry: string, _comment: string, name: string) => {
    found.push(name);
    return screens.includes(name) ? entry : '';
  });
  for (const screen of screens)
    if (!found.includes(screen)) throw new Error(`${file}: no early page fill for ${screen}`);
  return inlineScript(file, source.slice(0, start) + kept + source.slice(end));
}

/**
 * The hashes of the inline scripts of every build's documents: the pre-paint script, the entry
 * loader and each document's early pages' script (src/services/contract/early-documents.ts).
 */
export function inlineScriptHashes(): string[] {
  return [
    prepaintInline().hash,
    entryLoaderInline().hash,
    ...Object.values(EARLY_DOCUMENTS).map((screens) => earlyContentInline(screens).hash),
  ];
}

/**
 * The `Referrer-Policy` of an answer to `url` (absolute, or a path with its query) that carries
 * an `access_token` sign-in link (docs/product.md §2): `no-referrer`, so that nothing the page
 * requests before its pre-paint script (src/app/prepaint.js) has taken the token out of the
 * address — a browser's preload scanner may fetch ahead of any script — sends it as a Referer.
 * That page always leaves by a full load (the boot's redirect), whose answer has the usual policy.
 * @returns `'no-referrer'`, or null when the query has no `access_token` (COMMON_HEADERS' policy stands).
 */
export function accessTokenReferrerPolicy(url: string): 'no-referrer' | null {
  try {
    return new URL(url, 'http://localhost').searchParams.has('access_token') ? 'no-referrer' : null;
  } catch {
    return null;
  }
}

/** What the build writes to `dist/csp.json`: the inline script hashes and the document headers. */
export interface BuildHeaders {
  scriptHashes: string[];
  headers: Record<string, string>;
}

/**
 * The document headers of a build with `env` (its `VITE_*` variables) and inline `scriptHashes`.
 * @returns the record written to dist/csp.json.
 */
export function buildHeaders(env: Readonly<Record<string, string | undefined>>, scriptHashes: string[]): BuildHeaders {
  return { scriptHashes, headers: documentHeaders(appOrigins(env), scriptHashes) };
}

/** The `deploy/_headers` text for the default configuration (same-origin APIs, production widgets). */
export function defaultHeadersFile(): string {
  return headersFile(documentHeaders(appOrigins({}), inlineScriptHashes()));
}

const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]*$/;

/**
 * The document headers of the build in `distDir` (dist/csp.json, written by vite.config.ts).
 * A missing or unreadable file (an old build) gives the default configuration's headers with
 * whatever hashes it lists; never throws.
 */
export function readBuildHeaders(distDir: string): Record<string, string> {
  let parsed: { scriptHashes?: unknown; headers?: unknown } = {};
  try {
    parsed = JSON.parse(readFileSync(join(distDir, 'csp.json'), 'utf8')) as typeof parsed;
  } catch {
    // no build record: defaults below
  }
  const headers = parsed.headers;
  if (headers && typeof headers === 'object' && !Array.isArray(headers)) {
    const entries = Object.entries(headers as Record<string, unknown>).filter(
      (e): e is [string, string] => HEADER_NAME.test(e[0]) && typeof e[1] === 'string' && !/[\r\n]/.test(e[1]),
    );
    if (entries.some(([name]) => name === 'Content-Security-Policy')) return Object.fromEntries(entries);
  }
  const hashes = Array.isArray(parsed.scriptHashes)
    ? parsed.scriptHashes.filter((h): h is string => typeof h === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(h))
    : [];
  return documentHeaders(appOrigins({}), hashes);
}

export { COMMON_HEADERS };
