/**
 * Request bodies of the account calls (docs/product.md §3, §7 main v1) — `PUT /users/self` (the
 * editable fields and the profile's rules), password reset and change, account deletion — and the
 * reference server's local mail outbox (`GET /api/dev/mail`): what the reference server validates
 * and the app never parses (it builds the bodies typed by these schemas: type-only imports).
 *
 * Apart from the answers the app validates (./account.ts, ./profile.ts) so that the app's chunks
 * do not carry them: the build keeps an unused schema in a chunk of the app. valibot is in the
 * `vendor` chunk (scripts/vite/vendor-chunk.ts), and rolldown drops an unused call into another
 * chunk only for a `@__NO_SIDE_EFFECTS__` function declared `export function …` (valibot's build
 * exports its functions from a list); a spread of another schema's `.entries` (a property read)
 * is never dropped (docs/performance.md "/conta").
 */
import * as v from 'valibot';
import { envelope, Id, IsoDate } from './core';
import { MIN_PASSWORD_LENGTH } from './account';
import { isBrazilianState, isValidBirthDate, isValidCpf } from './profile';

// ---------- PUT /users/self ----------

/** Server-side messages of `PUT /users/self` (pt-BR), one per rule. */
export const PROFILE_RULES = {
  name: 'Informe o nome.',
  email: 'E-mail inválido.',
  cpf: 'CPF inválido: confira os dígitos.',
  phone: 'Telefone inválido: informe DDD e número (10 ou 11 dígitos).',
  birthDate: 'Data de nascimento inválida (AAAA-MM-DD, no passado).',
  cep: 'CEP inválido: informe 8 dígitos.',
  state: 'UF inválida: use uma das 27 siglas (ex.: SP).',
  street: 'Informe o logradouro.',
  number: 'Informe o número.',
  district: 'Informe o bairro.',
  city: 'Informe a cidade.',
  text: 'Texto longo demais.',
} as const;

const text = (max: number, required: string) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, required), v.maxLength(max, PROFILE_RULES.text));

/** A CEP as 8 digits. */
export const Cep = v.pipe(v.string(), v.regex(/^\d{8}$/, PROFILE_RULES.cep));
/** A UF code. */
export const StateCode = v.pipe(
  v.string(),
  v.check((s) => isBrazilianState(s), PROFILE_RULES.state),
);

/** A postal address; `complement` may be empty. */
export const Address = v.object({
  cep: Cep,
  street: text(200, PROFILE_RULES.street),
  number: text(20, PROFILE_RULES.number),
  complement: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100, PROFILE_RULES.text))), null),
  district: text(100, PROFILE_RULES.district),
  city: text(100, PROFILE_RULES.city),
  state: StateCode,
});
export type Address = v.InferOutput<typeof Address>;

/**
 * The profile part of `PUT /users/self`: each field optional (absent = unchanged) and
 * nullable (null = cleared). CPF with valid check digits, phone with 10–11 digits (DDD +
 * number), CEP with 8 digits, state one of the 27 UFs.
 */
export const UserProfileUpdate = v.object({
  cpf: v.optional(
    v.nullable(v.pipe(v.string(), v.regex(/^\d{11}$/, PROFILE_RULES.cpf), v.check(isValidCpf, PROFILE_RULES.cpf))),
  ),
  phone: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[1-9]{2}\d{8,9}$/, PROFILE_RULES.phone)))),
  birth_date: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.check((s) => isValidBirthDate(s), PROFILE_RULES.birthDate),
      ),
    ),
  ),
  address: v.optional(v.nullable(Address)),
});

/** `PUT /users/self` body: the editable fields; all optional. */
export const UserUpdateRequest = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
  email: v.optional(v.nullable(v.pipe(v.string(), v.email()))),
  // Profile: CPF check digits, phone 10–11 digits, CEP 8 digits, UF.
  ...UserProfileUpdate.entries,
});
export type UserUpdateRequest = v.InferOutput<typeof UserUpdateRequest>;

// ---------- password reset, change password, deletion ----------

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

/** `POST /auth/changePassword` body (signed in): the current password and the new one. */
export const ChangePasswordRequest = v.object({
  current_password: v.pipe(v.string(), v.minLength(1)),
  new_password: NewPassword,
});
export type ChangePasswordRequest = v.InferOutput<typeof ChangePasswordRequest>;

/** `POST /users/self/delete` body (docs/product.md §3 User deletion payload); the reason is optional. */
export const DeleteAccountRequest = v.object({
  deletionReason: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000)))),
});
export type DeleteAccountRequest = v.InferOutput<typeof DeleteAccountRequest>;

// ---------- the reference server's mail outbox ----------

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
