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

describe('error screen machine (docs/product.md §2, §4, §9)', () => {
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

  it('formats the countdown as 0:NN', () => {
    expect([30, 9, 0].map(formatCountdown)).toEqual(['0:30', '0:09', '0:00']);
  });
});

/**
 * The same behaviour checked against the spec's own numbers (§9: 30 s, ticking every 1 s), not
 * the module's constants, so a changed constant or tick fails here (mutation testing).
 */
describe('error screen machine against the spec constants (§2, §4, §9)', () => {
  const SPEC_SECONDS = 30;
  const SPEC_TICK_MS = 1000;

  function startSpec(input: { countdownFrom?: number } = {}) {
    const reloadPage = vi.fn();
    const clock = new SimulatedClock();
    const actor = createActor(errorScreenMachine.provide({ actions: { reloadPage } }), { clock, input }).start();
    const tickOnce = () => clock.increment(SPEC_TICK_MS);
    return { actor, clock, reloadPage, tickOnce };
  }

  it('exports 30 s and 1000 ms', () => {
    expect(ERROR_COUNTDOWN_SECONDS).toBe(SPEC_SECONDS);
    expect(COUNTDOWN_TICK_MS).toBe(SPEC_TICK_MS);
    expect(errorScreenMachine.implementations.delays.countdownTick).toBe(SPEC_TICK_MS);
  });

  it('starts hidden at 30 with nothing stored', () => {
    const { actor } = startSpec();
    const s = actor.getSnapshot();
    expect(s.value).toBe('hidden');
    expect(s.context).toEqual({ error: null, remaining: SPEC_SECONDS, countdownFrom: SPEC_SECONDS });
  });

  it('takes 30 one-second ticks from 0:30 to the reload, calling reloadPage exactly once at zero', () => {
    const { actor, reloadPage, tickOnce } = startSpec();
    actor.send({ type: 'error.show', error: error500 });
    const seen: string[] = [formatCountdown(actor.getSnapshot().context.remaining)];
    for (let i = 0; i < SPEC_SECONDS; i++) {
      expect(reloadPage).not.toHaveBeenCalled();
      tickOnce();
      seen.push(formatCountdown(actor.getSnapshot().context.remaining));
    }
    expect(seen[0]).toBe('0:30');
    expect(seen[1]).toBe('0:29');
    expect(seen.at(-2)).toBe('0:01');
    expect(seen.at(-1)).toBe('0:00');
    expect(new Set(seen).size).toBe(SPEC_SECONDS + 1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(actor.getSnapshot().hasTag('error-screen')).toBe(true);
    for (let i = 0; i < SPEC_SECONDS; i++) tickOnce();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.remaining).toBe(0);
  });

  it('does not tick before a full second has passed', () => {
    const { actor, clock } = startSpec();
    actor.send({ type: 'error.show', error: error500 });
    clock.increment(SPEC_TICK_MS - 1);
    expect(actor.getSnapshot().context.remaining).toBe(SPEC_SECONDS);
    expect(actor.getSnapshot().matches({ shown: 'counting' })).toBe(true);
  });

  it('a small countdownFrom (tests) is honoured: 2 s → reload after two ticks', () => {
    const { actor, reloadPage, tickOnce } = startSpec({ countdownFrom: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ remaining: 2, countdownFrom: 2 });
    actor.send({ type: 'error.show', error: null });
    tickOnce();
    expect(reloadPage).not.toHaveBeenCalled();
    tickOnce();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a second error while shown changes nothing: the first message and its countdown stay', () => {
    const { actor, tickOnce, reloadPage } = startSpec();
    actor.send({ type: 'error.show', error: error500 });
    for (let i = 0; i < 10; i++) tickOnce();
    const before = actor.getSnapshot();
    actor.send({ type: 'error.show', error: { status: 404, data: { message: 'Plataforma não encontrada.' } } });
    const after = actor.getSnapshot();
    expect(after).toBe(before);
    expect(after.value).toEqual({ shown: 'counting' });
    expect(after.context).toEqual({ error: error500, remaining: 20, countdownFrom: SPEC_SECONDS });
    // The countdown goes on from where it was: 20 more one-second ticks to the reload, not 30.
    for (let i = 0; i < 19; i++) tickOnce();
    expect(reloadPage).not.toHaveBeenCalled();
    tickOnce();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a second error while offline or reloading changes nothing either', () => {
    const { actor, tickOnce, reloadPage } = startSpec();
    actor.send({ type: 'error.show', error: null });
    tickOnce();
    actor.send({ type: 'network.offline' });
    actor.send({ type: 'error.show', error: error500 });
    expect(actor.getSnapshot().value).toEqual({ shown: 'waitingForNetwork' });
    expect(actor.getSnapshot().context).toEqual({ error: null, remaining: 29, countdownFrom: SPEC_SECONDS });
    actor.send({ type: 'countdown.refresh' });
    actor.send({ type: 'error.show', error: error500 });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('nothing removes the screen: once shown it stays until the page reloads', () => {
    const { actor, tickOnce } = startSpec();
    actor.send({ type: 'error.show', error: error500 });
    expect(actor.getSnapshot().can({ type: 'error.show', error: null })).toBe(false);
    for (const type of ['network.offline', 'network.online'] as const) {
      actor.send({ type });
      tickOnce();
      expect(actor.getSnapshot().hasTag('error-screen')).toBe(true);
      expect(actor.getSnapshot().context.error).toEqual(error500);
    }
  });

  it("'Atualizar' reloads exactly once, also while offline, and the timer then stops", () => {
    const { actor, reloadPage, tickOnce } = startSpec();
    actor.send({ type: 'error.show', error: error500 });
    actor.send({ type: 'network.offline' });
    actor.send({ type: 'countdown.refresh' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('reloading');
    for (let i = 0; i < SPEC_SECONDS + 5; i++) tickOnce();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('hidden ignores refresh and network events (no reload without a screen)', () => {
    const { actor, reloadPage, tickOnce } = startSpec();
    actor.send({ type: 'countdown.refresh' });
    actor.send({ type: 'network.offline' });
    for (let i = 0; i < SPEC_SECONDS + 5; i++) tickOnce();
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('offline pauses mid-second and the countdown resumes with a whole second online', () => {
    const { actor, clock, tickOnce } = startSpec();
    actor.send({ type: 'error.show', error: error500 });
    clock.increment(SPEC_TICK_MS / 2);
    actor.send({ type: 'network.offline' });
    expect(actor.getSnapshot().matches({ shown: 'waitingForNetwork' })).toBe(true);
    expect(actor.getSnapshot().hasTag('error-screen')).toBe(true);
    for (let i = 0; i < 5; i++) tickOnce();
    actor.send({ type: 'network.online' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
    clock.increment(SPEC_TICK_MS - 1);
    expect(actor.getSnapshot().context.remaining).toBe(SPEC_SECONDS);
    clock.increment(1);
    expect(actor.getSnapshot().context.remaining).toBe(SPEC_SECONDS - 1);
  });

  it('formats seconds as M:SS, never below 0:00 and dropping fractions', () => {
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(9.9)).toBe('0:09');
    expect(formatCountdown(75)).toBe('1:15');
  });
});
