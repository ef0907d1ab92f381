/**
 * `<AfterReveal>`: mounts a secondary, lazily loaded part of a screen (a shelf below the list, a
 * section at the end of a page) only once the screen around it has been committed, so that the
 * part's loading never holds the screen's main content back.
 *
 * Why (docs/performance.md "No screen waits for a part below it"): React 18 throttles the reveal
 * of a Suspense boundary's content. When a render that only retries suspended boundaries (the
 * screen's chunk or the outbox has arrived) completes with some boundary *still* suspended — e.g.
 * a `React.lazy` shelf whose chunk is not in yet — React delays that commit until 500 ms after the
 * last fallback it committed (`FALLBACK_THROTTLE_MS` in react-dom's ReactFiberWorkLoop), or until
 * the shelf's chunk arrives. A cold load of /courses showed its course list ready and kept off
 * screen for ~300 ms (4× CPU, mobile network) waiting for the short-videos shelf below it. A part
 * mounted from an effect instead is an ordinary update: the screen commits at once, the part's
 * chunk is asked for after, and its own Suspense fallback shows until it arrives.
 *
 * Below the first screen, a part is also not loaded before the student gets near it
 * (docs/performance.md "Parts below the first screen"): its place is marked by an empty element,
 * and the part mounts once that place is within one screen height of the visible area (an
 * `IntersectionObserver`) —
 * at once when it is already there (a short list), and at once where the browser has no
 * `IntersectionObserver`. A phone that never scrolls to the short-videos shelf under the course
 * list, or to the storage section at the end of 'Minha conta', never downloads their code.
 *
 * @param children the part, normally `<Suspense fallback={…}><LazyPart /></Suspense>`.
 * @param fallback shown until the screen has committed (default nothing); give the same as the
 *   part's Suspense fallback when the student should see it loading at once.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the visible area a part's place starts its loading: one screen height. */
export const NEAR_VIEWPORT_MARGIN = '100% 0px';

export function AfterReveal({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  // An ordinary update after the screen's commit, never part of it; and only near the viewport.
  useEffect(() => {
    const element = place.current;
    if (typeof IntersectionObserver !== 'function' || !element) {
      // The second render is the point (see above).
      setRevealed(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setRevealed(true);
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (revealed) return <>{children}</>;
  return (
    <>
      {fallback}
      <div ref={place} aria-hidden="true" />
    </>
  );
}
