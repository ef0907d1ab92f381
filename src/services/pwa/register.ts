/**
 * Service worker registration (docs/offline.md; docs/product.md §4 "Service worker is registered from a fixed
 * path at the site root … On localhost it first checks the file exists with a javascript
 * content type and unregisters otherwise"). Uses workbox-window; no inline script (strict CSP).
 *
 * Its events (ready, registered, cached, …) are not surfaced (docs/product.md §4) except `waiting`: a new
 * version is installed and waits for the student's consent (app-update.machine.ts).
 */
import { Workbox } from 'workbox-window';
import { trustedScriptUrl } from '../security/trusted-script-url';

/** The fixed path of the service worker (docs/product.md §4), served with `Cache-Control: no-cache`. */
export const SERVICE_WORKER_URL = '/sw.js';

/** How often a long-open tab asks the server for a new version, ms (1 hour). */
export const UPDATE_CHECK_MS = 60 * 60_000;

/** What the app can do with its registration. */
export interface ServiceWorkerControl {
  /**
   * Lets the waiting new version take over (`SKIP_WAITING`); resolves once it controls this page.
   * @throws Error when no new version waits, or it did not take over within `timeoutMs` (10 s).
   */
  activateWaiting(timeoutMs?: number): Promise<void>;
  /** Asks the server for a new version now. */
  checkForUpdate(): Promise<void>;
}

/** Whether `hostname` is this machine (docs/product.md §4: the service worker file is checked first there). */
export function isLocalhost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * Checks the service worker file (docs/product.md §4, localhost only): a dev server or a missing build
 * answers index.html (text/html) or 404 instead of JavaScript.
 * @returns 'valid', 'invalid' (answered, but not JavaScript), or 'unknown' (no answer: offline or
 *   the server is down — then an installed worker must be kept: it is what opens the app offline).
 */
export async function checkServiceWorkerFile(fetcher: typeof fetch = fetch): Promise<'valid' | 'invalid' | 'unknown'> {
  try {
    const answer = await fetcher(SERVICE_WORKER_URL, { headers: { 'Service-Worker': 'script' }, cache: 'no-store' });
    return answer.ok && (answer.headers.get('content-type') ?? '').includes('javascript') ? 'valid' : 'invalid';
  } catch {
    return 'unknown';
  }
}

/** Unregisters every service worker of this origin (a stale one would serve an old app). */
export async function unregisterAll(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<void> {
  const registrations = await container.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

/**
 * Registers `/sw.js` (the app calls it after the first screen: src/app/wiring/app-update.ts, main.tsx).
 * On localhost the file is checked first and, when the server answers something else than
 * JavaScript, every registration is removed instead (no answer at all keeps what is installed). A long-open tab checks for a new version every
 * `UPDATE_CHECK_MS` and whenever it becomes visible again.
 * @param onWaiting called when a new version is installed and waits (also for one found
 *   waiting at start).
 * @returns the control object, or null where service workers are unavailable, refused, or
 *   the localhost check failed. Never throws.
 */
export async function registerServiceWorker(onWaiting: () => void): Promise<ServiceWorkerControl | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    if (isLocalhost(location.hostname)) {
      const file = await checkServiceWorkerFile();
      if (file === 'invalid') {
        await unregisterAll();
        return null;
      }
    }
    // A same-origin script URL through the app's Trusted Types policy (no report, docs/architecture.md §D5).
    const wb = new Workbox(trustedScriptUrl(SERVICE_WORKER_URL), { scope: '/' });
    wb.addEventListener('waiting', () => onWaiting());
    const registration = await wb.register();
    if (!registration) return null;
    const checkForUpdate = async () => {
      try {
        await wb.update();
      } catch {
        // Offline or the server is down: the next check will do.
      }
    };
    setInterval(() => void checkForUpdate(), UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void checkForUpdate();
    });
    return {
      checkForUpdate,
      activateWaiting: (timeoutMs = 10_000) =>
        new Promise<void>((resolve, reject) => {
          if (!registration.waiting) {
            reject(new Error('no new version is waiting'));
            return;
          }
          const timer = setTimeout(() => reject(new Error('the new version did not take over')), timeoutMs);
          navigator.serviceWorker.addEventListener(
            'controllerchange',
            () => {
              clearTimeout(timer);
              resolve();
            },
            { once: true },
          );
          wb.messageSkipWaiting();
        }),
    };
  } catch (error) {
    if (import.meta.env.DEV) console.error('[pwa] service worker registration failed', error);
    return null;
  }
}
