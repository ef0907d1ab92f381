/**
 * Contract of the student's account (docs/product.md §3, §7 main v1): the answers of password reset
 * and change and of account deletion, which the app validates. Their request bodies, `PUT
 * /users/self`'s and the reference server's mail outbox are in ./account-requests.ts.
 */
import * as v from 'valibot';
import { envelope, IsoDate } from './core';

/** Minimum length of a new password (reset and change), characters. */
export const MIN_PASSWORD_LENGTH = 8;

/** `POST /auth/resetPassword` answer (200): which step was done and a pt-BR message. */
export const ResetPasswordResponse = envelope(
  v.object({ status: v.picklist(['code_sent', 'password_reset']), message: v.string() }),
);
export type ResetPasswordResponse = v.InferOutput<typeof ResetPasswordResponse>;

/** `POST /auth/changePassword` answer (200); the student's other sessions are revoked. */
export const ChangePasswordResponse = envelope(v.object({ message: v.string() }));
export type ChangePasswordResponse = v.InferOutput<typeof ChangePasswordResponse>;

/** `POST /users/self/delete` answer (200): when the account was deleted (ISO 8601). */
export const DeleteAccountResponse = envelope(v.object({ deleted_at: IsoDate }));
export type DeleteAccountResponse = v.InferOutput<typeof DeleteAccountResponse>;
