/**
 * Session ping (docs/product.md §7 v2 POST /user-session/log, §9 every 300 000 ms while the platform's
 * enforce_session_throttle is set) with a fake ping and a simulated clock.
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { SESSION_PING_INTERVAL_MS, sessionPingMachine } from '../../src/machines/session-ping.machine';
import { ApiError, NetworkError } from '../../src/services/http/errors';

const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

function start(ping: () => Promise<void> = async () => {}) {
  const calls = vi.fn(ping);
  const clock = new SimulatedClock();
  const actor = createActor(sessionPingMachine.provide({ actors: { ping: fromPromise(() => calls()) } }), {
    clock,
  }).start();
  return { actor, clock, calls };
}

describe('session ping machine', () => {
  it('names its delay pingInterval = 300 000 ms (docs/product.md §9)', () => {
    expect(SESSION_PING_INTERVAL_MS).toBe(300_000);
    expect(sessionPingMachine.implementations.delays.pingInterval).toBe(300_000);
  });

  it('pings once signed in on a throttled platform, then every 5 minutes, and stops on logout', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'ping.platform', throttle: true });
    expect(calls).not.toHaveBeenCalled();
    actor.send({ type: 'ping.session', signedIn: true });
    await flush();
    expect(calls).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ active: 'waiting' })).toBe(true);
    clock.increment(SESSION_PING_INTERVAL_MS - 1);
    await flush();
    expect(calls).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    expect(calls).toHaveBeenCalledTimes(2);
    clock.increment(SESSION_PING_INTERVAL_MS);
    await flush();
    expect(calls).toHaveBeenCalledTimes(3);
    actor.send({ type: 'ping.session', signedIn: false });
    expect(actor.getSnapshot().value).toBe('off');
    clock.increment(SESSION_PING_INTERVAL_MS * 3);
    await flush();
    expect(calls).toHaveBeenCalledTimes(3);
  });

  it('never pings on a platform without enforce_session_throttle', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'ping.session', signedIn: true });
    actor.send({ type: 'ping.platform', throttle: false });
    clock.increment(SESSION_PING_INTERVAL_MS * 2);
    await flush();
    expect(calls).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('active')).toBe(false);
  });

  it('retries a failed ping at the next tick and stays active (a 401 signs out elsewhere)', async () => {
    const failures = [
      new NetworkError(),
      new ApiError(500, { message: 'Erro interno do servidor.' }, '/user-session/log'),
    ];
    const { actor, clock, calls } = start(async () => {
      const error = failures.shift();
      if (error) throw error;
    });
    actor.send({ type: 'ping.session', signedIn: true });
    actor.send({ type: 'ping.platform', throttle: true });
    await flush();
    expect(actor.getSnapshot().context.failures).toBe(1);
    expect(actor.getSnapshot().matches({ active: 'waiting' })).toBe(true);
    clock.increment(SESSION_PING_INTERVAL_MS);
    await flush();
    expect(actor.getSnapshot().context.failures).toBe(2);
    clock.increment(SESSION_PING_INTERVAL_MS);
    await flush();
    expect(calls).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().context.failures).toBe(0);
    expect(actor.getSnapshot().hasTag('active')).toBe(true);
  });

  it('a repeated fact does not restart the interval; the platform losing the flag stops it', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'ping.session', signedIn: true });
    actor.send({ type: 'ping.platform', throttle: true });
    await flush();
    clock.increment(SESSION_PING_INTERVAL_MS / 2);
    actor.send({ type: 'ping.session', signedIn: true });
    clock.increment(SESSION_PING_INTERVAL_MS / 2);
    await flush();
    expect(calls).toHaveBeenCalledTimes(2);
    actor.send({ type: 'ping.platform', throttle: false });
    expect(actor.getSnapshot().value).toBe('off');
  });
});

/** Against docs/product.md's own number (§9: every 5 minutes, 300000 ms). */
describe('session ping machine against the spec constant', () => {
  const SPEC_INTERVAL_MS = 300000;

  it('starts off with both facts false and no failures', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('off');
    expect(actor.getSnapshot().context).toEqual({ signedIn: false, throttle: false, failures: 0 });
  });

  it('pings at once when the second fact arrives (either order), then exactly once per 300000 ms', async () => {
    for (const order of [
      [
        { type: 'ping.session', signedIn: true },
        { type: 'ping.platform', throttle: true },
      ],
      [
        { type: 'ping.platform', throttle: true },
        { type: 'ping.session', signedIn: true },
      ],
    ] as const) {
      const { actor, clock, calls } = start();
      actor.send(order[0]);
      await flush();
      expect(actor.getSnapshot().value).toBe('off');
      expect(calls).not.toHaveBeenCalled();
      actor.send(order[1]);
      expect(actor.getSnapshot().hasTag('pinging')).toBe(true);
      await flush();
      expect(calls).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().hasTag('pinging')).toBe(false);
      expect(actor.getSnapshot().hasTag('active')).toBe(true);
      for (let n = 2; n <= 4; n++) {
        clock.increment(SPEC_INTERVAL_MS - 1);
        await flush();
        expect(calls).toHaveBeenCalledTimes(n - 1);
        clock.increment(1);
        await flush();
        expect(calls).toHaveBeenCalledTimes(n);
      }
    }
  });

  it('a fact turned false while off is remembered: the other fact alone does not start pinging', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'ping.session', signedIn: true });
    actor.send({ type: 'ping.session', signedIn: false });
    actor.send({ type: 'ping.platform', throttle: true });
    clock.increment(SPEC_INTERVAL_MS * 2);
    await flush();
    expect(calls).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toMatchObject({ signedIn: false, throttle: true });
    actor.send({ type: 'ping.platform', throttle: false });
    actor.send({ type: 'ping.session', signedIn: true });
    await flush();
    expect(calls).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toMatchObject({ signedIn: true, throttle: false });
  });

  it('logout after failed pings resets the failures; signing in again pings at once', async () => {
    const { actor, calls } = start(async () => {
      throw new Error('offline');
    });
    actor.send({ type: 'ping.platform', throttle: true });
    actor.send({ type: 'ping.session', signedIn: true });
    await flush();
    expect(actor.getSnapshot().context.failures).toBe(1);
    actor.send({ type: 'ping.session', signedIn: false });
    expect(actor.getSnapshot().context).toEqual({ signedIn: false, throttle: true, failures: 0 });
    actor.send({ type: 'ping.session', signedIn: true });
    await flush();
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('the platform dropping the flag resets the failures; a repeated platform fact keeps the interval', async () => {
    const { actor, clock, calls } = start(async () => {
      throw new Error('offline');
    });
    actor.send({ type: 'ping.session', signedIn: true });
    actor.send({ type: 'ping.platform', throttle: true });
    await flush();
    clock.increment(SPEC_INTERVAL_MS / 2);
    actor.send({ type: 'ping.platform', throttle: true });
    expect(actor.getSnapshot().matches({ active: 'waiting' })).toBe(true);
    clock.increment(SPEC_INTERVAL_MS / 2);
    await flush();
    expect(calls).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.failures).toBe(2);
    actor.send({ type: 'ping.platform', throttle: false });
    expect(actor.getSnapshot().context).toEqual({ signedIn: true, throttle: false, failures: 0 });
  });
});

describe('session ping machine without the app', () => {
  it('its default ping succeeds and the interval runs', async () => {
    const actor = createActor(sessionPingMachine, { clock: new SimulatedClock() }).start();
    actor.send({ type: 'ping.session', signedIn: true });
    actor.send({ type: 'ping.platform', throttle: true });
    await flush();
    expect(actor.getSnapshot().matches({ active: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.failures).toBe(0);
  });
});

describe('session ping machine: the fact that started it is remembered', () => {
  it('started by the session fact, a repeated platform fact keeps it active', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'ping.platform', throttle: true });
    actor.send({ type: 'ping.session', signedIn: true });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ signedIn: true, throttle: true });
    actor.send({ type: 'ping.platform', throttle: true });
    expect(actor.getSnapshot().hasTag('active')).toBe(true);
    expect(calls).toHaveBeenCalledTimes(1);
  });
});
