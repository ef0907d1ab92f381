/**
 * A part of the page the student can do without for a while — the toaster, the LGPD dialog, the
 * update notice, the error screen's own code — kept from taking the whole app down with it.
 *
 * These parts load their code the first time they show, outside the screens' error boundary
 * (./screen-error.tsx). When that load failed (offline, before a service worker had the file),
 * the error reached no boundary and React removed the whole page: a white screen (e.g. offline
 * on the error screen, tapping its error code for the message). Here the part shows `fallback`
 * instead (nothing, by default), and is tried again when the platform answers again
 * (`useOnline`, services/http/connectivity.ts) — with `retryableLazy`, its chunk is fetched again
 * (`retryFailedLoads` on the reset). The screens' boundary (./screen-error.tsx) is one too, with
 * the screen's error message as its fallback and the path among its reset keys.
 */
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useOnline } from './use-online';
import { retryFailedLoads } from './retryable-lazy';

/**
 * @param children the part (typically a `retryableLazy` component in a `Suspense`).
 * @param fallback what shows while the part has failed: nothing by default; a function gets
 *   `retry`, which renders the part again.
 * @param resetKeys more values whose change renders the part again (the screens' boundary: the path).
 */
export function OptionalPart({
  children,
  fallback = null,
  resetKeys = [],
}: {
  children: ReactNode;
  fallback?: ReactNode | ((retry: () => void) => ReactNode);
  resetKeys?: unknown[];
}) {
  const online = useOnline();
  return (
    <ErrorBoundary
      fallbackRender={({ resetErrorBoundary }) =>
        typeof fallback === 'function' ? fallback(resetErrorBoundary) : fallback
      }
      resetKeys={[online, ...resetKeys]}
      onReset={retryFailedLoads}
      onError={(error) => {
        if (import.meta.env.DEV) console.error('[app] a part of the page failed', error);
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
