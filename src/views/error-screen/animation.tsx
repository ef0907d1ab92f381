/**
 * The error screen's looping animation (docs/product.md §2: a server showing a 500 error, 90 frames,
 * ~30 fps, 524×524), authored by us (scripts/make-error-animation.mjs). The player (lottie
 * light build) and the animation are separate chunks loaded only when the screen shows;
 * under `prefers-reduced-motion` the first frame stays still. Decorative: hidden from AT.
 */
import { useEffect, useState } from 'react';

type Player = typeof import('./lottie-light').LottieLight;

const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function ServerErrorAnimation() {
  const [loaded, setLoaded] = useState<{ Player: Player; data: object } | null>(null);
  useEffect(() => {
    let alive = true;
    Promise.all([import('./lottie-light'), import('./server-500.json')])
      .then(([lottie, data]) => {
        if (alive) setLoaded({ Player: lottie.LottieLight, data: data.default });
      })
      .catch(() => {
        // Offline or blocked: the screen works without its animation.
      });
    return () => {
      alive = false;
    };
  }, []);
  const still = prefersReducedMotion();
  return (
    <div className="error-screen-animation" aria-hidden="true" data-motion={still ? 'still' : 'loop'}>
      {loaded && <loaded.Player src={loaded.data} loop={!still} autoplay={!still} />}
    </div>
  );
}
