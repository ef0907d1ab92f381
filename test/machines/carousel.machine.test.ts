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
