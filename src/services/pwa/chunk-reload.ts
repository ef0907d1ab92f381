/**
 * A tab of an older version must never end on a blank screen when the files of its version are
 * gone from the server (docs/offline.md "Updates"): when a lazily loaded chunk fails to load (Vite's
 * `vite:preloadError`), the page reloads once into the version the server has now. A second
 * failure within `CHUNK_RELOAD_WINDOW_MS` does not reload again (no loop): the error then
 * reaches the screen's error boundary, which explains and offers to retry.
 *
 * Offline (the browser says so, or the platform stopped answering: `isReachable`) a chunk fails
 * because the network did, not because its file is gone: no reload then. A reload without a
 * network would trade the screen for the browser's own offline page (without a service worker
 * yet, on a first visit) — a dead end; the failure goes to the caller instead (a screen's error
 * boundary offers 'Tentar novamente'; background work such as the service worker's registration
 * tries again on a later page load).
 *
 * A chunk's stylesheet that failed to load is added again before the chunk is (`loadFailedStylesheets`,
 * called by retryableLazy): Vite adds a stylesheet only the first time a chunk asks for it, so the
 * screen loaded again once the network came back showed without its styles.
 */
import { isReachable } from '../http/connectivity';

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

/**
 * Listens for Vite's chunk load failures on `target` and reloads once (see the file header).
 * @param target where Vite dispatches `vite:preloadError` (the window).
 * @param reload the full page reload.
 * @param storage where the time of the last such reload is kept (sessionStorage).
 * @param online whether the platform can be reached now; when not, the failure is left to the
 *   caller and nothing is recorded (the one reload stays available for when the network is back).
 */
export function installChunkReload(
  target: Pick<Window, 'addEventListener'> = window,
  reload: () => void = () => location.reload(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  online: () => boolean = isReachable,
): void {
  // Resource errors do not bubble: caught on their way down (capture) to the failed <link>.
  target.addEventListener('error', forgetFailedStylesheet, true);
  target.addEventListener('vite:preloadError', (event: Event) => {
    if (!online()) return;
    if (!shouldReloadForChunk(storage, Date.now())) return;
    event.preventDefault();
    reload();
  });
}

/** Addresses of stylesheets whose load failed and that were not added again since. */
const failedStylesheets = new Set<string>();

/**
 * On an `error` event: a `<link rel=stylesheet>` whose file failed to load is taken out of the
 * page and remembered for `loadFailedStylesheets`. Other targets (scripts, images, module
 * preloads — a failed module is fetched again by the next import) are left alone.
 */
export function forgetFailedStylesheet(event: Event): void {
  const link = event.target;
  if (typeof HTMLLinkElement === 'undefined' || !(link instanceof HTMLLinkElement)) return;
  if (link.rel !== 'stylesheet') return;
  failedStylesheets.add(link.href);
  link.remove();
}

/**
 * Adds again, as Vite adds them (`<link rel=stylesheet crossorigin>` in the head), every
 * stylesheet whose load failed.
 * @param doc the page.
 * @returns resolves once each has loaded or failed again (then remembered again); at once when
 *   none failed. Never rejects.
 */
export function loadFailedStylesheets(doc: Document = document): Promise<void> {
  const hrefs = [...failedStylesheets];
  failedStylesheets.clear();
  return Promise.all(
    hrefs.map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = '';
          link.href = href;
          link.addEventListener('load', () => resolve());
          link.addEventListener('error', () => resolve());
          doc.head.appendChild(link);
        }),
    ),
  ).then(() => undefined);
}
