/**
 * Cache Storage names the app and its service worker share (docs/offline.md), and clearing what belongs
 * to the student who signs out.
 */

/** Course media kept for offline playback (service-worker/media-cache.ts). */
export const MEDIA_CACHE = 'media';

/**
 * Deletes the offline media of the student who signs out (a second student on this device
 * must not find it). The app shell's precache stays: it holds no student data. Never rejects.
 */
export async function clearStudentCaches(storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  try {
    await storage.delete(MEDIA_CACHE);
  } catch {
    // Cache Storage unavailable (private mode, insecure origin): nothing was stored either.
  }
}
