/** LGPD consent and session ping calls of docs/product.md §7 (§4 LGPD, §9 ping every 5 minutes). */
import { AcceptLgpdResponse, type User } from '../contract/session';
import { LGPD_SETTING_KEYS, SessionLogResponse, type SessionLogEntry } from '../contract/consent';
import { request } from '../http/clients';
import { getLmsSettings } from './platforms';

/**
 * `POST /users/updateAcceptedLgpd` (main v1, no body): records the student's acceptance.
 * @returns the updated user (`accepted_lgpd: true`).
 * @throws ApiError (401 → the app logs out, docs/product.md §8), NetworkError, TimeoutError, ContractError.
 */
export async function postUpdateAcceptedLgpd(): Promise<User> {
  return (await request('mainV1', 'post', '/users/updateAcceptedLgpd', AcceptLgpdResponse)).data;
}

/**
 * v2 `POST /user-session/log`: one session ping (docs/product.md §7, §9).
 * @returns the stored ping `{ id, logged_at }`. @throws as `request` (a 401 logs out, docs/product.md §8).
 */
export async function postUserSessionLog(): Promise<SessionLogEntry> {
  return (await request('mainV2', 'post', '/user-session/log', SessionLogResponse)).data;
}

/** The LGPD prompt's texts from the platform settings; null where the platform has none. */
export interface LgpdTerms {
  terms: string | null;
  policyUrl: string | null;
}

/**
 * `GET /lms/settings/lgpd_terms,lgpd_policy_url` (main v1): the platform's LGPD terms text
 * and the link to its full policy (only an `https:` address is kept).
 * @throws as `getLmsSettings` (ContractError on a malformed answer, docs/product.md §8).
 */
export async function getLgpdTerms(): Promise<LgpdTerms> {
  const settings = await getLmsSettings(LGPD_SETTING_KEYS);
  const terms = settings.lgpd_terms?.trim() || null;
  const url = settings.lgpd_policy_url?.trim() ?? '';
  return { terms, policyUrl: /^https:\/\/[^\s]+$/.test(url) ? url : null };
}
