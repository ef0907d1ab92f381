/**
 * Entry point (docs/product.md §4 Startup): creates the app's root actor (src/app/app.ts: boot, then
 * every app-wide actor and the rules between them), starts it, and mounts <App/> into the single
 * root element once it runs. A boot redirect or a failed step leaves the app unmounted (the
 * failure is logged for developers only, docs/product.md §8).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadRoute } from './app/app-root';
import { appServicesOf, startApp, whenRunning } from './app/app';
import { installChunkReload } from './services/pwa/chunk-reload';
import { bootResults } from './services/boot/steps';
import { getToken } from './services/storage/token';
import { loadQueryClient } from './app/query/load-client';
import { warmUpIntl, yieldToBrowser } from './services/scheduling/yield';
import './styles/global.css';

// An old tab whose chunks are gone reloads into the deployed version (docs/offline.md "Updates").
installChunkReload();
// The chunks of a deep link's screen load while boot and the session check run (docs/performance.md).
preloadRoute(location.pathname);

const appActor = startApp();

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

// Startup in short tasks (docs/performance.md, TBT): the modules' evaluation, the actors, the ICU
// data, and the first render (sliced by React in a transition) each run in tasks of their own.
void whenRunning(appActor).then(async (running) => {
  if (!running) return;
  // The route's first reads are asked for now, while its chunks load and the saved reads are
  // restored (docs/performance.md "Data as the code loads").
  if (getToken() !== null) prefetchReads(location.pathname, location.search);
  await yieldToBrowser();
  warmUpIntl(bootResults.translations?.locale ?? 'pt-BR');
  await yieldToBrowser();
  // The loader runs in <head> (src/app/entry-loader.js): on a slow network the rest of the HTML
  // may still be arriving.
  if (document.readyState === 'loading')
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <App actors={appActor.system} services={appServicesOf(appActor)} translations={bootResults.translations} />
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
