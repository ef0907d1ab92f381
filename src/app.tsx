/**
 * Providers (IntlProvider, session actor, query client) and the route table of spec §2.
 * Public routes: /login, /requestResetPassword, /resetPassword, /lo/preview/{id};
 * every other known route needs a session (guards in `views/guards.tsx`).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { IntlProvider, type MessageDescriptor } from 'react-intl';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { appQueryClient } from './query-client';
import { Route, Switch } from 'wouter';
import { DEFAULT_LOCALE, type Translations } from './i18n';
import { SessionContext, type SessionRef } from './views/session-context';
import { AreaGuard, GuestOnly, IndexRoute, Protected, type AreaFlag } from './views/guards';
import { LoginScreen } from './views/login/screen';
import { PageLoading } from './views/components/page-loading';
import { ScreenErrorBoundary } from './views/components/screen-error';
import { ErrorScreen, type ErrorScreenRef } from './views/error-screen/screen';
import { Toaster } from 'sonner';
import { ScreenMessages } from './views/placeholder/messages';
import { OutboxContext } from './views/outbox/context';
import type { AppOutbox } from './wiring';

const CoursesScreen = lazy(() => import('./views/courses/screen'));
const CourseScreen = lazy(() => import('./views/course/screen'));
const ModuleScreen = lazy(() => import('./views/module/screen'));
const LearningObjectScreen = lazy(() => import('./views/learning-object/screen'));
const PreviewScreen = lazy(() => import('./views/preview/screen'));
const PlaceholderScreen = lazy(() => import('./views/placeholder/screen'));
const NotFoundScreen = lazy(() => import('./views/not-found/screen'));

export interface AppProps {
  session: SessionRef;
  /** The global error store (spec §3); its error screen blocks the app while shown. */
  errorStore: ErrorScreenRef;
  translations: Translations | null;
  /** The outbox of progress writes (`createAppOutbox()`), linked to the session by the caller. */
  outbox: AppOutbox;
  /** The page's query client (`appQueryClient`); tests pass their own. */
  queryClient?: QueryClient;
}

/** The mounted application. */
export function App({ session, errorStore, translations, outbox, queryClient }: AppProps) {
  const [client] = useState(() => queryClient ?? appQueryClient);
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
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={session}>
          <OutboxContext.Provider value={outbox}>
            <Toaster position="top-center" richColors closeButton />
            <ErrorScreen store={errorStore} />
            <BlockedWhileErrorScreen store={errorStore}>
              <ScreenErrorBoundary>
                <Suspense fallback={<PageLoading />}>
                  <Routes />
                </Suspense>
              </ScreenErrorBoundary>
            </BlockedWhileErrorScreen>
          </OutboxContext.Provider>
        </SessionContext.Provider>
      </QueryClientProvider>
    </IntlProvider>
  );
}

/**
 * Signed-in screens whose content arrives with later issues: each shows its title,
 * so deep links, guards and navigation already work (spec §2 route table).
 */
const SIGNED_IN_PLACEHOLDERS: { path: string; title: MessageDescriptor; flag?: AreaFlag }[] = [
  { path: '/home', title: ScreenMessages.home },
  { path: '/profissionalizante', title: ScreenMessages.professionalizing },
  { path: '/transito', title: ScreenMessages.traffic, flag: 'is_aprovat_user' },
  { path: '/graduacao', title: ScreenMessages.graduation, flag: 'is_lxp_user' },
  { path: '/tecmix', title: ScreenMessages.tecmix, flag: 'is_eja_user' },
  { path: '/grades', title: ScreenMessages.grades },
  { path: '/grades/course/:courseId', title: ScreenMessages.gradeDetails },
  { path: '/attachments', title: ScreenMessages.attachments },
  { path: '/attachment/:attachment', title: ScreenMessages.attachment },
  { path: '/finances', title: ScreenMessages.finances },
];

/** Public screens (spec §6) still to be built. */
const PUBLIC_PLACEHOLDERS: { path: string; title: MessageDescriptor }[] = [
  { path: '/requestResetPassword', title: ScreenMessages.requestResetPassword },
  { path: '/resetPassword', title: ScreenMessages.resetPassword },
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
      {PUBLIC_PLACEHOLDERS.map(({ path, title }) => (
        <Route key={path} path={path}>
          <PlaceholderScreen title={title} publicPage />
        </Route>
      ))}

      <Route path="/">
        <Protected>
          <IndexRoute>
            <PlaceholderScreen title={ScreenMessages.index} />
          </IndexRoute>
        </Protected>
      </Route>
      {SIGNED_IN_PLACEHOLDERS.map(({ path, title, flag }) => (
        <Route key={path} path={path}>
          <Protected>
            {flag ? (
              <AreaGuard flag={flag}>
                <PlaceholderScreen title={title} />
              </AreaGuard>
            ) : (
              <PlaceholderScreen title={title} />
            )}
          </Protected>
        </Route>
      ))}

      <Route path="/courses">
        <Protected>
          <CoursesScreen />
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
