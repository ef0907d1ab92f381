/**
 * Cache Storage of the downloads for offline study (docs/offline.md "Downloaded courses
 * and modules"), shared by the app and its service worker: the per-student cache name, the owner
 * entry the service worker reads, the header of the app's own download requests, which files may
 * be downloaded, and deleting a student's downloaded files. Loaded lazily by the app (never with
 * the signed-in entry); bundled into the service worker.
 */
import { originMatches } from '../contract/origins';
import { MEDIA_CACHE } from './caches';

/**
 * Files of courses and modules downloaded on purpose ('Baixar para estudar offline'):
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
 * Headers of a download request for `url`: the `OFFLINE_DOWNLOAD_HEADER` on the app's origin;
 * none for a content host (a custom header would need a CORS preflight that a school's CDN may not
 * allow; the service worker passes a file it has not stored to the network anyway).
 */
export function downloadRequestHeaders(
  url: string,
  origin: string = globalThis.location?.origin ?? '',
): Record<string, string> {
  try {
    return new URL(url, origin).origin === origin ? { [OFFLINE_DOWNLOAD_HEADER]: '1' } : {};
  } catch {
    return {};
  }
}

/**
 * Whether the file at `url` may be downloaded for offline study and answered by the service
 * worker: a same-origin file of the file repository (`/api/files/media/…`), or a file on one of
 * the deployment's content hosts (docs/content.md), without a token in it (the same rule as the
 * media cache's). Anything else (another site, a provider's player, a token-bearing URL) works
 * online only.
 * @param hosts the content hosts (`deploymentContentSources.hosts`); none by default, so that this
 *   module, loaded on every page, does not bring the content sources with it.
 */
export function isDownloadableUrl(url: string, origin: string, hosts: readonly string[] = []): boolean {
  try {
    const parsed = new URL(url, origin);
    if (parsed.searchParams.has('token') || parsed.searchParams.has('access_token')) return false;
    if (parsed.origin === origin) return parsed.pathname.startsWith('/api/files/media/');
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      hosts.some((h) => originMatches(h, parsed.origin))
    );
  } catch {
    return false;
  }
}

/**
 * The signed-in student's downloaded copy of `url` (for what the service worker cannot answer: a
 * frame of another origin, such as a content host's PDF, is not controlled by it).
 * @returns the stored response, or null (nobody signed in, not downloaded, no Cache Storage). Never rejects.
 */
export async function matchDownloadedFile(
  url: string,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<Response | null> {
  if (!storage) return null;
  try {
    const owner = await readDownloadsOwner(storage);
    if (owner === null) return null;
    // `CacheStorage.match` with a cache name never creates that cache (`open` would, and a read
    // racing 'Sair' would bring an emptied cache back).
    return (await storage.match(url, { cacheName: downloadsCacheName(owner), ignoreVary: true })) ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the service worker can answer the media file at `url` without a network
 * (docs/offline.md "What works offline"): it is in the signed-in student's downloads, or in the
 * played-media cache (`MEDIA_CACHE`, a file played online before). For the players, which say
 * offline that a file never stored needs the internet instead of showing a dead player.
 * @param url the player's source, absolute or relative to the page.
 * @returns true when a stored copy exists; false when none does (or there is no Cache Storage).
 *   Never rejects.
 */
export async function hasOfflineCopy(
  url: string,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<boolean> {
  if (!storage) return false;
  if (await matchDownloadedFile(url, storage)) return true;
  try {
    const absolute = new URL(url, globalThis.location?.href).href;
    return (await storage.match(absolute, { cacheName: MEDIA_CACHE, ignoreVary: true })) !== undefined;
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
    // Not `has` then `open`: `open` creates the cache, and 'Sair' may delete it between the two
    // (the service worker reads it while the page signs out), bringing it back. `match` with a
    // cache name reads without creating it.
    const entry = await storage.match(DOWNLOADS_OWNER_URL, { cacheName: DOWNLOADS_OWNER_CACHE });
    if (!entry) return null;
    const id = Number(await entry.text());
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Deletes student `userId`'s downloaded files, and the owner entry when it names them (sign-out).
 * Never rejects.
 */
export async function clearStudentDownloads(
  userId: number,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  if (!storage) return;
  try {
    await storage.delete(downloadsCacheName(userId));
    if ((await readDownloadsOwner(storage)) === userId) await storage.delete(DOWNLOADS_OWNER_CACHE);
  } catch {
    // Cache Storage unavailable: nothing was stored either.
  }
}
