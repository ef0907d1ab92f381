/**
 * Providers (IntlProvider, session actor, query client) and the route table of spec §2.
 * Public routes: /login, /requestResetPassword, /resetPassword, /lo/preview/{id};
 * every other known route needs a session (guards in `views/guards.tsx`).
 *
 * /login is the first screen of every session and must start fast (issue 9): it is in the
 * entry chunk, and what it does not need loads later — every other screen (`React.lazy`),
 * TanStack Query (`ServerReads`, around every route but /login), the LGPD dialog (when it
 * prompts) and the toaster (on the first toast). The update offer (issue 8) shows on every page,
 * /login included.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { IntlProvider } from 'react-intl';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { DEFAULT_LOCALE, loadTranslations, resolveLocale, type Translations } from './i18n';
import { AccessibilityContext, type AccessibilityRef } from './views/accessibility/context';
import { PlatformContext, type PlatformRef } from './views/platform-context';
import { SetupErrorToasts } from './views/components/setup-error-toasts';
import type { EventBus } from './services/events/bus';
import { SessionContext, type SessionRef } from './views/session-context';
import { GuestOnly } from './views/guest-only';
import { LoginScreen } from './views/login/screen';
import { PageLoading } from './views/components/page-loading';
import { ScreenErrorBoundary } from './views/components/screen-error';
import type { ErrorScreenRef } from './views/error-screen/screen';
import { Toasts } from './views/components/toasts';
import type { AppOutbox } from './wiring-outbox';
import type { LgpdConsentRef } from './views/lgpd/dialog';
import { UpdatePrompt, type AppUpdateRef } from './views/pwa/update-prompt';

/**
 * Starts loading, at once and in parallel, the chunks the page at `path` will render (the
 * signed-in routes and the screen of `path`), instead of one after the other as React meets
 * them (issue 9). Call it once at startup with `location.pathname`; never rejects.
 */
export function preloadRoute(path: string): void {
  if (path === '/login') return;
  import('./reading-routes').catch(() => undefined);
  import('./screens').then(({ preloadScreens }) => preloadScreens(path)).catch(() => undefined);
}

const LgpdDialog = lazy(() => import('./views/lgpd/with-reads'));
const ReadingRoutes = lazy(() => import('./reading-routes'));
const ErrorScreen = lazy(() => import('./views/error-screen/screen').then((m) => ({ default: m.ErrorScreen })));

export interface AppProps {
  session: SessionRef;
  /** The global error store (spec §3); its error screen blocks the app while shown. */
  errorStore: ErrorScreenRef;
  translations: Translations | null;
  /**
   * Loads the outbox of progress writes (`startAppOutbox`, linked to the session by the caller);
   * the same promise on every call. Called by the signed-in routes only, so /login never loads it.
   */
  loadOutbox: () => Promise<AppOutbox>;
  /** The app's event bus (boot step): post-login configuration failures become toasts. */
  eventBus?: EventBus | null;
  /** The accessibility settings actor (spec §3): language, and the settings panel. */
  accessibility?: AccessibilityRef;
  /** The query client of server reads (default: the page's `appQueryClient`, loaded lazily); tests pass their own. */
  queryClient?: QueryClient;
  /** The LGPD consent actor (spec §4 LGPD): its acceptance dialog shows while it prompts. */
  lgpdConsent?: LgpdConsentRef;
  /** The app update actor (issue 8): 'Nova versão disponível' shows while it offers one. */
  appUpdate?: AppUpdateRef;
  /** The platform actor (spec §1): screens select its options (e.g. `show_banners`, issue 24). */
  platform?: PlatformRef;
}

/** The mounted application. */
export function App({
  session,
  errorStore,
  translations,
  loadOutbox,
  accessibility,
  eventBus,
  queryClient,
  lgpdConsent,
  appUpdate,
  platform,
}: AppProps) {
  const body = (
    <AppBody
      session={session}
      errorStore={errorStore}
      loadOutbox={loadOutbox}
      eventBus={eventBus}
      lgpdConsent={lgpdConsent}
      queryClient={queryClient}
      appUpdate={appUpdate}
    />
  );
  return (
    <PlatformContext.Provider value={platform ?? null}>
      <AccessibilityContext.Provider value={accessibility ?? null}>
        {accessibility ? (
          <FollowLanguage accessibility={accessibility} initial={translations}>
            {body}
          </FollowLanguage>
        ) : (
          <Localized translations={translations}>{body}</Localized>
        )}
      </AccessibilityContext.Provider>
    </PlatformContext.Provider>
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
  accessibility: AccessibilityRef;
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
function AppBody({
  session,
  errorStore,
  loadOutbox,
  eventBus,
  lgpdConsent,
  queryClient,
  appUpdate,
}: Pick<AppProps, 'session' | 'errorStore' | 'loadOutbox' | 'eventBus' | 'lgpdConsent' | 'queryClient' | 'appUpdate'>) {
  return (
    <>
      <SetupErrorToasts bus={eventBus} />
      <RouteEvents bus={eventBus} />
      <SessionContext.Provider value={session}>
        <Toasts />
        <ErrorScreenWhenShown store={errorStore} />
        <BlockedWhileErrorScreen store={errorStore}>
          {lgpdConsent && <LgpdWhenPrompted consent={lgpdConsent} queryClient={queryClient} />}
          {appUpdate && <UpdatePrompt update={appUpdate} />}
          <ScreenErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <Routes queryClient={queryClient} loadOutbox={loadOutbox} />
            </Suspense>
          </ScreenErrorBoundary>
        </BlockedWhileErrorScreen>
      </SessionContext.Provider>
    </>
  );
}

/** The LGPD dialog (spec §4), loaded the first time the consent actor prompts and kept mounted. */
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
    <Suspense fallback={null}>
      <LgpdDialog consent={consent} queryClient={queryClient} />
    </Suspense>
  );
}

/**
 * Publishes `route.changed` { path: pathname + search } on the event bus at mount and on every
 * wouter location change — the one source the chatbot and survey adapters follow (spec §2).
 */
function RouteEvents({ bus }: { bus: EventBus | null | undefined }) {
  const [pathname] = useLocation();
  const search = useSearch();
  useEffect(() => {
    bus?.emit('route.changed', { path: search ? `${pathname}?${search}` : pathname });
  }, [bus, pathname, search]);
  return null;
}

/** The blocking error screen (spec §2), loaded the first time the error store shows it. */
function ErrorScreenWhenShown({ store }: { store: ErrorScreenRef }) {
  const shown = useSelector(store, (s) => s.hasTag('error-screen'));
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ErrorScreen store={store} />
    </Suspense>
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

/** /login (in the entry chunk, no server reads), and every other route (reading-routes.tsx, loaded lazily). */
function Routes({ queryClient, loadOutbox }: Pick<AppProps, 'queryClient' | 'loadOutbox'>) {
  return (
    <Switch>
      <Route path="/login">
        <GuestOnly>
          <LoginScreen />
        </GuestOnly>
      </Route>
      <Route>
        <ReadingRoutes queryClient={queryClient} loadOutbox={loadOutbox} />
      </Route>
    </Switch>
  );
}
