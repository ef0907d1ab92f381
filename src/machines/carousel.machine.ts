/**
 * The home banner carousel (accessible: pausable, keyboard; WCAG 2.2.2
 * Pause, Stop, Hide). One slide at a time; auto-advance every `ADVANCE_MS` only while
 * rotating, never when the student asked for reduced motion.
 *
 * Input `{ count: number; reducedMotion?: boolean }` — number of slides (≥ 0) and whether
 * `prefers-reduced-motion: reduce` holds. With fewer than 2 slides, or reduced motion, it
 * starts `paused`.
 *
 * Events (views only send them):
 * - `carousel.next`, `carousel.previous` (wrap around), `carousel.goTo { index }` (0-based; an
 *   index outside 0…count−1 is ignored) — the student navigates: `announce` becomes true and
 *   the rotation timer restarts;
 * - `carousel.pause` ('Pausar') / `carousel.play` ('Continuar rotação');
 * - `carousel.hold` / `carousel.release` — pointer over or focus inside the carousel: rotation
 *   waits while held and resumes on release (unless paused meanwhile).
 *
 * Delay `advanceDelay` = `ADVANCE_MS` (6 s): auto-advance, with `announce` false (no live
 * region chatter on auto-advance).
 *
 * States: `starting` (transient), `playing` (rotating; tag `rotating`), `held` (rotation waiting; tag `rotating`),
 * `paused` (no rotation; tag `paused`). Never final.
 */
import { assign, setup } from 'xstate';

/** Auto-advance interval, ms. */
export const ADVANCE_MS = 6000;

export interface CarouselInput {
  count: number;
  reducedMotion?: boolean;
}

export interface CarouselContext {
  count: number;
  /** The slide shown, 0-based. */
  index: number;
  /** True after the student navigated (the view then announces the slide); false after auto-advance. */
  announce: boolean;
  /** The student asked for reduced motion: no auto-rotation until they press 'Continuar rotação'. */
  reducedMotion: boolean;
}

export type CarouselEvent =
  | { type: 'carousel.next' }
  | { type: 'carousel.previous' }
  | { type: 'carousel.goTo'; index: number }
  | { type: 'carousel.pause' }
  | { type: 'carousel.play' }
  | { type: 'carousel.hold' }
  | { type: 'carousel.release' };

const wrap = (index: number, count: number) => (count <= 0 ? 0 : ((index % count) + count) % count);

/** The navigation transitions every state shares. */
const navigation = {
  'carousel.next': { actions: 'next' },
  'carousel.previous': { actions: 'previous' },
  'carousel.goTo': { guard: 'validIndex', actions: 'goTo' },
} as const;

export const carouselMachine = setup({
  types: {
    input: {} as CarouselInput,
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
  },
  actions: {
    next: assign({ index: ({ context }) => wrap(context.index + 1, context.count), announce: true }),
    previous: assign({ index: ({ context }) => wrap(context.index - 1, context.count), announce: true }),
    goTo: assign({
      index: ({ event, context }) => (event.type === 'carousel.goTo' ? event.index : context.index),
      announce: true,
    }),
    advance: assign({ index: ({ context }) => wrap(context.index + 1, context.count), announce: false }),
  },
  guards: {
    rotationOff: ({ context }) => context.count < 2 || context.reducedMotion,
    canRotate: ({ context }) => context.count >= 2,
    validIndex: ({ context, event }) =>
      event.type === 'carousel.goTo' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.count,
  },
  delays: {
    advanceDelay: ADVANCE_MS,
  },
}).createMachine({
  id: 'carousel',
  description: 'Banner carousel: one slide at a time, pausable auto-rotation, keyboard navigation.',
  context: ({ input }) => ({
    count: Math.max(0, Math.floor(input.count)),
    index: 0,
    announce: false,
    reducedMotion: input.reducedMotion ?? false,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Chooses whether to rotate: not with fewer than 2 slides, nor under reduced motion.',
      always: [{ guard: 'rotationOff', target: 'paused' }, { target: 'playing' }],
    },
    playing: {
      description: 'Rotating: the next slide comes after advanceDelay.',
      tags: 'rotating',
      after: { advanceDelay: { target: 'playing', reenter: true, actions: 'advance' } },
      on: {
        'carousel.next': { target: 'playing', reenter: true, actions: 'next' },
        'carousel.previous': { target: 'playing', reenter: true, actions: 'previous' },
        'carousel.goTo': { guard: 'validIndex', target: 'playing', reenter: true, actions: 'goTo' },
        'carousel.pause': { target: 'paused' },
        'carousel.hold': { target: 'held' },
      },
    },
    held: {
      description: 'Pointer over or focus inside: rotation waits until released.',
      tags: 'rotating',
      on: {
        ...navigation,
        'carousel.release': { target: 'playing' },
        'carousel.pause': { target: 'paused' },
      },
    },
    paused: {
      description: 'No rotation (paused by the student, reduced motion, or a single slide).',
      tags: 'paused',
      on: {
        ...navigation,
        'carousel.play': { guard: 'canRotate', target: 'playing' },
      },
    },
  },
});
