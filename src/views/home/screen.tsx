/**
 * Home (`/home`, platform 1) and index (`/`, other platforms) dashboard (docs/product.md §2):
 * banners of main v1 `GET /content/banners?isVisibleEad=1` in an accessible carousel (not on a
 * platform with `options.show_banners: false`: neither read nor shown), shortcuts
 * to the areas the student's flags open (docs/product.md §6: Profissionalizante always; Trânsito with
 * is_aprovat_user; Graduação with is_lxp_user; EJA with is_eja_user), and `GET /users/dashboard`:
 * unfinished courses with progress and 'Continuar', upcoming items and the pending bills count.
 * Course cards use the shared `card-grid` / `card` classes, so the `streaming` template shows
 * them as a row of large cards.
 */
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getBanners, getDashboard } from '../../services/api/home';
import type { SessionUser } from '../../services/contract/session';
import type { Dashboard } from '../../services/contract/home';
import { areaFlagOf, ROUTE_PATHS, type AreaFlag, type RouteName } from '../../services/navigation/routes';
import { courseLink, learningObjectLink } from '../../services/navigation/links';
import { useOnline } from '../components/use-online';
import CircleCheck from 'lucide-react/icons/circle-check';
import { EmptyState, EmptyStateMessages } from '../components/empty-state';
import { Skeleton } from '../components/skeleton';
import { ProgressBar } from '../components/progress-bar';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { ScreenMessages } from '../components/screen-titles';
import { useCurrentUser } from '../session-context';
import { useShowBanners } from '../platform-context';
import { BannerCarousel } from './carousel';
import { HomeMessages } from './messages';
import { AssessmentWords, BillStateWords } from '../components/vocabulary';
import { isPastDay } from './upcoming';
import styles from './home.module.css';
import { homeKeys } from '../../services/api/keys/home';
import { useContentVisible } from '../components/use-content-visible';

/** An area shortcut: where it leads, its name, and the flag it needs (none = everyone). */
export interface AreaShortcut {
  path: string;
  title: MessageDescriptor;
  flag?: AreaFlag;
}

/** The shortcut to area `route`: its path, and the flag its guard asks for (src/services/navigation/routes.ts). */
function areaShortcut(route: RouteName, title: MessageDescriptor): AreaShortcut {
  const flag = areaFlagOf(route);
  return { path: ROUTE_PATHS[route], title, ...(flag ? { flag } : {}) };
}

/** Every student area, in display order (docs/product.md §2, §6). */
export const AREA_SHORTCUTS: readonly AreaShortcut[] = [
  areaShortcut('professionalizing', ScreenMessages.professionalizing),
  areaShortcut('traffic', ScreenMessages.traffic),
  areaShortcut('graduation', ScreenMessages.graduation),
  areaShortcut('tecmix', ScreenMessages.tecmix),
];

/** The areas `user` may open. */
export const areasFor = (user: SessionUser | null): AreaShortcut[] =>
  AREA_SHORTCUTS.filter((area) => !area.flag || user?.[area.flag] === true);

/** The student's dashboard read (`GET /users/dashboard`). */
const dashboardQuery = queryOptions({ queryKey: homeKeys.dashboard, queryFn: ({ signal }) => getDashboard(signal) });
const useDashboard = () => useQuery(dashboardQuery);

/**
 * The screen's startup read (src/app/startup-reads.ts, `reads: 'screen'` in the route table),
 * asked for as soon as the app has booted on a page load of this screen — while the saved reads
 * are restored and the screen's code starts — with the same query options as the screen, so the
 * screen finds the answer in the query cache. The dashboard (the banners wait
 * for the platform, which says whether it shows them).
 * Resolves once settled; never rejects (a failure is left to the screen).
 */
export function prefetchReads(client: QueryClient): Promise<void> {
  return client.prefetchQuery(dashboardQuery);
}

/** The dashboard; `index` = the `/` route (heading 'Início'), else `/home` ('Página inicial'). */
export default function HomeScreen({ index = false }: { index?: boolean }) {
  const intl = useIntl();
  const user = useCurrentUser();
  const heading = intl.formatMessage(index ? ScreenMessages.index : ScreenMessages.home);
  usePageTitle(heading);
  const dashboard = useDashboard();
  // A platform with `options.show_banners: false` has no carousel: nothing is read.
  const showBanners = useShowBanners() === true;
  const banners = useQuery({
    queryKey: homeKeys.banners,
    queryFn: ({ signal }) => getBanners(signal),
    enabled: showBanners,
  });
  // No layout shift (docs/performance.md): what sits below the carousel shows once the carousel's
  // place is known — no banners on this platform, the banners read settled, or nothing to wait
  // for offline — so the banners never push the shortcuts and the dashboard down.
  const online = useOnline();
  const bannersSettled =
    showBanners === false ||
    !online ||
    (showBanners === true && (banners.status !== 'pending' || banners.fetchStatus === 'paused'));
  useContentVisible('home', bannersSettled && dashboard.data !== undefined);

  return (
    <section className="page">
      <h1>{heading}</h1>
      {user && <p>{intl.formatMessage(HomeMessages.greeting, { name: user.name.split(' ')[0] ?? user.name })}</p>}

      {showBanners && banners.isError && <QueryError error={banners.error} onRetry={() => void banners.refetch()} />}
      {showBanners && banners.data && banners.data.length > 0 && (
        <BannerCarousel key={banners.data.map((b) => b.id).join(',')} banners={banners.data} />
      )}

      {!bannersSettled && <Skeleton kind="card" count={2} className="card-grid" />}
      {bannersSettled && <HomeBody user={user} dashboard={dashboard} />}
    </section>
  );
}

/** The area shortcuts and the dashboard (its loading, error and content states). */
function HomeBody({ user, dashboard }: { user: SessionUser | null; dashboard: ReturnType<typeof useDashboard> }) {
  const intl = useIntl();
  return (
    <>
      <nav aria-label={intl.formatMessage(HomeMessages.areasNav)}>
        <h2>{intl.formatMessage(HomeMessages.areasTitle)}</h2>
        <ul className={styles.shortcuts}>
          {areasFor(user).map((area) => (
            <li key={area.path}>
              <Link href={area.path}>{intl.formatMessage(area.title)}</Link>
            </li>
          ))}
        </ul>
      </nav>

      {dashboard.isPending && <Skeleton kind="card" count={2} className="card-grid" />}
      {dashboard.isError && <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />}
      {dashboard.data && <DashboardContent data={dashboard.data} />}
    </>
  );
}

function DashboardContent({ data }: { data: Dashboard }) {
  const intl = useIntl();
  return (
    <>
      <section className={styles.section} aria-labelledby="home-courses-title">
        <h2 id="home-courses-title">{intl.formatMessage(HomeMessages.coursesTitle)}</h2>
        {data.courses.length === 0 ? (
          <EmptyState icon={CircleCheck} title={intl.formatMessage(HomeMessages.noCourses)} />
        ) : (
          <ul className="card-grid">
            {data.courses.map((course) => {
              const next = course.continue_learning_object;
              return (
                <li key={course.id} className="card">
                  <h3 className="card-title">
                    <Link href={courseLink(course.id)}>{course.name}</Link>
                  </h3>
                  <ProgressBar percent={course.progress} label={`${course.name}: ${course.progress}%`} />
                  <p>
                    <Link
                      className="button button-primary"
                      href={next ? learningObjectLink(course.id, next.module_id, next.id) : courseLink(course.id)}
                      aria-label={`${intl.formatMessage(next ? HomeMessages.continue : HomeMessages.openCourse)}: ${course.name}`}
                    >
                      {intl.formatMessage(next ? HomeMessages.continue : HomeMessages.openCourse)}
                    </Link>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        <p>
          <Link href={ROUTE_PATHS.courses}>{intl.formatMessage(HomeMessages.allCourses)}</Link>
        </p>
      </section>

      <section className={styles.section} aria-labelledby="home-upcoming-title">
        <h2 id="home-upcoming-title">{intl.formatMessage(HomeMessages.upcomingTitle)}</h2>
        <p>
          {intl.formatMessage(HomeMessages.pendingBills, { count: data.pending_bills })}{' '}
          {data.pending_bills > 0 && (
            <Link href={ROUTE_PATHS.finances}>{intl.formatMessage(HomeMessages.seeBills)}</Link>
          )}
        </p>
        {data.upcoming.length === 0 ? (
          <EmptyState
            icon={CircleCheck}
            title={intl.formatMessage(HomeMessages.noUpcoming)}
            text={intl.formatMessage(HomeMessages.noUpcomingHint)}
            action={{ label: intl.formatMessage(EmptyStateMessages.seeCourses), href: ROUTE_PATHS.courses }}
          />
        ) : (
          <ul className={styles.upcoming}>
            {data.upcoming.map((item) => (
              <li key={`${item.kind}-${item.link}-${item.title}-${item.date}`}>
                <span className="badge">
                  {intl.formatMessage(item.kind === 'bill' ? HomeMessages.bill : HomeMessages.assessment)}
                </span>
                <Link href={item.link}>{item.title}</Link>
                <time dateTime={item.date}>
                  {intl.formatDate(`${item.date}T12:00:00Z`, { dateStyle: 'short', timeZone: 'UTC' })}
                </time>
                {/* Past dates are not "upcoming": say what they are, in the words of /finances and
                    /grades — an overdue bill in danger, an assessment waiting for its grade neutral. */}
                {isPastDay(item.date) &&
                  (item.kind === 'bill' ? (
                    <span className="badge badge-danger">{intl.formatMessage(BillStateWords.overdue)}</span>
                  ) : (
                    <span className="badge">{intl.formatMessage(AssessmentWords.awaitingGrade)}</span>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
