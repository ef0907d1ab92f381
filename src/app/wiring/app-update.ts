/**
 * The app update offer: the app-update machine with the real service worker.
 */
import { createActor, fromPromise } from 'xstate';
import { appUpdateMachine } from '../../machines/app-update.machine';
import type { ServiceWorkerControl } from '../../services/pwa/register';

/** Registers the service worker, loading its module (and Workbox) after the entry (docs/performance.md). */
const registerAppServiceWorker = (onWaiting: () => void): Promise<ServiceWorkerControl | null> =>
  import('../../services/pwa/register').then(
    (m) => m.registerServiceWorker(onWaiting),
    () => null,
  );

/**
 * The app update actor (docs/offline.md "Updates") with the real service worker: registers `/sw.js` (spec §4),
 * sends `update.available` when a new version waits; accepting lets it take over, then reloads.
 * @param options.register registers the worker and calls `onWaiting` when a new version waits; resolves
 *   to its control, or null without one (default: services/pwa/register.ts, loaded lazily).
 * @param options.after resolves when the worker may be registered (default: at once); main.tsx
 *   passes `afterFirstScreen` (docs/performance.md "The service worker after the first screen").
 * @returns the started app-update actor.
 */
export function startAppUpdate(
  options: {
    register?: (onWaiting: () => void) => Promise<ServiceWorkerControl | null>;
    after?: () => Promise<void>;
  } = {},
) {
  const { register = registerAppServiceWorker, after = () => Promise.resolve() } = options;
  let control: ServiceWorkerControl | null = null;
  const actor = createActor(
    appUpdateMachine.provide({
      actors: {
        activate: fromPromise<void>(async () => {
          if (!control) throw new Error('no service worker');
          await control.activateWaiting();
        }),
      },
      actions: { reloadPage: () => location.reload() },
    }),
  ).start();
  void after()
    .then(() => register(() => actor.send({ type: 'update.available' })))
    .then((registered) => {
      control = registered;
    });
  return actor;
}
