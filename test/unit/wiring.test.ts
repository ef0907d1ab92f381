/**
 * The real wiring of the session machine: signing out (or a 401) clears the stored token,
 * the cached user and every cached server read, so the next student on the device starts clean.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { provideSession } from '../../src/app/wiring';
import { appQueryClient } from '../../src/app/query/client';
import { getToken, setToken } from '../../src/services/storage/token';
import { readCachedUser, readLastKnownUser, writeCachedUser } from '../../src/services/storage/user-cache';
import { demoUser } from '../fixtures/user';

describe('session wiring', () => {
  it('a 401 (session.expired) clears token, cached user and cached reads, and goes to /login', () => {
    setToken('tok-abc');
    writeCachedUser(demoUser);
    appQueryClient.setQueryData(['courses', { page: 1 }], { data: ['curso do aluno anterior'] });
    window.history.replaceState(null, '', '/courses');
    const session = createActor(provideSession(), { input: { hasToken: true, cachedUser: demoUser } }).start();
    expect(session.getSnapshot().hasTag('authenticated')).toBe(true);

    session.send({ type: 'session.expired' });

    expect(session.getSnapshot().hasTag('anonymous')).toBe(true);
    expect(getToken()).toBeNull();
    expect(readCachedUser()).toBeNull();
    // The last known user (kept past the 1 h freshness for offline use) ends with the session too.
    expect(readLastKnownUser()).toBeNull();
    expect(appQueryClient.getQueryData(['courses', { page: 1 }])).toBeUndefined();
    expect(window.location.pathname).toBe('/login');
    session.stop();
  });
});

describe('401 from several calls at once (spec §8)', () => {
  it('logs out and goes to /login exactly once', async () => {
    setToken('tok-many');
    window.history.replaceState(null, '', '/courses');
    const replace = vi.spyOn(window.history, 'replaceState');
    const session = createActor(provideSession(), { input: { hasToken: true, cachedUser: demoUser } }).start();
    for (let i = 0; i < 3; i++) session.send({ type: 'session.expired' });
    const toLogin = replace.mock.calls.filter((call) => String(call[2]).startsWith('/login'));
    expect(toLogin).toHaveLength(1);
    // The expiry notice, and the page to come back to (issue 24).
    expect(toLogin[0]![2]).toBe('/login?expired=1&next_route=%2Fcourses');
    expect(session.getSnapshot().hasTag('anonymous')).toBe(true);
    replace.mockRestore();
    session.stop();
  });
});

describe('outbox wiring', () => {
  it('follows the student: signed in from the start, then signed out by a 401', async () => {
    const { createAppOutbox, followStudent } = await import('../../src/app/wiring/learning');
    const { memoryOutboxStore } = await import('../../src/services/storage/outbox-store');
    setToken('tok-abc');
    const session = createActor(provideSession(), { input: { hasToken: true, cachedUser: demoUser } }).start();
    const outbox = createAppOutbox(Promise.resolve(memoryOutboxStore()), () => {});
    const stop = followStudent(session, outbox);
    expect(outbox.actor.getSnapshot().context.userId).toBe(demoUser.id);
    await outbox.record('x:start', { kind: 'learningObject.start', learningObjectId: 9, lessonId: 5 });
    expect(outbox.actor.getSnapshot().context.queue.map((e) => e.id)).toEqual(['x:start']);

    session.send({ type: 'session.expired' });
    expect(outbox.actor.getSnapshot().hasTag('signedOut')).toBe(true);
    await expect(
      outbox.record('y:start', { kind: 'learningObject.start', learningObjectId: 9, lessonId: 5 }),
    ).rejects.toThrow(/no student/);
    stop();
    session.stop();
    outbox.actor.stop();
  });
});
