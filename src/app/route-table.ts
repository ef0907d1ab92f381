/**
 * The app's one route table (spec §2): for every route but /login, its path (a wouter pattern),
 * the screen it renders (a lazily loaded chunk), its guard and its startup reads. Used by the
 * router (./lazy-routes.tsx), by the preloader (a deep link's screen starts loading at startup,
 * in parallel with the session check: `preloadScreens`), by the startup reads
 * (./startup-reads.ts, asked for from main.tsx when `startupReadsOf` says the path has some),
 * and at build time by scripts/vite/deferred-entry.ts (`SCREEN_PATTERNS`). /login is in the
 * entry chunk (./app-root.tsx), not here.
 */
import type { AreaFlag } from '../views/guards';

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

/**
 * Who may open a route: anyone (`public`); only a signed-out visitor (`guest`, like /login); a
 * signed-in student (`signedIn`, else /login with next_route); a signed-in student with an area
 * flag (`{ area }`, else /home); `index` is `/`, where a signed-in student lands.
 */
export type RouteGuard = 'public' | 'guest' | 'signedIn' | 'index' | { area: AreaFlag };

/** The first server reads a route asks for at startup (./startup-reads.ts). */
export type StartupReads = 'courses' | 'course' | 'module' | 'learningObject';

/** A path's parameters as wouter gives them (absent ones as ''). */
export type RouteParams = Record<string, string | undefined>;

/** One route of spec §2. */
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

/** Every route but /login, in the order the router tries them (first match wins). */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/lo/preview/:learningObject',
    screen: 'preview',
    guard: 'public',
    props: (p) => ({ learningObjectId: param(p, 'learningObject') }),
  },
  { path: '/requestResetPassword', screen: 'requestResetPassword', guard: 'guest' },
  { path: '/resetPassword', screen: 'resetPassword', guard: 'guest' },
  { path: '/', screen: 'home', guard: 'index', props: () => ({ index: true }) },
  { path: '/home', screen: 'home', guard: 'signedIn' },
  { path: '/profissionalizante', screen: 'professionalizing', guard: 'signedIn' },
  { path: '/transito', screen: 'traffic', guard: { area: 'is_aprovat_user' } },
  { path: '/graduacao', screen: 'graduation', guard: { area: 'is_lxp_user' } },
  { path: '/tecmix', screen: 'tecmix', guard: { area: 'is_eja_user' } },
  { path: '/conta', screen: 'account', guard: 'signedIn' },
  { path: '/attachments', screen: 'attachments', guard: 'signedIn' },
  {
    path: '/attachment/:attachment',
    screen: 'attachment',
    guard: 'signedIn',
    props: (p) => ({ attachmentId: param(p, 'attachment') }),
  },
  { path: '/courses', screen: 'courses', guard: 'signedIn', reads: 'courses' },
  { path: '/finances', screen: 'finances', guard: 'signedIn' },
  {
    path: '/courses/:course',
    screen: 'course',
    guard: 'signedIn',
    reads: 'course',
    props: (p) => ({ courseId: param(p, 'course') }),
  },
  {
    path: '/courses/:course/modules/:module',
    screen: 'module',
    guard: 'signedIn',
    reads: 'module',
    props: (p) => ({ courseId: param(p, 'course'), moduleId: param(p, 'module') }),
  },
  { path: '/grades', screen: 'grades', guard: 'signedIn' },
  {
    path: '/grades/course/:courseId',
    screen: 'gradeDetails',
    guard: 'signedIn',
    props: (p) => ({ courseId: param(p, 'courseId') }),
  },
  {
    path: '/courses/:course/modules/:module/learningObjects/:learningObject',
    screen: 'learningObject',
    guard: 'signedIn',
    reads: 'learningObject',
    props: (p) => ({
      courseId: param(p, 'course'),
      moduleId: param(p, 'module'),
      learningObjectId: param(p, 'learningObject'),
    }),
  },
];

/**
 * The regular expression of a wouter pattern as the router matches it: `:name` is one non-empty
 * segment (captured under its name), a trailing slash is allowed.
 */
export function patternOf(path: string): RegExp {
  const body = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${body === '' ? '' : body}/?$`);
}

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
