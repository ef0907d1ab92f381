/** Auth calls of docs/product.md §7 (`POST /auth/token`, logout). */
import * as v from 'valibot';
import { LoginResponse, type CountryCode } from '../contract/session';
import { WEB_CLIENT_ID } from '../contract/bases';
import { request } from '../http/clients';

/**
 * `POST /auth/token` (main v1) with the login payload of docs/product.md §3.
 * @param input access code (`username`), password and country code (`scope`: BRA | ANG).
 * @returns `{ access_token, token_type, expires_in (s) }`.
 * @throws ApiError 401 with the server's message on wrong credentials; NetworkError; TimeoutError; ContractError.
 */
export function postAuthToken(input: {
  username: string;
  password: string;
  scope: CountryCode;
}): Promise<LoginResponse> {
  return request('mainV1', 'post', '/auth/token', LoginResponse, {
    json: {
      client_id: WEB_CLIENT_ID,
      grant_type: 'password',
      username: input.username.trim(),
      password: input.password,
      scope: input.scope,
    },
  });
}

/**
 * `POST /auth/logout` (main v1): revokes the current token on the server.
 * @throws the typed errors of `request`; callers treat it as best effort.
 */
export async function postAuthLogout(): Promise<void> {
  await request('mainV1', 'post', '/auth/logout', v.optional(v.unknown()));
}

/** Maps the login screen's country choice to its code (docs/product.md §2: Brasil → BRA, any other → ANG). */
export function countryCode(country: string): CountryCode {
  return country === 'Brasil' || country === 'BRA' ? 'BRA' : 'ANG';
}
