/**
 * The routes of spec §2 other than /login, loaded lazily (issue 9): every screen is its own
 * chunk (`React.lazy`), and TanStack Query, the guards and the signed-in layout come with
 * this chunk rather than with the entry.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { AreaGuard, GuestOnly, IndexRoute, Protected, type AreaFlag } from './views/guards';
import { ServerReads } from './server-reads';
import { SCREENS } from './screens';
import './styles/signed-in.css';
import { OutboxContext } from './views/outbox/context';
import { readPromise } from './views/components/read-promise';
import type { AppOutbox } from './wiring-outbox';

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

/**
 * Every route but /login (spec §2), behind TanStack Query (`ServerReads`): loaded lazily by
 * app.tsx, with the guards and the signed-in layout, so /login never downloads them (issue 9).
 * @param queryClient tests' own client; default the page's.
 * @param loadOutbox the page's outbox of progress writes (suspends until it has loaded).
 */
export default function ReadingRoutes({
  queryClient,
  loadOutbox,
}: {
  queryClient?: QueryClient | undefined;
  loadOutbox: () => Promise<AppOutbox>;
}) {
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
      </ServerReads>
    </WithOutbox>
  );
}

/** Provides the outbox to the screens once `load` has resolved (suspends until then). */
function WithOutbox({ load, children }: { load: () => Promise<AppOutbox>; children: ReactNode }) {
  return <OutboxContext.Provider value={readPromise(load())}>{children}</OutboxContext.Provider>;
}
