/**
 * Course list (spec §2 /courses): v2 `GET /lms/courses` with a query kept in the URL —
 * `?q=…` (search by name), `?status=…` (`in_progress` | `completed` | `not_started`;
 * absent = all) and `?page=N` (1-based) — so that back/forward and reload keep them;
 * a new search or filter goes back to page 1. The number of courses found is announced
 * politely; an empty result offers to clear the filters. Each card shows its progress and
 * status; the `streaming` template lays the cards out in one horizontal row (global.css).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CourseStatus } from '../../services/contract';
import { PageLoading } from '../components/page-loading';
import { ProgressBar } from '../components/progress-bar';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { CoursesFilterMessages, CoursesMessages } from './messages';
import styles from './courses.module.css';
import { ShortVideos } from '../short-videos/lazy';
import { coursesApiQuery, coursesHref, parseCoursesQuery, STATUS_FILTERS } from './url-query';
import { coursesQuery } from '../../services/api/lms-queries';

export { COURSES_PER_PAGE, coursesHref, parseCoursesQuery, type CoursesUrlQuery } from './url-query';

const STATUS_TEXT: Record<CourseStatus, 'statusNotStarted' | 'statusInProgress' | 'statusCompleted'> = {
  not_started: 'statusNotStarted',
  in_progress: 'statusInProgress',
  completed: 'statusCompleted',
};

export default function CoursesScreen() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const { q, status, page } = parseCoursesQuery(useSearch());
  const title = intl.formatMessage(CoursesMessages.title);
  usePageTitle(title);
  const apiQuery = coursesApiQuery({ q, status, page });
  const query = useQuery({
    ...coursesQuery(apiQuery),
    placeholderData: keepPreviousData,
  });

  // The search field follows the URL (back/forward, 'Limpar filtros') and the student's typing.
  const [draft, setDraft] = useState(q);
  const [draftOf, setDraftOf] = useState(q);
  if (draftOf !== q) {
    setDraftOf(q);
    setDraft(q);
  }
  const searchInput = useRef<HTMLInputElement>(null);
  const filtered = q !== '' || status !== null;
  const apply = (next: { q: string; status: CourseStatus | null }) => navigate(coursesHref({ ...next, page: 1 }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply({ q: draft, status });
  };
  const clear = () => {
    setDraft('');
    navigate('/courses');
    searchInput.current?.focus();
  };

  const data = query.data;
  const settled = data !== undefined && !query.isPlaceholderData;
  const ids = { search: 'courses-search', status: 'courses-status' };

  return (
    <section className="page">
      <h1>{title}</h1>
      <form
        role="search"
        className={styles.filters}
        aria-label={intl.formatMessage(CoursesFilterMessages.form)}
        onSubmit={onSubmit}
      >
        <div className={`field ${styles.search}`}>
          <label htmlFor={ids.search}>{intl.formatMessage(CoursesFilterMessages.searchLabel)}</label>
          <input
            ref={searchInput}
            id={ids.search}
            type="search"
            name="q"
            maxLength={200}
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.status}>{intl.formatMessage(CoursesFilterMessages.statusLabel)}</label>
          <select
            id={ids.status}
            name="status"
            value={status ?? ''}
            onChange={(event) => apply({ q: draft, status: (event.target.value || null) as CourseStatus | null })}
          >
            <option value="">{intl.formatMessage(CoursesFilterMessages.statusAll)}</option>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage(CoursesMessages[STATUS_TEXT[s]])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`button button-primary ${styles.submit}`}>
          {intl.formatMessage(CoursesFilterMessages.submit)}
        </button>
      </form>
      <p role="status" className={styles.count}>
        {settled && intl.formatMessage(CoursesFilterMessages.count, { count: data.pagination.total })}
      </p>
      {query.isPending && <PageLoading />}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {data && data.data.length === 0 && data.pagination.total === 0 && !filtered && (
        <p>{intl.formatMessage(CoursesMessages.empty)}</p>
      )}
      {data && data.data.length === 0 && data.pagination.total === 0 && filtered && (
        <div className="notice">
          <p>{intl.formatMessage(CoursesFilterMessages.noMatch)}</p>
          <button type="button" className="button button-secondary" onClick={clear}>
            {intl.formatMessage(CoursesFilterMessages.clear)}
          </button>
        </div>
      )}
      {data && data.data.length === 0 && data.pagination.total > 0 && (
        <p>
          {intl.formatMessage(CoursesFilterMessages.pageGone)}{' '}
          <Link href={coursesHref({ q, status, page: 1 })}>{intl.formatMessage(CoursesFilterMessages.firstPage)}</Link>
        </p>
      )}
      {data && data.data.length > 0 && (
        <>
          <ul className="card-grid" aria-busy={query.isFetching}>
            {data.data.map((course) => (
              <li key={course.id} className="card">
                <h2 className="card-title">
                  <Link href={`/courses/${course.id}`}>{course.name}</Link>
                </h2>
                <p className="card-text">{course.description}</p>
                <p className="card-meta">
                  <span className={`badge badge-${course.status}`}>
                    {intl.formatMessage(CoursesMessages[STATUS_TEXT[course.status]])}
                  </span>{' '}
                  <span>{intl.formatMessage(CoursesMessages.modules, { count: course.modules_count })}</span>
                </p>
                <ProgressBar percent={course.progress} label={`${course.name}: ${course.progress}%`} />
              </li>
            ))}
          </ul>
          {data.pagination.last_page > 1 && (
            <nav className="pagination" aria-label={intl.formatMessage(CoursesMessages.pagination)}>
              {page > 1 && (
                <Link href={coursesHref({ q, status, page: page - 1 })}>
                  {intl.formatMessage(CoursesMessages.previous)}
                </Link>
              )}
              <span aria-current="page">
                {intl.formatMessage(CoursesMessages.pageOf, { page, last: data.pagination.last_page })}
              </span>
              {page < data.pagination.last_page && (
                <Link href={coursesHref({ q, status, page: page + 1 })}>
                  {intl.formatMessage(CoursesMessages.next)}
                </Link>
              )}
            </nav>
          )}
        </>
      )}
      {/* After the list has settled: nothing below it moves when the courses arrive (no layout shift). */}
      {!query.isPending && <ShortVideos />}
    </section>
  );
}
