/**
 * Navigations the service worker must never answer with the cached app shell (docs/offline.md; docs/product.md §4):
 * they go to the network as they are. Matched against the path and query of the URL.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  // The platform APIs and the reference server's other paths.
  /^\/api\//,
  // The service worker and the manifest themselves.
  /^\/sw\.js$/,
  /^\/manifest\.webmanifest$/,
  // Files (a last path segment with an extension): downloads, icons, PDFs.
  /\/[^/?]+\.[a-z0-9]{2,5}(\?|$)/i,
  // SSO and OAuth callbacks, and the sign-in link with the session token: the server must see them.
  /[?&](access_token|code|state)=/,
];
