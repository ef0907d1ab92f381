import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, getToken, setToken } from '../../src/services/storage/token';
import { clearCachedUser, readCachedUser, writeCachedUser, USER_CACHE_MS } from '../../src/services/storage/user-cache';
import type { User } from '../../src/services/contract';
import { demoUser } from '../fixtures/user';

const user: User = { ...demoUser, id: 7, email: 'ana@example.com', is_lxp_user: true };

afterEach(() => {
  clearToken();
  clearCachedUser();
});

describe('token cookie (spec §3: cookie named token, path /)', () => {
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

  it('treats a malformed cookie as absent instead of crashing', () => {
    document.cookie = 'user=%7Bnot-json; path=/';
    expect(readCachedUser()).toBeNull();
    document.cookie = `user=${encodeURIComponent(JSON.stringify({ user: { id: 'x' }, expiresAt: Date.now() + 1e6 }))}; path=/`;
    expect(readCachedUser()).toBeNull();
  });
});
