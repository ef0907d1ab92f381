/**
 * Contract of the student's account (docs/product.md §3, §7 main v1): `PUT /users/self` (the editable
 * fields, with the profile fields of ./profile.ts), password reset and change, account deletion,
 * and the reference server's local mail outbox (`GET /api/dev/mail`).
 */
import * as v from 'valibot';
import { envelope, Id, IsoDate } from './core';
import { UserProfileUpdate } from './profile';

/** `PUT /users/self` body: the editable fields; all optional. */
export const UserUpdateRequest = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
  email: v.optional(v.nullable(v.pipe(v.string(), v.email()))),
  // Profile (./profile.ts): CPF check digits, phone 10–11 digits, CEP 8 digits, UF.
  ...UserProfileUpdate.entries,
});
export type UserUpdateRequest = v.InferOutput<typeof UserUpdateRequest>;

// ---------- password reset, change password, deletion ----------

/** Minimum length of a new password (reset and change), characters. */
export const MIN_PASSWORD_LENGTH = 8;

const NewPassword = v.pipe(v.string(), v.minLength(MIN_PASSWORD_LENGTH), v.maxLength(200));

/**
 * `POST /auth/resetPassword`, step 1 (docs/product.md §3 reset payloads, §5 email code challenge, §2 always
 * BRA): asks for a code by e-mail. No `code`: the server e-mails one when the access code
 * exists and answers the same 200 either way (no account enumeration).
 */
export const ResetPasswordCodeRequest = v.object({
  client_id: v.string(),
  username: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  scope: v.literal('BRA'),
  challenge_type: v.literal('email'),
});
export type ResetPasswordCodeRequest = v.InferOutput<typeof ResetPasswordCodeRequest>;

/**
 * `POST /auth/resetPassword`, step 2: the e-mailed `code` (also sent as `challenge_response`)
 * and the new password (at least `MIN_PASSWORD_LENGTH` characters).
 */
export const ResetPasswordConfirmRequest = v.object({
  ...ResetPasswordCodeRequest.entries,
  code: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(20)),
  challenge_response: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
  new_password: NewPassword,
});
export type ResetPasswordConfirmRequest = v.InferOutput<typeof ResetPasswordConfirmRequest>;

/** `POST /auth/resetPassword` answer (200): which step was done and a pt-BR message. */
export const ResetPasswordResponse = envelope(
  v.object({ status: v.picklist(['code_sent', 'password_reset']), message: v.string() }),
);
export type ResetPasswordResponse = v.InferOutput<typeof ResetPasswordResponse>;

/** `POST /auth/changePassword` body (signed in): the current password and the new one. */
export const ChangePasswordRequest = v.object({
  current_password: v.pipe(v.string(), v.minLength(1)),
  new_password: NewPassword,
});
export type ChangePasswordRequest = v.InferOutput<typeof ChangePasswordRequest>;

/** `POST /auth/changePassword` answer (200); the student's other sessions are revoked. */
export const ChangePasswordResponse = envelope(v.object({ message: v.string() }));
export type ChangePasswordResponse = v.InferOutput<typeof ChangePasswordResponse>;

/** `POST /users/self/delete` body (docs/product.md §3 User deletion payload); the reason is optional. */
export const DeleteAccountRequest = v.object({
  deletionReason: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000)))),
});
export type DeleteAccountRequest = v.InferOutput<typeof DeleteAccountRequest>;

/** `POST /users/self/delete` answer (200): when the account was deleted (ISO 8601). */
export const DeleteAccountResponse = envelope(v.object({ deleted_at: IsoDate }));
export type DeleteAccountResponse = v.InferOutput<typeof DeleteAccountResponse>;

/** Reference server only: one e-mail of its local outbox (`GET /api/dev/mail?to=`). */
export const DevMail = v.object({
  id: Id,
  to: v.string(),
  subject: v.string(),
  body: v.string(),
  created_at: IsoDate,
});
export type DevMail = v.InferOutput<typeof DevMail>;
export const DevMailListResponse = envelope(v.array(DevMail));
export type DevMailListResponse = v.InferOutput<typeof DevMailListResponse>;
