import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import {
  COUNTDOWN_TICK_MS,
  ERROR_COUNTDOWN_SECONDS,
  errorScreenMachine,
  formatCountdown,
} from '../../src/machines/error-screen.machine';

const error500 = { status: 500, data: { message: 'Falha ao consultar a plataforma' } };

/** Advances the simulated clock one tick at a time (each tick schedules the next). */
function advance(clock: SimulatedClock, ms: number) {
  for (let t = 0; t < ms; t += COUNTDOWN_TICK_MS) clock.increment(Math.min(COUNTDOWN_TICK_MS, ms - t));
}

function start() {
  const reloadPage = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(errorScreenMachine.provide({ actions: { reloadPage } }), { clock, input: {} }).start();
  return { actor, clock, reloadPage };
}

describe('error screen machine (spec §2, §4, §9)', () => {
  it('is hidden until an error is placed in the store', () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('error-screen')).toBe(false);
    actor.send({ type: 'error.show', error: error500 });
    expect(actor.getSnapshot().hasTag('error-screen')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(error500);
    expect(actor.getSnapshot().context.remaining).toBe(ERROR_COUNTDOWN_SECONDS);
  });

  it('counts down each second from 0:30 and reloads the page at zero, once', () => {
    const { actor, clock, reloadPage } = start();
    actor.send({ type: 'error.show', error: error500 });
    clock.increment(COUNTDOWN_TICK_MS - 1);
    expect(actor.getSnapshot().context.remaining).toBe(30);
    clock.increment(1);
    expect(actor.getSnapshot().context.remaining).toBe(29);
    advance(clock, 28 * COUNTDOWN_TICK_MS);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    expect(reloadPage).not.toHaveBeenCalled();
    clock.increment(COUNTDOWN_TICK_MS);
    expect(actor.getSnapshot().context.remaining).toBe(0);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    advance(clock, 10 * COUNTDOWN_TICK_MS);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("reloads at once on 'Atualizar'", () => {
    const { actor, reloadPage } = start();
    actor.send({ type: 'error.show', error: null });
    actor.send({ type: 'countdown.refresh' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('clears the timer when the screen is removed', () => {
    const { actor, clock, reloadPage } = start();
    actor.send({ type: 'error.show', error: error500 });
    actor.send({ type: 'error.clear' });
    advance(clock, 60 * COUNTDOWN_TICK_MS);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('pauses while offline and resumes when the connection is back', () => {
    const { actor, clock } = start();
    actor.send({ type: 'error.show', error: error500 });
    advance(clock, 5 * COUNTDOWN_TICK_MS);
    actor.send({ type: 'network.offline' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    advance(clock, 60 * COUNTDOWN_TICK_MS);
    expect(actor.getSnapshot().context.remaining).toBe(25);
    actor.send({ type: 'network.online' });
    clock.increment(COUNTDOWN_TICK_MS);
    expect(actor.getSnapshot().context.remaining).toBe(24);
  });

  it('a newer error replaces the stored one without restarting the countdown', () => {
    const { actor, clock } = start();
    actor.send({ type: 'error.show', error: error500 });
    advance(clock, 3 * COUNTDOWN_TICK_MS);
    actor.send({ type: 'error.show', error: { status: 404, data: { message: 'Plataforma não encontrada.' } } });
    expect(actor.getSnapshot().context.error?.status).toBe(404);
    expect(actor.getSnapshot().context.remaining).toBe(27);
  });

  it('formats the countdown as 0:NN', () => {
    expect([30, 9, 0].map(formatCountdown)).toEqual(['0:30', '0:09', '0:00']);
  });
});
