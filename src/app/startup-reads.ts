/**
 * Startup reads: the first server reads of a route's screen, asked for at startup ("render as
 * you fetch") — the learning routes' (docs/product.md §2 /courses, a course, a module, a learning
 * object; `queryOptions` of src/services/api/lms-queries.ts, shared with their screens), and those
 * of the screens whose module exports them as `prefetchReads(client, search)` (`reads: 'screen'`
 * in ./route-table.ts: /home, /grades, /attachments, /finances, /conta; each with the query
 * options its screen reads with).
 *
 * On a page load of one of these routes with a session token, `prefetchRouteReads` asks for the
 * route's data as soon as the app has booted — while the student's saved reads are restored and
 * the screen's code starts — instead of after its screen has rendered; the screen then finds the
 * answer (or the request under way) in the query cache under the same key. The HTTP client hands
 * it the early read the page's loader already asked for (src/services/http/early-reads.ts). A
 * failed prefetch is forgotten: the screen reads again and shows the error as usual (docs/product.md
 * §8). A 401 goes through the HTTP client's rule like any read.
 */
import type { QueryClient } from '@tanstack/react-query';
import { courseQuery, coursesQuery, learningObjectQuery, lessonOf, moduleQuery } from '../services/api/lms-queries';
import { coursesApiQuery, parseCoursesQuery } from '../views/courses/url-query';
import { parseId } from '../views/components/route-params';
import { routeOf, SCREENS } from './route-table';

/** A screen's module that exports its startup reads (`reads: 'screen'` in the route table). */
interface ScreenWithReads {
  prefetchReads?: (client: QueryClient, search: string) => Promise<void>;
}

/**
 * Starts the first reads of the route at `path` (+ `search`) in `client`: the course list page,
 * the course, the module, the module and then the learning object, or the screen's own
 * `prefetchReads`. Other paths: nothing.
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
    case 'screen': {
      // The screen's chunk, already on its way for the render (its failure is the render's).
      const screen = (await SCREENS[found.route.screen]().catch(() => null)) as ScreenWithReads | null;
      await screen?.prefetchReads?.(client, search);
      return;
    }
    default:
  }
}
