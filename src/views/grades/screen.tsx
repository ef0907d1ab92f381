/**
 * Grade list (docs/product.md §2 /grades): main v1 `GET /lms/student/grades` with a query kept in the
 * URL — `?q=…` (course name), `?status=approved|in_progress|failed` (absent = all),
 * `?sort=course_name|grade|status|updated_at`, `?order=asc|desc` and `?page=N` (1-based,
 * defaults left out) — so that back/forward and reload keep them; a new search, filter or
 * sort goes back to page 1. A summary (docs/product.md §3 stats: 'Média geral', 'Aprovados', 'Em
 * andamento', 'Reprovados', over the whole filtered list) heads a table whose column headers
 * are sort buttons (`aria-sort` on the sorted column); each course links to its details
 * (`/grades/course/{courseId}`). Grades are shown in the locale with one decimal (pt-BR 7,5).
 */
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getGrades } from '../../services/api/grades';
import { gradesKeys } from '../../services/api/keys/grades';
import type { GradeListQuery, GradeSort, GradeSortOrder, GradeStatus } from '../../services/contract/grades';
import { FIRST_ORDER, gradesApiQuery, gradesUrlQuery, parseGradesQuery, STATUS_FILTERS } from './url-query';
import { ListFilter, PageGone, Pagination, usePageFocus } from '../components/list-filter';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import { EmptyState, EmptyStateMessages } from '../components/empty-state';
import { Skeleton } from '../components/skeleton';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { useUrlQuery } from '../components/use-url-query';
import { formatGrade, STATUS_BADGE } from './format';
import { GradesFilterMessages, GradesMessages, GradeStatusMessages } from './messages';
import { ProgressWords } from '../components/vocabulary';
import styles from './grades.module.css';
import { ROUTE_PATHS } from '../../services/navigation/routes';
import { gradeDetailsLink } from '../../services/navigation/links';
import { useContentVisible } from '../components/use-content-visible';

/** The sortable columns (the passing grade column, between grade and status, is not sortable). */
const COLUMNS: { sort: GradeSort; label: 'columnCourse' | 'columnGrade' | 'columnStatus' | 'columnUpdated' }[] = [
  { sort: 'course_name', label: 'columnCourse' },
  { sort: 'grade', label: 'columnGrade' },
  { sort: 'status', label: 'columnStatus' },
  { sort: 'updated_at', label: 'columnUpdated' },
];

/** The list's read for `apiQuery` (the screen's and its startup read's: one key, one request). */
const gradesListQuery = (apiQuery: GradeListQuery) =>
  queryOptions({ queryKey: gradesKeys.list(apiQuery), queryFn: ({ signal }) => getGrades(apiQuery, signal) });

/**
 * The screen's startup read (src/app/startup-reads.ts, `reads: 'screen'` in the route table),
 * asked for as soon as the app has booted on a page load of this screen — while the saved reads
 * are restored and the screen's code starts — with the same query options as the screen, so the
 * screen finds the answer in the query cache. The list page the address's
 * `search` (`?q=…&page=…`, or '') shows.
 * Resolves once settled; never rejects (a failure is left to the screen).
 */
export function prefetchReads(client: QueryClient, search: string): Promise<void> {
  return client.prefetchQuery(gradesListQuery(gradesApiQuery(parseGradesQuery(search))));
}

export default function GradesScreen() {
  const intl = useIntl();
  const { query: current, hrefWith, apply, clear } = useUrlQuery(gradesUrlQuery);
  const { q, status, sort, order, page } = current;
  const title = intl.formatMessage(GradesMessages.title);
  usePageTitle(title);
  const apiQuery = gradesApiQuery(current);
  const query = useQuery({ ...gradesListQuery(apiQuery), placeholderData: keepPreviousData });
  const filtered = q !== '' || status !== null;
  const sortBy = (column: GradeSort) =>
    apply({ sort: column, order: column === sort ? (order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[column] });

  const data = query.data;
  const settled = data !== undefined && !query.isPlaceholderData;
  const { resultsRef, onNavigate } = usePageFocus(settled);
  useContentVisible('grades', data !== undefined);
  const ids = { summary: 'grades-summary' };
  const grade = (value: number | null) =>
    value === null ? intl.formatMessage(GradesMessages.noGrade) : formatGrade(intl, value);
  /** A cell's column name, shown before its value when the rows are stacked on a narrow screen. */
  const label = (column: 'columnGrade' | 'columnPassing' | 'columnStatus' | 'columnUpdated') =>
    intl.formatMessage(GradesMessages[column]);

  const pendingValue = (
    <span className={styles.pendingValue} aria-hidden="true">
      —
    </span>
  );

  return (
    <section className="page">
      <h1>{title}</h1>
      {/* While the list loads, the summary keeps its place (its values a dash hidden from
          screen readers): the filters below it do not move when the figures arrive. */}
      {(data || query.isPending) && (
        <section aria-labelledby={ids.summary}>
          <h2 id={ids.summary}>{intl.formatMessage(GradesMessages.summary)}</h2>
          <dl className={styles.summary}>
            <div>
              <dt>{intl.formatMessage(GradesMessages.average)}</dt>
              <dd className={styles.number}>{data ? grade(data.stats.average) : pendingValue}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(GradesMessages.approved)}</dt>
              <dd className={styles.number}>{data ? intl.formatNumber(data.stats.approved) : pendingValue}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(ProgressWords.inProgress)}</dt>
              <dd className={styles.number}>{data ? intl.formatNumber(data.stats.in_progress) : pendingValue}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(GradesMessages.failed)}</dt>
              <dd className={styles.number}>{data ? intl.formatNumber(data.stats.failed) : pendingValue}</dd>
            </div>
          </dl>
        </section>
      )}
      <ListFilter
        label={intl.formatMessage(GradesFilterMessages.form)}
        search={{ label: intl.formatMessage(GradesFilterMessages.searchLabel), value: q }}
        submitLabel={intl.formatMessage(GradesFilterMessages.submit)}
        selects={[
          {
            name: 'status',
            label: intl.formatMessage(GradesFilterMessages.statusLabel),
            value: status ?? '',
            options: [
              { value: '', label: intl.formatMessage(GradesFilterMessages.statusAll) },
              ...STATUS_FILTERS.map((s) => ({ value: s, label: intl.formatMessage(GradeStatusMessages[s]) })),
            ],
          },
        ]}
        onApply={({ search, selects }) =>
          apply({ q: search, status: (selects['status'] || null) as GradeStatus | null })
        }
        results={settled ? intl.formatMessage(GradesFilterMessages.count, { count: data.pagination.total }) : ''}
        page={settled ? { page, last: data.pagination.last_page } : undefined}
        noMatch={
          data && data.pagination.total === 0 && filtered
            ? {
                text: intl.formatMessage(GradesFilterMessages.noMatch),
                clearLabel: intl.formatMessage(GradesFilterMessages.clear),
              }
            : null
        }
        onClear={() => clear({ sort, order })}
        resultsRef={resultsRef}
      />
      {query.isPending && <Skeleton kind="table" count={6} />}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {data && data.pagination.total === 0 && !filtered && (
        <EmptyState
          icon={ClipboardList}
          title={intl.formatMessage(GradesMessages.empty)}
          text={intl.formatMessage(GradesMessages.emptyHint)}
          action={{ label: intl.formatMessage(EmptyStateMessages.seeCourses), href: ROUTE_PATHS.courses }}
        />
      )}
      {data && data.data.length === 0 && data.pagination.total > 0 && <PageGone firstHref={hrefWith({ page: 1 })} />}
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
                      <Link href={gradeDetailsLink(course.course_id)}>{course.course_name}</Link>
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
          <Pagination
            label={intl.formatMessage(GradesMessages.pagination)}
            page={page}
            last={data.pagination.last_page}
            hrefFor={(n) => hrefWith({ page: n })}
            onNavigate={onNavigate}
          />
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
