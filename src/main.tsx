/**
 * Entry point (spec §4 Startup): runs the boot actor; mounts <App/> into the single
 * root element only when boot ends in `mounted`. A redirect or a failed step leaves
 * the app unmounted (the failure is logged for developers only, spec §8).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { App, preloadRoute } from './app/app-root';
import {
  provideErrorScreen,
  followErrorStoreReachability,
  provideSession,
  provideAccessibility,
  followStudentSettings,
  followLgpdConsent,
  followSessionPing,
  followReachability,
  provideSessionPing,
  provideLgpdConsent,
  provideBoot,
  runBoot,
  providePlatform,
  followStudentDeviceData,
  onBeforeSignOut,
  startAppUpdate,
} from './app/wiring';
import { installChunkReload } from './services/pwa/chunk-reload';
import { bootResults } from './services/boot/steps';
import { getToken } from './services/storage/token';
import { readCachedUser, readLastKnownUser } from './services/storage/user-cache';
import { readSettings } from './services/storage/accessibility-settings';
import { readCachedPlatform } from './services/storage/platform-cache';
import { loadQueryClient, readsInFlight } from './app/query/load-client';
import type { AppOutbox, AppPayments } from './views/app-services';
import { warmUpIntl, yieldToBrowser } from './services/scheduling/yield';
import { afterFirstScreen } from './services/scheduling/after-first-screen';
import './styles/global.css';

let expire: () => void = () => {};

// An old tab whose chunks are gone reloads into the deployed version (docs/offline.md "Updates").
installChunkReload();
// The chunks of a deep link's screen load while boot and the session check run (docs/performance.md).
preloadRoute(location.pathname);

const boot = createActor(provideBoot(() => expire()));
boot.start();

/**
 * Starts the startup reads of the route at `path` (src/app/startup-reads.ts; which routes have
 * some is said by the route table, src/app/route-table.ts, already loading for the preload) in
 * the page's query client; other paths load nothing. Failures are left to the screen.
 */
function prefetchReads(path: string, search: string): void {
  void import('./app/route-table')
    .then(({ startupReadsOf }) => {
      if (startupReadsOf(path) === null) return;
      return Promise.all([import('./app/startup-reads'), loadQueryClient()]).then(([reads, client]) =>
        reads.prefetchRouteReads(client, path, search),
      );
    })
    .catch(() => undefined);
}

// Startup in short tasks (docs/performance.md, TBT): the modules' evaluation, the ICU data, the actors, and the
// first render (sliced by React in a transition) each run in tasks of their own.
void runBoot(boot).then(async (outcome) => {
  if (outcome.kind !== 'mounted') return;
  await yieldToBrowser();
  const session = createActor(provideSession(), {
    input: { hasToken: getToken() !== null, cachedUser: readCachedUser(), lastKnownUser: readLastKnownUser() },
  });
  expire = () => session.send({ type: 'session.expired' });
  session.start();
  // Offline never signs out (docs/decisions/0007-offline-keeps-the-last-known-user.md): a waiting
  // or stale session asks for its user when the platform answers.
  followReachability(session);
  // A learning route's data is asked for now, while its chunks load (docs/performance.md "Data as the code loads").
  if (getToken() !== null) prefetchReads(location.pathname, location.search);
  await yieldToBrowser();
  warmUpIntl(bootResults.translations?.locale ?? 'pt-BR');
  await yieldToBrowser();
  // The global error store (spec §3); an unreachable platform pauses its countdown.
  const errorStore = createActor(provideErrorScreen(), { input: {} }).start();
  followErrorStoreReachability(errorStore);
  // The brand of this site host (spec §1); 404/500 on the lookup → error screen (spec §4).
  const platform = createActor(
    providePlatform((error) => errorStore.send({ type: 'error.show', error })),
    {
      // The platform last looked up here is shown while this page's lookup runs.
      input: { host: location.hostname, cachedPlatform: readCachedPlatform(location.hostname) },
    },
  ).start();
  await yieldToBrowser();
  // Session ping (spec §9) while signed in on a platform with enforce_session_throttle.
  followSessionPing(session, platform, createActor(provideSessionPing()).start());
  // LGPD acceptance prompt (spec §4): 1 s after arriving on / without acceptance.
  const lgpd = createActor(
    provideLgpdConsent(bootResults.eventBus, () => session.send({ type: 'user.refresh' })),
  ).start();
  followLgpdConsent(session, lgpd);
  // Accessibility settings (spec §3) of whoever uses the app; applied before the first render.
  const cachedUserId = readLastKnownUser()?.id ?? null;
  const accessibility = createActor(provideAccessibility(), {
    input: { userId: cachedUserId, settings: readSettings(cachedUserId) },
  }).start();
  followStudentSettings(session, accessibility);
  // Progress writes (DESIGN.md §2): delivered for the signed-in student only; kept otherwise.
  // Loaded with the first signed-in route or session, never on /login alone (docs/performance.md).
  let outbox: Promise<AppOutbox> | null = null;
  const loadOutbox = () =>
    (outbox ??= import('./app/wiring/learning').then(
      ({ startAppOutbox }) => startAppOutbox(session),
      (error: unknown) => {
        outbox = null; // offline before the chunk was cached: a later call tries again
        throw error;
      },
    ));
  const outboxWhenSignedIn = (snapshot: ReturnType<typeof session.getSnapshot>) => {
    if (snapshot.hasTag('authenticated')) loadOutbox().catch(() => undefined);
  };
  outboxWhenSignedIn(session.getSnapshot());
  session.subscribe(outboxWhenSignedIn);
  // Offline (docs/offline.md): the student's saved reads and media follow the session (TanStack Query
  // and the persister load when a student is signed in); 'Sair' first sends what the outbox
  // holds; the service worker and 'Nova versão disponível' (on every page, /login included).
  followStudentDeviceData(session);
  onBeforeSignOut(async () => {
    if (!outbox) return;
    const loaded = await outbox.catch(() => null);
    if (loaded) await (await import('./app/wiring/learning')).drainOutbox(loaded);
  });
  // The Pix payment effects load with the payment dialog, never with /login.
  let payments: Promise<AppPayments> | null = null;
  const loadPayments = () =>
    (payments ??= import('./app/wiring/payments').then(
      (m) => m,
      (error: unknown) => {
        payments = null;
        throw error;
      },
    ));
  // The service worker (and the ~1.1 MB its install precaches) waits for the first screen's reads
  // (docs/performance.md "The service worker after the first screen").
  const appUpdate = startAppUpdate({
    after: () => afterFirstScreen({ reads: getToken() !== null ? loadQueryClient().then(readsInFlight) : null }),
  });
  await yieldToBrowser();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <App
        services={{
          session,
          errorStore,
          loadOutbox,
          loadPayments,
          accessibility,
          eventBus: bootResults.eventBus,
          lgpdConsent: lgpd,
          appUpdate,
          platform,
        }}
        translations={bootResults.translations}
      />
    </StrictMode>
  );
  // index.html holds /login pre-rendered (docs/decisions/0002-prerendered-login-and-deferred-entry.md):
  // hydrated when this page is exactly that one (the pre-paint script showed it), else cleared for
  // the route to render.
  const prerendered =
    root.hasAttribute('data-prerendered') &&
    document.documentElement.getAttribute('data-shell') === 'login' &&
    location.pathname === '/login' &&
    getToken() === null &&
    (bootResults.translations?.locale ?? 'pt-BR') === 'pt-BR';
  if (prerendered) {
    // App's first effect ends the static phase (src/views/prerender-handoff.ts).
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => {
          if (import.meta.env.DEV) console.error('[hydrate]', error);
        },
      });
    });
  } else {
    root.removeAttribute('data-prerendered');
    document.documentElement.removeAttribute('data-submit-pending');
    document.documentElement.removeAttribute('data-click-pending');
    root.replaceChildren();
    const reactRoot = createRoot(root);
    // A transition renders in slices that yield to the browser: no long task on slow phones.
    startTransition(() => reactRoot.render(app));
  }
});
