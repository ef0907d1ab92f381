/**
 * The grade list's query as kept in the URL (docs/product.md §2 /grades: `?q&status&sort&order&page`), and
 * the API query it asks for. Apart from the screen so that the inline loader's early read
 * (src/app/early-reads.ts, evaluated at build time) asks for the same page without the screen.
 */
import type { GradeListQuery, GradeSort, GradeSortOrder, GradeStatus } from '../../services/contract/grades';
import { defineUrlQuery, oneOfField, pageField, textField } from '../../services/navigation/url-query';
import { ROUTE_PATHS } from '../../services/navigation/routes';

/** Courses per page of the grade list. */
export const GRADES_PER_PAGE = 10;

/** The status filter's options (after 'Todos'). */
export const STATUS_FILTERS: readonly GradeStatus[] = ['approved', 'in_progress', 'failed'];
const SORTS: readonly GradeSort[] = ['course_name', 'grade', 'status', 'updated_at'];
/** Order a column starts with when first chosen: names and statuses A→Z, grades and dates highest/newest first. */
export const FIRST_ORDER: Record<GradeSort, GradeSortOrder> = {
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

/** `/grades?q&status&sort&order&page`; a sort is always written with its order. */
export const gradesUrlQuery = defineUrlQuery(
  ROUTE_PATHS.grades,
  {
    q: textField(),
    status: oneOfField(STATUS_FILTERS),
    sort: oneOfField(SORTS, 'course_name'),
    order: oneOfField(['asc', 'desc'] as const, 'asc'),
    page: pageField(),
  },
  { together: [['sort', 'order']] },
);

/** Reads `?q&status&sort&order&page`; anything malformed falls back to its default. */
export const parseGradesQuery = (search: string): GradesUrlQuery => gradesUrlQuery.parse(search);

/** `/grades` with `query`, leaving defaults out (`/grades?status=failed&sort=grade&order=desc&page=2`). */
export const gradesHref = (query: Partial<GradesUrlQuery>): string => gradesUrlQuery.href(query);

/**
 * The main v1 `GET /lms/student/grades` query of a URL query: one page of `GRADES_PER_PAGE`, in the
 * URL's sort and order, with the search (`search`) and status when set.
 */
export function gradesApiQuery({ q, status, sort, order, page }: GradesUrlQuery): GradeListQuery {
  return {
    page,
    per_page: GRADES_PER_PAGE,
    sort,
    order,
    ...(q ? { search: q } : {}),
    ...(status ? { status } : {}),
  };
}
