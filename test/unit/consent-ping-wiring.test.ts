/**
 * The real wiring of the post-login setup and the ping (docs/product.md §4 post-login setup; §9 ping): the
 * post-login steps run isolated (one failure never blocks the others); the ping's interval is the
 * configured one. When the ping and the LGPD prompt run is the root actor's rule
 * (test/machines/app.machine.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { provideSession, provideSessionPing, postLoginSetup } from '../../src/app/wiring';
import { SESSION_PING_MS } from '../../src/services/config';
import { createEventBus } from '../../src/services/events/bus';
import type { SessionUser } from '../../src/services/contract';
import { demoUser } from '../fixtures/user';

const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

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
            postLoginSetup: fromPromise<void, { user: SessionUser }>(() => Promise.reject(failure)),
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

describe('provideSessionPing', () => {
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
});
