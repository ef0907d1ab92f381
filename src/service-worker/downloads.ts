/**
 * Files the student downloaded on purpose for offline study (docs/offline.md
 * "Downloaded courses and modules"). The app stores them in Cache Storage, one cache per student
 * (`downloads:<userId>`), and records who is signed in (`downloads-owner`); the service worker
 * answers a same-origin file request from the signed-in student's cache first — the asked
 * `Range` of it for players (video seeking), the whole file otherwise — and never from another
 * student's. The app's own download requests (`X-Offline-Download` header) are not handled:
 * they go to the network untouched.
 */
import { createPartialResponse } from 'workbox-range-requests';
import { OFFLINE_DOWNLOAD_HEADER, downloadsCacheName, readDownloadsOwner } from '../services/pwa/downloads-cache';

/** Whether `request` is one of the app's download requests (sizes and files), left to the network. */
export function isOfflineDownloadRequest(request: Request): boolean {
  return request.headers.has(OFFLINE_DOWNLOAD_HEADER);
}

/**
 * @returns the signed-in student's downloaded copy of `request` (a 206 of the asked range when it
 *   has `Range`), or null when nobody is signed in, the file was not downloaded, or the request
 *   is not a GET. Never rejects (an unreadable cache reads as "not downloaded").
 */
export async function matchDownloaded(request: Request, storage: CacheStorage): Promise<Response | null> {
  if (request.method !== 'GET' || isOfflineDownloadRequest(request)) return null;
  try {
    const owner = await readDownloadsOwner(storage);
    if (owner === null) return null;
    // `match` with a cache name never creates the cache (`open` would bring back one 'Sair' deleted).
    const cached = await storage.match(request.url, { cacheName: downloadsCacheName(owner), ignoreVary: true });
    if (!cached) return null;
    return request.headers.has('range') ? await createPartialResponse(request, cached) : cached;
  } catch {
    return null;
  }
}
