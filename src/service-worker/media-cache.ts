/**
 * Offline media of the file repository (docs/offline.md "Limits of offline media"): course audio
 * and video already played stay playable offline, within what the browser lets a site store.
 *
 * Players fetch media with `Range` requests, and a 206 answer cannot be cached as the whole
 * file. So on a miss the request goes to the network as usual and, when the file is small
 * enough (`Content-Length` ≤ `MEDIA_CACHE_MAX_BYTES`), the whole file is fetched once more
 * without `Range` in the background and stored; later requests — ranged or not — are answered
 * from the cache (ranges cut with workbox-range-requests). Larger files are never stored
 * (documented in docs/offline.md): a cheap phone's storage quota is better spent on many
 * lessons than on one long video. At most `MEDIA_CACHE_MAX_ENTRIES` files are kept, each
 * `MEDIA_CACHE_MAX_AGE_S` at most (workbox-expiration, least recently used first).
 *
 * Only same-origin `/api/files/media/` URLs are handled: they carry no token. The token-bearing
 * short-video proxy URLs are never cached (docs/architecture.md §D5;
 * docs/decisions/0005-token-in-the-short-video-url.md).
 */
import { createPartialResponse } from 'workbox-range-requests';
import type { CacheExpiration } from 'workbox-expiration';
import { MEDIA_CACHE } from '../services/pwa/caches';

export { MEDIA_CACHE };
/** Largest file stored for offline playback, bytes (15 MB ≈ 10 min of 200 kbit/s video). */
export const MEDIA_CACHE_MAX_BYTES = 15 * 1024 * 1024;
/** Files kept at most (least recently used go first). */
export const MEDIA_CACHE_MAX_ENTRIES = 40;
/** Longest a stored file is kept, seconds (30 days). */
export const MEDIA_CACHE_MAX_AGE_S = 30 * 24 * 3600;

/** Whether `url` is course media of the file repository that may be stored (same origin, no token). */
export function isCacheableMedia(url: URL, origin: string): boolean {
  return (
    url.origin === origin &&
    url.pathname.startsWith('/api/files/media/') &&
    !url.searchParams.has('token') &&
    !url.searchParams.has('access_token')
  );
}

/** Whether a full answer of `contentLength` bytes (null: unknown) is small enough to store. */
export function shouldStoreMedia(contentLength: string | null): boolean {
  if (contentLength === null) return false;
  const bytes = Number(contentLength);
  return Number.isFinite(bytes) && bytes > 0 && bytes <= MEDIA_CACHE_MAX_BYTES;
}

/** What the handler needs from the service worker global (tests pass fakes). */
export interface MediaCacheDeps {
  caches: CacheStorage;
  fetch: typeof fetch;
  expiration?: Pick<CacheExpiration, 'updateTimestamp' | 'expireEntries'>;
}

/**
 * Answers one media request: from the cache when stored (the asked range of it), else from the
 * network, storing the whole file in the background when it is small enough.
 * @param request the player's request (often with `Range: bytes=…`).
 * @param waitUntil keeps the service worker alive for the background store.
 * @returns the response for the player (206 for a ranged request served from the cache).
 * Network failures of a miss reject, as a plain fetch would (the player shows its error).
 */
export async function handleMediaRequest(
  request: Request,
  waitUntil: (promise: Promise<unknown>) => void,
  deps: MediaCacheDeps,
): Promise<Response> {
  const url = request.url;
  const cache = await deps.caches.open(MEDIA_CACHE);
  const cached = await cache.match(url);
  if (cached) {
    if (deps.expiration) waitUntil(deps.expiration.updateTimestamp(url));
    return request.headers.has('range') ? createPartialResponse(request, cached) : cached;
  }
  const response = await deps.fetch(request);
  if (response.status === 200 || response.status === 206) {
    // A 200 tells its length; a 206 tells the total in Content-Range (`bytes 0-99/12345`).
    const total =
      response.status === 206
        ? (/\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? null)
        : response.headers.get('content-length');
    if (shouldStoreMedia(total) && !storing.has(url)) {
      // The player reads `response`; a 200 is stored from its copy, a 206 fetched whole again.
      const copy = response.status === 200 ? response.clone() : null;
      waitUntil(storeWholeFile(url, copy, cache, deps));
    }
  }
  return response;
}

/** URLs being stored now (a player asks for several ranges before the first store ends). */
const storing = new Set<string>();

/** Stores the whole file at `url`: `whole` when the player's answer was already it, else fetched. */
async function storeWholeFile(url: string, whole: Response | null, cache: Cache, deps: MediaCacheDeps): Promise<void> {
  storing.add(url);
  try {
    const file = whole ?? (await deps.fetch(url, { credentials: 'same-origin' }));
    if (file.status !== 200) return;
    await cache.put(url, file);
    if (deps.expiration) {
      await deps.expiration.updateTimestamp(url);
      await deps.expiration.expireEntries();
    }
  } catch {
    // Offline again or the quota is full: the file simply stays online-only.
  } finally {
    storing.delete(url);
  }
}
