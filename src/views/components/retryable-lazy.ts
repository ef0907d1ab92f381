/**
 * `React.lazy` whose failed load can be tried again.
 *
 * React keeps a lazy component's rejected import for good: once its chunk failed to load (the
 * network dropped, no service worker yet), every later render throws the same error, so the
 * screen's 'Tentar novamente' — or coming back to that screen — showed the same error until a
 * full reload. Here a component whose load failed gets a fresh lazy component when an error
 * boundary is reset (`retryFailedLoads`: 'Tentar novamente', another route, the network back),
 * so its next render imports the chunk again. Browsers fetch a failed module again on the next
 * `import()` (whatwg/html#10327; Chromium does: test/e2e/offline-chunks.spec.ts).
 *
 * Not at the failure itself: React renders a failed component once more before it gives the
 * error to the boundary, and a fresh lazy there would suspend on a new import instead — an
 * endless import loop while offline.
 */
// eslint-disable-next-line no-restricted-imports -- the one place React.lazy is used, wrapped
import { createElement, lazy, useState, type ComponentProps, type ComponentType, type ReactElement } from 'react';
import { loadFailedStylesheets } from '../../services/pwa/chunk-reload';

/** How to renew each lazy component whose load failed since the last `retryFailedLoads`. */
const failed = new Set<() => void>();

/** A `retryableLazy` component: renders the loaded one with the same props. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- same constraint as React.lazy
export interface RetryableComponent<T extends ComponentType<any>> {
  (props: ComponentProps<T>): ReactElement;
  /**
   * Starts loading the chunk now — the load a render would start, once per try — so that a
   * first render after it has loaded does not suspend. Never rejects: a failure is the render's.
   */
  preload(): Promise<void>;
}

/**
 * @param load the chunk's import, resolving to `{ default: Component }`; called once per try.
 * @returns a component rendering the loaded one with the same props; it suspends while the
 *   chunk loads and throws the import's error (to the nearest error boundary) when it failed,
 *   until `retryFailedLoads` is called. Once the chunk has loaded (by a render or `preload`), a
 *   new instance renders the component at once: React.lazy suspends on its first render even
 *   when the module is already in (its import answers a microtask later), and each suspension
 *   of a page load's first render costs a commit of the fallback and a retry (docs/performance.md
 *   "No suspension for code already in").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- same constraint as React.lazy
export function retryableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): RetryableComponent<T> {
  let loaded: T | null = null;
  let loading: Promise<{ default: T }> | null = null;
  const tryLoad = (): Promise<{ default: T }> =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        // A failed try before it (a preload while offline) needs no renewal any more: renewing
        // would remount what the loaded component shows.
        failed.delete(renew);
        return module;
      },
      (error: unknown) => {
        loading = null;
        failed.add(renew);
        throw error;
      },
    ));
  const renew = () => {
    // A try after a failure first adds again the stylesheets that failed with it: Vite would not.
    current = lazy(() => loadFailedStylesheets().then(tryLoad)) as unknown as T;
  };
  let current = lazy(tryLoad) as unknown as T;
  function Retryable(props: ComponentProps<T>) {
    // Chosen once per instance: going from the lazy wrapper to the loaded component (another
    // element type) would remount what it shows.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? current, props);
  }
  Retryable.preload = () =>
    tryLoad().then(
      () => undefined,
      () => undefined,
    );
  return Retryable;
}

/** Runs `renew` at the next `retryFailedLoads`, once: a failed load of ./retryable-load.ts. */
export function renewOnRetry(renew: () => void): void {
  failed.add(renew);
}

/**
 * Lets every `retryableLazy` component (and `retryableLoad` module) whose load failed load again
 * on its next render. Called by the error boundaries when they reset
 * (src/views/components/screen-error.tsx, ./optional-part.tsx).
 */
export function retryFailedLoads(): void {
  for (const renew of failed) renew();
  failed.clear();
}
