/**
 * The home's banner carousel (WCAG 2.2.2 Pause, Stop, Hide): one slide at a time ('N de M'); with
 * two slides or more, and no reduced motion, it advances every 6 s — silently (no announcement) —
 * while neither paused ('Pausar' / 'Continuar rotação') nor held (pointer over, focus inside).
 * Navigating (next, previous, a slide's indicator: wrapping around, an indicator outside the
 * slides ignored) shows and announces the slide and, while rotating, waits a full 6 s again.
 * 'Continuar rotação' rotates only with two slides or more (even under reduced motion: asked for).
 */
import type { EventObject } from 'xstate';
import { SPEC, SpecRun, oracleOf } from '../oracle';

export interface CarouselView {
  /** The slide shown, 0-based. */
  index: number;
  count: number;
  /** The slide is announced (the student navigated to it). */
  announce: boolean;
  /** Rotation on ('Pausar' shows) — also while held; off: 'Continuar rotação'. */
  rotating: boolean;
}

class CarouselRun extends SpecRun<CarouselView> {
  private readonly count: number;
  private index = 0;
  private announce = false;
  private mode: 'playing' | 'held' | 'paused';

  constructor(input: { count: number; reducedMotion?: boolean }) {
    super();
    this.count = Math.max(0, Math.floor(input.count));
    this.mode = this.count < 2 || input.reducedMotion === true ? 'paused' : 'playing';
    if (this.mode === 'playing') this.startTimer('advanceDelay', SPEC.carouselAdvanceMs);
  }

  situation(): string {
    return `${this.mode} (${this.count < 2 ? 'one slide' : 'slides'})`;
  }

  /** Whether the slide was announced changes no rule (the oracle's own paths need not try it both ways). */
  override key(): string {
    return JSON.stringify([this.count, this.index, this.mode, [...this.timers().keys()]]);
  }

  view(): CarouselView {
    return { index: this.index, count: this.count, announce: this.announce, rotating: this.mode !== 'paused' };
  }

  private show(index: number, announce: boolean): void {
    this.index = this.count === 0 ? 0 : ((index % this.count) + this.count) % this.count;
    this.announce = announce;
    if (this.mode === 'playing') this.startTimer('advanceDelay', SPEC.carouselAdvanceMs);
  }

  send(event: EventObject): void {
    switch (event.type) {
      case 'carousel.next':
        this.show(this.index + 1, true);
        break;
      case 'carousel.previous':
        this.show(this.index - 1, true);
        break;
      case 'carousel.goTo': {
        const index = (event as unknown as { index: number }).index;
        if (Number.isInteger(index) && index >= 0 && index < this.count) this.show(index, true);
        break;
      }
      case 'carousel.pause':
        if (this.mode !== 'paused') {
          this.mode = 'paused';
          this.stopTimer('advanceDelay');
        }
        break;
      case 'carousel.play':
        if (this.mode === 'paused' && this.count >= 2) {
          this.mode = 'playing';
          this.startTimer('advanceDelay', SPEC.carouselAdvanceMs);
        }
        break;
      case 'carousel.hold':
        if (this.mode === 'playing') {
          this.mode = 'held';
          this.stopTimer('advanceDelay');
        }
        break;
      case 'carousel.release':
        if (this.mode === 'held') {
          this.mode = 'playing';
          this.startTimer('advanceDelay', SPEC.carouselAdvanceMs);
        }
        break;
    }
  }

  protected onTimer(): void {
    this.show(this.index + 1, false);
  }
}

/** Time passes: 20 s, three slides. */
export const carouselOracle = oracleOf(
  20_000,
  [
    'carousel.next',
    'carousel.previous',
    'carousel.goTo',
    'carousel.pause',
    'carousel.play',
    'carousel.hold',
    'carousel.release',
  ],
  ['playing (slides)', 'held (slides)', 'paused (slides)', 'paused (one slide)'],
  (input) => new CarouselRun(input as { count: number }),
);
