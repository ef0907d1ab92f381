/**
 * What the route-following widgets do on a path (docs/product.md §2): pure helpers of the chatbot and
 * survey adapters. A path is pathname (+ optional search/hash), as `route.changed` carries it;
 * which route it is on is matched by src/services/navigation/routes.ts, as the router does.
 */
import { isPublicPath, matchRoute, type RouteName } from '../navigation/routes';

/** True on `/` and `/home` only: the chatbot is hidden on every other route (docs/product.md §2). */
export function chatbotVisibleOn(path: string): boolean {
  const route = matchRoute(path)?.name;
  return route === 'index' || route === 'home';
}

/** Routes whose paths name a course (`/courses/{course}` and below). */
const COURSE_ROUTES: readonly RouteName[] = ['course', 'module', 'learningObject'];

/** The course id of a course path (`/courses/{id}` and below, a numeric id), else null. */
export function courseIdOf(path: string): string | null {
  const route = matchRoute(path);
  const id = route && COURSE_ROUTES.includes(route.name) ? (route.params.course ?? null) : null;
  return id !== null && /^\d+$/.test(id) ? id : null;
}

/**
 * True on the public routes of docs/product.md §6 (`/login`, `/requestResetPassword`,
 * `/resetPassword`, `/lo/preview/{id}`): `isPublicPath` of src/services/navigation/routes.ts.
 */
export const isPublicRoute = isPublicPath;

/** The page's current path (pathname + search). */
export const currentPath = (): string => location.pathname + location.search;
