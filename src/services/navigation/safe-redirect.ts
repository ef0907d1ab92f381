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
