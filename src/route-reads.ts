/**
 * The first server reads of the learning routes (spec §2 /courses, a course, a module, a
 * learning object) as TanStack `queryOptions`, shared by their screens and by the startup
 * prefetch (issue 9: "render as you fetch").
 *
 * On a page load of one of these routes with a session token, `prefetchRouteReads` asks for the
 * route's data as soon as the app has booted — while the route's chunks are still loading and
 * the session is checked — instead of after its screen has rendered; the screen then finds the
 * answer (or the request under way) in the query cache under the same key. A failed prefetch is
 * forgotten: the screen reads again and shows the error as usual (spec §8). A 401 goes through
 * the HTTP client's rule like any read.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getCourse, getCourses, getLearningObject, getModule } from './services/api/lms';
import type { CourseListQuery, Module } from './services/contract/lms';
import { coursesApiQuery, parseCoursesQuery } from './views/courses/url-query';
import { moduleQueryKey } from './views/module/shared';
import { parseId } from './views/components/route-params';
import { screenOf } from './screens';

/**
 * Whether a read may be cancelled by TanStack Query when no screen watches it any more. Screens'
 * reads are (their abort signal goes to the request). The startup prefetch's are not: TanStack
 * reverts a cancelled first fetch to the state it started from — no data — which would drop the
 * student's saved reads restored meanwhile (issue 8) when the student leaves the page offline.
 */
interface ReadOptions {
  cancellable?: boolean;
}

/** One page of the course list (v2 `GET /lms/courses`). */
export const coursesQuery = (query: CourseListQuery, { cancellable = true }: ReadOptions = {}) =>
  queryOptions({
    queryKey: ['courses', query] as const,
    queryFn: cancellable ? ({ signal }) => getCourses(query, signal) : () => getCourses(query),
  });

/** A course with its modules (`GET /lms/courses/{id}`); `id` null = an invalid URL (never fetched). */
export const courseQuery = (id: number | null, { cancellable = true }: ReadOptions = {}) =>
  queryOptions({
    queryKey: ['course', id] as const,
    queryFn: cancellable ? ({ signal }) => getCourse(id ?? 0, signal) : () => getCourse(id ?? 0),
    enabled: id !== null,
  });

/** A module with its lessons and learning objects (`GET /lms/modules/{id}`). */
export const moduleQuery = (id: number | null, { cancellable = true }: ReadOptions = {}) =>
  queryOptions({
    queryKey: moduleQueryKey(id),
    queryFn: cancellable ? ({ signal }) => getModule(id ?? 0, signal) : () => getModule(id ?? 0),
    enabled: id !== null,
  });

/** A learning object as opened from lesson `lessonId` (`GET /lms/learningObjects/{id}?lesson_id=`). */
export const learningObjectQuery = (
  id: number | null,
  lessonId: number | null,
  { cancellable = true }: ReadOptions = {},
) =>
  queryOptions({
    queryKey: ['learningObject', id, lessonId] as const,
    queryFn: cancellable
      ? ({ signal }) => getLearningObject(id ?? 0, lessonId ?? 0, signal)
      : () => getLearningObject(id ?? 0, lessonId ?? 0),
    enabled: id !== null && lessonId !== null,
  });

/** The lesson of `module` that holds learning object `loId`, or null. */
export function lessonOf(module: Module | undefined, loId: number | null): number | null {
  return module?.lessons.find((lesson) => lesson.learning_objects.some((lo) => lo.id === loId))?.id ?? null;
}

/**
 * Starts the first reads of the route at `path` (+ `search`) in `client`: the course list page,
 * the course, the module, or the module and then the learning object. Other paths: nothing.
 * @returns when the reads have settled (never rejects: a failure is left to the screen).
 */
export async function prefetchRouteReads(client: QueryClient, path: string, search: string): Promise<void> {
  const once = { cancellable: false };
  // The route's screen from the app's one route table; its ids from the path
  // (/courses/:course/modules/:module/learningObjects/:learningObject).
  const [, , course, , module, , learningObject] = path.split('/');
  switch (screenOf(path)) {
    case 'courses':
      await client.prefetchQuery(coursesQuery(coursesApiQuery(parseCoursesQuery(search)), once));
      return;
    case 'course': {
      const id = parseId(course);
      if (id !== null) await client.prefetchQuery(courseQuery(id, once));
      return;
    }
    case 'module': {
      const id = parseId(module);
      if (id !== null) await client.prefetchQuery(moduleQuery(id, once));
      return;
    }
    case 'learningObject': {
      const moduleId = parseId(module);
      const loId = parseId(learningObject);
      if (moduleId === null || loId === null) return;
      const read = await client.fetchQuery(moduleQuery(moduleId, once)).catch(() => undefined);
      const lessonId = lessonOf(read, loId);
      if (lessonId !== null) await client.prefetchQuery(learningObjectQuery(loId, lessonId, once));
      return;
    }
    default:
  }
}
