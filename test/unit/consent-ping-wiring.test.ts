/**
 * The real wiring of issue 7 (spec §4 post-login setup, LGPD; §9 ping): the post-login steps run
 * isolated (one failure never blocks the others); the session ping follows the session (from
 * the start of the post-login setup, also on a page load with a valid session) and the
 * platform's enforce_session_throttle, and stops on logout; the LGPD facts follow the session and
 * the path ('/' and '/home').
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { sessionMachine, POST_LOGIN_DELAY_MS } from '../../src/machines/session.machine';
import { platformMachine } from '../../src/machines/platform.machine';
import { sessionPingMachine } from '../../src/machines/session-ping.machine';
import { lgpdConsentMachine } from '../../src/machines/lgpd-consent.machine';
import {
  provideSession,
  provideSessionPing,
  followLgpdConsent,
  followSessionPing,
  postLoginSetup,
} from '../../src/app/wiring';
import { SESSION_PING_MS } from '../../src/services/config';
import { createEventBus } from '../../src/services/events/bus';
import type { Platform, User } from '../../src/services/contract';
import { demoUser } from '../fixtures/user';

const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

const platformOf = (throttle: boolean): Platform => ({
  id: 1,
  name: 'Escola Aprender',
  host: 'localhost',
  theme: {
    template: 'default',
    icons: { favicon: null, logo: null },
    palette: { primary: { main: '#0B57D0' }, secondary: { main: '#5B3CC4' } },
  },
  options: {},
  is_external_platform: false,
  external_api_url: null,
  enforce_session_throttle: throttle,
});

function session(clock: SimulatedClock, cachedUser: User | null, fetched: User = cachedUser ?? demoUser) {
  return createActor(
    sessionMachine.provide({
      actors: {
        fetchUser: fromPromise(async () => fetched),
        postLoginSetup: fromPromise<void, { user: User }>(async () => {}),
        revokeToken: fromPromise(async () => {}),
      },
    }),
    { input: { hasToken: cachedUser !== null, cachedUser }, clock },
  ).start();
}

function platform(throttle: boolean) {
  return createActor(
    platformMachine.provide({ actors: { lookupPlatform: fromPromise(async () => platformOf(throttle)) } }),
    { input: { host: 'localhost' } },
  ).start();
}

describe('postLoginSetup', () => {
  it('runs every step, isolated: a failing step never blocks the others; then rejects naming the failed steps', async () => {
    const ran: string[] = [];
    let finishC!: () => void;
    const setup = postLoginSetup(createEventBus(), {
      a: async () => {
        throw new Error('falhou');
      },
      b: () => {
        throw new Error('falhou também');
      },
      c: () =>
        new Promise<void>((resolve) => {
          finishC = () => {
            ran.push('c');
            resolve();
          };
        }),
    });
    let settled = false;
    void setup.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Not before every step has run: c is still under way.
    expect(settled).toBe(false);
    finishC();
    const error: unknown = await setup.catch((e: unknown) => e);
    expect(ran).toEqual(['c']);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).message).toBe('post-login setup: "a", "b" failed');
    expect((error as AggregateError).errors.map((e: Error) => e.message)).toEqual(['falhou', 'falhou também']);
  });

  it('resolves when every step succeeds', async () => {
    const ran: string[] = [];
    await expect(
      postLoginSetup(createEventBus(), { a: () => void ran.push('a'), b: async () => void ran.push('b') }),
    ).resolves.toBeUndefined();
    expect(ran).toEqual(['a', 'b']);
  });

  it('the app logs a failed setup for developers and the student stays signed in', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const failure = new AggregateError([new Error('x')], 'post-login setup: "widgetConfig" failed');
      const clock = new SimulatedClock();
      const actor = createActor(
        provideSession().provide({
          actors: {
            fetchUser: fromPromise(async () => demoUser),
            postLoginSetup: fromPromise<void, { user: User }>(() => Promise.reject(failure)),
          },
        }),
        { clock, input: { hasToken: true, cachedUser: demoUser } },
      ).start();
      clock.increment(1000);
      await flush();
      expect(actor.getSnapshot().matches({ authenticated: { setup: 'ready' } })).toBe(true);
      expect(spy).toHaveBeenCalledWith('[setup] post-login setup failed', failure);
      actor.stop();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('followSessionPing', () => {
  it('the app pings every 300 000 ms unless VITE_SESSION_PING_MS is set at build time', () => {
    expect(SESSION_PING_MS).toBe(300_000);
    expect(provideSessionPing().implementations.delays.pingInterval).toBe(300_000);
  });

  it('a shortened interval by configuration (VITE_SESSION_PING_MS=2000) paces the app’s ping; the constant stays', async () => {
    vi.stubEnv('VITE_SESSION_PING_MS', '2000');
    vi.resetModules();
    try {
      const wiring = await import('../../src/app/wiring');
      const machines = await import('../../src/machines/session-ping.machine');
      expect(machines.SESSION_PING_INTERVAL_MS).toBe(300_000);
      const ping = vi.fn(async () => {});
      const clock = new SimulatedClock();
      const actor = createActor(wiring.provideSessionPing().provide({ actors: { ping: fromPromise(() => ping()) } }), {
        clock,
      }).start();
      actor.send({ type: 'ping.platform', throttle: true });
      actor.send({ type: 'ping.session', signedIn: true });
      await flush();
      expect(ping).toHaveBeenCalledTimes(1);
      clock.increment(1999);
      await flush();
      expect(ping).toHaveBeenCalledTimes(1);
      clock.increment(1);
      await flush();
      expect(ping).toHaveBeenCalledTimes(2);
      clock.increment(2000);
      await flush();
      expect(ping).toHaveBeenCalledTimes(3);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it('starts with the post-login setup of a page load with a valid session on a throttled platform; stops on logout', async () => {
    const clock = new SimulatedClock();
    const s = session(clock, demoUser);
    const p = platform(true);
    const ping = vi.fn(async () => {});
    const pinger = createActor(sessionPingMachine.provide({ actors: { ping: fromPromise(() => ping()) } }), {
      clock,
    }).start();
    followSessionPing(s, p, pinger);
    await flush();
    expect(ping).not.toHaveBeenCalled(); // the setup waits 1 s
    clock.increment(POST_LOGIN_DELAY_MS);
    await flush();
    expect(ping).toHaveBeenCalledTimes(1);
    s.send({ type: 'session.logout' });
    await flush();
    expect(pinger.getSnapshot().value).toBe('off');
  });

  it('never pings on a platform without enforce_session_throttle', async () => {
    const clock = new SimulatedClock();
    const s = session(clock, demoUser);
    const ping = vi.fn(async () => {});
    const pinger = createActor(sessionPingMachine.provide({ actors: { ping: fromPromise(() => ping()) } }), {
      clock,
    }).start();
    followSessionPing(s, platform(false), pinger);
    clock.increment(POST_LOGIN_DELAY_MS);
    await flush();
    expect(ping).not.toHaveBeenCalled();
  });
});

describe('followLgpdConsent', () => {
  const consent = () => {
    const events: string[] = [];
    const actor = createActor(lgpdConsentMachine, {
      inspect: (e) => {
        if (e.type === '@xstate.event' && e.event.type.startsWith('lgpd.')) events.push(JSON.stringify(e.event));
      },
    }).start();
    return { actor, events };
  };

  it('is due for a signed-in student without acceptance on / or /home only', () => {
    const clock = new SimulatedClock();
    const novo = { ...demoUser, id: 5, access_code: 'novo', accepted_lgpd: false };
    let path = '/';
    const { actor, events } = consent();
    followLgpdConsent(session(clock, novo), actor, () => path);
    expect(events).toEqual([JSON.stringify({ type: 'lgpd.update', due: true })]);
    path = '/courses';
    window.dispatchEvent(new Event('pushState'));
    path = '/home';
    window.dispatchEvent(new Event('replaceState'));
    expect(events.slice(1)).toEqual([
      JSON.stringify({ type: 'lgpd.update', due: false }),
      JSON.stringify({ type: 'lgpd.update', due: true }),
    ]);
  });

  it('is never due for a student who accepted, and starts over on sign-out', async () => {
    const clock = new SimulatedClock();
    const { actor, events } = consent();
    const s = session(clock, demoUser);
    followLgpdConsent(s, actor, () => '/');
    expect(events).toEqual([JSON.stringify({ type: 'lgpd.update', due: false })]);
    s.send({ type: 'session.logout' });
    await flush();
    expect(events).toContain(JSON.stringify({ type: 'lgpd.reset' }));
  });
});
