/**
 * The profile fields the User carries (see ./profile.ts), apart from the profile's
 * validators so that the first-request schemas (./session.ts) stay small.
 */
import * as v from 'valibot';

/**
 * Profile fields of the User (all optional and nullable: platforms and older answers
 * without them stay valid).
 */
export const UserProfileFields = v.object({
  cpf: v.optional(v.nullable(v.string())),
  phone: v.optional(v.nullable(v.string())),
  birth_date: v.optional(v.nullable(v.string())),
  address: v.optional(
    v.nullable(
      v.object({
        cep: v.string(),
        street: v.string(),
        number: v.string(),
        complement: v.nullable(v.string()),
        district: v.string(),
        city: v.string(),
        state: v.string(),
      }),
    ),
  ),
});
