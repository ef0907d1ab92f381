/**
 * The one allowlist for redirect targets (docs/architecture.md §D5; OWASP ASVS v5 §3.7 redirects):
 * `next_route` and every redirect a boot step asks for (docs/product.md §4 Startup) pass here.
 * - A path is followed only when it stays on the app's origin: refused are absolute URLs,
 *   protocol-relative (`//host`), backslash tricks (`/\host`, `\\host`), `javascript:` /
 *   `data:` and other schemes, whitespace and control characters, and any of these hidden by
 *   percent-encoding (`/%2F%2Fhost`, `/%5Chost`, double encoding) or malformed encoding.
 * - An absolute address is followed only when it is http(s) on a configured SSO origin.
 */

/** Longest target considered (longer ones are refused). */
const MAX_LENGTH = 2048;

/** Whitespace (any Unicode space, BOM), C0/C1 control characters and backslashes. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\s\u0000-\u001f\u007f-\u009f\ufeff\u200b-\u200f\u2028\u2029\\]/;

/**
 * `raw` percent-decoded until it no longer changes (at most 4 rounds).
 * @returns null when the encoding is malformed.
 */
function fullyDecoded(raw: string): string | null {
  let current = raw;
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** The app's origin; at build time (the early pages' render in Node, no `location`) a stand-in: only paths pass anyway. */
const appOrigin = (): string => (typeof location === 'undefined' ? 'https://app.invalid' : location.origin);

/**
 * @param raw a candidate path such as `/courses/1?x=2#y`.
 * @param origin the app's origin (default `location.origin`).
 * @returns `raw` normalised to path+search+hash when it is a same-origin path; otherwise null.
 */
export function sameOriginPath(raw: string | null | undefined, origin: string = appOrigin()): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  const decoded = fullyDecoded(raw);
  if (decoded === null) return null;
  for (const form of [raw, decoded]) {
    if (UNSAFE_CHARS.test(form)) return null;
    if (!form.startsWith('/') || form.startsWith('//')) return null;
  }
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
 * (docs/architecture.md §D5 "configured SSO hosts").
 * @param raw the address given by the platform (e.g. the LXP sign-in URL).
 * @param allowedOrigins origins such as `https://lxp.example.com`.
 * @returns the normalised URL, or null when it is not allowed.
 */
export function safeSsoUrl(raw: string | null | undefined, allowedOrigins: readonly string[]): string | null {
  if (!raw || raw.length > 4096) return null;
  // The URL parser silently drops tabs and newlines and trims spaces: refuse them instead.
  if (UNSAFE_CHARS.test(raw)) return null;
  if (!/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return allowedOrigins.includes(url.origin) ? url.href : null;
}

/** Where the browser goes for a boot-step redirect (docs/product.md §4 Startup). */
export interface BootRedirect {
  /** The absolute URL to go to (always on the app's origin or an SSO origin). */
  url: string;
  /** False when the asked target was refused and `url` is the app's root instead. */
  allowed: boolean;
}

/**
 * The allowlist of boot-step redirects (docs/product.md §4: "an absolute http(s) address sends the browser
 * there; anything else is resolved through the router"): an absolute address must pass
 * `safeSsoUrl`, anything else `sameOriginPath`; a refused target becomes the app's root `/`.
 * @param target what the step asked for.
 * @param options.origin the app's origin; `ssoOrigins` the allowed absolute origins.
 */
export function bootRedirect(target: string, options: { origin: string; ssoOrigins: readonly string[] }): BootRedirect {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(target.trim());
  const safe = absolute
    ? safeSsoUrl(target, options.ssoOrigins)
    : ((path) => (path === null ? null : new URL(path, options.origin).href))(sameOriginPath(target, options.origin));
  return safe === null ? { url: new URL('/', options.origin).href, allowed: false } : { url: safe, allowed: true };
}
