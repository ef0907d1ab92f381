/**
 * The lazily loaded screens (spec §2), each its own chunk, and which of them a path renders —
 * so that app.tsx can start loading a deep link's screen at startup, in parallel with the
 * session check, instead of after it (issue 9).
 */
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

/** Path patterns of spec §2 and the screen each renders (first match wins). */
export const ROUTES: [RegExp, ScreenName][] = [
  [/^\/courses\/?$/, 'courses'],
  [/^\/courses\/[^/]+\/modules\/[^/]+\/learningObjects\/[^/]+\/?$/, 'learningObject'],
  [/^\/courses\/[^/]+\/modules\/[^/]+\/?$/, 'module'],
  [/^\/courses\/[^/]+\/?$/, 'course'],
  [/^\/grades\/?$/, 'grades'],
  [/^\/grades\/course\/[^/]+\/?$/, 'gradeDetails'],
  [/^\/lo\/preview\/[^/]+\/?$/, 'preview'],
  [/^\/attachments\/?$/, 'attachments'],
  [/^\/attachment\/[^/]+\/?$/, 'attachment'],
  [/^\/finances\/?$/, 'finances'],
  [/^\/requestResetPassword\/?$/, 'requestResetPassword'],
  [/^\/resetPassword\/?$/, 'resetPassword'],
  [/^\/conta\/?$/, 'account'],
  [/^\/(home)?\/?$/, 'home'],
  [/^\/profissionalizante\/?$/, 'professionalizing'],
  [/^\/transito\/?$/, 'traffic'],
  [/^\/graduacao\/?$/, 'graduation'],
  [/^\/tecmix\/?$/, 'tecmix'],
];

/** The name of the screen `path` renders, or null (/login, unknown paths). */
export function screenOf(path: string): ScreenName | null {
  return ROUTES.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

/** Starts loading the chunk of the screen `path` renders (nothing for /login or unknown paths); never rejects. */
export function preloadScreens(path: string): void {
  const name = screenOf(path);
  if (name) SCREENS[name]().catch(() => undefined);
}
