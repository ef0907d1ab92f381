/**
 * Generated path tests of the home's banner carousel, with its slides rendered at every step:
 * paths from xstate/graph replayed on a real actor (test/paths/support.tsx, ./driver.ts); fails
 * when a state or transition is never reached.
 */
import { carouselMachine } from '../../src/machines/carousel.machine';
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { BannerCarouselView, type CarouselRef } from '../../src/views/home/carousel';
import { generatedPathTests, sampleEvents, renderPtBr } from './support';

// 3 slides keep the context (index 0–2) bounded; reduced motion and a single slide start paused.
generatedPathTests(
  {
    machine: carouselMachine,
    inputs: [{ count: 3 }, { count: 3, reducedMotion: true }, { count: 1 }],
    samples: sampleEvents,
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
    onStep: async (snapshot, step) => {
      await act(async () => {});
      const s = snapshot as unknown as {
        hasTag: (t: string) => boolean;
        context: { index: number; count: number; announce: boolean };
      };
      const { index, count, announce } = s.context;
      // Exactly one slide shows: 'N de M'.
      const shown = screen.getAllByRole('group', { name: / de / }).filter((g) => !g.hidden);
      expect(
        shown.map((g) => g.getAttribute('aria-label')),
        step,
      ).toEqual([`${index + 1} de ${count}`]);
      if (count > 1) {
        const name = s.hasTag('rotating') ? 'Pausar' : 'Continuar rotação';
        expect(screen.getByRole('button', { name }), step).toBeTruthy();
      }
      const live = `Destaque ${index + 1} de ${count}: Destaque número ${index + 1}`;
      expect(screen.queryByText(live) !== null, step).toBe(announce);
    },
  },
);
