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
import { createElement, lazy, type ComponentProps, type ComponentType, type ReactElement } from 'react';
import { loadFailedStylesheets } from '../../services/pwa/chunk-reload';

/** How to renew each lazy component whose load failed since the last `retryFailedLoads`. */
const failed = new Set<() => void>();

/**
 * @param load the chunk's import, resolving to `{ default: Component }`; called once per try.
 * @returns a component rendering the loaded one with the same props; it suspends while the
 *   chunk loads and throws the import's error (to the nearest error boundary) when it failed,
 *   until `retryFailedLoads` is called.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- same constraint as React.lazy
export function retryableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): (props: ComponentProps<T>) => ReactElement {
  const tryLoad = (): Promise<{ default: T }> =>
    load().catch((error: unknown) => {
      failed.add(renew);
      throw error;
    });
  const renew = () => {
    // A try after a failure first adds again the stylesheets that failed with it: Vite would not.
    current = lazy(() => loadFailedStylesheets().then(tryLoad)) as unknown as T;
  };
  let current = lazy(tryLoad) as unknown as T;
  return function Retryable(props: ComponentProps<T>) {
    return createElement(current, props);
  };
}

/**
 * Lets every `retryableLazy` component whose load failed load again on its next render. Called
 * by the error boundaries when they reset (src/views/components/screen-error.tsx, ./optional-part.tsx).
 */
export function retryFailedLoads(): void {
  for (const renew of failed) renew();
  failed.clear();
}
