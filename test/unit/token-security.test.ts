/**
 * Tokens (docs/product.md §2, §3; OWASP ASVS v5 §3.3 cookies, §14.2 data in URLs): the `token`
 * cookie's attributes, and an `access_token` sign-in link that leaves the address bar before
 * anything else runs (no history entry, Referer or analytics recording ever holds it): taken out
 * by the pre-paint script (src/app/prepaint.js) and handed to the boot's authentication step, or
 * by the step itself where the script did not run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken, TOKEN_DAYS } from '../../src/services/storage/token';
import { accessTokenReferrerPolicy, prepaintInline } from '../../server/security-headers';
import { demoUser } from '../fixtures/user';

const getUsersSelf = vi.fn();
vi.mock('../../src/services/api/users', () => ({ getUsersSelf: () => getUsersSelf() }));

const { ACCESS_TOKEN_HANDOFF_KEY, authenticationStep } = await import('../../src/services/boot/steps');

/** Runs the pre-paint script as index.html inlines it (src/app/prepaint.js). */
const runPrepaint = () => new Function(prepaintInline().code)() as void;

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

describe('access_token taken out of the address by the pre-paint script, before any subresource', () => {
  beforeEach(() => {
    getUsersSelf.mockReset();
    sessionStorage.clear();
    delete window.__lmsAccessToken;
  });

  it('leaves the rest of the query and the hash, hands the token over in sessionStorage, and the boot signs in with it once', async () => {
    history.replaceState(null, '', '/courses/1?page=2&access_token=prepaint-token-789&tab=a#top');
    runPrepaint();
    expect(location.pathname + location.search + location.hash).toBe('/courses/1?page=2&tab=a#top');
    expect(sessionStorage.getItem(ACCESS_TOKEN_HANDOFF_KEY)).toBe('prepaint-token-789');

    getUsersSelf.mockResolvedValue(demoUser);
    await expect(authenticationStep()).resolves.toEqual({ redirect: '/courses' });
    expect(getToken()).toBe('prepaint-token-789');
    expect(sessionStorage.getItem(ACCESS_TOKEN_HANDOFF_KEY)).toBeNull();
    expect(location.href).not.toContain('prepaint-token-789');

    // Used once: the next page load of this tab signs nobody in from it.
    getUsersSelf.mockClear();
    await expect(authenticationStep()).resolves.toBeUndefined();
    expect(getUsersSelf).not.toHaveBeenCalled();
  });

  it('with storage disabled, hands the token over on the window, which the boot takes and deletes', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('disabled', 'SecurityError');
    });
    history.replaceState(null, '', '/courses/1?access_token=window-token-321');
    runPrepaint();
    expect(location.pathname + location.search).toBe('/courses/1');
    expect(window.__lmsAccessToken).toBe('window-token-321');
    vi.mocked(Storage.prototype.setItem).mockRestore();

    getUsersSelf.mockResolvedValue(demoUser);
    await expect(authenticationStep()).resolves.toEqual({ redirect: '/courses' });
    expect(getToken()).toBe('window-token-321');
    expect(window.__lmsAccessToken).toBeUndefined();
  });

  it('a token the platform refuses: cleared from the handover too, and /login', async () => {
    history.replaceState(null, '', '/courses/1?access_token=refused-token-654');
    runPrepaint();
    getUsersSelf.mockRejectedValue(new Error('401'));
    await expect(authenticationStep()).rejects.toMatchObject({ target: '/login' });
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem(ACCESS_TOKEN_HANDOFF_KEY)).toBeNull();
  });

  it('/login?access_token=…: the pre-rendered sign-in form is not shown (the boot signs in and leaves)', () => {
    document.documentElement.removeAttribute('data-shell');
    history.replaceState(null, '', '/login?access_token=login-token-111');
    runPrepaint();
    expect(location.pathname + location.search).toBe('/login');
    expect(document.documentElement.hasAttribute('data-shell')).toBe(false);
    runPrepaint();
    expect(document.documentElement.getAttribute('data-shell')).toBe('login');
    document.documentElement.removeAttribute('data-shell');
  });

  it('a page without access_token: the pre-paint script leaves the address as it is', () => {
    history.replaceState(null, '', '/courses?page=2#top');
    runPrepaint();
    expect(location.pathname + location.search + location.hash).toBe('/courses?page=2#top');
    expect(sessionStorage.getItem(ACCESS_TOKEN_HANDOFF_KEY)).toBeNull();
    expect(window.__lmsAccessToken).toBeUndefined();
  });
});

describe('Referrer-Policy of an answer while its address carries access_token (server/security-headers.ts)', () => {
  it('is no-referrer for a sign-in link, and left to the usual policy otherwise', () => {
    expect(accessTokenReferrerPolicy('/courses/1?access_token=abc')).toBe('no-referrer');
    expect(accessTokenReferrerPolicy('http://localhost:4173/home?page=2&access_token=abc#x')).toBe('no-referrer');
    expect(accessTokenReferrerPolicy('/courses/1?page=2')).toBeNull();
    expect(accessTokenReferrerPolicy('/courses/1#access_token=abc')).toBeNull();
  });
});
