/**
 * Generated path tests of the home's banner carousel, with its slides rendered: paths from
 * xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts), each step checked
 * against the oracle (./oracles/carousel.ts): the one slide shown ('N de M'), 'Pausar' or
 * 'Continuar rotação', the announcement of a slide the student chose, the 6000 ms advance.
 */
import { carouselMachine } from '../../src/machines/carousel.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { BannerCarouselView, type CarouselRef } from '../../src/views/home/carousel';
import { carouselOracle, type CarouselView } from './oracles/carousel';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

// 3 slides keep the context (index 0–2) bounded; reduced motion and a single slide start paused.
generatedPathTests(
  {
    machine: carouselMachine,
    inputs: [{ count: 3 }, { count: 3, reducedMotion: true }, { count: 1 }],
    samples: sampleEvents,
    // The slide and the mode; whether the slide was announced, and reduced motion once past the
    // start, change no rule.
    serializeState: (s) => {
      const { count, index } = s.context as { count: number; index: number };
      return JSON.stringify([s.value, count, index]);
    },
    oracle: carouselOracle,
    // The rules' own paths two events deep: the timers make every state of the rules distinct.
    oracleDepth: 2,
    // Every event once per (slides, mode, slide shown).
    planKey: (s, event) => {
      const { count, index } = s.context as { count: number; index: number };
      return JSON.stringify([count, s.value, index, event]);
    },
  },
  {
    run: (step) => act(step),
    onStart: (actor) => {
      const count = (actor.getSnapshot() as unknown as { context: { count: number } }).context.count;
      const banners = [1, 2, 3].slice(0, count).map((id) => ({
        id,
        title: `Destaque número ${id}`,
        text: 'Texto',
        image_url: `/api/files/media/banner-${id}.svg`,
        alt: '',
        link: null,
        visible_ead: true,
        position: id,
      }));
      return renderPtBr(
        <Router hook={memoryLocation({ path: '/home' }).hook}>
          <BannerCarouselView banners={banners} actor={actor as unknown as CarouselRef} />
        </Router>,
      );
    },
    see: async ({ index, count, announce, rotating }: CarouselView, step) => {
      await act(async () => {});
      // Exactly one slide shows: 'N de M'.
      const shown = screen.getAllByRole('group', { name: / de /, hidden: true }).filter((g) => !g.hidden);
      expect(
        shown.map((g) => g.getAttribute('aria-label')),
        `${step}: the slide shown`,
      ).toEqual([`${index + 1} de ${count}`]);
      if (count > 1) {
        const name = rotating ? 'Pausar' : 'Continuar rotação';
        expect(screen.getByRole('button', { name, hidden: true }), step).toBeTruthy();
      }
      const live = `Destaque ${index + 1} de ${count}: Destaque número ${index + 1}`;
      expect(screen.queryByText(live) !== null, `${step}: the slide is announced`).toBe(announce);
    },
  },
);
