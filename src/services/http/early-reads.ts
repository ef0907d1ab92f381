/**
 * Early reads (docs/performance.md "Data with the HTML"): on a page load of a signed-in route, the
 * inline entry loader (src/app/entry-loader.js) asks for the route's first API read right away —
 * before any of the app's JS has downloaded — and leaves the answer under way in
 * `window.__earlyRead`. The HTTP client (./clients.ts) takes it, once, for the first GET of that
 * exact URL with the same token, instead of asking the platform a second time; every rule of the
 * client (401, validation, error mapping, connectivity) applies to it as to any answer.
 *
 * What the loader reads for which route comes from src/app/early-reads.ts at build time.
 */

/** What the loader leaves on `window` (its shape is the contract between the two). */
export interface EarlyRead {
  /** Absolute URL asked for. */
  url: string;
  /** The session token it was asked with (the `token` cookie's value). */
  token: string;
  /** When it was asked for (ms since the epoch, `Date.now()`). */
  at: number;
  /** The answer; null when the request failed without one (offline, blocked). */
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __earlyRead?: EarlyRead;
  }
}

/** An early answer older than this (ms) is not used: the screen reads afresh. */
export const EARLY_READ_MAX_AGE_MS = 30_000;

/** `url` with its query parameters sorted, so that parameter order never defeats a match. */
function normalized(url: string): string {
  const parsed = new URL(url, typeof location === 'undefined' ? 'http://localhost/' : location.href);
  parsed.searchParams.sort();
  parsed.hash = '';
  return parsed.href;
}

/**
 * Takes the loader's early read when it is for `url` (same path and query, any order) and was asked
 * with `token`, at most `EARLY_READ_MAX_AGE_MS` ago. It is handed out once: later calls get null.
 * @param url absolute URL of a GET about to be sent.
 * @param token the token that GET carries (null when signed out: never matches).
 * @param now current time in ms (tests).
 * @returns the answer under way (null inside when it failed), or null when there is none to take.
 */
export function takeEarlyRead(
  url: string,
  token: string | null,
  now: number = Date.now(),
): Promise<Response | null> | null {
  if (typeof window === 'undefined') return null;
  const early = window.__earlyRead;
  if (!early || token === null || early.token !== token) return null;
  if (now - early.at > EARLY_READ_MAX_AGE_MS) {
    delete window.__earlyRead;
    return null;
  }
  if (normalized(early.url) !== normalized(url)) return null;
  delete window.__earlyRead;
  return early.response;
}
