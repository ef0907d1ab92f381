/**
 * `<ShortVideos />`: the "Vídeos curtos" section, loaded on demand (docs/architecture.md §D3 lazy loading)
 * so the course list's own chunk does not grow. Renders nothing until its chunk arrives, and
 * nothing outside an `<OutboxContext.Provider>`: its player records start/end and progress
 * there (a screen rendered alone, e.g. in a component test, simply has no shelf). Mounted after
 * the course list has been committed (`AfterReveal`): the list never waits for the shelf's chunk.
 */
import { Suspense, useContext } from 'react';
import { retryableLazy } from '../components/retryable-lazy';
import { OutboxContext } from '../outbox/context';
import { AfterReveal } from '../components/after-reveal';

const ShortVideosSection = retryableLazy(() => import('./section'));

export function ShortVideos() {
  if (useContext(OutboxContext) === null) return null;
  return (
    <AfterReveal>
      <Suspense fallback={null}>
        <ShortVideosSection />
      </Suspense>
    </AfterReveal>
  );
}
