/**
 * Cache Storage names the app and its service worker share (docs/offline.md), the owner of the
 * downloads the service worker may answer from, and clearing what belongs to the student who
 * signs out.
 */

/** Course media kept for offline playback (service-worker/media-cache.ts). */
export const MEDIA_CACHE = 'media';

/**
 * Files of courses and modules downloaded on purpose ('Baixar para estudar offline', issue 20):
 * one cache per student, `downloads:<userId>`. Not versioned with the precache: a new deployment
 * keeps it.
 */
export const downloadsCacheName = (userId: number) => `downloads:${userId}`;

/**
 * Who is signed in, as the service worker reads it (it has no session of its own): one entry
 * (`DOWNLOADS_OWNER_URL`, body = the student id) in this cache. The service worker answers files
 * only from that student's downloads cache, so a second student never gets the first one's files.
 */
export const DOWNLOADS_OWNER_CACHE = 'downloads-owner';
/** The owner entry's key (never fetched: it is not a real path of the site). */
export const DOWNLOADS_OWNER_URL = '/__downloads-owner__';

/**
 * Header the app sends when it downloads a file for offline study (sizes with `HEAD`, files with
 * `GET`): the service worker lets such requests go to the network untouched (no copy in the
 * media cache, never answered from a cache).
 */
export const OFFLINE_DOWNLOAD_HEADER = 'X-Offline-Download';

/**
 * Whether the file at `url` may be downloaded for offline study and answered by the service
 * worker: a same-origin file of the file repository (`/api/files/media/…`) without a token in it
 * (the same rule as the media cache's). Anything else (another site, a token-bearing URL) works
 * online only.
 */
export function isDownloadableUrl(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url, origin);
    return (
      parsed.origin === origin &&
      parsed.pathname.startsWith('/api/files/media/') &&
      !parsed.searchParams.has('token') &&
      !parsed.searchParams.has('access_token')
    );
  } catch {
    return false;
  }
}

/**
 * Records `userId` (null: nobody) as the student whose downloads the service worker answers from.
 * Never rejects (without Cache Storage there is nothing to answer from either).
 */
export async function setDownloadsOwner(
  userId: number | null,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  if (!storage) return;
  try {
    if (userId === null) {
      await storage.delete(DOWNLOADS_OWNER_CACHE);
      return;
    }
    const cache = await storage.open(DOWNLOADS_OWNER_CACHE);
    await cache.put(DOWNLOADS_OWNER_URL, new Response(String(userId), { headers: { 'Content-Type': 'text/plain' } }));
  } catch {
    // Cache Storage unavailable: downloads are unavailable too.
  }
}

/** @returns the student whose downloads may be answered, or null (nobody, or unreadable). */
export async function readDownloadsOwner(
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<number | null> {
  if (!storage) return null;
  try {
    const entry = await (await storage.open(DOWNLOADS_OWNER_CACHE)).match(DOWNLOADS_OWNER_URL);
    if (!entry) return null;
    const id = Number(await entry.text());
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Deletes the offline media of the student who signs out (a second student on this device
 * must not find it), and, given their id, their downloaded files and the owner entry. The app
 * shell's precache stays: it holds no student data. Never rejects.
 */
export async function clearStudentCaches(
  storage: CacheStorage | undefined = globalThis.caches,
  userId: number | null = null,
): Promise<void> {
  if (!storage) return;
  try {
    await storage.delete(MEDIA_CACHE);
    if (userId !== null) await storage.delete(downloadsCacheName(userId));
    if (userId === null || (await readDownloadsOwner(storage)) === userId) await storage.delete(DOWNLOADS_OWNER_CACHE);
  } catch {
    // Cache Storage unavailable (private mode, insecure origin): nothing was stored either.
  }
}
