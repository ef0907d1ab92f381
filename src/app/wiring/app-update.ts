/**
 * The app update offer: the app-update machine with the real service worker.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { appUpdateMachine } from '../../machines/app-update.machine';
import type { ServiceWorkerControl } from '../../services/pwa/register';

/** Registers the service worker, loading its module (and Workbox) after the entry (docs/performance.md). */
const registerAppServiceWorker = (onWaiting: () => void): Promise<ServiceWorkerControl | null> =>
  import('../../services/pwa/register').then(
    (m) => m.registerServiceWorker(onWaiting),
    () => null,
  );

/**
 * The app update effects (docs/offline.md "Updates") with the real service worker.
 * @param options.register registers the worker and calls `onWaiting` when a new version waits; resolves
 *   to its control, or null without one (default: services/pwa/register.ts, loaded lazily).
 * @param options.after resolves when the worker may be registered (default: at once); the app passes
 *   `afterFirstScreen` (docs/performance.md "The service worker after the first screen").
 * @returns `logic`: the app-update machine whose 'Atualizar' lets the waiting worker take over, then
 *   reloads; `watcher`: a callback actor that registers `/sw.js` (docs/product.md §4) once `after`
 *   resolved and sends `update.available` to its parent (the app's root) when a new version waits.
 */
export function appUpdateEffects(
  options: {
    register?: (onWaiting: () => void) => Promise<ServiceWorkerControl | null>;
    after?: () => Promise<void>;
  } = {},
) {
  const { register = registerAppServiceWorker, after = () => Promise.resolve() } = options;
  let control: ServiceWorkerControl | null = null;
  const logic = appUpdateMachine.provide({
    actors: {
      activate: fromPromise<void>(async () => {
        if (!control) throw new Error('no service worker');
        await control.activateWaiting();
      }),
    },
    actions: { reloadPage: () => location.reload() },
  });
  const watcher = fromCallback<EventObject>(({ sendBack }) => {
    let live = true;
    void after()
      .then(() => register(() => live && sendBack({ type: 'update.available' })))
      .then((registered) => {
        control = registered;
      });
    return () => {
      live = false;
    };
  });
  return { logic, watcher };
}
