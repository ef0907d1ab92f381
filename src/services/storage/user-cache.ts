/**
 * Cached current user (docs/product.md §3 "User (cached in cookie 'user' and a store)",
 * docs/product.md §9 "cached values default 1 hour"). The cookie holds the user JSON and
 * expires after `USER_CACHE_MS`; a malformed or expired value reads as null.
 *
 * The store (offline never signs out: docs/decisions/0007-offline-keeps-the-last-known-user.md):
 * the same user is also kept in localStorage as the *last known user*, without the 1 h
 * freshness, until the session ends (`clearCachedUser`
 * on logout, 401, account deletion). A page load after the hour signs in with it at once and
 * refreshes it; offline it is all the app has, and it is enough.
 */
import Cookies from 'js-cookie';
import * as v from 'valibot';
import { User } from '../contract/session';

export const USER_COOKIE = 'user';
/** Default lifetime of cached values, in ms (docs/product.md §9: 1 hour). */
export const USER_CACHE_MS = 60 * 60 * 1000;

const Cached = v.object({ user: User, expiresAt: v.number() });

/** localStorage key of the last known user (the store of docs/product.md §3). */
export const LAST_KNOWN_USER_KEY = 'lms.user.lastKnown';

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): only the cookie is kept
  }
};

/**
 * @returns the last user read on this device while signed in, however old (the fresh cookie's
 *   when present), or null when none or malformed.
 */
export function readLastKnownUser(now: number = Date.now()): User | null {
  const fresh = readCachedUser(now);
  if (fresh) return fresh;
  try {
    const raw = storage()?.getItem(LAST_KNOWN_USER_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(User, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** @returns the cached user when present, well-formed and not older than 1 hour; else null. */
export function readCachedUser(now: number = Date.now()): User | null {
  const raw = Cookies.get(USER_COOKIE);
  if (!raw) return null;
  try {
    const parsed = v.safeParse(Cached, JSON.parse(raw));
    if (!parsed.success || parsed.output.expiresAt <= now) return null;
    return parsed.output.user;
  } catch {
    return null;
  }
}

/** Caches `user` for `ttlMs` (default 1 hour) in the `user` cookie, and as the last known user. */
export function writeCachedUser(user: User, ttlMs: number = USER_CACHE_MS, now: number = Date.now()): void {
  try {
    storage()?.setItem(LAST_KNOWN_USER_KEY, JSON.stringify(user));
  } catch {
    // quota or disabled storage: the cookie alone still works online
  }
  Cookies.set(USER_COOKIE, JSON.stringify({ user, expiresAt: now + ttlMs }), {
    expires: new Date(now + ttlMs),
    path: '/',
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

/** Removes the cached user and the last known user (the session ended). */
export function clearCachedUser(): void {
  Cookies.remove(USER_COOKIE, { path: '/' });
  try {
    storage()?.removeItem(LAST_KNOWN_USER_KEY);
  } catch {
    // nothing stored
  }
}
