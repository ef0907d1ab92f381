/**
 * `<ShortVideos />`: the "Vídeos curtos" section, loaded on demand (DESIGN.md §3 lazy loading)
 * so the course list's own chunk does not grow. Renders nothing until its chunk arrives, and
 * nothing outside an `<OutboxContext.Provider>`: its player records start/end and progress
 * there (a screen rendered alone, e.g. in a component test, simply has no shelf).
 */
import { lazy, Suspense, useContext } from 'react';
import { OutboxContext } from '../outbox/context';

const ShortVideosSection = lazy(() => import('./section'));

export function ShortVideos() {
  if (useContext(OutboxContext) === null) return null;
  return (
    <Suspense fallback={null}>
      <ShortVideosSection />
    </Suspense>
  );
}
