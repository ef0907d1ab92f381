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
import { toSessionUser, type User } from '../../src/services/contract';
import { demoUser } from '../fixtures/user';

const user: User = { ...demoUser, id: 7, email: 'ana@example.com', is_lxp_user: true };
/** What the device keeps of `user` (docs/offline.md "Personal data on the device"). */
const sessionUser = toSessionUser(user);

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
    expect(readCachedUser(now + USER_CACHE_MS - 1)).toEqual(sessionUser);
  });

  it('treats a value older than one hour as absent', () => {
    const now = Date.now();
    writeCachedUser(user, USER_CACHE_MS, now);
    expect(readCachedUser(now + USER_CACHE_MS)).toBeNull();
  });

  it('keeps the last known user past the hour (and without the cookie) until the session ends (issue 24)', () => {
    const now = Date.now();
    writeCachedUser(user, USER_CACHE_MS, now);
    expect(readLastKnownUser(now + 7 * 24 * USER_CACHE_MS)).toEqual(sessionUser);
    // What an hour does to the cookie: the store still knows the student.
    document.cookie = 'user=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(readCachedUser()).toBeNull();
    expect(readLastKnownUser()).toEqual(sessionUser);
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

describe('personal data never reaches the cookie or localStorage (docs/offline.md "Personal data on the device")', () => {
  const full: User = {
    ...demoUser,
    id: 9,
    name: 'Beatriz Lima',
    email: 'beatriz.lima@exemplo.com.br',
    access_code: 'bia-2024-xyz',
    cpf: '52998224725',
    phone: '11987654321',
    birth_date: '1990-04-17',
    address: {
      cep: '01310100',
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'Apto 42',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
    is_eja_user: true,
  };
  const personal = [
    'beatriz.lima@exemplo.com.br',
    'bia-2024-xyz',
    '52998224725',
    '11987654321',
    '1990-04-17',
    '01310100',
    'Avenida Paulista',
    '1578',
    'Apto 42',
    'Bela Vista',
    'São Paulo',
  ];
  const rawCookie = () => decodeURIComponent(/(?:^|; )user=([^;]*)/.exec(document.cookie)?.[1] ?? '');

  it('writeCachedUser(full user) keeps only id, name, platform, area flags and LGPD acceptance', () => {
    writeCachedUser(full);
    const cookie = rawCookie();
    const stored = localStorage.getItem(LAST_KNOWN_USER_KEY) ?? '';
    expect(cookie).toContain('Beatriz Lima');
    expect(stored).toContain('Beatriz Lima');
    for (const value of personal) {
      expect(cookie).not.toContain(value);
      expect(stored).not.toContain(value);
    }
    for (const key of ['email', 'access_code', 'cpf', 'phone', 'birth_date', 'address']) {
      expect(cookie).not.toContain(`"${key}"`);
      expect(stored).not.toContain(`"${key}"`);
    }
    const expected = {
      id: 9,
      name: 'Beatriz Lima',
      platform_id: 1,
      is_aprovat_user: false,
      is_lxp_user: false,
      is_eja_user: true,
      accepted_lgpd: true,
    };
    expect(JSON.parse(stored)).toEqual(expected);
    expect(readCachedUser()).toEqual(expected);
  });

  it('a full user stored by an older version is read as the session user and rewritten without its personal data', () => {
    const expiresAt = Date.now() + USER_CACHE_MS;
    document.cookie = `user=${encodeURIComponent(JSON.stringify({ user: full, expiresAt }))}; path=/`;
    localStorage.setItem(LAST_KNOWN_USER_KEY, JSON.stringify(full));
    expect(readCachedUser()).toEqual(toSessionUser(full));
    const cookie = rawCookie();
    expect(JSON.parse(cookie)).toEqual({ user: toSessionUser(full), expiresAt });
    document.cookie = 'user=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(readLastKnownUser()).toEqual(toSessionUser(full));
    const stored = localStorage.getItem(LAST_KNOWN_USER_KEY) ?? '';
    for (const value of personal) {
      expect(cookie).not.toContain(value);
      expect(stored).not.toContain(value);
    }
  });
});
