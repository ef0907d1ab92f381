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

describe('401 from several calls at once (docs/product.md §8)', () => {
  it('logs out and goes to /login exactly once', async () => {
    setToken('tok-many');
    window.history.replaceState(null, '', '/courses');
    const replace = vi.spyOn(window.history, 'replaceState');
    const session = createActor(provideSession(), { input: { hasToken: true, cachedUser: demoUser } }).start();
    for (let i = 0; i < 3; i++) session.send({ type: 'session.expired' });
    const toLogin = replace.mock.calls.filter((call) => String(call[2]).startsWith('/login'));
    expect(toLogin).toHaveLength(1);
    // The expiry notice, and the page to come back to.
    expect(toLogin[0]![2]).toBe('/login?expired=1&next_route=%2Fcourses');
    expect(session.getSnapshot().hasTag('anonymous')).toBe(true);
    replace.mockRestore();
    session.stop();
  });
});
