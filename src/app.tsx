/**
 * Providers (IntlProvider, session actor, query client) and the route table of spec §2.
 * Public routes: /login, /requestResetPassword, /resetPassword, /lo/preview/{id};
 * every other known route needs a session (guards in `views/guards.tsx`).
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { IntlProvider } from 'react-intl';
import {
  IsRestoringProvider,
  keepPreviousData,
  QueryClientProvider,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { appQueryClient, queryRestoring } from './query-client';
import { UpdatePrompt, type AppUpdateRef } from './views/pwa/update-prompt';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { DEFAULT_LOCALE, loadTranslations, type Translations } from './i18n';
import { AccessibilityContext, type AccessibilityRef } from './views/accessibility/context';
import { SetupErrorToasts } from './views/components/setup-error-toasts';
import type { EventBus } from './services/events/bus';
import { SessionContext, type SessionRef } from './views/session-context';
import { AreaGuard, GuestOnly, IndexRoute, Protected, type AreaFlag } from './views/guards';
import { LoginScreen } from './views/login/screen';
import { PageLoading } from './views/components/page-loading';
import { ScreenErrorBoundary } from './views/components/screen-error';
import { ErrorScreen, type ErrorScreenRef } from './views/error-screen/screen';
import { Toaster } from 'sonner';
// Sonner's own stylesheet, bundled as a file: its runtime <style> injection is refused by the CSP
// (style-src 'self') and turned off at build time (vite.config.ts withoutRuntimeStyles).
import 'sonner/dist/styles.css';
import { OutboxContext } from './views/outbox/context';
import type { AppOutbox } from './wiring';
import { LgpdDialog, type LgpdConsentRef } from './views/lgpd/dialog';

const CoursesScreen = lazy(() => import('./views/courses/screen'));
const CourseScreen = lazy(() => import('./views/course/screen'));
const ModuleScreen = lazy(() => import('./views/module/screen'));
const LearningObjectScreen = lazy(() => import('./views/learning-object/screen'));
const GradesScreen = lazy(() => import('./views/grades/screen'));
const GradeDetailsScreen = lazy(() => import('./views/grades/details'));
const PreviewScreen = lazy(() => import('./views/preview/screen'));
const AttachmentsScreen = lazy(() => import('./views/attachments/screen'));
const AttachmentScreen = lazy(() => import('./views/attachments/attachment-screen'));
const NotFoundScreen = lazy(() => import('./views/not-found/screen'));
const FinancesScreen = lazy(() => import('./views/finances/screen'));
const RequestResetPasswordScreen = lazy(() => import('./views/password-reset/request-screen'));
const ResetPasswordScreen = lazy(() => import('./views/password-reset/reset-screen'));
const AccountScreen = lazy(() => import('./views/account/screen'));
const HomeScreen = lazy(() => import('./views/home/screen'));
const ProfessionalizingScreen = lazy(() => import('./views/areas/professionalizing'));
const TrafficScreen = lazy(() => import('./views/areas/traffic'));
const GraduationScreen = lazy(() => import('./views/areas/graduation'));
const TecmixScreen = lazy(() => import('./views/areas/tecmix'));

export interface AppProps {
  session: SessionRef;
  /** The global error store (spec §3); its error screen blocks the app while shown. */
  errorStore: ErrorScreenRef;
  translations: Translations | null;
  /** The outbox of progress writes (`createAppOutbox()`), linked to the session by the caller. */
  outbox: AppOutbox;
  /** The app's event bus (boot step): post-login configuration failures become toasts. */
  eventBus?: EventBus | null;
  /** The accessibility settings actor (spec §3): language, and the settings panel. */
  accessibility?: AccessibilityRef;
  /** The page's query client (`appQueryClient`); tests pass their own. */
  queryClient?: QueryClient;
  /** The LGPD consent actor (spec §4 LGPD): its acceptance dialog shows while it prompts. */
  lgpdConsent?: LgpdConsentRef;
  /** The app update actor (issue 8): 'Nova versão disponível' shows while it offers one. */
  appUpdate?: AppUpdateRef;
}

/** The mounted application. */
export function App({
  session,
  errorStore,
  translations,
  outbox,
  accessibility,
  eventBus,
  queryClient,
  lgpdConsent,
  appUpdate,
}: AppProps) {
  const [client] = useState(() => queryClient ?? appQueryClient);
  // While the student's saved reads are put back (issue 8), queries wait for them.
  const restoring = useSyncExternalStore(queryRestoring.subscribe, queryRestoring.get);
  const body = (
    <AppBody
      session={session}
      errorStore={errorStore}
      outbox={outbox}
      eventBus={eventBus}
      lgpdConsent={lgpdConsent}
      appUpdate={appUpdate}
    />
  );
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>
        <AccessibilityContext.Provider value={accessibility ?? null}>
          {accessibility ? (
            <FollowLanguage accessibility={accessibility} initial={translations}>
              {body}
            </FollowLanguage>
          ) : (
            <Localized translations={translations}>{body}</Localized>
          )}
        </AccessibilityContext.Provider>
      </IsRestoringProvider>
    </QueryClientProvider>
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
 * Follows the language setting: loads its catalogue (lazily, cached for the page) and keeps
 * showing the current language until it has arrived; a catalogue that cannot load (offline)
 * leaves the current language on screen.
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
  const query = useQuery({
    queryKey: ['translations', language],
    queryFn: () => loadTranslations(language),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    placeholderData: keepPreviousData,
    ...(initial && initial.locale === language ? { initialData: initial } : {}),
  });
  return <Localized translations={query.data ?? initial}>{children}</Localized>;
}

/** Everything inside the providers: toasts, the error screen, and the routes behind it. */
function AppBody({
  session,
  errorStore,
  outbox,
  eventBus,
  lgpdConsent,
  appUpdate,
}: Pick<AppProps, 'session' | 'errorStore' | 'outbox' | 'eventBus' | 'lgpdConsent' | 'appUpdate'>) {
  return (
    <>
      <SetupErrorToasts bus={eventBus} />
      <RouteEvents bus={eventBus} />
      <SessionContext.Provider value={session}>
        <OutboxContext.Provider value={outbox}>
          <Toaster position="top-center" richColors closeButton />
          <ErrorScreen store={errorStore} />
          <BlockedWhileErrorScreen store={errorStore}>
            {lgpdConsent && <LgpdDialog consent={lgpdConsent} />}
            {appUpdate && <UpdatePrompt update={appUpdate} />}
            <ScreenErrorBoundary>
              <Suspense fallback={<PageLoading />}>
                <Routes />
              </Suspense>
            </ScreenErrorBoundary>
          </BlockedWhileErrorScreen>
        </OutboxContext.Provider>
      </SessionContext.Provider>
    </>
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

/**
 * The home and the student areas (spec §2, §6; issue 6), each lazily loaded; the flagged
 * areas sit behind `AreaGuard` (others go to /home).
 */
const SIGNED_IN_AREAS: { path: string; Screen: ComponentType; flag?: AreaFlag }[] = [
  { path: '/home', Screen: HomeScreen },
  { path: '/profissionalizante', Screen: ProfessionalizingScreen },
  { path: '/transito', Screen: TrafficScreen, flag: 'is_aprovat_user' },
  { path: '/graduacao', Screen: GraduationScreen, flag: 'is_lxp_user' },
  { path: '/tecmix', Screen: TecmixScreen, flag: 'is_eja_user' },
];

/** The app behind the error screen: inert (no focus, no clicks, hidden from AT) while it shows. */
function BlockedWhileErrorScreen({ store, children }: { store: ErrorScreenRef; children: ReactNode }) {
  const blocked = useSelector(store, (s) => s.hasTag('error-screen'));
  return (
    <div inert={blocked} className="app-root">
      {children}
    </div>
  );
}

function Routes() {
  return (
    <Switch>
      <Route path="/login">
        <GuestOnly>
          <LoginScreen />
        </GuestOnly>
      </Route>
      <Route path="/lo/preview/:learningObject">
        {(params) => <PreviewScreen learningObjectId={params.learningObject} />}
      </Route>
      {/* Password reset (spec §2, §6: public; a signed-in student is sent away like /login). */}
      <Route path="/requestResetPassword">
        <GuestOnly>
          <RequestResetPasswordScreen />
        </GuestOnly>
      </Route>
      <Route path="/resetPassword">
        <GuestOnly>
          <ResetPasswordScreen />
        </GuestOnly>
      </Route>
      {/* Account page: change password, delete account (issue 6) and the profile. */}
      <Route path="/conta">
        <Protected>
          <AccountScreen />
        </Protected>
      </Route>

      <Route path="/">
        <Protected>
          <IndexRoute>
            <HomeScreen index />
          </IndexRoute>
        </Protected>
      </Route>
      {SIGNED_IN_AREAS.map(({ path, Screen, flag }) => (
        <Route key={path} path={path}>
          <Protected>
            {flag ? (
              <AreaGuard flag={flag}>
                <Screen />
              </AreaGuard>
            ) : (
              <Screen />
            )}
          </Protected>
        </Route>
      ))}

      <Route path="/attachments">
        <Protected>
          <AttachmentsScreen />
        </Protected>
      </Route>
      <Route path="/attachment/:attachment">
        {(params) => (
          <Protected>
            <AttachmentScreen attachmentId={params.attachment} />
          </Protected>
        )}
      </Route>
      <Route path="/courses">
        <Protected>
          <CoursesScreen />
        </Protected>
      </Route>
      <Route path="/finances">
        <Protected>
          <FinancesScreen />
        </Protected>
      </Route>
      <Route path="/courses/:course">
        {(params) => (
          <Protected>
            <CourseScreen courseId={params.course} />
          </Protected>
        )}
      </Route>
      <Route path="/courses/:course/modules/:module">
        {(params) => (
          <Protected>
            <ModuleScreen courseId={params.course} moduleId={params.module} />
          </Protected>
        )}
      </Route>
      <Route path="/grades">
        <Protected>
          <GradesScreen />
        </Protected>
      </Route>
      <Route path="/grades/course/:courseId">
        {(params) => (
          <Protected>
            <GradeDetailsScreen courseId={params.courseId} />
          </Protected>
        )}
      </Route>
      <Route path="/courses/:course/modules/:module/learningObjects/:learningObject">
        {(params) => (
          <Protected>
            <LearningObjectScreen
              courseId={params.course}
              moduleId={params.module}
              learningObjectId={params.learningObject}
            />
          </Protected>
        )}
      </Route>

      <Route>
        <NotFoundScreen />
      </Route>
    </Switch>
  );
}
