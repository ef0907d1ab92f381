/**
 * A tab of an older version must never end on a blank screen when the files of its version are
 * gone from the server (docs/offline.md "Updates"): when a lazily loaded chunk fails to load (Vite's
 * `vite:preloadError`), the page reloads once into the version the server has now. A second
 * failure within `CHUNK_RELOAD_WINDOW_MS` does not reload again (no loop): the error then
 * reaches the screen's error boundary, which explains and offers to retry.
 */

/** sessionStorage key with the time (ms) of the last reload for a missing chunk. */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';
/** A chunk failure this soon after such a reload is not reloaded again, ms. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/**
 * Decides about one chunk failure at `now` (ms) and records the reload it allows.
 * @returns true when the page should reload (and the caller should stop the error).
 */
export function shouldReloadForChunk(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0) || 0;
  } catch {
    // storage unavailable: reload, the window cannot be tracked
  }
  if (now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false; // cannot guard against a loop: let the error boundary handle it
  }
  return true;
}

/** Listens for Vite's chunk load failures on `target` and reloads once (see the file header). */
export function installChunkReload(
  target: Pick<Window, 'addEventListener'> = window,
  reload: () => void = () => location.reload(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): void {
  target.addEventListener('vite:preloadError', (event: Event) => {
    if (!shouldReloadForChunk(storage, Date.now())) return;
    event.preventDefault();
    reload();
  });
}
