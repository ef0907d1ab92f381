/**
 * The app root: the providers (the app's actors by `systemId` in one context, `AppActorsContext`;
 * its loaders in another, `AppServicesContext`; react-intl, the query client) and the /login route; every other route of docs/product.md §2 is in
 * ./lazy-routes.tsx (from the route table, ./route-table.ts). Which routes are public and
 * which need a session is said once, in src/services/navigation/routes.ts (`ROUTE_ACCESS`; the
 * guards are in `views/guards.tsx`).
 *
 * /login is the first screen of every session and must start fast
 * (docs/decisions/0002-prerendered-login-and-deferred-entry.md): it is in the entry chunk, and
 * what it does not need loads later — every other screen (`React.lazy`),
 * TanStack Query (`ServerReads`, around every route but /login), the LGPD dialog (when it
 * prompts) and the toaster (on the first toast). The update offer shows on every page,
 * /login included.
 */
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { IntlProvider } from 'react-intl';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { DEFAULT_LOCALE, loadTranslations, resolveLocale, type Translations } from '../i18n';
import { SetupErrorToasts } from '../views/components/setup-error-toasts';
import type { EventBus } from '../services/events/bus';
import { AppServicesContext, useAppServices, type AppServices } from '../views/app-services';
import { AppActorsContext, useAppActor, type AppActorRefs, type AppActors } from '../views/app-actors';
import { GuestOnly } from '../views/guest-only';
import { LoginScreen } from '../views/login/screen';
import { PageLoading } from '../views/components/page-loading';
import { ScreenErrorBoundary, ScreenErrorMessage } from '../views/components/screen-error';
import { retryableLazy } from '../views/components/retryable-lazy';
import { OptionalPart } from '../views/components/optional-part';
import type { ErrorScreenRef } from '../views/error-screen/screen';
import { Toasts } from '../views/components/toasts';
import type { LgpdConsentRef } from '../views/lgpd/dialog';
import { UpdatePrompt } from '../views/pwa/update-prompt';
import { ROUTE_PATHS } from '../services/navigation/routes';

const LgpdDialog = retryableLazy(() => import('./lgpd-dialog'));
const LazyRoutes = retryableLazy(() => import('./lazy-routes'));
const ErrorScreen = retryableLazy(() =>
  import('../views/error-screen/screen').then((m) => ({ default: m.ErrorScreen })),
);

/**
 * Starts loading, at once and in parallel, the chunks the page at `path` will render (the
 * signed-in routes and the screen of `path`), instead of one after the other as React meets
 * them (docs/performance.md). Call it once at startup with `location.pathname`; never rejects.
 */
export function preloadRoute(path: string): void {
  if (path === ROUTE_PATHS.login) return;
  void LazyRoutes.preload();
  import('./route-table').then(({ preloadScreens }) => preloadScreens(path)).catch(() => undefined);
}

export interface AppProps {
  /**
   * The app's actors by `systemId` (the running root actor's `system`; `appActorsOf(map)` for a
   * build-time render or a test), given to the views through `AppActorsContext` (`useAppActor`).
   */
  actors: AppActors;
  /** The app's loaders and event bus, given to the views through `AppServicesContext`. */
  services: AppServices;
  translations: Translations | null;
  /** The query client of server reads (default: the page's `appQueryClient`, loaded lazily); tests pass their own. */
  queryClient?: QueryClient;
}

/** The mounted application. */
export function App({ actors, services, translations, queryClient }: AppProps) {
  return (
    <AppActorsContext.Provider value={actors}>
      <AppServicesContext.Provider value={services}>
        <AppLanguage translations={translations}>
          <AppBody queryClient={queryClient} />
        </AppLanguage>
      </AppServicesContext.Provider>
    </AppActorsContext.Provider>
  );
}

/** react-intl in the language of the accessibility settings (`FollowLanguage`); `translations` without that actor. */
function AppLanguage({ translations, children }: { translations: Translations | null; children: ReactNode }) {
  const accessibility = useAppActor('accessibility');
  return accessibility ? (
    <FollowLanguage accessibility={accessibility} initial={translations}>
      {children}
    </FollowLanguage>
  ) : (
    <Localized translations={translations}>{children}</Localized>
  );
}

/** react-intl with `translations` (pt-BR default messages when null). */
function Localized({ translations, children }: { translations: Translations | null; children: ReactNode }) {
  return (
    <IntlProvider
      locale={translations?.locale ?? DEFAULT_LOCALE}
      defaultLocale={DEFAULT_LOCALE}
      messages={translations?.messages ?? {}}
      onError={(error) => {
        // pt-BR texts are the default messages: a "missing translation" is expected there.
        if (error.code !== 'MISSING_TRANSLATION') console.error(error);
      }}
    >
      {children}
    </IntlProvider>
  );
}

/**
 * Follows the language setting: loads its catalogue (lazily, once per page) and keeps showing
 * the current language until it has arrived; a catalogue that cannot load (offline) leaves the
 * current language on screen (a later change of the setting tries again).
 */
function FollowLanguage({
  accessibility,
  initial,
  children,
}: {
  accessibility: AppActorRefs['accessibility'];
  initial: Translations | null;
  children: ReactNode;
}) {
  const language = useSelector(accessibility, (s) => s.context.settings.language);
  const [shown, setShown] = useState<Translations | null>(initial);
  useEffect(() => {
    if ((shown?.locale ?? DEFAULT_LOCALE) === resolveLocale(language)) return;
    let current = true;
    catalogueOf(language).then(
      (translations) => current && setShown(translations),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language, shown]);
  return <Localized translations={shown}>{children}</Localized>;
}

const catalogues = new Map<string, Promise<Translations>>();

/** `loadTranslations(language)`, once per page; a failed load is forgotten so that it can be retried. */
function catalogueOf(language: string): Promise<Translations> {
  const locale = resolveLocale(language);
  let loading = catalogues.get(locale);
  if (!loading) {
    loading = loadTranslations(locale).catch((error: unknown) => {
      catalogues.delete(locale);
      throw error;
    });
    catalogues.set(locale, loading);
  }
  return loading;
}

/** Everything inside the providers: toasts, the error screen, and the routes behind it. */
function AppBody({ queryClient }: { queryClient?: QueryClient | undefined }) {
  const { eventBus } = useAppServices();
  const errorStore = useAppActor('errorStore');
  const lgpdConsent = useAppActor('lgpdConsent');
  const appUpdate = useAppActor('appUpdate');
  return (
    <>
      <SetupErrorToasts bus={eventBus} />
      <RouteEvents bus={eventBus} />
      <Toasts />
      <ErrorScreenWhenShown store={errorStore} />
      <BlockedWhileErrorScreen store={errorStore}>
        {lgpdConsent && <LgpdWhenPrompted consent={lgpdConsent} queryClient={queryClient} />}
        {appUpdate && (
          <OptionalPart>
            <UpdatePrompt update={appUpdate} />
          </OptionalPart>
        )}
        <ScreenErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Routes queryClient={queryClient} />
          </Suspense>
        </ScreenErrorBoundary>
      </BlockedWhileErrorScreen>
    </>
  );
}

/** The LGPD dialog (docs/product.md §4), loaded the first time the consent actor prompts and kept mounted. */
function LgpdWhenPrompted({
  consent,
  queryClient,
}: {
  consent: LgpdConsentRef;
  queryClient?: QueryClient | undefined;
}) {
  const prompting = useSelector(consent, (s) => s.hasTag('prompt'));
  const [mounted, setMounted] = useState(prompting);
  if (prompting && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <LgpdDialog consent={consent} queryClient={queryClient} />
      </Suspense>
    </OptionalPart>
  );
}

/**
 * Publishes `route.changed` { path: pathname + search } on the event bus at mount and on every
 * wouter location change — the one source the chatbot and survey adapters follow (docs/product.md §2).
 */
function RouteEvents({ bus }: { bus: EventBus | null | undefined }) {
  const [pathname] = useLocation();
  const search = useSearch();
  useEffect(() => {
    bus?.emit('route.changed', { path: search ? `${pathname}?${search}` : pathname });
  }, [bus, pathname, search]);
  return null;
}

/** The blocking error screen (docs/product.md §2), loaded the first time the error store shows it. */
function ErrorScreenWhenShown({ store }: { store: ErrorScreenRef }) {
  const shown = useSelector(store, (s) => s.hasTag('error-screen'));
  if (!shown) return null;
  // Its code could not load (offline, no service worker yet): the screen's error message instead.
  return (
    <OptionalPart fallback={(retry) => <ScreenErrorMessage onRetry={retry} />}>
      <Suspense fallback={null}>
        <ErrorScreen store={store} />
      </Suspense>
    </OptionalPart>
  );
}

/**
 * The app behind the error screen: inert (no focus, no clicks, hidden from AT) while it shows,
 * and not laid out (global.css `.app-root[inert]`): nothing behind can widen the screen it covers.
 */
function BlockedWhileErrorScreen({ store, children }: { store: ErrorScreenRef; children: ReactNode }) {
  const blocked = useSelector(store, (s) => s.hasTag('error-screen'));
  return (
    <div inert={blocked ? '' : undefined} className="app-root">
      {children}
    </div>
  );
}

/** /login (in the entry chunk, no server reads), and every other route (./lazy-routes.tsx, loaded lazily). */
function Routes({ queryClient }: { queryClient?: QueryClient | undefined }) {
  return (
    <Switch>
      <Route path={ROUTE_PATHS.login}>
        <GuestOnly>
          <LoginScreen />
        </GuestOnly>
      </Route>
      <Route>
        <LazyRoutes queryClient={queryClient} />
      </Route>
    </Switch>
  );
}
