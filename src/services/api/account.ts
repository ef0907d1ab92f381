/**
 * Account security calls of docs/product.md §7: password reset by e-mail code
 * (`POST /auth/resetPassword`, two steps, docs/product.md §3 reset payloads, §5 email challenge, §2 always
 * BRA), change password (`POST /auth/changePassword`) and account deletion
 * (`POST /users/self/delete` `{ deletionReason }`), plus what deletion clears on this device.
 */
import { ChangePasswordResponse, DeleteAccountResponse, ResetPasswordResponse } from '../contract/account';
import type { ResetPasswordCodeRequest } from '../contract/account-requests';
import { WEB_CLIENT_ID } from '../contract/bases';
import { request } from '../http/clients';
import { forgetSettings } from '../storage/accessibility-settings';
import { openOutboxStore, type OutboxStore } from '../storage/outbox-store';

/** Password reset always uses BRA (docs/product.md §2, §9) and the email code challenge (docs/product.md §5). */
export const RESET_SCOPE = 'BRA';
export const RESET_CHALLENGE_TYPE = 'email';

const resetBase = (username: string): ResetPasswordCodeRequest => ({
  client_id: WEB_CLIENT_ID,
  username: username.trim(),
  scope: RESET_SCOPE,
  challenge_type: RESET_CHALLENGE_TYPE,
});

/**
 * Step 1: `POST /auth/resetPassword` `{ client_id, username, scope: 'BRA', challenge_type: 'email' }`.
 * The platform e-mails a code when the access code exists; the answer is the same either way.
 * @returns `{ status: 'code_sent', message }`.
 * @throws ApiError 400 (malformed), NetworkError, TimeoutError, ContractError.
 */
export async function postAuthResetPasswordCode(username: string): Promise<ResetPasswordResponse['data']> {
  return (await request('mainV1', 'post', '/auth/resetPassword', ResetPasswordResponse, { json: resetBase(username) }))
    .data;
}

/**
 * Step 2: `POST /auth/resetPassword` with `code` (also as `challenge_response`) and `new_password`.
 * @returns `{ status: 'password_reset', message }`.
 * @throws ApiError 400 with a pt-BR message (expired, wrong or locked code; short password),
 *   NetworkError, TimeoutError, ContractError.
 */
export async function postAuthResetPassword(input: {
  username: string;
  code: string;
  newPassword: string;
}): Promise<ResetPasswordResponse['data']> {
  const code = input.code.trim();
  return (
    await request('mainV1', 'post', '/auth/resetPassword', ResetPasswordResponse, {
      json: { ...resetBase(input.username), code, challenge_response: code, new_password: input.newPassword },
    })
  ).data;
}

/**
 * `POST /auth/changePassword` (signed in) `{ current_password, new_password }`; the server keeps
 * this session and ends the student's others.
 * @returns the server's pt-BR confirmation.
 * @throws ApiError 400 (wrong current password, short or same password), 401 (session over) …
 */
export async function postAuthChangePassword(input: { currentPassword: string; newPassword: string }): Promise<string> {
  return (
    await request('mainV1', 'post', '/auth/changePassword', ChangePasswordResponse, {
      json: { current_password: input.currentPassword, new_password: input.newPassword },
    })
  ).data.message;
}

/**
 * `POST /users/self/delete` `{ deletionReason }` (docs/product.md §3; the reason is optional): the account
 * is deleted and every session ends.
 * @returns when it was deleted (ISO 8601).
 * @throws ApiError (401 session over), NetworkError, TimeoutError, ContractError.
 */
export async function postUsersSelfDelete(reason: string | null): Promise<string> {
  const deletionReason = reason?.trim() || null;
  return (await request('mainV1', 'post', '/users/self/delete', DeleteAccountResponse, { json: { deletionReason } }))
    .data.deleted_at;
}

/**
 * Clears what this device keeps of a deleted student that signing out does not: the
 * accessibility settings (`a11y:<id>`) and their outbox writes in IndexedDB. (The token cookie,
 * cached user, platform settings and query cache go with the session's `clearAuth`.)
 * Never throws: storage failures leave nothing worse than before.
 */
export async function forgetStudentOnDevice(
  userId: number,
  openStore: () => Promise<OutboxStore> = openOutboxStore,
): Promise<void> {
  forgetSettings(userId);
  try {
    await (await openStore()).clearUser(userId);
  } catch {
    // IndexedDB unavailable: nothing durable was stored.
  }
}
