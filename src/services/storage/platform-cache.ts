/**
 * The last platform looked up for this site host, kept on the device (docs/product.md §1 "looked up by the
 * site host"). The app shows it — name, logo, options such as `show_banners` — while a page's
 * own lookup is under way (platform.machine.ts `cachedPlatform`), so what depends on the
 * platform (the home's banners read) does not wait a round trip for it; the lookup's answer
 * replaces it. The brand's colours for the first paint are cached apart (the pre-paint script's
 * `prepaint.brand`). Kept through sign-out: it is the site's, not a student's.
 */
import * as v from 'valibot';
import { Platform } from '../contract/session';

/** localStorage key of the cached platform. */
export const PLATFORM_CACHE_KEY = 'lms.platform';

const Cached = v.object({ host: v.string(), platform: Platform });

/**
 * @param host the site's hostname (`location.hostname`).
 * @returns the platform last looked up for `host` on this device, or null when there is none,
 *   it is another host's, it does not match the contract (docs/product.md §3 Platform), or storage is off.
 */
export function readCachedPlatform(host: string): Platform | null {
  try {
    const raw = localStorage.getItem(PLATFORM_CACHE_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(Cached, JSON.parse(raw));
    return parsed.success && parsed.output.host === host ? parsed.output.platform : null;
  } catch {
    return null;
  }
}

/** Keeps `platform` as the last one looked up for `host` (storage off or full: nothing kept). */
export function writeCachedPlatform(host: string, platform: Platform): void {
  try {
    localStorage.setItem(PLATFORM_CACHE_KEY, JSON.stringify({ host, platform }));
  } catch {
    // Storage disabled or full: the next page load waits for its lookup, as without a cache.
  }
}
