import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, getToken, setToken } from '../../src/services/storage/token';
import {
  clearCachedUser,
  LAST_KNOWN_USER_KEY,
  readCachedUser,
  readLastKnownUser,
  writeCachedUser,
  USER_CACHE_MS,
} from '../../src/services/storage/user-cache';
import type { User } from '../../src/services/contract';
import { demoUser } from '../fixtures/user';

const user: User = { ...demoUser, id: 7, email: 'ana@example.com', is_lxp_user: true };

afterEach(() => {
  clearToken();
  clearCachedUser();
});

describe('token cookie (docs/product.md §3: cookie named token, path /)', () => {
  it('stores, reads and clears the token', () => {
    expect(getToken()).toBeNull();
    setToken('abc123');
    expect(document.cookie).toContain('token=abc123');
    expect(getToken()).toBe('abc123');
    clearToken();
    expect(getToken()).toBeNull();
  });
});

describe("cached user (cookie 'user', 1 hour)", () => {
  it('returns the cached user within the hour', () => {
    const now = Date.now();
    writeCachedUser(user, USER_CACHE_MS, now);
    expect(readCachedUser(now + USER_CACHE_MS - 1)).toEqual(user);
  });

  it('treats a value older than one hour as absent', () => {
    const now = Date.now();
    writeCachedUser(user, USER_CACHE_MS, now);
    expect(readCachedUser(now + USER_CACHE_MS)).toBeNull();
  });

  it('keeps the last known user past the hour (and without the cookie) until the session ends (issue 24)', () => {
    const now = Date.now();
    writeCachedUser(user, USER_CACHE_MS, now);
    expect(readLastKnownUser(now + 7 * 24 * USER_CACHE_MS)).toEqual(user);
    // What an hour does to the cookie: the store still knows the student.
    document.cookie = 'user=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(readCachedUser()).toBeNull();
    expect(readLastKnownUser()).toEqual(user);
    clearCachedUser();
    expect(readLastKnownUser()).toBeNull();
  });

  it('reads a malformed last known user as absent', () => {
    clearCachedUser();
    localStorage.setItem(LAST_KNOWN_USER_KEY, '{"id":"x"}');
    expect(readLastKnownUser()).toBeNull();
    localStorage.setItem(LAST_KNOWN_USER_KEY, '{not json');
    expect(readLastKnownUser()).toBeNull();
    localStorage.removeItem(LAST_KNOWN_USER_KEY);
  });

  it('treats a malformed cookie as absent instead of crashing', () => {
    document.cookie = 'user=%7Bnot-json; path=/';
    expect(readCachedUser()).toBeNull();
    document.cookie = `user=${encodeURIComponent(JSON.stringify({ user: { id: 'x' }, expiresAt: Date.now() + 1e6 }))}; path=/`;
    expect(readCachedUser()).toBeNull();
  });
});
