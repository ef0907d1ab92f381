/**
 * Startup reads: the first server reads of the learning routes (docs/product.md §2 /courses, a course, a
 * module, a learning object; `queryOptions` of src/services/api/lms-queries.ts, shared with
 * their screens), asked for at startup ("render as you fetch").
 *
 * On a page load of one of these routes with a session token, `prefetchRouteReads` asks for the
 * route's data as soon as the app has booted — while the route's chunks are still loading and
 * the session is checked — instead of after its screen has rendered; the screen then finds the
 * answer (or the request under way) in the query cache under the same key. A failed prefetch is
 * forgotten: the screen reads again and shows the error as usual (docs/product.md §8). A 401 goes through
 * the HTTP client's rule like any read.
 */
import type { QueryClient } from '@tanstack/react-query';
import { courseQuery, coursesQuery, learningObjectQuery, lessonOf, moduleQuery } from '../services/api/lms-queries';
import { coursesApiQuery, parseCoursesQuery } from '../views/courses/url-query';
import { parseId } from '../views/components/route-params';
import { routeOf } from './route-table';

/**
 * Starts the first reads of the route at `path` (+ `search`) in `client`: the course list page,
 * the course, the module, or the module and then the learning object. Other paths: nothing.
 * @returns when the reads have settled (never rejects: a failure is left to the screen).
 */
export async function prefetchRouteReads(client: QueryClient, path: string, search: string): Promise<void> {
  const once = { cancellable: false };
  // The route and its parameters from the app's one route table.
  const found = routeOf(path);
  if (!found) return;
  const { params } = found;
  switch (found.route.reads) {
    case 'courses':
      await client.prefetchQuery(coursesQuery(coursesApiQuery(parseCoursesQuery(search)), once));
      return;
    case 'course': {
      const id = parseId(params.course);
      if (id !== null) await client.prefetchQuery(courseQuery(id, once));
      return;
    }
    case 'module': {
      const id = parseId(params.module);
      if (id !== null) await client.prefetchQuery(moduleQuery(id, once));
      return;
    }
    case 'learningObject': {
      const moduleId = parseId(params.module);
      const loId = parseId(params.learningObject);
      if (moduleId === null || loId === null) return;
      const read = await client.fetchQuery(moduleQuery(moduleId, once)).catch(() => undefined);
      const lessonId = lessonOf(read, loId);
      if (lessonId !== null) await client.prefetchQuery(learningObjectQuery(loId, lessonId, once));
      return;
    }
    default:
  }
}
