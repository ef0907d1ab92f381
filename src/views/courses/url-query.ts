/**
 * The course list's query as kept in the URL (docs/product.md §2 /courses: `?q=…&status=…&page=N`), and the
 * API query it asks for. Apart from the screen so that the startup prefetch (src/app/startup-reads.ts)
 * reads the same page without loading the screen.
 */
import type { CourseListQuery, CourseStatus } from '../../services/contract/lms';
import { defineUrlQuery, oneOfField, pageField, textField } from '../../services/navigation/url-query';
import { ROUTE_PATHS } from '../../services/navigation/routes';

/** Courses per page of the list (v2 `GET /lms/courses` pages on the server). */
export const COURSES_PER_PAGE = 12;

/** Order of the status filter's options (after 'Todos'). */
export const STATUS_FILTERS: readonly CourseStatus[] = ['in_progress', 'completed', 'not_started'];

/** `/courses?q=…&status=…&page=N`: search by name, status (absent = all), 1-based page. */
export const coursesUrlQuery = defineUrlQuery(ROUTE_PATHS.courses, {
  q: textField(),
  status: oneOfField(STATUS_FILTERS),
  page: pageField(),
});

/** The list's query as kept in the URL. `status` null = every status. */
export interface CoursesUrlQuery {
  q: string;
  status: CourseStatus | null;
  page: number;
}

/** Reads `?q=…&status=…&page=N`; anything malformed falls back to its default ('', all, 1). */
export const parseCoursesQuery = (search: string): CoursesUrlQuery => coursesUrlQuery.parse(search);

/** `/courses` with `query`, leaving defaults out (`/courses?q=inform&status=completed&page=2`). */
export const coursesHref = (query: Partial<CoursesUrlQuery>): string => coursesUrlQuery.href(query);

/** The v2 `GET /lms/courses` query of a URL query: one page of `COURSES_PER_PAGE`, search and status when set. */
export function coursesApiQuery({ q, status, page }: CoursesUrlQuery): CourseListQuery {
  return {
    page,
    per_page: COURSES_PER_PAGE,
    ...(q ? { search: q } : {}),
    ...(status ? { status } : {}),
  };
}
