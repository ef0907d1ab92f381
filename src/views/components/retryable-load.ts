/**
 * `retryableLoad(load)`: a module that a render needs only in some cases — a text lesson's extras
 * (../learning-object/rich-text.tsx) — read inside a `<Suspense>` boundary, with the rules of
 * ./retryable-lazy.ts: imported once per try, and a failed load tried again only after
 * `retryFailedLoads` ('Tentar novamente', another route, the network back). Not at the failure
 * itself: React renders a failed component once more before it gives the error to the boundary,
 * and a new import there would suspend instead — an endless import loop while offline.
 */
import { readPromise } from './read-promise';
import { renewOnRetry } from './retryable-lazy';

/** A `retryableLoad` module. */
export interface RetryableLoad<T> {
  /**
   * The module: suspends the render while it loads (the nearest `<Suspense>` shows its fallback)
   * and throws the import's error to the nearest error boundary when it failed.
   */
  read(): T;
  /** The module once it has loaded, else null (never starts a load). */
  loaded(): T | null;
}

/** @param load the chunk's import; called once per try. */
export function retryableLoad<T>(load: () => Promise<T>): RetryableLoad<T> {
  let loaded: { module: T } | null = null;
  let loading: Promise<T> | null = null;
  const tryLoad = (): Promise<T> =>
    (loading ??= load().then(
      (module) => {
        loaded = { module };
        return module;
      },
      (error: unknown) => {
        renewOnRetry(() => {
          loading = null;
        });
        throw error;
      },
    ));
  return {
    read: () => (loaded ? loaded.module : readPromise(tryLoad())),
    loaded: () => (loaded ? loaded.module : null),
  };
}
