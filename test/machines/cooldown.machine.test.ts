/** The 429 countdown on a simulated clock: exact seconds, restart, end. */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { COOLDOWN_TICK_MS, cooldownMachine, formatMinutesSeconds } from '../../src/machines/cooldown.machine';

const start = () => {
  const clock = new SimulatedClock();
  const actor = createActor(cooldownMachine, { clock }).start();
  return { actor, clock };
};

describe('cooldown machine', () => {
  it('counts Retry-After down one second per tick and lets the form go at 0', () => {
    const { actor, clock } = start();
    expect(actor.getSnapshot().hasTag('cooling')).toBe(false);
    actor.send({ type: 'cooldown.start', seconds: 3 });
    expect(actor.getSnapshot().hasTag('cooling')).toBe(true);
    expect(actor.getSnapshot().context.remainingS).toBe(3);
    clock.increment(COOLDOWN_TICK_MS - 1);
    expect(actor.getSnapshot().context.remainingS).toBe(3);
    clock.increment(1);
    expect(actor.getSnapshot().context.remainingS).toBe(2);
    clock.increment(COOLDOWN_TICK_MS);
    expect(actor.getSnapshot().context.remainingS).toBe(1);
    expect(actor.getSnapshot().hasTag('cooling')).toBe(true);
    clock.increment(COOLDOWN_TICK_MS);
    expect(actor.getSnapshot().hasTag('cooling')).toBe(false);
    expect(actor.getSnapshot().context.remainingS).toBe(0);
  });

  it('a new 429 restarts the count; fractions round up, at least 1 s', () => {
    const { actor, clock } = start();
    actor.send({ type: 'cooldown.start', seconds: 10 });
    for (let i = 0; i < 4; i++) clock.increment(COOLDOWN_TICK_MS);
    expect(actor.getSnapshot().context.remainingS).toBe(6);
    actor.send({ type: 'cooldown.start', seconds: 90.2 });
    expect(actor.getSnapshot().context.remainingS).toBe(91);
    actor.send({ type: 'cooldown.start', seconds: 0 });
    expect(actor.getSnapshot().context.remainingS).toBe(1);
  });

  it('formats M:SS', () => {
    expect(formatMinutesSeconds(900)).toBe('15:00');
    expect(formatMinutesSeconds(75)).toBe('1:15');
    expect(formatMinutesSeconds(5)).toBe('0:05');
  });
});

describe('cooldown machine: initial state and restarts (issue 21, mutation testing)', () => {
  const TICK_MS = 1000;

  it('starts idle at 0 s', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ remainingS: 0 });
    expect(COOLDOWN_TICK_MS).toBe(TICK_MS);
  });

  it('a new 429 mid-second restarts the second too: the next tick comes a whole second later', () => {
    const { actor, clock } = start();
    actor.send({ type: 'cooldown.start', seconds: 5 });
    clock.increment(TICK_MS / 2);
    actor.send({ type: 'cooldown.start', seconds: 5 });
    clock.increment(TICK_MS / 2);
    expect(actor.getSnapshot().context.remainingS).toBe(5);
    clock.increment(TICK_MS / 2);
    expect(actor.getSnapshot().context.remainingS).toBe(4);
    expect(actor.getSnapshot().value).toBe('cooling');
  });

  it('stays idle once done', () => {
    const { actor, clock } = start();
    actor.send({ type: 'cooldown.start', seconds: 1 });
    clock.increment(TICK_MS);
    expect(actor.getSnapshot().value).toBe('idle');
    clock.increment(TICK_MS * 5);
    expect(actor.getSnapshot().context.remainingS).toBe(0);
  });
});
