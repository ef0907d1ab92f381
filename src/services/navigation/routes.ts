/**
 * The app's routes in one place (docs/product.md §2 "Screens and routes", §6 "Roles and
 * permissions"): every route's path pattern, who may open it (public, the sign-in pages, a
 * signed-in student, an area flag), and the builders of the links that lead to them. The
 * router's table (src/app/route-table.ts, /login in src/app/app-root.tsx), the HTTP client's 401
 * rule (src/services/http/clients.ts), the widgets (src/services/widgets/routes.ts), the guards
 * and every link read them here.
 *
 * Imports nothing, so that every layer may import it (docs/architecture.md "Layers and allowed
 * imports"). The lint rule `local/no-hand-built-route` (eslint.config.js) refuses route strings
 * built by hand (`/courses/${id}`) anywhere else in src/.
 */

/** A user flag that opens an area (docs/product.md §6). */
export type AreaFlag = 'is_aprovat_user' | 'is_lxp_user' | 'is_eja_user';

/**
 * Who may open a route (docs/product.md §2, §6): anyone (`public`); the pages for signing in,
 * open to a signed-out visitor only (`guest`: a signed-in student goes to their landing); a
 * signed-in student (`signedIn`, else /login with `next_route`); a signed-in student with an area
 * flag (`{ area }`, others go to /home); `index` is `/`, where a signed-in student lands.
 */
export type RouteAccess = 'public' | 'guest' | 'signedIn' | 'index' | { readonly area: AreaFlag };

/**
 * Every route's path, as a wouter pattern (`:name` is one path segment), by route name
 * (docs/product.md §2; /conta is 'Minha conta'). Any other path is the not-found page.
 */
export const ROUTE_PATHS = {
  login: '/login',
  requestResetPassword: '/requestResetPassword',
  resetPassword: '/resetPassword',
  preview: '/lo/preview/:learningObject',
  index: '/',
  home: '/home',
  professionalizing: '/profissionalizante',
  traffic: '/transito',
  graduation: '/graduacao',
  tecmix: '/tecmix',
  account: '/conta',
  attachments: '/attachments',
  attachment: '/attachment/:attachment',
  courses: '/courses',
  finances: '/finances',
  course: '/courses/:course',
  module: '/courses/:course/modules/:module',
  grades: '/grades',
  gradeDetails: '/grades/course/:courseId',
  learningObject: '/courses/:course/modules/:module/learningObjects/:learningObject',
} as const;

/** The name of a route of `ROUTE_PATHS`. */
export type RouteName = keyof typeof ROUTE_PATHS;

/** Who may open each route (docs/product.md §2; the area flags of §6). */
export const ROUTE_ACCESS: { readonly [name in RouteName]: RouteAccess } = {
  login: 'guest',
  requestResetPassword: 'guest',
  resetPassword: 'guest',
  preview: 'public',
  index: 'index',
  home: 'signedIn',
  professionalizing: 'signedIn',
  traffic: { area: 'is_aprovat_user' },
  graduation: { area: 'is_lxp_user' },
  tecmix: { area: 'is_eja_user' },
  account: 'signedIn',
  attachments: 'signedIn',
  attachment: 'signedIn',
  courses: 'signedIn',
  finances: 'signedIn',
  course: 'signedIn',
  module: 'signedIn',
  grades: 'signedIn',
  gradeDetails: 'signedIn',
  learningObject: 'signedIn',
};

const ROUTE_NAMES = Object.keys(ROUTE_PATHS) as RouteName[];

/**
 * The area flag route `name` needs (docs/product.md §6), or null when it needs none.
 * @param name a route name, e.g. 'traffic' → 'is_aprovat_user'.
 */
export function areaFlagOf(name: RouteName): AreaFlag | null {
  const access = ROUTE_ACCESS[name];
  return typeof access === 'object' ? access.area : null;
}

/**
 * The regular expression of a wouter pattern as the router matches it: `:name` is one non-empty
 * segment (captured under its name), a trailing slash is allowed.
 * @param path a pattern of `ROUTE_PATHS`, e.g. '/courses/:course'.
 */
export function patternOf(path: string): RegExp {
  const body = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/** Each route's regular expression, built on the first match (not while the entry is evaluated). */
let patterns: [RouteName, RegExp][] | null = null;

/** `path` without its `?query` and `#hash`. */
const pathnameOf = (path: string): string => {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
};

/**
 * The route `path` is on, as the router matches it (docs/product.md §2).
 * @param path a pathname, optionally with `?query` and `#hash` (ignored), e.g. '/courses/3?x=1'.
 * @returns the route's name and its path parameters (`{ course: '3' }`), or null for any other
 *   path (the not-found page).
 */
export function matchRoute(path: string): { name: RouteName; params: Record<string, string> } | null {
  const pathname = pathnameOf(path);
  patterns ??= ROUTE_NAMES.map((name) => [name, patternOf(ROUTE_PATHS[name])]);
  for (const [name, pattern] of patterns) {
    const match = pattern.exec(pathname);
    if (match) return { name, params: { ...match.groups } };
  }
  return null;
}

/**
 * True on a route that needs no sign-in (docs/product.md §6 "Public routes": /login,
 * /requestResetPassword, /resetPassword, /lo/preview/{learningObject}).
 * @param path a pathname, optionally with `?query` and `#hash`.
 */
export function isPublicPath(path: string): boolean {
  const route = matchRoute(path);
  return route !== null && (ROUTE_ACCESS[route.name] === 'public' || ROUTE_ACCESS[route.name] === 'guest');
}

/**
 * True on the pages for signing in (/login, /requestResetPassword, /resetPassword: access
 * `guest`), where a 401 is an answer to show, not a session that ended (docs/product.md §4, §8).
 * @param path a pathname, optionally with `?query` and `#hash`.
 */
export function isSignInPage(path: string): boolean {
  const route = matchRoute(path);
  return route !== null && ROUTE_ACCESS[route.name] === 'guest';
}

/**
 * `path` with a query string: `?query` when `query` has any parameter, else `path` alone.
 * @param path a route's path, e.g. `ROUTE_PATHS.login`.
 * @param query the query, as written (`'reset=ok'`, without the '?') or as parameters.
 */
export function withQuery(path: string, query: string | URLSearchParams): string {
  const search = typeof query === 'string' ? query.replace(/^\?/, '') : query.toString();
  return search ? `${path}?${search}` : path;
}
