import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { ADVANCE_MS, carouselMachine, type CarouselInput } from '../../src/machines/carousel.machine';

function start(input: CarouselInput) {
  const clock = new SimulatedClock();
  const actor = createActor(carouselMachine, { clock, input }).start();
  return { actor, clock, snap: () => actor.getSnapshot() };
}

describe('carouselMachine', () => {
  it('auto-advances every 6 s, wrapping, without announcing', () => {
    const { clock, snap } = start({ count: 3 });
    expect(snap().hasTag('rotating')).toBe(true);
    clock.increment(ADVANCE_MS - 1);
    expect(snap().context.index).toBe(0);
    clock.increment(1);
    expect(snap().context).toMatchObject({ index: 1, announce: false });
    clock.increment(ADVANCE_MS);
    clock.increment(ADVANCE_MS);
    expect(snap().context.index).toBe(0);
  });

  it('never rotates under reduced motion or with a single slide', () => {
    const reduced = start({ count: 3, reducedMotion: true });
    expect(reduced.snap().value).toBe('paused');
    reduced.clock.increment(ADVANCE_MS * 5);
    expect(reduced.snap().context.index).toBe(0);
    const single = start({ count: 1 });
    expect(single.snap().value).toBe('paused');
    single.actor.send({ type: 'carousel.play' });
    expect(single.snap().value).toBe('paused');
  });

  it('navigation announces, wraps and restarts the timer', () => {
    const { actor, clock, snap } = start({ count: 3 });
    clock.increment(ADVANCE_MS - 1000);
    actor.send({ type: 'carousel.previous' });
    expect(snap().context).toMatchObject({ index: 2, announce: true });
    clock.increment(ADVANCE_MS - 1);
    expect(snap().context.index).toBe(2);
    clock.increment(1);
    expect(snap().context).toMatchObject({ index: 0, announce: false });
    actor.send({ type: 'carousel.goTo', index: 2 });
    expect(snap().context.index).toBe(2);
    actor.send({ type: 'carousel.goTo', index: 7 });
    expect(snap().context.index).toBe(2);
    actor.send({ type: 'carousel.next' });
    expect(snap().context.index).toBe(0);
  });

  it('pauses and resumes at the student request; hover or focus holds the rotation', () => {
    const { actor, clock, snap } = start({ count: 3 });
    actor.send({ type: 'carousel.pause' });
    expect(snap().hasTag('paused')).toBe(true);
    clock.increment(ADVANCE_MS * 3);
    expect(snap().context.index).toBe(0);
    actor.send({ type: 'carousel.next' });
    expect(snap().value).toBe('paused');
    actor.send({ type: 'carousel.play' });
    expect(snap().value).toBe('playing');
    actor.send({ type: 'carousel.hold' });
    clock.increment(ADVANCE_MS * 3);
    expect(snap()).toMatchObject({ value: 'held', context: { index: 1 } });
    actor.send({ type: 'carousel.release' });
    clock.increment(ADVANCE_MS);
    expect(snap().context.index).toBe(2);
    actor.send({ type: 'carousel.hold' });
    actor.send({ type: 'carousel.pause' });
    actor.send({ type: 'carousel.release' });
    expect(snap().value).toBe('paused');
  });
});

/**
 * Against the constants written as literals (6 s rotation, 'N de M' slides, rotation only
 * with 2 or more slides): what a student sees move, and when.
 */
describe('carouselMachine against the constants', () => {
  const ROTATION_MS = 6000;

  it('two slides are enough to rotate; play starts it again after a pause', () => {
    const { actor, clock, snap } = start({ count: 2 });
    expect(snap().value).toBe('playing');
    clock.increment(ROTATION_MS);
    expect(snap().context.index).toBe(1);
    clock.increment(ROTATION_MS);
    expect(snap().context.index).toBe(0);
    const reduced = start({ count: 2, reducedMotion: true });
    expect(reduced.snap().value).toBe('paused');
    reduced.actor.send({ type: 'carousel.play' });
    expect(reduced.snap().value).toBe('playing');
    reduced.clock.increment(ROTATION_MS);
    expect(reduced.snap().context).toMatchObject({ index: 1, announce: false });
    actor.send({ type: 'carousel.pause' });
    expect(snap().value).toBe('paused');
  });

  it('starts on the first slide, silent, remembering whether motion is reduced', () => {
    expect(start({ count: 3 }).snap().context).toEqual({ count: 3, index: 0, announce: false, reducedMotion: false });
    expect(start({ count: 3, reducedMotion: true }).snap().context.reducedMotion).toBe(true);
    expect(start({ count: 3, reducedMotion: false }).snap().value).toBe('playing');
  });

  it('no slides or a broken count never rotates nor moves', () => {
    const none = start({ count: 0 });
    expect(none.snap().value).toBe('paused');
    none.actor.send({ type: 'carousel.next' });
    expect(none.snap().context.index).toBe(0);
    none.actor.send({ type: 'carousel.previous' });
    expect(none.snap().context.index).toBe(0);
    none.actor.send({ type: 'carousel.play' });
    expect(none.snap().value).toBe('paused');
    const negative = start({ count: -2 });
    expect(negative.snap().context.count).toBe(0);
    negative.actor.send({ type: 'carousel.next' });
    expect(negative.snap().context.index).toBe(0);
    // 2.7 slides is 2 slides: the third does not exist.
    const fractional = start({ count: 2.7 });
    expect(fractional.snap().context.count).toBe(2);
    fractional.actor.send({ type: 'carousel.goTo', index: 2 });
    expect(fractional.snap().context.index).toBe(0);
    fractional.actor.send({ type: 'carousel.previous' });
    expect(fractional.snap().context.index).toBe(1);
  });

  it('the indicators reach the first and last slide only; anything else is ignored', () => {
    const { actor, snap } = start({ count: 3 });
    actor.send({ type: 'carousel.goTo', index: 2 });
    expect(snap().context).toMatchObject({ index: 2, announce: true });
    actor.send({ type: 'carousel.goTo', index: 0 });
    expect(snap().context).toMatchObject({ index: 0, announce: true });
    actor.send({ type: 'carousel.goTo', index: 3 });
    expect(snap().context.index).toBe(0);
    actor.send({ type: 'carousel.goTo', index: -1 });
    expect(snap().context.index).toBe(0);
    actor.send({ type: 'carousel.goTo', index: 1.5 });
    expect(snap().context.index).toBe(0);
  });

  it('next and an indicator restart the 6 s wait; they announce, the rotation does not', () => {
    const { actor, clock, snap } = start({ count: 4 });
    clock.increment(ROTATION_MS - 1000);
    actor.send({ type: 'carousel.next' });
    expect(snap().context).toMatchObject({ index: 1, announce: true });
    clock.increment(ROTATION_MS - 1);
    expect(snap().context.index).toBe(1);
    clock.increment(1);
    expect(snap().context).toMatchObject({ index: 2, announce: false });
    clock.increment(ROTATION_MS - 1000);
    actor.send({ type: 'carousel.goTo', index: 0 });
    expect(snap().context).toMatchObject({ index: 0, announce: true });
    clock.increment(ROTATION_MS - 1);
    expect(snap().context.index).toBe(0);
    clock.increment(1);
    expect(snap().context).toMatchObject({ index: 1, announce: false });
    // An ignored indicator does not restart the wait either.
    clock.increment(ROTATION_MS - 1000);
    actor.send({ type: 'carousel.goTo', index: 9 });
    clock.increment(1000);
    expect(snap().context).toMatchObject({ index: 2, announce: false });
  });

  it('while held or paused the student still moves, announced, with wrap-around and valid indicators only', () => {
    for (const stop of ['carousel.hold', 'carousel.pause'] as const) {
      const { actor, clock, snap } = start({ count: 3 });
      actor.send({ type: stop });
      actor.send({ type: 'carousel.previous' });
      expect(snap().context).toMatchObject({ index: 2, announce: true });
      actor.send({ type: 'carousel.next' });
      expect(snap().context).toMatchObject({ index: 0, announce: true });
      actor.send({ type: 'carousel.goTo', index: 1 });
      expect(snap().context).toMatchObject({ index: 1, announce: true });
      actor.send({ type: 'carousel.goTo', index: 3 });
      expect(snap().context.index).toBe(1);
      clock.increment(ROTATION_MS * 2);
      expect(snap().context.index).toBe(1);
      expect(snap().hasTag(stop === 'carousel.hold' ? 'rotating' : 'paused')).toBe(true);
    }
  });

  it('released, the rotation waits a full 6 s again', () => {
    const { actor, clock, snap } = start({ count: 3 });
    clock.increment(ROTATION_MS - 1000);
    actor.send({ type: 'carousel.hold' });
    clock.increment(5000);
    actor.send({ type: 'carousel.release' });
    expect(snap().value).toBe('playing');
    clock.increment(ROTATION_MS - 1);
    expect(snap().context.index).toBe(0);
    clock.increment(1);
    expect(snap().context.index).toBe(1);
    // Play while already rotating changes nothing.
    actor.send({ type: 'carousel.play' });
    actor.send({ type: 'carousel.release' });
    expect(snap().value).toBe('playing');
  });
});
