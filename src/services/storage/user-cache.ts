/**
 * Cached current user (docs/product.md §3 "User (cached in cookie 'user' and a store)",
 * docs/product.md §9 "cached values default 1 hour"). The cookie holds the session user's JSON and
 * expires after `USER_CACHE_MS`; a malformed or expired value reads as null.
 *
 * The store (offline never signs out: docs/decisions/0007-offline-keeps-the-last-known-user.md):
 * the same user is also kept in localStorage as the *last known user*, without the 1 h
 * freshness, until the session ends (`clearCachedUser`
 * on logout, 401, account deletion). A page load after the hour signs in with it at once and
 * refreshes it; offline it is all the app has, and it is enough.
 *
 * Both hold the `SessionUser` only (id, name, platform, area flags, LGPD acceptance): the cookie
 * goes with every request and both are readable by any script of the origin, so the personal
 * data of the profile (e-mail, access code, CPF, phone, birth date, address) is never written
 * here (docs/offline.md "Personal data on the device"). A value written by an older version with
 * those fields is rewritten without them when read.
 */
import Cookies from 'js-cookie';
import * as v from 'valibot';
import { SessionUser, toSessionUser } from '../contract/session';

export const USER_COOKIE = 'user';
/** Default lifetime of cached values, in ms (docs/product.md §9: 1 hour). */
export const USER_CACHE_MS = 60 * 60 * 1000;

const Cached = v.object({ user: SessionUser, expiresAt: v.number() });

/** localStorage key of the last known user (the store of docs/product.md §3). */
export const LAST_KNOWN_USER_KEY = 'lms.user.lastKnown';

const SESSION_FIELDS: ReadonlySet<string> = new Set(Object.keys(SessionUser.entries));

/** True when a stored user object carries fields beyond the SessionUser's (an older version wrote it). */
const hasExtraFields = (stored: unknown): boolean =>
  typeof stored === 'object' && stored !== null && Object.keys(stored).some((key) => !SESSION_FIELDS.has(key));

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
export function readLastKnownUser(now: number = Date.now()): SessionUser | null {
  const fresh = readCachedUser(now);
  if (fresh) return fresh;
  try {
    const store = storage();
    const raw = store?.getItem(LAST_KNOWN_USER_KEY);
    if (!store || !raw) return null;
    const stored: unknown = JSON.parse(raw);
    const parsed = v.safeParse(SessionUser, stored);
    if (!parsed.success) return null;
    if (hasExtraFields(stored)) store.setItem(LAST_KNOWN_USER_KEY, JSON.stringify(parsed.output));
    return parsed.output;
  } catch {
    return null;
  }
}

/** @returns the cached user when present, well-formed and not older than 1 hour; else null. */
export function readCachedUser(now: number = Date.now()): SessionUser | null {
  const raw = Cookies.get(USER_COOKIE);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { user?: unknown };
    const parsed = v.safeParse(Cached, stored);
    if (!parsed.success || parsed.output.expiresAt <= now) return null;
    if (hasExtraFields(stored.user)) writeCookie(parsed.output.user, parsed.output.expiresAt);
    return parsed.output.user;
  } catch {
    return null;
  }
}

/** Writes the `user` cookie: `user` (already a SessionUser) until `expiresAt` (ms since the epoch). */
function writeCookie(user: SessionUser, expiresAt: number): void {
  Cookies.set(USER_COOKIE, JSON.stringify({ user, expiresAt }), {
    expires: new Date(expiresAt),
    path: '/',
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

/**
 * Caches the session user of `user` (its `SessionUser` fields only, whatever else it carries) for
 * `ttlMs` (default 1 hour) in the `user` cookie, and as the last known user.
 */
export function writeCachedUser(user: SessionUser, ttlMs: number = USER_CACHE_MS, now: number = Date.now()): void {
  const session = toSessionUser(user);
  try {
    storage()?.setItem(LAST_KNOWN_USER_KEY, JSON.stringify(session));
  } catch {
    // quota or disabled storage: the cookie alone still works online
  }
  writeCookie(session, now + ttlMs);
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
