/**
 * Course list (spec §2 /courses): v2 `GET /lms/courses` with `page` from the URL
 * (`?page=N`, 1-based), each card with its progress and status.
 */
import { useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getCourses } from '../../services/api/lms';
import type { CourseStatus } from '../../services/contract';
import { PageLoading } from '../components/page-loading';
import { ProgressBar } from '../components/progress-bar';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { CoursesMessages } from './messages';

/** Courses per page of the list. */
export const COURSES_PER_PAGE = 12;

const STATUS_TEXT: Record<CourseStatus, 'statusNotStarted' | 'statusInProgress' | 'statusCompleted'> = {
  not_started: 'statusNotStarted',
  in_progress: 'statusInProgress',
  completed: 'statusCompleted',
};

export default function CoursesScreen() {
  const intl = useIntl();
  const search = useSearch();
  const rawPage = Number(new URLSearchParams(search).get('page') ?? '1');
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const title = intl.formatMessage(CoursesMessages.title);
  usePageTitle(title);
  const query = useQuery({
    queryKey: ['courses', { page, per_page: COURSES_PER_PAGE }],
    queryFn: ({ signal }) => getCourses({ page, per_page: COURSES_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="page">
      <h1>{title}</h1>
      {query.isPending && <PageLoading />}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && query.data.data.length === 0 && <p>{intl.formatMessage(CoursesMessages.empty)}</p>}
      {query.data && query.data.data.length > 0 && (
        <>
          <ul className="card-grid" aria-busy={query.isFetching}>
            {query.data.data.map((course) => (
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
          {query.data.pagination.last_page > 1 && (
            <nav className="pagination" aria-label={intl.formatMessage(CoursesMessages.pagination)}>
              {page > 1 && (
                <Link href={`/courses?page=${page - 1}`}>{intl.formatMessage(CoursesMessages.previous)}</Link>
              )}
              <span aria-current="page">
                {intl.formatMessage(CoursesMessages.pageOf, { page, last: query.data.pagination.last_page })}
              </span>
              {page < query.data.pagination.last_page && (
                <Link href={`/courses?page=${page + 1}`}>{intl.formatMessage(CoursesMessages.next)}</Link>
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}
