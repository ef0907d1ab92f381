/**
 * The links to the app's routes (docs/product.md §2), built from their paths
 * (./routes.ts `ROUTE_PATHS`): every link with a path parameter comes from here — a lint rule
 * (`local/no-hand-built-route`) refuses one built by hand elsewhere. Apart from ./routes.ts so
 * that /login, which builds none of them, does not download them (docs/performance.md).
 */
import { ROUTE_PATHS } from './routes';

/** An id in a link: as the API gives it (a number) or as the router gives it (a path segment). */
export type RouteId = number | string;

/** A path segment for `id` (escaped, so an id can never add a segment). */
const segment = (id: RouteId): string => encodeURIComponent(String(id));

/**
 * /login sending the student back after signing in (docs/product.md §2 "Protected route without
 * a token"): `/login?next_route=<wanted, encoded>`.
 * @param nextRoute the full place wanted (path, query and `#hash`).
 */
export function signInLink(nextRoute: string): string {
  return `${ROUTE_PATHS.login}?next_route=${encodeURIComponent(nextRoute)}`;
}

/** A course page (docs/product.md §2): `/courses/{course}`. */
export function courseLink(courseId: RouteId): string {
  return `/courses/${segment(courseId)}`;
}

/** A module page (docs/product.md §2): `/courses/{course}/modules/{module}`. */
export function moduleLink(courseId: RouteId, moduleId: RouteId): string {
  return `${courseLink(courseId)}/modules/${segment(moduleId)}`;
}

/**
 * A learning object's viewer (docs/product.md §2):
 * `/courses/{course}/modules/{module}/learningObjects/{learningObject}`.
 */
export function learningObjectLink(courseId: RouteId, moduleId: RouteId, learningObjectId: RouteId): string {
  return `${moduleLink(courseId, moduleId)}/learningObjects/${segment(learningObjectId)}`;
}

/** A learning object's public preview (docs/product.md §2, no sign-in): `/lo/preview/{learningObject}`. */
export function previewLink(learningObjectId: RouteId): string {
  return `/lo/preview/${segment(learningObjectId)}`;
}

/** One attachment (docs/product.md §2): `/attachment/{attachment}`. */
export function attachmentLink(attachmentId: RouteId): string {
  return `/attachment/${segment(attachmentId)}`;
}

/** A course's grade details (docs/product.md §2): `/grades/course/{courseId}`. */
export function gradeDetailsLink(courseId: RouteId): string {
  return `/grades/course/${segment(courseId)}`;
}
