/**
 * The app's root actor with its real effects: the one place where the pure root machine
 * (src/machines/app.machine.ts) and its children get the browser, the API and the device's
 * storage (docs/architecture.md "The app statechart"). main.tsx creates it, starts it, and
 * renders the app once it runs; tests build the root from `appMachine` with fakes instead.
 */
import { createActor, fromCallback, fromPromise, sendTo, waitFor, type AnyActorRef, type EventObject } from 'xstate';
import { appMachine, APP_ACTORS, type AppRef, type AppStartup } from '../machines/app.machine';
import type { AccessibilityEvent } from '../machines/accessibility.machine';
import {
  appUpdateEffects,
  logBootFailure,
  provideAccessibility,
  provideBoot,
  provideErrorScreen,
  provideLgpdConsent,
  providePlatform,
  provideSession,
  provideSessionPing,
  studentDeviceData,
} from './wiring';
import { bootResults } from '../services/boot/steps';
import { isReachable, subscribeReachability } from '../services/http/connectivity';
import { getToken } from '../services/storage/token';
import { readCachedUser, readLastKnownUser } from '../services/storage/user-cache';
import { readSettings } from '../services/storage/accessibility-settings';
import { readCachedPlatform } from '../services/storage/platform-cache';
import { yieldToBrowser } from '../services/scheduling/yield';
import { afterFirstScreen } from '../services/scheduling/after-first-screen';
import { loadQueryClient, readsInFlight } from './query/load-client';
import type { AppOutbox, AppPayments, AppServices } from '../views/app-services';

/** What the device holds once boot has run (the token may come from the boot's `access_token`). */
async function readStartup(): Promise<AppStartup> {
  // The app-wide actors start in a task of their own (docs/performance.md, TBT).
  await yieldToBrowser();
  const lastKnownUserId = readLastKnownUser()?.id ?? null;
  return {
    session: { hasToken: getToken() !== null, cachedUser: readCachedUser(), lastKnownUser: readLastKnownUser() },
    // The platform last looked up here is shown while this page's lookup runs.
    platform: { host: location.hostname, cachedPlatform: readCachedPlatform(location.hostname) },
    // Accessibility settings of whoever uses the app: applied before the first render.
    accessibility: { userId: lastKnownUserId, settings: readSettings(lastKnownUserId) },
    path: location.pathname,
  };
}

/** Sends `network.reachable` / `network.unreachable` on every change (services/http/connectivity.ts). */
const connectivity = fromCallback<EventObject>(({ sendBack }) =>
  subscribeReachability(() => sendBack({ type: isReachable() ? 'network.reachable' : 'network.unreachable' })),
);

/** Sends `location.changed` on every history change (wouter's pushState/replaceState events, popstate). */
const historyChanges = fromCallback<EventObject>(({ sendBack }) => {
  const events = ['popstate', 'pushState', 'replaceState'] as const;
  const tell = () => sendBack({ type: 'location.changed', path: location.pathname });
  for (const name of events) window.addEventListener(name, tell);
  return () => {
    for (const name of events) window.removeEventListener(name, tell);
  };
});

/**
 * The root machine with every real effect, for a page. Built when called (once, by `startApp`):
 * building machines is work kept out of the entry's evaluation (TBT, docs/performance.md).
 * @param onExpired what a 401 from the main APIs does (the boot's HTTP client step calls it).
 */
export function provideApp(onExpired: () => void) {
  const appUpdate = appUpdateEffects({
    // The service worker (and the ~1.1 MB its install precaches) waits for the first screen's reads
    // (docs/performance.md "The service worker after the first screen").
    after: () => afterFirstScreen({ reads: getToken() !== null ? loadQueryClient().then(readsInFlight) : null }),
  });
  return appMachine.provide({
    actors: {
      boot: provideBoot(onExpired),
      readStartup: fromPromise(readStartup),
      session: provideSession(),
      errorStore: provideErrorScreen(),
      platform: providePlatform(),
      sessionPing: provideSessionPing(),
      lgpdConsent: provideLgpdConsent(bootResults.eventBus),
      accessibility: provideAccessibility(),
      appUpdate: appUpdate.logic,
      serviceWorker: appUpdate.watcher,
      connectivity,
      location: historyChanges,
      loadOutbox: fromPromise(async () => (await import('./wiring/learning')).provideOutbox()),
    },
    actions: {
      logBootFailure: (_, params) => logBootFailure(params.step, params.error),
      applyStoredSettings: sendTo(
        ({ system }) => system.get(APP_ACTORS.accessibility) as AnyActorRef,
        (_, params: { userId: number | null }) =>
          ({
            type: 'settings.user',
            userId: params.userId,
            settings: readSettings(params.userId),
          }) satisfies AccessibilityEvent as EventObject,
      ),
      followStudentDeviceData: (() => {
        const follow = studentDeviceData();
        return (_: unknown, params: { userId: number | null; previous: number | null | undefined }) =>
          follow(params.userId, params.previous);
      })(),
    },
  });
}

/**
 * Creates and starts the app's root actor for this page (boot first: docs/product.md §4 Startup).
 * @returns the root actor; `whenRunning(root)` says whether the app may be mounted.
 */
export function startApp(): AppRef {
  let root: AppRef | null = null;
  const actor: AppRef = createActor(provideApp(() => root?.send({ type: 'session.expired' })));
  root = actor;
  actor.start();
  return actor;
}

/**
 * Waits until the root actor runs the app (`true`: mount it) or ended before (`false`: a boot
 * redirect or a failed step; nothing to mount). Never rejects.
 */
export function whenRunning(root: AppRef): Promise<boolean> {
  return waitFor(root, (s) => s.hasTag('mounted') || s.status !== 'active', { timeout: Infinity }).then(
    (s) => s.hasTag('mounted'),
    () => false,
  );
}

/**
 * The outbox of progress writes, as the views use it: asks the root to load it (`outbox.load`, a
 * lazy chunk; at once when it runs), then resolves with its actor (`systemId: 'outbox'`) and what
 * records into it. The same promise while it holds.
 * @throws (rejects) when the chunk cannot load (offline before it was cached); a later call tries again.
 */
export function outboxLoader(root: AppRef): () => Promise<AppOutbox> {
  let loaded: Promise<AppOutbox> | null = null;
  return () =>
    (loaded ??= (async () => {
      root.send({ type: 'outbox.load' });
      const snapshot = await waitFor(root, (s) => !s.matches({ running: { outbox: 'loading' } }), {
        timeout: Infinity,
      });
      const actor = root.system.get(APP_ACTORS.outbox);
      if (!snapshot.matches({ running: { outbox: 'ready' } }) || !actor) throw new Error('outbox: could not load');
      const learning = await import('./wiring/learning');
      return learning.appOutboxOf(actor, learning.pageOutboxStore());
    })().catch((error: unknown) => {
      loaded = null;
      throw error;
    }));
}

/**
 * What the views are given besides the actors (`AppServices`, src/views/app-services.tsx): the
 * event bus and the loaders of what comes in later chunks (the outbox, the Pix payment effects).
 * The actors themselves reach the views as the root's `system` (`<App actors>`, `useAppActor`).
 */
export function appServicesOf(root: AppRef): AppServices {
  let payments: Promise<AppPayments> | null = null;
  return {
    eventBus: bootResults.eventBus,
    loadOutbox: outboxLoader(root),
    // The Pix payment effects load with the payment dialog, never with /login.
    loadPayments: () =>
      (payments ??= import('./wiring/payments').catch((error: unknown) => {
        payments = null;
        throw error;
      })),
    // Already loaded by the signed-in routes: no request of its own.
    prefetchPayments: (signal) =>
      void import('./prefetch-routes')
        .then(({ prefetchPart }) => prefetchPart('payment', document, { signal }))
        .catch(() => undefined),
  };
}
