/**
 * Brazilian profile data of the account screen (docs/product.md §7 `PUT /users/self`,
 * `GET /postal-code/{code}/view`, `GET /cities`): the 27 UFs, the CPF check-digit
 * validator and the valibot schemas of the profile calls' answers (the rules of `PUT /users/self`'s
 * body are in ./account-requests.ts). Pure (valibot, and the CPF check of
 * @brazilian-utils/brazilian-utils): shared by the contract, the client and the reference server.
 *
 * Wire format: CPF, phone and CEP travel as digits only (`'52998224725'`, `'11987654321'`,
 * `'01310100'`); masks are a display concern of the client.
 */
import * as v from 'valibot';
import { isValidCpf as isValidCpfOfLibrary } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { envelope } from './core';

/** The 27 federative units (26 states + DF), as their two-letter codes. */
export const BRAZILIAN_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type BrazilianState = (typeof BRAZILIAN_STATES)[number];

/** @returns whether `value` is one of the 27 UF codes (upper case). */
export function isBrazilianState(value: string): value is BrazilianState {
  return (BRAZILIAN_STATES as readonly string[]).includes(value);
}

/** `'529.982.247-25'` → `'52998224725'`: keeps the digits only. */
export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/**
 * CPF check (Receita Federal, modulo 11 check digits): a thin wrapper of `isValidCpf` from
 * `@brazilian-utils/brazilian-utils` (maintained, zero-dependency; imported from its own subpath
 * so neither the bundle nor the server loads the rest of the library). Eleven equal digits
 * (`111.111.111-11`) and wrong check digits are invalid.
 * @param value a CPF with or without its mask (`'529.982.247-25'` or `'52998224725'`; the
 *   library also accepts spaces between the groups).
 * @returns true when it has 11 digits and both check digits match.
 */
export function isValidCpf(value: string): boolean {
  return isValidCpfOfLibrary(value);
}

/** `YYYY-MM-DD`, a real calendar day, not in the future and not before 1900. */
export function isValidBirthDate(value: string, today: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    value >= '1900-01-01' &&
    value <= today.toISOString().slice(0, 10)
  );
}

// The User's profile fields live apart (./profile-fields.ts) so /login does not load the validators below.
export { UserProfileFields } from './profile-fields';

/** `GET /postal-code/{code}/view`: the address of a CEP (no number or complement). */
export const PostalCodeAddress = v.object({
  cep: v.string(),
  street: v.string(),
  district: v.string(),
  city: v.string(),
  state: v.string(),
});
export type PostalCodeAddress = v.InferOutput<typeof PostalCodeAddress>;

/** One city of `GET /cities?state=UF`. */
export const City = v.object({ id: v.pipe(v.number(), v.integer()), name: v.string(), state: v.string() });
export type City = v.InferOutput<typeof City>;

/** v2 `POST /biometrics/create` (multipart, field `photo`): the stored photo. */
export const BiometricPhoto = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  created_at: v.string(),
});
export type BiometricPhoto = v.InferOutput<typeof BiometricPhoto>;

/** Photo types and size the biometrics upload accepts (bytes: 5 MB). */
export const BIOMETRIC_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const BIOMETRIC_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

// ---------- answers of the profile calls ----------

/** `GET /postal-code/{code}/view` (main v1). */
export const PostalCodeResponse = envelope(PostalCodeAddress);
/** `GET /cities?state=UF` (main v1), by name. */
export const CityListResponse = envelope(v.array(City));
/** v2 `POST /biometrics/create` (201). */
export const BiometricPhotoResponse = envelope(BiometricPhoto);
