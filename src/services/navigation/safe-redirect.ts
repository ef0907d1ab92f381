/**
 * The one allowlist for redirect targets (DESIGN.md §5, issue: "next_route is followed
 * only when it is a same-origin path"). Refuses absolute URLs, protocol-relative
 * (`//host`), backslash tricks (`/\host`), `javascript:`/`data:` and control characters.
 */

/**
 * @param raw a candidate path such as `/courses/1?x=2#y`.
 * @param origin the app's origin (default `location.origin`).
 * @returns `raw` normalised to path+search+hash when it is a same-origin path; otherwise null.
 */
export function sameOriginPath(raw: string | null | undefined, origin: string = location.origin): string | null {
  if (!raw || raw.length > 2048) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** @returns the safe `next_route` target, or `/` when it is missing or unsafe. */
export function safeNextRoute(raw: string | null | undefined, origin?: string): string {
  return sameOriginPath(raw, origin) ?? '/';
}

/**
 * An absolute SSO address is followed only when it is http(s) on an allowed origin
 * (DESIGN.md §5 "configured SSO hosts").
 * @param raw the address given by the platform (e.g. the LXP sign-in URL).
 * @param allowedOrigins origins such as `https://lxp.example.com`.
 * @returns the normalised URL, or null when it is not allowed.
 */
export function safeSsoUrl(raw: string | null | undefined, allowedOrigins: readonly string[]): string | null {
  if (!raw || raw.length > 4096) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return allowedOrigins.includes(url.origin) ? url.href : null;
}
