// @vitest-environment jsdom
/**
 * `signedInStudent` (src/machines/session.machine.ts), the one answer to "who is signed in": its
 * answer in each state of the session machine, 'Sair' included (still the student until the token
 * is revoked), and the wiring (the app's root actor, src/machines/app.machine.ts) and the views
 * (src/views/session-context.tsx, src/views/downloads/use-downloads.ts, reading the root's
 * `session` through `useAppActor`) giving the same answer.
 */
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { sessionMachine, signedInStudent } from '../../src/machines/session.machine';
import { useCurrentUser } from '../../src/views/session-context';
import { AppActorsContext } from '../../src/views/app-actors';
import { useSignedInId } from '../../src/views/downloads/use-downloads';
import { ApiError, NetworkError } from '../../src/services/http/errors';
import type { User } from '../../src/services/contract';
import { demoUser } from '../fixtures/user';
import { createWorld } from '../fixtures/app-world';

const student: User = { ...demoUser, id: 7, name: 'Carla Souza' };

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type SessionRef = ActorRefFrom<typeof sessionMachine>;

/** A session actor whose calls answer when the test says so. */
function session(input: { hasToken: boolean; cachedUser: User | null; lastKnownUser?: User | null }) {
  const calls = {
    login: deferred<{ access_token: string }>(),
    fetchUser: deferred<User>(),
    revokeToken: deferred<void>(),
  };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(() => calls.login.promise),
        fetchUser: fromPromise(() => calls.fetchUser.promise),
        revokeToken: fromPromise(() => calls.revokeToken.promise),
        postLoginSetup: fromPromise(async () => {}),
      },
    }),
    { input },
  ).start();
  return { actor, calls };
}

/** The state's name, the selector's answer, and whether the wiring's and the views' answers agree with it. */
function answers(actor: SessionRef) {
  const snapshot = actor.getSnapshot();
  const user = signedInStudent(snapshot);
  return {
    state: typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0],
    student: user?.id ?? null,
  };
}

const login = {
  type: 'session.login',
  username: 'carla',
  password: 'senha123',
  country: 'BRA',
  nextRoute: null,
} as const;

describe('signedInStudent: who is signed in, in each session state (docs/product.md §4)', () => {
  it('nobody without a token (anonymous), while signing in (loggingIn) and while the user loads (loadingUser)', async () => {
    const { actor, calls } = session({ hasToken: false, cachedUser: null });
    expect(answers(actor)).toEqual({ state: 'anonymous', student: null });
    actor.send(login);
    expect(answers(actor)).toEqual({ state: 'loggingIn', student: null });
    calls.login.resolve({ access_token: 't'.repeat(20) });
    await flush();
    expect(answers(actor)).toEqual({ state: 'loadingUser', student: null });
    calls.fetchUser.resolve(student);
    await flush();
    expect(answers(actor)).toEqual({ state: 'authenticated', student: student.id });
  });

  it('nobody while a token waits for its user offline (waitingForUser), nor after its Sair', async () => {
    const { actor, calls } = session({ hasToken: true, cachedUser: null });
    expect(answers(actor)).toEqual({ state: 'loadingUser', student: null });
    calls.fetchUser.reject(new NetworkError());
    await flush();
    expect(answers(actor)).toEqual({ state: 'waitingForUser', student: null });
    actor.send({ type: 'session.logout' });
    expect(answers(actor)).toEqual({ state: 'anonymous', student: null });
  });

  it('the student when signed in, a stale (last known) user included', () => {
    const cached = session({ hasToken: true, cachedUser: student });
    expect(answers(cached.actor)).toEqual({ state: 'authenticated', student: student.id });
    const stale = session({ hasToken: true, cachedUser: null, lastKnownUser: student });
    expect(stale.actor.getSnapshot().context.userStale).toBe(true);
    expect(answers(stale.actor)).toEqual({ state: 'authenticated', student: student.id });
  });

  it("still the student while 'Sair' revokes the token (loggingOut); nobody once it is revoked", async () => {
    const { actor, calls } = session({ hasToken: true, cachedUser: student });
    actor.send({ type: 'session.logout' });
    expect(answers(actor)).toEqual({ state: 'loggingOut', student: student.id });
    calls.revokeToken.resolve();
    await flush();
    expect(answers(actor)).toEqual({ state: 'anonymous', student: null });
  });

  it("'Sair' whose revocation fails signs out all the same", async () => {
    const { actor, calls } = session({ hasToken: true, cachedUser: student });
    actor.send({ type: 'session.logout' });
    calls.revokeToken.reject(new NetworkError());
    await flush();
    expect(answers(actor)).toEqual({ state: 'anonymous', student: null });
  });

  it('nobody at once after a 401 (signingOut passes to anonymous) or a user the platform says is gone', async () => {
    const expired = session({ hasToken: true, cachedUser: student });
    expired.actor.send({ type: 'session.expired' });
    expect(answers(expired.actor)).toEqual({ state: 'anonymous', student: null });
    const gone = session({ hasToken: true, cachedUser: null });
    gone.calls.fetchUser.reject(new ApiError(404, { message: 'not found' }, '/users/self'));
    await flush();
    expect(answers(gone.actor)).toEqual({ state: 'anonymous', student: null });
  });

  it("the views (useCurrentUser, useSignedInId) and the app's root actor change on the same snapshot", async () => {
    const world = createWorld({ signedIn: student });
    await world.settle();
    const actor = world.child('session') as ActorRefFrom<typeof sessionMachine>;
    const rootStudent = () => world.app.getSnapshot().context.student;
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(AppActorsContext.Provider, { value: world.app.system }, children);
    const { result } = renderHook(() => ({ user: useCurrentUser()?.id ?? null, id: useSignedInId() }), { wrapper });
    expect(result.current).toEqual({ user: student.id, id: student.id });
    expect(rootStudent()).toBe(student.id);

    act(() => actor.send({ type: 'session.logout' }));
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(result.current).toEqual({ user: student.id, id: student.id });
    expect(rootStudent()).toBe(student.id);

    await act(async () => {
      await world.settle();
    });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(result.current).toEqual({ user: null, id: null });
    expect(rootStudent()).toBeNull();
  });
});
