/**
 * The contract of what every page needs from its first request on (docs/product.md §3 Platform,
 * Platform setting, Login payload, User): platform lookup, sign-in and the current user.
 * Apart from the other domains so that /login loads only these schemas.
 */
import * as v from 'valibot';
import { envelope, Id } from './core';
import { UserProfileFields } from './profile-fields';

// ---------- platform (docs/product.md §3 Platform, Platform setting) ----------

export const PlatformTemplate = v.picklist(['default', 'streaming']);
export type PlatformTemplate = v.InferOutput<typeof PlatformTemplate>;

export const Platform = v.object({
  id: Id,
  name: v.string(),
  host: v.string(),
  theme: v.object({
    template: PlatformTemplate,
    /**
     * `favicon`: the site icon; `logo`: the brand's logo, shown with its name on the login
     * card and in the header — absent or null on a platform without one (the favicon stands in).
     */
    icons: v.object({ favicon: v.nullable(v.string()), logo: v.optional(v.nullable(v.string()), null) }),
    palette: v.object({
      primary: v.object({ main: v.string() }),
      secondary: v.object({ main: v.string() }),
    }),
  }),
  options: v.record(v.string(), v.unknown()),
  is_external_platform: v.boolean(),
  external_api_url: v.nullable(v.string()),
  enforce_session_throttle: v.boolean(),
});
export type Platform = v.InferOutput<typeof Platform>;

/** `GET /platforms/{id}`; `{id}` may also be the site host (docs/product.md §1 "looked up by the site host"). */
export const PlatformResponse = envelope(Platform);

export const PlatformSetting = v.object({ key: v.string(), value: v.nullable(v.string()) });
export type PlatformSetting = v.InferOutput<typeof PlatformSetting>;
/** `GET /platforms/{id}/settings`. */
export const PlatformSettingsResponse = envelope(v.array(PlatformSetting));

/** `GET /lms/settings/{keys comma joined}`: a map key → value (null when unset), in `data.data`. */
export const LmsSettingsResponse = envelope(v.record(v.string(), v.nullable(v.string())));

// ---------- auth and user (docs/product.md §3 Login payload, User) ----------

/** Country choice of the login screen (docs/product.md §2): Brasil → BRA, anything else → ANG. */
export const CountryCode = v.picklist(['BRA', 'ANG']);
export type CountryCode = v.InferOutput<typeof CountryCode>;

/** `POST /auth/token` body (docs/product.md §3 Login payload). `scope` carries the country code. */
export const LoginRequest = v.object({
  client_id: v.string(),
  grant_type: v.literal('password'),
  username: v.pipe(v.string(), v.trim(), v.minLength(1)),
  password: v.pipe(v.string(), v.minLength(1)),
  scope: CountryCode,
});
export type LoginRequest = v.InferOutput<typeof LoginRequest>;

/** `POST /auth/token` answer; `expires_in` in seconds. */
export const LoginResponse = v.object({
  access_token: v.pipe(v.string(), v.minLength(16)),
  token_type: v.literal('Bearer'),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type LoginResponse = v.InferOutput<typeof LoginResponse>;

export const User = v.object({
  id: Id,
  name: v.string(),
  email: v.nullable(v.string()),
  access_code: v.string(),
  platform_id: Id,
  is_aprovat_user: v.boolean(),
  is_lxp_user: v.boolean(),
  is_eja_user: v.boolean(),
  accepted_lgpd: v.boolean(),
  // Profile (./profile.ts): cpf, phone, birth_date, address — optional and nullable.
  ...UserProfileFields.entries,
});
export type User = v.InferOutput<typeof User>;

/**
 * What the device keeps of the signed-in student before `GET /users/self` answers (docs/product.md
 * §3 "User (cached in cookie 'user' and a store): flags … ; other fields not shown"): who they are,
 * their platform (the signed-in landing), the area flags and the LGPD acceptance. Never the
 * personal data of the profile (e-mail, access code, CPF, phone, birth date, address): those live
 * in the `GET /users/self` query only (docs/offline.md "Personal data on the device").
 */
export const SessionUser = v.pick(User, [
  'id',
  'name',
  'platform_id',
  'is_aprovat_user',
  'is_lxp_user',
  'is_eja_user',
  'accepted_lgpd',
]);
export type SessionUser = v.InferOutput<typeof SessionUser>;

/** @returns the SessionUser fields of `user` (a full User, or a SessionUser) and nothing else. */
export function toSessionUser(user: SessionUser): SessionUser {
  return {
    id: user.id,
    name: user.name,
    platform_id: user.platform_id,
    is_aprovat_user: user.is_aprovat_user,
    is_lxp_user: user.is_lxp_user,
    is_eja_user: user.is_eja_user,
    accepted_lgpd: user.accepted_lgpd,
  };
}

/** `GET /users/self`, `PUT /users/self`. */
export const UserResponse = envelope(User);

/** `POST /users/updateAcceptedLgpd` (main v1, no body): the updated user (`accepted_lgpd: true`). */
export const AcceptLgpdResponse = envelope(User);
export type AcceptLgpdResponse = v.InferOutput<typeof AcceptLgpdResponse>;
