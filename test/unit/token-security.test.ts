/**
 * Tokens (docs/product.md §2, §3; OWASP ASVS v5 §3.3 cookies, §14.2 data in URLs): the `token`
 * cookie's attributes, and an `access_token` sign-in link that leaves the address bar before
 * anything else runs (no history entry, Referer or analytics recording ever holds it).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken, TOKEN_DAYS } from '../../src/services/storage/token';
import { demoUser } from '../fixtures/user';

const getUsersSelf = vi.fn();
vi.mock('../../src/services/api/users', () => ({ getUsersSelf: () => getUsersSelf() }));

const { authenticationStep } = await import('../../src/services/boot/steps');

/** What js-cookie wrote into `document.cookie` (the attributes are not readable back). */
function cookieWrites(): { calls: string[]; restore: () => void } {
  const calls: string[] = [];
  const spy = vi.spyOn(document, 'cookie', 'set');
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  spy.mockImplementation((value: string) => {
    calls.push(value);
    descriptor.set!.call(document, value);
  });
  return { calls, restore: () => spy.mockRestore() };
}

afterEach(() => {
  clearToken();
  vi.restoreAllMocks();
});

describe('token cookie (docs/product.md §3: cookie named token, 30 days, path /)', () => {
  it('is SameSite=Lax on path / for 30 days, and not Secure over http', () => {
    const writes = cookieWrites();
    const before = Date.now();
    setToken('t0k3n-value', false);
    writes.restore();
    expect(writes.calls).toHaveLength(1);
    const [pair, ...attributes] = writes.calls[0]!.split('; ');
    expect(pair).toBe('token=t0k3n-value');
    expect(attributes).toContain('path=/');
    expect(attributes.map((a) => a.toLowerCase())).toContain('samesite=lax');
    expect(attributes.map((a) => a.toLowerCase())).not.toContain('secure');
    const expires = Date.parse(attributes.find((a) => a.startsWith('expires='))!.slice('expires='.length));
    const days = (expires - before) / 86_400_000;
    expect(days).toBeGreaterThan(TOKEN_DAYS - 0.01);
    expect(days).toBeLessThan(TOKEN_DAYS + 0.01);
    expect(getToken()).toBe('t0k3n-value');
  });

  it('is Secure when the page is served over https', () => {
    const writes = cookieWrites();
    setToken('t0k3n-value', true);
    writes.restore();
    expect(writes.calls[0]!.split('; ').map((a) => a.toLowerCase())).toContain('secure');
  });
});

describe('access_token sign-in link (docs/product.md §2 Navigation)', () => {
  beforeEach(() => {
    getUsersSelf.mockReset();
  });

  it('strips access_token from the address before fetching the user, stores it, and goes to /courses', async () => {
    history.replaceState(null, '', '/courses?page=2&access_token=secret-token-123#top');
    let addressWhileFetching = '';
    getUsersSelf.mockImplementation(() => {
      addressWhileFetching = location.href;
      return Promise.resolve(demoUser);
    });
    await expect(authenticationStep()).resolves.toEqual({ redirect: '/courses' });
    expect(addressWhileFetching).not.toContain('secret-token-123');
    expect(location.href).not.toContain('access_token');
    expect(location.pathname + location.search + location.hash).toBe('/courses?page=2#top');
    expect(getToken()).toBe('secret-token-123');
  });

  it('clears the stored token and fails with a redirect to /login when the user cannot be fetched with it', async () => {
    history.replaceState(null, '', '/?access_token=bad-token-456');
    getUsersSelf.mockRejectedValue(new Error('401'));
    // docs/product.md §4: "If a step throws an error carrying a target address, the app redirects there".
    await expect(authenticationStep()).rejects.toMatchObject({ target: '/login' });
    expect(location.href).not.toContain('bad-token-456');
    expect(getToken()).toBeNull();
  });

  it('does nothing without access_token', async () => {
    history.replaceState(null, '', '/grades');
    await expect(authenticationStep()).resolves.toBeUndefined();
    expect(getUsersSelf).not.toHaveBeenCalled();
  });
});
