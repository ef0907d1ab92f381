import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { sessionMachine, postLoginSetupStarted } from '../../src/machines/session.machine';
import { ApiError, ContractError, NetworkError, TimeoutError } from '../../src/services/http/errors';
import type { SessionUser, User } from '../../src/services/contract';
import { demoUser } from '../fixtures/user';

const user: User = { ...demoUser, id: 3, name: 'Bruno Lima' };

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  input: { hasToken: boolean; cachedUser: User | null; lastKnownUser?: User | null },
  impl: {
    login?: () => Promise<{ access_token: string }>;
    fetchUser?: () => Promise<User>;
    revokeToken?: () => Promise<void>;
    postLoginSetup?: () => Promise<void>;
  } = {},
) {
  const calls = {
    login: vi.fn<(input: { username: string; password: string; scope: string }) => Promise<{ access_token: string }>>(
      impl.login ?? (async () => ({ access_token: 't'.repeat(20) })),
    ),
    fetchUser: vi.fn(impl.fetchUser ?? (async () => user)),
    revokeToken: vi.fn(impl.revokeToken ?? (async () => {})),
    postLoginSetup: vi.fn<(input: { user: SessionUser }) => Promise<void>>(impl.postLoginSetup ?? (async () => {})),
    storeToken: vi.fn(),
    storeUser: vi.fn(),
    clearAuth: vi.fn(),
    navigateAfterLogin: vi.fn(),
    navigateToLogin: vi.fn(),
    logSetupFailure: vi.fn(),
  };
  const clock = new SimulatedClock();
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(
          async ({ input: i }: { input: { username: string; password: string; scope: 'BRA' | 'ANG' } }) =>
            calls.login(i),
        ),
        fetchUser: fromPromise(() => calls.fetchUser()),
        revokeToken: fromPromise(() => calls.revokeToken()),
        postLoginSetup: fromPromise<void, { user: SessionUser }>(({ input: i }) => calls.postLoginSetup(i)),
      },
      actions: {
        storeToken: (_, p: { token: string }) => calls.storeToken(p.token),
        storeUser: (_, p: { user: SessionUser }) => calls.storeUser(p.user),
        clearAuth: () => calls.clearAuth(),
        navigateAfterLogin: (_, p: { nextRoute: string | null }) => calls.navigateAfterLogin(p.nextRoute),
        navigateToLogin: (_, p: { reason: string | null }) => calls.navigateToLogin(p.reason),
        logSetupFailure: (_, p: { error: unknown }) => calls.logSetupFailure(p.error),
      },
    }),
    { input, clock },
  ).start();
  return { actor, calls, clock };
}

const login = {
  type: 'session.login',
  username: 'demo',
  password: 'demo1234',
  country: 'BRA',
  nextRoute: '/courses/1',
} as const;

describe('session machine (docs/product.md §4 Auth)', () => {
  it('starts signed out without a token', () => {
    const { actor } = start({ hasToken: false, cachedUser: user });
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('starts signed in at once with a token and a cached user', () => {
    const { actor, calls } = start({ hasToken: true, cachedUser: user });
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(calls.fetchUser).not.toHaveBeenCalled();
  });

  it('loads the user when only the token is stored', async () => {
    const { actor, calls } = start({ hasToken: true, cachedUser: null });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(calls.storeUser).toHaveBeenCalledWith(user);
    expect(calls.navigateAfterLogin).not.toHaveBeenCalled();
  });

  it.each([401, 403, 404, 410])(
    'clears stored auth when the user read answers %i: the user or session is gone (docs/product.md §8)',
    async (status) => {
      const { actor, calls } = start(
        { hasToken: true, cachedUser: null },
        { fetchUser: () => Promise.reject(new ApiError(status, { message: 'x' }, '/users/self')) },
      );
      await flush();
      expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
      expect(calls.clearAuth).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.loginError).toBeNull();
    },
  );

  it.each([
    ['offline', new NetworkError()],
    ['a timeout', new TimeoutError(30_000)],
    ['a 502', new ApiError(502, { message: 'Erro 502' }, '/users/self')],
    ['a malformed answer', new ContractError(['name'])],
  ])(
    'never signs out on %s without a known user: waits, and asks again when the platform answers',
    async (_, error) => {
      let answer: () => Promise<User> = () => Promise.reject(error);
      const { actor, calls } = start({ hasToken: true, cachedUser: null }, { fetchUser: () => answer() });
      await flush();
      expect(actor.getSnapshot().hasTag('waitingForNetwork')).toBe(true);
      expect(actor.getSnapshot().hasTag('anonymous')).toBe(false);
      expect(calls.clearAuth).not.toHaveBeenCalled();
      answer = async () => user;
      actor.send({ type: 'network.reachable' });
      await flush();
      expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
      expect(calls.storeUser).toHaveBeenCalledWith(user);
    },
  );

  it('without a known user, asks again after userRetryDelay (30 000 ms) on the clock alone', async () => {
    const { actor, calls, clock } = start(
      { hasToken: true, cachedUser: null },
      { fetchUser: () => Promise.reject(new NetworkError()) },
    );
    await flush();
    expect(calls.fetchUser).toHaveBeenCalledTimes(1);
    clock.increment(29_999);
    await flush();
    expect(calls.fetchUser).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    expect(calls.fetchUser).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().hasTag('waitingForNetwork')).toBe(true);
  });

  it('after the 1 h freshness, signs in at once with the last known user and refreshes it in the background', async () => {
    const fresh = { ...user, name: 'Bruno L. Lima' };
    let answer: () => Promise<User> = () => Promise.reject(new NetworkError());
    const { actor, calls } = start(
      { hasToken: true, cachedUser: null, lastKnownUser: user },
      { fetchUser: () => answer() },
    );
    // Signed in before any answer: offline, the device's data shows.
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(user);
    await flush();
    expect(calls.fetchUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(calls.clearAuth).not.toHaveBeenCalled();
    // The platform answers again: the stale user is refreshed once.
    answer = async () => fresh;
    actor.send({ type: 'network.reachable' });
    await flush();
    expect(actor.getSnapshot().context.user?.name).toBe('Bruno L. Lima');
    expect(calls.storeUser).toHaveBeenCalledWith(fresh);
    actor.send({ type: 'network.reachable' });
    await flush();
    expect(calls.fetchUser).toHaveBeenCalledTimes(2);
  });

  it('a stale user whose refresh answers 401 signs out, to /login saying the session expired', async () => {
    const { actor, calls } = start(
      { hasToken: true, cachedUser: null, lastKnownUser: user },
      { fetchUser: () => Promise.reject(new ApiError(401, { message: 'x' }, '/users/self')) },
    );
    await flush();
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(calls.clearAuth).toHaveBeenCalledTimes(1);
    expect(calls.navigateToLogin).toHaveBeenCalledWith('expired');
  });

  it.each([
    ['a 500', new ApiError(500, { message: 'Erro interno do servidor.' }, '/users/self'), 'server'],
    ['a malformed answer', new ContractError(['name']), 'malformed'],
    ['offline', new NetworkError(), 'offline'],
  ])('a user read that fails right after sign-in (%s) says why and leaves the form usable', async (_, error, kind) => {
    const { actor, calls } = start({ hasToken: false, cachedUser: null }, { fetchUser: () => Promise.reject(error) });
    actor.send(login);
    await flush();
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.loginError?.kind).toBe(kind);
    expect(calls.clearAuth).toHaveBeenCalledTimes(1);
    expect(calls.navigateAfterLogin).not.toHaveBeenCalled();
  });

  it('signs in: sends the country as scope, stores the token, loads the user, follows next_route', async () => {
    const { actor, calls } = start({ hasToken: false, cachedUser: null });
    actor.send(login);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(calls.login).toHaveBeenCalledWith({ username: 'demo', password: 'demo1234', scope: 'BRA' });
    expect(calls.storeToken).toHaveBeenCalledWith('t'.repeat(20));
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(calls.navigateAfterLogin).toHaveBeenCalledWith('/courses/1');
  });

  it('keeps why a sign-in failed (401) for the form to say', async () => {
    const { actor, calls } = start(
      { hasToken: false, cachedUser: null },
      {
        login: () =>
          Promise.reject(new ApiError(401, { message: 'Código de acesso ou senha inválidos' }, '/auth/token')),
      },
    );
    actor.send(login);
    await flush();
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(actor.getSnapshot().context.loginError).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(calls.storeToken).not.toHaveBeenCalled();
  });

  it('runs the post-login setup 1 s after sign-in, not before', async () => {
    const { actor, calls, clock } = start({ hasToken: false, cachedUser: null });
    actor.send(login);
    await flush();
    clock.increment(999);
    expect(calls.postLoginSetup).not.toHaveBeenCalled();
    clock.increment(1);
    expect(calls.postLoginSetup).toHaveBeenCalledTimes(1);
  });

  it('refreshes a cached user as part of the post-login setup, 1 s after page load', async () => {
    const fresh = { ...user, accepted_lgpd: false };
    const { actor, calls, clock } = start({ hasToken: true, cachedUser: user }, { fetchUser: async () => fresh });
    expect(calls.fetchUser).not.toHaveBeenCalled();
    clock.increment(1000);
    await flush();
    expect(calls.fetchUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user?.accepted_lgpd).toBe(false);
    expect(calls.storeUser).toHaveBeenCalledWith(fresh);
  });

  it('a failing post-login setup never signs the student out: logged once, then ready', async () => {
    const failure = new AggregateError([new Error('x')], 'post-login setup: "widgetConfig" failed');
    const { actor, clock, calls } = start(
      { hasToken: true, cachedUser: user },
      { postLoginSetup: () => Promise.reject(failure) },
    );
    clock.increment(1000);
    await flush();
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().matches({ authenticated: { setup: 'ready' } })).toBe(true);
    expect(calls.logSetupFailure).toHaveBeenCalledTimes(1);
    expect(calls.logSetupFailure).toHaveBeenCalledWith(failure);
    expect(calls.clearAuth).not.toHaveBeenCalled();
    expect(calls.navigateToLogin).not.toHaveBeenCalled();
  });

  it('a post-login setup that succeeds logs nothing', async () => {
    const { actor, clock, calls } = start({ hasToken: true, cachedUser: user });
    clock.increment(1000);
    await flush();
    expect(actor.getSnapshot().matches({ authenticated: { setup: 'ready' } })).toBe(true);
    expect(calls.logSetupFailure).not.toHaveBeenCalled();
  });

  it("'Sair' revokes the token, clears auth and goes to /login, even when the revoke fails", async () => {
    const { actor, calls } = start(
      { hasToken: true, cachedUser: user },
      { revokeToken: () => Promise.reject(new NetworkError()) },
    );
    actor.send({ type: 'session.logout' });
    await flush();
    expect(calls.revokeToken).toHaveBeenCalledTimes(1);
    expect(calls.clearAuth).toHaveBeenCalledTimes(1);
    expect(calls.navigateToLogin).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
  });

  it('a logout after an account deletion takes the same path and tells /login why (issue 6)', async () => {
    const { actor, calls } = start(
      { hasToken: true, cachedUser: user },
      { revokeToken: () => Promise.reject(new ApiError(401, { message: 'Sessão expirada' }, '/auth/logout')) },
    );
    actor.send({ type: 'session.logout', reason: 'accountDeleted' });
    await flush();
    expect(calls.clearAuth).toHaveBeenCalledTimes(1);
    expect(calls.navigateToLogin).toHaveBeenCalledWith('accountDeleted');
    expect(actor.getSnapshot().context.user).toBeNull();
    // A later plain 'Sair' carries no reason.
    actor.send({ ...login });
    await flush();
    actor.send({ type: 'session.logout' });
    await flush();
    expect(calls.navigateToLogin).toHaveBeenLastCalledWith(null);
  });

  it('a 401 (session.expired) clears auth and goes to /login saying the session expired, without a revoke call', () => {
    const { actor, calls } = start({ hasToken: true, cachedUser: user });
    actor.send({ type: 'session.expired' });
    expect(calls.revokeToken).not.toHaveBeenCalled();
    expect(calls.clearAuth).toHaveBeenCalledTimes(1);
    expect(calls.navigateToLogin).toHaveBeenCalledTimes(1);
    expect(calls.navigateToLogin).toHaveBeenCalledWith('expired');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('refreshes the user in the background and keeps the cached one when offline', async () => {
    const fresh = { ...user, name: 'Bruno L. Lima' };
    let answer: () => Promise<User> = async () => fresh;
    const { actor } = start({ hasToken: true, cachedUser: user }, { fetchUser: () => answer() });
    actor.send({ type: 'user.refresh' });
    await flush();
    expect(actor.getSnapshot().context.user?.name).toBe('Bruno L. Lima');
    answer = () => Promise.reject(new NetworkError());
    actor.send({ type: 'user.refresh' });
    await flush();
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.user?.name).toBe('Bruno L. Lima');
  });

  it('signs out when the background refresh answers 401', async () => {
    const { actor, calls } = start(
      { hasToken: true, cachedUser: user },
      { fetchUser: () => Promise.reject(new ApiError(401, { message: 'Sessão expirada' }, '/users/self')) },
    );
    actor.send({ type: 'user.refresh' });
    await flush();
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(calls.navigateToLogin).toHaveBeenCalledTimes(1);
  });
});

/** docs/product.md §4: logout clears token and user and goes to /login; a 401 signs out — from every state. */
describe('session machine: sign-out from the loading and waiting states, logout success path', () => {
  const never = () => new Promise<never>(() => {});

  it('a 401 while the user is loading signs out: clearAuth once, no user, anonymous', async () => {
    const { actor, calls } = start({ hasToken: true, cachedUser: null }, { fetchUser: never });
    expect(actor.getSnapshot().value).toBe('loadingUser');
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls.clearAuth).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it.each([
    ['a 401', { type: 'session.expired' } as const, false],
    ["'Sair'", { type: 'session.logout' } as const, true],
  ])('%s while waiting for the platform signs out (token and user cleared)', async (_, event, navigates) => {
    const { actor, calls } = start(
      { hasToken: true, cachedUser: null, lastKnownUser: null },
      { fetchUser: () => Promise.reject(new NetworkError()) },
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('waitingForUser');
    expect(actor.getSnapshot().hasTag('busy') && actor.getSnapshot().hasTag('waitingForNetwork')).toBe(true);
    actor.send(event);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls.clearAuth).toHaveBeenCalledTimes(1);
    expect(calls.navigateToLogin).toHaveBeenCalledTimes(navigates ? 1 : 0);
    if (navigates) expect(calls.navigateToLogin).toHaveBeenCalledWith(null);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(calls.revokeToken).not.toHaveBeenCalled();
    // The login form is usable again.
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('a logout while waiting tells /login its reason, as the signed-in logout does', async () => {
    const { actor, calls } = start(
      { hasToken: true, cachedUser: null },
      { fetchUser: () => Promise.reject(new NetworkError()) },
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('waitingForUser');
    actor.send({ type: 'session.logout', reason: 'accountDeleted' });
    expect(calls.navigateToLogin).toHaveBeenCalledTimes(1);
    expect(calls.navigateToLogin).toHaveBeenCalledWith('accountDeleted');
    expect(actor.getSnapshot().context.logoutReason).toBe('accountDeleted');
  });

  it('a user refresh while waiting asks for the user again at once', async () => {
    const { actor, calls } = start(
      { hasToken: true, cachedUser: null },
      { fetchUser: () => Promise.reject(new NetworkError()) },
    );
    await flush();
    actor.send({ type: 'user.refresh' });
    expect(actor.getSnapshot().value).toBe('loadingUser');
    expect(calls.fetchUser).toHaveBeenCalledTimes(2);
  });

  it("'Sair' with a successful revoke: busy while revoking, then clearAuth once, no user, /login", async () => {
    let revoked: () => void = () => {};
    const { actor, calls } = start(
      { hasToken: true, cachedUser: user },
      { revokeToken: () => new Promise<void>((r) => (revoked = r)) },
    );
    actor.send({ type: 'session.logout' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.clearAuth).not.toHaveBeenCalled();
    revoked();
    await flush();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls.clearAuth).toHaveBeenCalledTimes(1);
    expect(calls.navigateToLogin).toHaveBeenCalledWith(null);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('a user just loaded on page load is current: no second read before the post-login setup', async () => {
    const { actor, calls } = start({ hasToken: true, cachedUser: null, lastKnownUser: null });
    expect(actor.getSnapshot().context.userStale).toBe(false);
    await flush();
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(calls.fetchUser).toHaveBeenCalledTimes(1);
    expect(calls.storeUser).toHaveBeenCalledWith(user);
  });

  it('a cached user is current: not read again before the post-login setup', async () => {
    const { actor, calls } = start({ hasToken: true, cachedUser: user, lastKnownUser: user });
    expect(actor.getSnapshot().context.userStale).toBe(false);
    await flush();
    expect(calls.fetchUser).not.toHaveBeenCalled();
  });
});

/**
 * What the student sees around a sign-in and a sign-out in the same tab, with docs/product.md §9's post-login
 * delay (1000 ms) as a literal (these kill the mutants the tests above missed).
 */
describe('session machine: sign-in, sign-out and sign-in again in the same tab', () => {
  const deferred = <T>() => {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((res) => (resolve = res));
    return { promise, resolve };
  };

  it('keeps the login form on screen while POST /auth/token is in flight, then stores the signed-in user once', async () => {
    const token = deferred<{ access_token: string }>();
    const { actor, calls } = start({ hasToken: false, cachedUser: null }, { login: () => token.promise });
    actor.send(login);
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    token.resolve({ access_token: 't'.repeat(20) });
    await flush();
    await flush();
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(calls.storeUser).toHaveBeenCalledTimes(1);
    expect(calls.storeUser).toHaveBeenCalledWith(user);
  });

  it("after 'Sair', a refused sign-in leaves the form usable and reads no user with the revoked token", async () => {
    let refuse = false;
    const { actor, calls } = start(
      { hasToken: true, cachedUser: user },
      {
        login: () =>
          refuse
            ? Promise.reject(new ApiError(401, { message: 'Código de acesso ou senha inválidos' }, '/auth/token'))
            : Promise.resolve({ access_token: 't'.repeat(20) }),
      },
    );
    actor.send({ type: 'session.logout' });
    await flush();
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    refuse = true;
    actor.send(login);
    await flush();
    await flush();
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.loginError).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(calls.fetchUser).not.toHaveBeenCalled();
    expect(calls.clearAuth).toHaveBeenCalledTimes(1);
  });

  it('a page load with only the token shows the user it read, and the post-login setup gets that user 1000 ms later', async () => {
    const { actor, calls, clock } = start({ hasToken: true, cachedUser: null });
    await flush();
    expect(actor.getSnapshot().context.user).toEqual(user);
    clock.increment(999);
    expect(calls.postLoginSetup).not.toHaveBeenCalled();
    clock.increment(1);
    expect(calls.postLoginSetup).toHaveBeenCalledTimes(1);
    expect(calls.postLoginSetup).toHaveBeenCalledWith({ user });
  });

  it('runs the post-login setup once per sign-in, not again while the student stays signed in', async () => {
    const { actor, calls, clock } = start({ hasToken: true, cachedUser: user });
    clock.increment(1000);
    await flush();
    expect(calls.postLoginSetup).toHaveBeenCalledTimes(1);
    expect(calls.postLoginSetup).toHaveBeenCalledWith({ user });
    expect(actor.getSnapshot().matches({ authenticated: { setup: 'ready' } })).toBe(true);
    for (let i = 0; i < 60; i++) {
      clock.increment(1000);
      await flush();
    }
    expect(calls.postLoginSetup).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ authenticated: { setup: 'ready' } })).toBe(true);
  });

  it("'Sair' with a stale user, then a new sign-in: the user read at sign-in is current, not read a second time at once", async () => {
    let answer: () => Promise<User> = () => Promise.reject(new NetworkError());
    const { actor, calls } = start(
      { hasToken: true, cachedUser: null, lastKnownUser: user },
      { fetchUser: () => answer() },
    );
    await flush();
    // Offline: the stale user could not be refreshed.
    expect(calls.fetchUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.userStale).toBe(true);
    actor.send({ type: 'session.logout' });
    await flush();
    expect(actor.getSnapshot().hasTag('anonymous')).toBe(true);
    answer = async () => user;
    actor.send(login);
    await flush();
    await flush();
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(calls.fetchUser).toHaveBeenCalledTimes(2);
    await flush();
    expect(calls.fetchUser).toHaveBeenCalledTimes(2);
    // A reconnect does not read it again either: it is current.
    actor.send({ type: 'network.reachable' });
    await flush();
    expect(calls.fetchUser).toHaveBeenCalledTimes(2);
  });
});

describe('postLoginSetupStarted (docs/product.md §4: the authenticated setup runs 1 s after sign-in)', () => {
  it('is false signed out and during the first second, true from 1000 ms on', () => {
    const signedOut = start({ hasToken: false, cachedUser: null });
    expect(postLoginSetupStarted(signedOut.actor.getSnapshot())).toBe(false);
    const { actor, clock } = start({ hasToken: true, cachedUser: user });
    expect(postLoginSetupStarted(actor.getSnapshot())).toBe(false);
    clock.increment(999);
    expect(postLoginSetupStarted(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(postLoginSetupStarted(actor.getSnapshot())).toBe(true);
  });
});
