/**
 * Providers (IntlProvider, session actor, query client) and the route table of spec §2.
 * Public routes: /login, /requestResetPassword, /resetPassword, /lo/preview/{id};
 * every other known route needs a session (guards in `views/guards.tsx`).
 */
import { lazy, Suspense, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { DEFAULT_LOCALE, type Translations } from './i18n';
import { isTransient } from './services/http/errors';
import { SessionContext, type SessionRef } from './views/session-context';
import { AreaGuard, GuestOnly, IndexRoute, Protected } from './views/guards';
import { LoginScreen } from './views/login/screen';
import { PageLoading } from './views/components/page-loading';
import { ScreenMessages } from './views/placeholder/messages';

const CoursesScreen = lazy(() => import('./views/courses/screen'));
const CourseScreen = lazy(() => import('./views/course/screen'));
const ModuleScreen = lazy(() => import('./views/module/screen'));
const LearningObjectScreen = lazy(() => import('./views/learning-object/screen'));
const PlaceholderScreen = lazy(() => import('./views/placeholder/screen'));
const NotFoundScreen = lazy(() => import('./views/not-found/screen'));

/** Reads are retried (by ky) only when transient; TanStack Query adds one more try for those. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && isTransient(error),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export interface AppProps {
  session: SessionRef;
  translations: Translations | null;
  /** Injected in tests; the app makes its own otherwise. */
  queryClient?: QueryClient;
}

/** The mounted application. */
export function App({ session, translations, queryClient }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
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
          <Suspense fallback={<PageLoading />}>
            <Routes />
          </Suspense>
        </SessionContext.Provider>
      </QueryClientProvider>
    </IntlProvider>
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
      <Route path="/requestResetPassword">
        <PlaceholderScreen title={ScreenMessages.requestResetPassword} publicPage />
      </Route>
      <Route path="/resetPassword">
        <PlaceholderScreen title={ScreenMessages.resetPassword} publicPage />
      </Route>
      <Route path="/lo/preview/:learningObject">
        <PlaceholderScreen title={ScreenMessages.preview} publicPage />
      </Route>

      <Route path="/">
        <Protected>
          <IndexRoute>
            <PlaceholderScreen title={ScreenMessages.index} />
          </IndexRoute>
        </Protected>
      </Route>
      <Route path="/home">
        <Protected>
          <PlaceholderScreen title={ScreenMessages.home} />
        </Protected>
      </Route>
      <Route path="/profissionalizante">
        <Protected>
          <PlaceholderScreen title={ScreenMessages.professionalizing} />
        </Protected>
      </Route>
      <Route path="/transito">
        <Protected>
          <AreaGuard flag="is_aprovat_user">
            <PlaceholderScreen title={ScreenMessages.traffic} />
          </AreaGuard>
        </Protected>
      </Route>
      <Route path="/graduacao">
        <Protected>
          <AreaGuard flag="is_lxp_user">
            <PlaceholderScreen title={ScreenMessages.graduation} />
          </AreaGuard>
        </Protected>
      </Route>
      <Route path="/tecmix">
        <Protected>
          <AreaGuard flag="is_eja_user">
            <PlaceholderScreen title={ScreenMessages.tecmix} />
          </AreaGuard>
        </Protected>
      </Route>

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

      <Route path="/grades">
        <Protected>
          <PlaceholderScreen title={ScreenMessages.grades} />
        </Protected>
      </Route>
      <Route path="/grades/course/:courseId">
        <Protected>
          <PlaceholderScreen title={ScreenMessages.gradeDetails} />
        </Protected>
      </Route>
      <Route path="/attachments">
        <Protected>
          <PlaceholderScreen title={ScreenMessages.attachments} />
        </Protected>
      </Route>
      <Route path="/attachment/:attachment">
        <Protected>
          <PlaceholderScreen title={ScreenMessages.attachment} />
        </Protected>
      </Route>
      <Route path="/finances">
        <Protected>
          <PlaceholderScreen title={ScreenMessages.finances} />
        </Protected>
      </Route>

      <Route>
        <NotFoundScreen />
      </Route>
    </Switch>
  );
}
