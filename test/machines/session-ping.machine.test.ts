/**
 * Session ping (spec §7 v2 POST /user-session/log, §9 every 300 000 ms while the platform's
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
  it('names its delay pingInterval = 300 000 ms (spec §9)', () => {
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
