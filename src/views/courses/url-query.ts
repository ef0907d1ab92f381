/**
 * The course list's query as kept in the URL (spec §2 /courses: `?q=…&status=…&page=N`), and the
 * API query it asks for. Apart from the screen so that the startup prefetch (src/route-reads.ts,
 * issue 9) reads the same page without loading the screen.
 */
import type { CourseListQuery, CourseStatus } from '../../services/contract/lms';

/** Courses per page of the list. */
export const COURSES_PER_PAGE = 12;

/** Order of the status filter's options (after 'Todos'). */
export const STATUS_FILTERS: readonly CourseStatus[] = ['in_progress', 'completed', 'not_started'];

/** The list's query as kept in the URL. `status` null = every status. */
export interface CoursesUrlQuery {
  q: string;
  status: CourseStatus | null;
  page: number;
}

/** Reads `?q=…&status=…&page=N`; anything malformed falls back to its default ('', all, 1). */
export function parseCoursesQuery(search: string): CoursesUrlQuery {
  const params = new URLSearchParams(search);
  const rawPage = Number(params.get('page') ?? '1');
  const rawStatus = params.get('status');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    status: (STATUS_FILTERS as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as CourseStatus) : null,
    page: Number.isSafeInteger(rawPage) && rawPage > 0 ? rawPage : 1,
  };
}

/** `/courses` with `query`, leaving defaults out (`/courses?q=inform&status=completed&page=2`). */
export function coursesHref(query: Partial<CoursesUrlQuery>): string {
  const params = new URLSearchParams();
  const q = query.q?.trim() ?? '';
  if (q) params.set('q', q);
  if (query.status) params.set('status', query.status);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/courses?${search}` : '/courses';
}

/** The v2 `GET /lms/courses` query of a URL query: one page of `COURSES_PER_PAGE`, search and status when set. */
export function coursesApiQuery({ q, status, page }: CoursesUrlQuery): CourseListQuery {
  return {
    page,
    per_page: COURSES_PER_PAGE,
    ...(q ? { search: q } : {}),
    ...(status ? { status } : {}),
  };
}
