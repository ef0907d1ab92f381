/**
 * Grade list (spec §2 /grades): main v1 `GET /lms/student/grades` with a query kept in the
 * URL — `?q=…` (course name), `?status=approved|in_progress|failed` (absent = all),
 * `?sort=course_name|grade|status|updated_at`, `?order=asc|desc` and `?page=N` (1-based,
 * defaults left out) — so that back/forward and reload keep them; a new search, filter or
 * sort goes back to page 1. A summary (spec §3 stats: 'Média geral', 'Aprovados', 'Em
 * andamento', 'Reprovados', over the whole filtered list) heads a table whose column headers
 * are sort buttons (`aria-sort` on the sorted column); each course links to its details
 * (`/grades/course/{courseId}`). Grades are shown in the locale with one decimal (pt-BR 7,5).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getGrades } from '../../services/api/grades';
import type { GradeListQuery, GradeSort, GradeSortOrder, GradeStatus } from '../../services/contract/grades';
import { PageLoading } from '../components/page-loading';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { formatGrade, STATUS_BADGE } from './format';
import { GradesFilterMessages, GradesMessages, GradeStatusMessages } from './messages';
import styles from './grades.module.css';

/** Courses per page of the grade list. */
export const GRADES_PER_PAGE = 10;

const STATUS_FILTERS: readonly GradeStatus[] = ['approved', 'in_progress', 'failed'];
const SORTS: readonly GradeSort[] = ['course_name', 'grade', 'status', 'updated_at'];
/** Order a column starts with when first chosen: names and statuses A→Z, grades and dates highest/newest first. */
const FIRST_ORDER: Record<GradeSort, GradeSortOrder> = {
  course_name: 'asc',
  grade: 'desc',
  status: 'asc',
  updated_at: 'desc',
};

/** The list's query as kept in the URL. `status` null = every status. */
export interface GradesUrlQuery {
  q: string;
  status: GradeStatus | null;
  sort: GradeSort;
  order: GradeSortOrder;
  page: number;
}

const DEFAULTS: GradesUrlQuery = { q: '', status: null, sort: 'course_name', order: 'asc', page: 1 };

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null =>
  (values as readonly string[]).includes(raw ?? '') ? (raw as T) : null;

/** Reads `?q&status&sort&order&page`; anything malformed falls back to its default. */
export function parseGradesQuery(search: string): GradesUrlQuery {
  const params = new URLSearchParams(search);
  const rawPage = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    status: oneOf(STATUS_FILTERS, params.get('status')),
    sort: oneOf(SORTS, params.get('sort')) ?? DEFAULTS.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULTS.order,
    page: Number.isSafeInteger(rawPage) && rawPage > 0 ? rawPage : 1,
  };
}

/** `/grades` with `query`, leaving defaults out (`/grades?status=failed&sort=grade&order=desc&page=2`). */
export function gradesHref(query: Partial<GradesUrlQuery>): string {
  const params = new URLSearchParams();
  const q = query.q?.trim() ?? '';
  if (q) params.set('q', q);
  if (query.status) params.set('status', query.status);
  const sort = query.sort ?? DEFAULTS.sort;
  const order = query.order ?? DEFAULTS.order;
  if (sort !== DEFAULTS.sort || order !== DEFAULTS.order) {
    params.set('sort', sort);
    params.set('order', order);
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/grades?${search}` : '/grades';
}

/** The sortable columns (the passing grade column, between grade and status, is not sortable). */
const COLUMNS: { sort: GradeSort; label: 'columnCourse' | 'columnGrade' | 'columnStatus' | 'columnUpdated' }[] = [
  { sort: 'course_name', label: 'columnCourse' },
  { sort: 'grade', label: 'columnGrade' },
  { sort: 'status', label: 'columnStatus' },
  { sort: 'updated_at', label: 'columnUpdated' },
];

export default function GradesScreen() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const current = parseGradesQuery(useSearch());
  const { q, status, sort, order, page } = current;
  const title = intl.formatMessage(GradesMessages.title);
  usePageTitle(title);
  const apiQuery: GradeListQuery = {
    page,
    per_page: GRADES_PER_PAGE,
    sort,
    order,
    ...(q ? { search: q } : {}),
    ...(status ? { status } : {}),
  };
  const query = useQuery({
    queryKey: ['grades', apiQuery],
    queryFn: ({ signal }) => getGrades(apiQuery, signal),
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
  const go = (next: Partial<GradesUrlQuery>) => navigate(gradesHref({ ...current, page: 1, ...next }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ q: draft });
  };
  const clear = () => {
    setDraft('');
    navigate(gradesHref({ sort, order }));
    searchInput.current?.focus();
  };
  const sortBy = (column: GradeSort) =>
    go({ sort: column, order: column === sort ? (order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[column] });

  const data = query.data;
  const settled = data !== undefined && !query.isPlaceholderData;
  const ids = { search: 'grades-search', status: 'grades-status', summary: 'grades-summary' };
  const grade = (value: number | null) =>
    value === null ? intl.formatMessage(GradesMessages.noGrade) : formatGrade(intl, value);
  /** A cell's column name, shown before its value when the rows are stacked on a narrow screen. */
  const label = (column: 'columnGrade' | 'columnPassing' | 'columnStatus' | 'columnUpdated') =>
    intl.formatMessage(GradesMessages[column]);

  return (
    <section className="page">
      <h1>{title}</h1>
      {data && (
        <section aria-labelledby={ids.summary}>
          <h2 id={ids.summary}>{intl.formatMessage(GradesMessages.summary)}</h2>
          <dl className={styles.summary}>
            <div>
              <dt>{intl.formatMessage(GradesMessages.average)}</dt>
              <dd className={styles.number}>{grade(data.stats.average)}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(GradesMessages.approved)}</dt>
              <dd className={styles.number}>{intl.formatNumber(data.stats.approved)}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(GradesMessages.inProgress)}</dt>
              <dd className={styles.number}>{intl.formatNumber(data.stats.in_progress)}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(GradesMessages.failed)}</dt>
              <dd className={styles.number}>{intl.formatNumber(data.stats.failed)}</dd>
            </div>
          </dl>
        </section>
      )}
      <form
        role="search"
        className={styles.filters}
        aria-label={intl.formatMessage(GradesFilterMessages.form)}
        onSubmit={onSubmit}
      >
        <div className={`field ${styles.search}`}>
          <label htmlFor={ids.search}>{intl.formatMessage(GradesFilterMessages.searchLabel)}</label>
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
          <label htmlFor={ids.status}>{intl.formatMessage(GradesFilterMessages.statusLabel)}</label>
          <select
            id={ids.status}
            name="status"
            value={status ?? ''}
            onChange={(event) => go({ q: draft, status: (event.target.value || null) as GradeStatus | null })}
          >
            <option value="">{intl.formatMessage(GradesFilterMessages.statusAll)}</option>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage(GradeStatusMessages[s])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`button button-primary ${styles.submit}`}>
          {intl.formatMessage(GradesFilterMessages.submit)}
        </button>
      </form>
      <p role="status" className={styles.count}>
        {settled && intl.formatMessage(GradesFilterMessages.count, { count: data.pagination.total })}
      </p>
      {query.isPending && <PageLoading />}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {data && data.pagination.total === 0 && !filtered && <p>{intl.formatMessage(GradesMessages.empty)}</p>}
      {data && data.pagination.total === 0 && filtered && (
        <div className="notice">
          <p>{intl.formatMessage(GradesFilterMessages.noMatch)}</p>
          <button type="button" className="button button-secondary" onClick={clear}>
            {intl.formatMessage(GradesFilterMessages.clear)}
          </button>
        </div>
      )}
      {data && data.data.length === 0 && data.pagination.total > 0 && (
        <p>
          {intl.formatMessage(GradesMessages.pageGone)}{' '}
          <Link href={gradesHref({ ...current, page: 1 })}>{intl.formatMessage(GradesMessages.firstPage)}</Link>
        </p>
      )}
      {data && data.data.length > 0 && (
        <>
          {/* On a narrow screen each row becomes a stacked card, every value labelled by its column
              (grades.module.css); a table still too wide scrolls inside this region, reachable by keyboard. */}
          <div
            className={styles.tableWrap}
            role="region"
            tabIndex={0}
            aria-label={intl.formatMessage(GradesMessages.caption)}
          >
            <table className={styles.table} aria-busy={query.isFetching}>
              <caption>{intl.formatMessage(GradesMessages.caption)}</caption>
              <thead>
                <tr>
                  {COLUMNS.slice(0, 2).map((column) => (
                    <SortHeader key={column.sort} column={column} sort={sort} order={order} onSort={sortBy} />
                  ))}
                  <th scope="col" className={styles.plainHeader}>
                    {intl.formatMessage(GradesMessages.columnPassing)}
                  </th>
                  {COLUMNS.slice(2).map((column) => (
                    <SortHeader key={column.sort} column={column} sort={sort} order={order} onSort={sortBy} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.data.map((course) => (
                  <tr key={course.course_id}>
                    <th scope="row">
                      <Link href={`/grades/course/${course.course_id}`}>{course.course_name}</Link>
                      <span className={styles.detail}>
                        {intl.formatMessage(GradesMessages.graded, {
                          graded: course.graded_assessments,
                          total: course.total_assessments,
                        })}
                      </span>
                    </th>
                    <td className={styles.number} data-label={label('columnGrade')}>
                      {grade(course.grade)}
                    </td>
                    <td className={styles.number} data-label={label('columnPassing')}>
                      {course.passing_grade === null
                        ? intl.formatMessage(GradesMessages.noPassing)
                        : formatGrade(intl, course.passing_grade)}
                    </td>
                    <td data-label={label('columnStatus')}>
                      <span className={STATUS_BADGE[course.status]}>
                        {intl.formatMessage(GradeStatusMessages[course.status])}
                      </span>
                    </td>
                    <td className={styles.number} data-label={label('columnUpdated')}>
                      {course.updated_at ? intl.formatDate(course.updated_at, { dateStyle: 'short' }) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.pagination.last_page > 1 && (
            <nav className="pagination" aria-label={intl.formatMessage(GradesMessages.pagination)}>
              {page > 1 && (
                <Link href={gradesHref({ ...current, page: page - 1 })}>
                  {intl.formatMessage(GradesMessages.previous)}
                </Link>
              )}
              <span aria-current="page">
                {intl.formatMessage(GradesMessages.pageOf, { page, last: data.pagination.last_page })}
              </span>
              {page < data.pagination.last_page && (
                <Link href={gradesHref({ ...current, page: page + 1 })}>{intl.formatMessage(GradesMessages.next)}</Link>
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/** A sortable column header: a button naming the column; `aria-sort` only on the sorted column. */
function SortHeader({
  column,
  sort,
  order,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  sort: GradeSort;
  order: GradeSortOrder;
  onSort: (column: GradeSort) => void;
}) {
  const intl = useIntl();
  const active = column.sort === sort;
  return (
    <th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(column.sort)}>
        {intl.formatMessage(GradesMessages[column.label])}
        <span aria-hidden="true">{active ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}
