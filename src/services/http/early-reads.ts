/**
 * Early reads (docs/performance.md "Data with the HTML"): on a page load of a signed-in route, the
 * inline entry loader (src/app/entry-loader.js) asks for the route's first API read right away —
 * before any of the app's JS has downloaded — and leaves the answer under way in
 * `window.__earlyReads`; on a learning object, its own read follows as soon as its module's has
 * answered, and on /finances the bills as soon as the hub has given the ERP token. The HTTP client
 * (./clients.ts) takes each, once, for the first GET of that exact URL carrying the same token,
 * instead of asking the platform a second time; every rule of the client
 * (401, validation, error mapping, connectivity) applies to it as to any answer.
 *
 * What the loader reads for which route comes from src/app/early-reads.ts at build time.
 */

/** What the loader leaves on `window` (its shape is the contract between the two). */
export interface EarlyRead {
  /** Absolute URL asked for. */
  url: string;
  /**
   * The token it was asked with: the session token (the `token` cookie's value), or for an ERP
   * read the ERP token the hub answered.
   */
  token: string;
  /** When it was asked for (ms since the epoch, `Date.now()`). */
  at: number;
  /** The answer; null when the request failed without one (offline, blocked). */
  response: Promise<Response | null>;
  /** The route's read (src/app/early-content.js finds its early page's answer by it). */
  pattern?: string;
  /**
   * A route's read whose screen shows what a follow-up answered (the bills after the hub's ERP
   * token): that follow-up's answer; null when it was not asked for or failed without one.
   */
  shown?: Promise<Response | null>;
  /**
   * A learning object's route read (its module's): the learning object's own answer that followed
   * it; null when it was not asked for (the module does not list it) or failed without one.
   */
  followed?: Promise<Response | null>;
  /** A learning object's route read: the platform lookup's answer (its JSON), null when unknown. */
  platform?: Promise<unknown>;
  /**
   * The home screen's read: the banners' answer (its JSON), false when the platform shows none,
   * null when that is not known (the lookup or the banners read failed).
   */
  banners?: Promise<unknown>;
}

declare global {
  interface Window {
    /** The reads the loader asked for, in order (a follow-up is added when it is asked for). */
    __earlyReads?: EarlyRead[];
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
 * The reads the app has asked for on this page (token + normalized URL), per loader list: only the
 * first GET of a URL may take its early answer. An early read the loader adds after the app has
 * already asked for that URL itself (the app got there first: a learning object's read, asked as
 * soon as the module's early answer was parsed, before the loader had asked for it) is an answer
 * from the page load: a later read of that URL — a refresh after a write — must not be given it.
 */
const askedOn = new WeakMap<EarlyRead[], Set<string>>();

/**
 * Takes the loader's early read for `url` (same path and query, any order) asked with `token`, at
 * most `EARLY_READ_MAX_AGE_MS` ago, for the page's first GET of that URL with that token only.
 * Each is handed out once: later calls for it get null; one too old, or one for a URL the app has
 * asked for before (it answers the page load, not this later read), is dropped.
 * @param url absolute URL of a GET about to be sent.
 * @param token the token that GET carries in its base's auth header (the session token; the ERP
 *   token on the ERP), null when it carries none: never matches.
 * @param now current time in ms (tests).
 * @returns the answer under way (null inside when it failed), or null when there is none to take.
 */
export function takeEarlyRead(
  url: string,
  token: string | null,
  now: number = Date.now(),
): Promise<Response | null> | null {
  if (typeof window === 'undefined' || token === null) return null;
  const reads = window.__earlyReads;
  if (!reads) return null;
  const wanted = normalized(url);
  const asked = askedOn.get(reads) ?? new Set<string>();
  askedOn.set(reads, asked);
  const first = !asked.has(`${token} ${wanted}`);
  asked.add(`${token} ${wanted}`);
  for (let i = 0; i < reads.length; i++) {
    const early = reads[i]!;
    if (now - early.at > EARLY_READ_MAX_AGE_MS) {
      reads.splice(i--, 1);
      continue;
    }
    if (early.token !== token || normalized(early.url) !== wanted) continue;
    reads.splice(i--, 1);
    if (first) return early.response;
  }
  return null;
}
