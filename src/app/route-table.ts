/**
 * The app's one route table (docs/product.md §2): for every route but /login, its path (a wouter pattern),
 * the screen it renders (a lazily loaded chunk), its guard and its startup reads. Used by the
 * router (./lazy-routes.tsx), by the preloader (a deep link's screen starts loading at startup,
 * in parallel with the session check: `preloadScreens`), by the startup reads
 * (./startup-reads.ts, asked for from main.tsx when `startupReadsOf` says the path has some),
 * and at build time by scripts/vite/deferred-entry.ts (`SCREEN_PATTERNS`). /login is in the
 * entry chunk (./app-root.tsx), not here. The paths and who may open them come from
 * src/services/navigation/routes.ts, the one list of the app's routes.
 */
import { ROUTE_ACCESS, ROUTE_PATHS, patternOf, type RouteAccess, type RouteName } from '../services/navigation/routes';

export { patternOf };

/** The lazily loaded screens, each its own chunk. */
export const SCREENS = {
  courses: () => import('../views/courses/screen'),
  course: () => import('../views/course/screen'),
  module: () => import('../views/module/screen'),
  learningObject: () => import('../views/learning-object/screen'),
  grades: () => import('../views/grades/screen'),
  gradeDetails: () => import('../views/grades/details'),
  preview: () => import('../views/preview/screen'),
  attachments: () => import('../views/attachments/screen'),
  attachment: () => import('../views/attachments/attachment-screen'),
  notFound: () => import('../views/not-found/screen'),
  finances: () => import('../views/finances/screen'),
  requestResetPassword: () => import('../views/password-reset/request-screen'),
  resetPassword: () => import('../views/password-reset/reset-screen'),
  account: () => import('../views/account/screen'),
  home: () => import('../views/home/screen'),
  professionalizing: () => import('../views/areas/professionalizing'),
  traffic: () => import('../views/areas/traffic'),
  graduation: () => import('../views/areas/graduation'),
  tecmix: () => import('../views/areas/tecmix'),
} as const;

export type ScreenName = keyof typeof SCREENS;

/** Who may open a route: `RouteAccess` of src/services/navigation/routes.ts. */
export type RouteGuard = RouteAccess;

/**
 * The first server reads a route asks for at startup (./startup-reads.ts): the learning routes'
 * by name; `screen` = those its screen's module exports as `prefetchReads(client, search)`.
 */
export type StartupReads = 'courses' | 'course' | 'module' | 'learningObject' | 'screen';

/** A path's parameters as wouter gives them (absent ones as ''). */
export type RouteParams = Record<string, string | undefined>;

/** One route of docs/product.md §2. */
export interface AppRoute {
  /** The wouter pattern (`:name` is one path segment). */
  path: string;
  screen: ScreenName;
  guard: RouteGuard;
  /** The screen's props from the path's parameters (none when absent). */
  props?: (params: RouteParams) => Record<string, string | boolean>;
  /** The reads started at startup on a page load of this route (none when absent). */
  reads?: StartupReads;
}

const param = (params: RouteParams, name: string) => params[name] ?? '';

/** Route `name` (its path and guard from src/services/navigation/routes.ts) rendering `screen`. */
const route = (name: RouteName, screen: ScreenName, more: Pick<AppRoute, 'props' | 'reads'> = {}): AppRoute => ({
  path: ROUTE_PATHS[name],
  screen,
  guard: ROUTE_ACCESS[name],
  ...more,
});

/** Every route but /login, in the order the router tries them (first match wins). */
export const ROUTES: readonly AppRoute[] = [
  route('preview', 'preview', { props: (p) => ({ learningObjectId: param(p, 'learningObject') }) }),
  route('requestResetPassword', 'requestResetPassword'),
  route('resetPassword', 'resetPassword'),
  route('index', 'home', { props: () => ({ index: true }), reads: 'screen' }),
  route('home', 'home', { reads: 'screen' }),
  route('professionalizing', 'professionalizing'),
  route('traffic', 'traffic'),
  route('graduation', 'graduation'),
  route('tecmix', 'tecmix'),
  route('account', 'account', { reads: 'screen' }),
  route('attachments', 'attachments', { reads: 'screen' }),
  route('attachment', 'attachment', { props: (p) => ({ attachmentId: param(p, 'attachment') }) }),
  route('courses', 'courses', { reads: 'courses' }),
  route('finances', 'finances', { reads: 'screen' }),
  route('course', 'course', { reads: 'course', props: (p) => ({ courseId: param(p, 'course') }) }),
  route('module', 'module', {
    reads: 'module',
    props: (p) => ({ courseId: param(p, 'course'), moduleId: param(p, 'module') }),
  }),
  route('grades', 'grades', { reads: 'screen' }),
  route('gradeDetails', 'gradeDetails', { props: (p) => ({ courseId: param(p, 'courseId') }) }),
  route('learningObject', 'learningObject', {
    reads: 'learningObject',
    props: (p) => ({
      courseId: param(p, 'course'),
      moduleId: param(p, 'module'),
      learningObjectId: param(p, 'learningObject'),
    }),
  }),
];

/** Each route's pattern and the screen it renders, for the build's deferred entry (first match wins). */
export const SCREEN_PATTERNS: [RegExp, ScreenName][] = ROUTES.map((route) => [patternOf(route.path), route.screen]);

/** The route `path` renders with its parameters, or null (/login, unknown paths). */
export function routeOf(path: string): { route: AppRoute; params: RouteParams } | null {
  for (const route of ROUTES) {
    const match = patternOf(route.path).exec(path);
    if (match) return { route, params: { ...match.groups } };
  }
  return null;
}

/** The name of the screen `path` renders, or null (/login, unknown paths). */
export function screenOf(path: string): ScreenName | null {
  return routeOf(path)?.route.screen ?? null;
}

/** Whether a page load of `path` asks for startup reads (./startup-reads.ts). */
export function startupReadsOf(path: string): StartupReads | null {
  return routeOf(path)?.route.reads ?? null;
}

/** Starts loading the chunk of the screen `path` renders (nothing for /login or unknown paths); never rejects. */
export function preloadScreens(path: string): void {
  const name = screenOf(path);
  if (name) SCREENS[name]().catch(() => undefined);
}
