/**
 * The one form of an access code (docs/security.md "Identifiers"): every call that takes an
 * access code — sign-in (`POST /auth/token`) and both steps of the password reset
 * (`POST /auth/resetPassword`) — normalises it here BEFORE anything else sees it: the rate
 * limiter's per-account bucket (server/rate-limit.ts), the body's validation, the database
 * lookup and the e-mail. So every spelling that reaches an account (padded, cased, composed or
 * decomposed) is counted in that account's one bucket, and a spelling that is counted apart
 * reaches no account.
 *
 * Access codes are stored in this form (the seeds' codes are lower-case ASCII;
 * server/identifiers.test.ts checks every seeded code), so the lookup stays an exact match on the
 * unique `users.access_code` index.
 */
import * as v from 'valibot';

/** Code points that render as nothing (zero-width space, soft hyphen, BOM, joiners…). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The normal form of an access code: invisible code points removed, surrounding white space
 * trimmed, lower-cased (locale-independent `toLowerCase`) and composed (Unicode NFC).
 * @param raw the access code as typed or sent (any string).
 * @returns its normal form ('' when nothing visible is left); never throws.
 */
export function normaliseAccessCode(raw: string): string {
  return raw.replace(INVISIBLE, '').trim().toLowerCase().normalize('NFC');
}

/** `body` with its `username` (when a string) in normal form; anything else unchanged. */
const normaliseUsername = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && 'username' in body
    ? typeof body.username === 'string'
      ? { ...body, username: normaliseAccessCode(body.username) }
      : body
    : body;

/**
 * `schema` preceded by the normalisation of the body's `username`, for `jsonBody(c, …)`: the
 * schema validates, and the route then looks up and e-mails, the normal form.
 * @param schema a body schema with a `username` string (e.g. `LoginRequest`).
 * @returns a schema with the same output; the same issues as `schema` when the body is invalid.
 */
export function withNormalisedAccessCode<S extends v.GenericSchema>(
  schema: S,
): v.SchemaWithPipe<readonly [v.UnknownSchema, v.TransformAction<unknown, unknown>, S]> {
  return v.pipe(v.unknown(), v.transform(normaliseUsername), schema);
}
