/**
 * Notices the login screen shows after leaving another flow: a finished password
 * reset (`/login?reset=ok`), a deleted account (`/login?deleted=1`) and an expired session
 * (`/login?expired=1&next_route=…`, docs/offline.md "The session offline").
 */

import { ROUTE_PATHS, withQuery } from './routes';

/** Query of /login after a successful password reset. */
export const RESET_OK_QUERY = 'reset=ok';
/** Query of /login after the student deleted their account. */
export const ACCOUNT_DELETED_QUERY = 'deleted=1';
/** Query of /login after the platform ended the session (a 401). */
export const SESSION_EXPIRED_QUERY = 'expired=1';

export type LoginNotice = 'passwordReset' | 'accountDeleted' | 'sessionExpired';

/**
 * /login after a 401: says the session expired and keeps where the student was as `next_route`
 * (path, query and `#hash`), so signing in again brings them back.
 * @param here the current path+search+hash.
 */
export function expiredLoginPath(here: string): string {
  const params = new URLSearchParams(SESSION_EXPIRED_QUERY);
  if (here && here !== ROUTE_PATHS.index && !here.startsWith(ROUTE_PATHS.login)) params.set('next_route', here);
  return withQuery(ROUTE_PATHS.login, params);
}

/**
 * @param search the page's query string, with or without the leading '?'.
 * @returns which notice /login shows, or null.
 */
export function loginNoticeOf(search: string): LoginNotice | null {
  const params = new URLSearchParams(search);
  if (params.get('deleted') === '1') return 'accountDeleted';
  if (params.get('reset') === 'ok') return 'passwordReset';
  if (params.get('expired') === '1') return 'sessionExpired';
  return null;
}
