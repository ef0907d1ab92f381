/**
 * What the route-following widgets do on a path (spec §2): pure helpers of the chatbot and
 * survey adapters. A path is pathname (+ optional search/hash), as `route.changed` carries it.
 */

const pathnameOf = (path: string): string => {
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname || '/';
};

/** True on `/` and `/home` only: the chatbot is hidden on every other route (spec §2). */
export function chatbotVisibleOn(path: string): boolean {
  const pathname = pathnameOf(path);
  return pathname === '/' || pathname === '/home';
}

/** The course id of a course path (`/courses/{id}` and below), else null. */
export function courseIdOf(path: string): string | null {
  return /^\/courses\/(\d+)(?:\/|$)/.exec(pathnameOf(path))?.[1] ?? null;
}

/** True on the public routes of spec §2 (`/login`, `/requestResetPassword`, `/resetPassword`, `/lo/preview/{id}`). */
export function isPublicRoute(path: string): boolean {
  const pathname = pathnameOf(path);
  return (
    pathname === '/login' ||
    pathname === '/requestResetPassword' ||
    pathname === '/resetPassword' ||
    pathname.startsWith('/lo/preview/')
  );
}

/** The page's current path (pathname + search). */
export const currentPath = (): string => location.pathname + location.search;
