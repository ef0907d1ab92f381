/**
 * The routes of docs/product.md §2 other than /login, loaded lazily: every screen is its own chunk
 * (`retryableLazy` of the route table's loaders, ./route-table.ts), and TanStack Query, the guards
 * and the signed-in layout come with this chunk rather than with the entry. With the outbox and
 * the startup reads it is a root of the one `signed-in` chunk
 * (docs/decisions/0003-one-vendor-chunk-and-one-signed-in-chunk.md).
 */
import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Route, Switch, useLocation } from 'wouter';
import { AreaGuard, GuestOnly, IndexRoute, Protected } from '../views/guards';
import { ServerReads } from './query/server-reads';
import { ROUTES, SCREENS, screenOf, type AppRoute, type RouteParams, type ScreenName } from './route-table';
import '../styles/signed-in.css';
import { OutboxContext } from '../views/outbox/context';
import { readPromise } from '../views/components/read-promise';
import { retryableLazy, type RetryableComponent } from '../views/components/retryable-lazy';
import { AppServicesContext, useAppServices, type AppDownloads, type AppOutbox } from '../views/app-services';
import { useDataSaver } from '../views/components/use-data-saver';
import { afterFirstScreen, idle } from '../services/scheduling/after-first-screen';
import { readsInFlight } from './query/load-client';
import { prefetchAllowed, prefetchLinkedRoutes, prefetchNextReads } from './prefetch-routes';

type ScreenProps = Record<string, string | boolean>;

/** Each screen of the route table as a lazily loaded component (one chunk each). */
const SCREEN_COMPONENTS = Object.fromEntries(
  Object.entries(SCREENS).map(([name, load]) => [
    name,
    retryableLazy(load as unknown as () => Promise<{ default: ComponentType<ScreenProps> }>),
  ]),
) as unknown as Record<ScreenName, RetryableComponent<ComponentType<ScreenProps>>>;

// The page's own screen (its chunk already on the way: app-root.tsx `preloadRoute`) is taken as
// soon as it is in, so that its first render does not suspend once more.
const pageScreen = typeof location === 'undefined' ? null : screenOf(location.pathname);
if (pageScreen) void SCREEN_COMPONENTS[pageScreen].preload();

/** A route's screen with its props, behind the route's guard (docs/product.md §2, §6). */
function guarded(route: AppRoute, params: RouteParams): ReactNode {
  const Screen = SCREEN_COMPONENTS[route.screen];
  const screen = <Screen {...(route.props?.(params) ?? {})} />;
  const { guard } = route;
  if (guard === 'public') return screen;
  if (guard === 'guest') return <GuestOnly>{screen}</GuestOnly>;
  if (guard === 'index') {
    return (
      <Protected>
        <IndexRoute>{screen}</IndexRoute>
      </Protected>
    );
  }
  if (guard === 'signedIn') return <Protected>{screen}</Protected>;
  return (
    <Protected>
      <AreaGuard flag={guard.area}>{screen}</AreaGuard>
    </Protected>
  );
}

const NotFoundScreen = SCREEN_COMPONENTS.notFound;

/**
 * Every route but /login (docs/product.md §2, the route table of ./route-table.ts), behind TanStack Query
 * (`ServerReads`): loaded lazily by ./app-root.tsx, with the guards and the signed-in layout, so
 * /login never downloads them. Suspends until the app's outbox of progress writes
 * (`AppServices.loadOutbox`) has loaded.
 * @param queryClient tests' own client; default the page's.
 */
export default function LazyRoutes({ queryClient }: { queryClient?: QueryClient | undefined }) {
  const services = useAppServices();
  // The download effects (docs/offline.md) are the signed-in routes' to give, not the entry's.
  const withDownloads = useMemo(() => (services.loadDownloads ? services : { ...services, loadDownloads }), [services]);
  return (
    <AppServicesContext.Provider value={withDownloads}>
      <WithOutbox load={services.loadOutbox}>
        <ServerReads client={queryClient}>
          <PrefetchLinkedScreens />
          <Switch>
            {ROUTES.map((route) => (
              <Route key={route.path} path={route.path}>
                {(params) => guarded(route, params)}
              </Route>
            ))}
            <Route>
              <NotFoundScreen />
            </Route>
          </Switch>
        </ServerReads>
      </WithOutbox>
    </AppServicesContext.Provider>
  );
}

/**
 * On every screen, once its reads have answered and the main thread is idle, downloads the code
 * of the learning screens its links open, and the data of the next step through the course
 * ('Próximo conteúdo', `rel="next"`) (./prefetch-routes.ts), so that a tap waits for the next
 * screen's data only — or, for the next step, for nothing; not with 'Economia de dados' on, nor on
 * a 2G-class connection. The screen's `<main>` is looked at again, in idle time, whenever its
 * content changes until the student leaves it: its reads can settle for a moment between one read
 * and the next that waits for it (a learning object's own read starts once its module's has
 * answered), and the links shown after that moment — 'Próximo conteúdo' among them — were missed
 * (a CI run: the next learning object's data not read ahead, 1 load in 3 here).
 */
function PrefetchLinkedScreens() {
  const [location] = useLocation();
  const client = useQueryClient();
  const dataSaver = useDataSaver();
  useEffect(() => {
    if (dataSaver || !prefetchAllowed()) return undefined;
    const left = new AbortController();
    let next: string | undefined;
    const look = () => {
      const main = document.querySelector('main');
      if (left.signal.aborted || !main) return;
      // Adds only the files not linked yet: a second look at the same links asks for nothing.
      void prefetchLinkedRoutes(main, document, { signal: left.signal });
      const href = main.querySelector<HTMLAnchorElement>('a[rel~="next"][href]')?.href;
      if (href && href !== next) {
        next = href;
        void prefetchNextReads(main, client).catch(() => undefined);
      }
    };
    const observer = new MutationObserver(() => void idle().then(look));
    void afterFirstScreen({ reads: Promise.resolve(readsInFlight(client)) }).then(() => {
      const main = document.querySelector('main');
      if (left.signal.aborted || !main) return;
      look();
      observer.observe(main, { childList: true, subtree: true });
    });
    return () => {
      left.abort();
      observer.disconnect();
    };
  }, [location, client, dataSaver]);
  return null;
}

let downloads: Promise<AppDownloads> | null = null;
/**
 * Loads the download effects (./wiring/downloads.ts) when a download panel or the storage section
 * first asks; the same promise afterwards (a failed load is tried again by the next call).
 */
function loadDownloads(): Promise<AppDownloads> {
  downloads ??= import('./wiring/downloads').catch((error: unknown) => {
    downloads = null;
    throw error;
  });
  return downloads;
}

/** Provides the outbox to the screens once `load` has resolved (suspends until then). */
function WithOutbox({ load, children }: { load: () => Promise<AppOutbox>; children: ReactNode }) {
  return <OutboxContext.Provider value={readPromise(load())}>{children}</OutboxContext.Provider>;
}
