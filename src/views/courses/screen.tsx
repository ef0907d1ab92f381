/**
 * Course list (docs/product.md §2 /courses): v2 `GET /lms/courses` with a query kept in the URL —
 * `?q=…` (search by name), `?status=…` (`in_progress` | `completed` | `not_started`;
 * absent = all) and `?page=N` (1-based) — so that back/forward and reload keep them;
 * a new search or filter goes back to page 1. The number of courses found is announced
 * politely; an empty result offers to clear the filters. Each card shows its progress and
 * status; the `streaming` template lays the cards out in one horizontal row (global.css).
 */
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'wouter';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CourseStatus } from '../../services/contract/lms';
import { ListFilter, PageGone, Pagination, usePageFocus } from '../components/list-filter';
import Library from 'lucide-react/icons/library';
import { EmptyState, EmptyStateMessages } from '../components/empty-state';
import { Skeleton } from '../components/skeleton';
import { ProgressBar } from '../components/progress-bar';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { useUrlQuery } from '../components/use-url-query';
import { CoursesFilterMessages, CoursesMessages } from './messages';
import { ShortVideos } from '../short-videos/lazy';
import { coursesApiQuery, coursesUrlQuery, STATUS_FILTERS } from './url-query';
import { coursesQuery } from '../../services/api/lms-queries';
import { ROUTE_PATHS } from '../../services/navigation/routes';
import { courseLink } from '../../services/navigation/links';
import { OfflineBadge } from '../downloads/badge';
import { ProgressWords } from '../components/vocabulary';
import { useContentVisible } from '../components/use-content-visible';

export { COURSES_PER_PAGE, coursesHref, parseCoursesQuery, type CoursesUrlQuery } from './url-query';

const STATUS_TEXT: Record<CourseStatus, MessageDescriptor> = {
  not_started: ProgressWords.notStarted,
  in_progress: ProgressWords.inProgress,
  completed: ProgressWords.completed,
};

export default function CoursesScreen() {
  const intl = useIntl();
  const { query: urlQuery, hrefWith, apply, clear } = useUrlQuery(coursesUrlQuery);
  const { q, status, page } = urlQuery;
  const title = intl.formatMessage(CoursesMessages.title);
  usePageTitle(title);
  const query = useQuery({
    ...coursesQuery(coursesApiQuery(urlQuery)),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const settled = data !== undefined && !query.isPlaceholderData;
  const { resultsRef, onNavigate } = usePageFocus(settled);
  useContentVisible('courses', data !== undefined);
  const filtered = q !== '' || status !== null;

  return (
    <section className="page">
      <h1>{title}</h1>
      <ListFilter
        label={intl.formatMessage(CoursesFilterMessages.form)}
        search={{ label: intl.formatMessage(CoursesFilterMessages.searchLabel), value: q }}
        submitLabel={intl.formatMessage(CoursesFilterMessages.submit)}
        selects={[
          {
            name: 'status',
            label: intl.formatMessage(CoursesFilterMessages.statusLabel),
            value: status ?? '',
            options: [
              { value: '', label: intl.formatMessage(CoursesFilterMessages.statusAll) },
              ...STATUS_FILTERS.map((s) => ({ value: s, label: intl.formatMessage(STATUS_TEXT[s]) })),
            ],
          },
        ]}
        onApply={({ search, selects }) =>
          apply({ q: search, status: (selects['status'] || null) as CourseStatus | null })
        }
        results={settled ? intl.formatMessage(CoursesFilterMessages.count, { count: data.pagination.total }) : ''}
        page={settled ? { page, last: data.pagination.last_page } : undefined}
        noMatch={
          data && data.pagination.total === 0 && filtered
            ? {
                text: intl.formatMessage(CoursesFilterMessages.noMatch),
                clearLabel: intl.formatMessage(CoursesFilterMessages.clear),
              }
            : null
        }
        onClear={() => clear()}
        resultsRef={resultsRef}
      />
      {query.isPending && <Skeleton kind="card" count={6} className="card-grid" />}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {data && data.data.length === 0 && data.pagination.total === 0 && !filtered && (
        <EmptyState
          icon={Library}
          title={intl.formatMessage(CoursesMessages.empty)}
          text={intl.formatMessage(CoursesMessages.emptyHint)}
          action={{ label: intl.formatMessage(EmptyStateMessages.goHome), href: ROUTE_PATHS.home }}
        />
      )}
      {data && data.data.length === 0 && data.pagination.total > 0 && <PageGone firstHref={hrefWith({ page: 1 })} />}
      {data && data.data.length > 0 && (
        <>
          <ul className="card-grid" aria-busy={query.isFetching}>
            {data.data.map((course) => (
              <li key={course.id} className="card">
                <h2 className="card-title">
                  <Link href={courseLink(course.id)}>{course.name}</Link>
                </h2>
                <p className="card-text">{course.description}</p>
                <p className="card-meta">
                  <span className={`badge badge-${course.status}`}>
                    {intl.formatMessage(STATUS_TEXT[course.status])}
                  </span>{' '}
                  <span>{intl.formatMessage(CoursesMessages.modules, { count: course.modules_count })}</span>{' '}
                  <OfflineBadge kind="course" id={course.id} />
                </p>
                <ProgressBar percent={course.progress} label={`${course.name}: ${course.progress}%`} />
              </li>
            ))}
          </ul>
          <Pagination
            label={intl.formatMessage(CoursesMessages.pagination)}
            page={page}
            last={data.pagination.last_page}
            hrefFor={(n) => hrefWith({ page: n })}
            onNavigate={onNavigate}
          />
        </>
      )}
      {/* After the list has settled: nothing below it moves when the courses arrive (no layout shift). */}
      {!query.isPending && <ShortVideos />}
    </section>
  );
}
