/**
 * The session token cookie (docs/product.md §3 "Session token: cookie named token, 30 days, path /").
 * SameSite=Lax always; Secure when the page is served over https.
 */
import Cookies from 'js-cookie';

/** Cookie name fixed by docs/product.md §3. */
export const TOKEN_COOKIE = 'token';
/** Lifetime of the token cookie, in days (docs/product.md §9). */
export const TOKEN_DAYS = 30;

const isHttps = (): boolean => typeof location !== 'undefined' && location.protocol === 'https:';

/** @returns the stored token, or null when signed out. */
export function getToken(): string | null {
  const value = Cookies.get(TOKEN_COOKIE);
  return value && value.length > 0 ? value : null;
}

/**
 * Stores `token` for 30 days on path `/`, `SameSite=Lax`, and `Secure` when the page is https
 * (OWASP ASVS v5 §3.3).
 * @param https whether the page is served over https (default: from `location.protocol`).
 */
export function setToken(token: string, https: boolean = isHttps()): void {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: TOKEN_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: https,
  });
}

/** Removes the token cookie. */
export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
