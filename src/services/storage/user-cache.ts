/**
 * Cached current user (spec §3 "User (cached in cookie 'user' and a store)",
 * spec §9 "cached values default 1 hour"). The cookie holds the user JSON and
 * expires after `USER_CACHE_MS`; a malformed or expired value reads as null.
 */
import Cookies from 'js-cookie';
import * as v from 'valibot';
import { User } from '../contract/session';

export const USER_COOKIE = 'user';
/** Default lifetime of cached values, in ms (spec §9: 1 hour). */
export const USER_CACHE_MS = 60 * 60 * 1000;

const Cached = v.object({ user: User, expiresAt: v.number() });

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

/** Caches `user` for `ttlMs` (default 1 hour) in the `user` cookie. */
export function writeCachedUser(user: User, ttlMs: number = USER_CACHE_MS, now: number = Date.now()): void {
  Cookies.set(USER_COOKIE, JSON.stringify({ user, expiresAt: now + ttlMs }), {
    expires: new Date(now + ttlMs),
    path: '/',
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

/** Removes the cached user. */
export function clearCachedUser(): void {
  Cookies.remove(USER_COOKIE, { path: '/' });
}
