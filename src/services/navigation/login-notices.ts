/**
 * Notices the login screen shows after leaving another flow (issue 6): a finished password
 * reset (`/login?reset=ok`) and a deleted account (`/login?deleted=1`).
 */

/** Query of /login after a successful password reset. */
export const RESET_OK_QUERY = 'reset=ok';
/** Query of /login after the student deleted their account. */
export const ACCOUNT_DELETED_QUERY = 'deleted=1';

export type LoginNotice = 'passwordReset' | 'accountDeleted';

/**
 * @param search the page's query string, with or without the leading '?'.
 * @returns which notice /login shows, or null.
 */
export function loginNoticeOf(search: string): LoginNotice | null {
  const params = new URLSearchParams(search);
  if (params.get('deleted') === '1') return 'accountDeleted';
  if (params.get('reset') === 'ok') return 'passwordReset';
  return null;
}
