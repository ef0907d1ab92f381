/**
 * The routes of spec §2 other than /login, loaded lazily: every screen is its own chunk
 * (`React.lazy` of the route table's loaders, ./route-table.ts), and TanStack Query, the guards
 * and the signed-in layout come with this chunk rather than with the entry.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { AreaGuard, GuestOnly, IndexRoute, Protected, type AreaFlag } from '../views/guards';
import { ServerReads } from './query/server-reads';
import { SCREENS } from './route-table';
import '../styles/signed-in.css';
import { OutboxContext } from '../views/outbox/context';
import { readPromise } from '../views/components/read-promise';
import { useAppServices, type AppOutbox } from '../views/app-services';

const CoursesScreen = lazy(SCREENS.courses);
const CourseScreen = lazy(SCREENS.course);
const ModuleScreen = lazy(SCREENS.module);
const LearningObjectScreen = lazy(SCREENS.learningObject);
const GradesScreen = lazy(SCREENS.grades);
const GradeDetailsScreen = lazy(SCREENS.gradeDetails);
const PreviewScreen = lazy(SCREENS.preview);
const AttachmentsScreen = lazy(SCREENS.attachments);
const AttachmentScreen = lazy(SCREENS.attachment);
const NotFoundScreen = lazy(SCREENS.notFound);
const FinancesScreen = lazy(SCREENS.finances);
const RequestResetPasswordScreen = lazy(SCREENS.requestResetPassword);
const ResetPasswordScreen = lazy(SCREENS.resetPassword);
const AccountScreen = lazy(SCREENS.account);
const HomeScreen = lazy(SCREENS.home);
const ProfessionalizingScreen = lazy(SCREENS.professionalizing);
const TrafficScreen = lazy(SCREENS.traffic);
const GraduationScreen = lazy(SCREENS.graduation);
const TecmixScreen = lazy(SCREENS.tecmix);

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

/** A path's parameters as wouter gives them (absent ones as ''). */
type Params = Record<string, string | undefined>;
const param = (params: Params, name: string) => params[name] ?? '';

/**
 * The signed-in screens (spec §2), each behind `Protected` (signed out → /login with next_route):
 * the account page (issue 6), documents, courses → modules → learning objects, finances and grades.
 * Listed in the order the router tries them.
 */
const SIGNED_IN_ROUTES: { path: string; render: (params: Params) => ReactNode }[] = [
  { path: '/conta', render: () => <AccountScreen /> },
  { path: '/attachments', render: () => <AttachmentsScreen /> },
  { path: '/attachment/:attachment', render: (p) => <AttachmentScreen attachmentId={param(p, 'attachment')} /> },
  { path: '/courses', render: () => <CoursesScreen /> },
  { path: '/finances', render: () => <FinancesScreen /> },
  { path: '/courses/:course', render: (p) => <CourseScreen courseId={param(p, 'course')} /> },
  {
    path: '/courses/:course/modules/:module',
    render: (p) => <ModuleScreen courseId={param(p, 'course')} moduleId={param(p, 'module')} />,
  },
  { path: '/grades', render: () => <GradesScreen /> },
  { path: '/grades/course/:courseId', render: (p) => <GradeDetailsScreen courseId={param(p, 'courseId')} /> },
  {
    path: '/courses/:course/modules/:module/learningObjects/:learningObject',
    render: (p) => (
      <LearningObjectScreen
        courseId={param(p, 'course')}
        moduleId={param(p, 'module')}
        learningObjectId={param(p, 'learningObject')}
      />
    ),
  },
];

/**
 * Every route but /login (spec §2), behind TanStack Query (`ServerReads`): loaded lazily by
 * ./app-root.tsx, with the guards and the signed-in layout, so /login never downloads them.
 * Suspends until the app's outbox of progress writes (`AppServices.loadOutbox`) has loaded.
 * @param queryClient tests' own client; default the page's.
 */
export default function LazyRoutes({ queryClient }: { queryClient?: QueryClient | undefined }) {
  const { loadOutbox } = useAppServices();
  return (
    <WithOutbox load={loadOutbox}>
      <ServerReads client={queryClient}>
        <Switch>
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

          {SIGNED_IN_ROUTES.map(({ path, render }) => (
            <Route key={path} path={path}>
              {(params) => <Protected>{render(params)}</Protected>}
            </Route>
          ))}

          <Route>
            <NotFoundScreen />
          </Route>
        </Switch>
      </ServerReads>
    </WithOutbox>
  );
}

/** Provides the outbox to the screens once `load` has resolved (suspends until then). */
function WithOutbox({ load, children }: { load: () => Promise<AppOutbox>; children: ReactNode }) {
  return <OutboxContext.Provider value={readPromise(load())}>{children}</OutboxContext.Provider>;
}
