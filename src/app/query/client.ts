/**
 * The app's TanStack Query client for server reads (docs/architecture.md §D2: lists and details are
 * read with TanStack Query). One per page; `clearAuth` empties it so a student who signs
 * in after another on the same device never sees the previous student's data.
 *
 * Offline (docs/offline.md): reads wait while the platform cannot be reached (network mode `online`,
 * following services/http/connectivity.ts) instead of failing, so what was saved on the device stays on screen; reads are kept in memory as long as
 * they are kept on the device (`OFFLINE_MAX_AGE_MS`); writes fail at once offline with the
 * offline message (network mode `always`) instead of hanging.
 */
import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { classifyError, isTransient } from '../../services/http/errors';
import { bootResults } from '../../services/boot/steps';
import { isReachable, subscribeReachability } from '../../services/http/connectivity';
import { OFFLINE_MAX_AGE_MS } from '../../services/storage/offline-age';
import { registerQueryClient } from './page-client';

/**
 * Sends a failed read or write to error reporting when it is the platform's fault (a 5xx, a
 * malformed answer, an unexpected error) — the student sees a human message and at most a
 * 'Detalhes' disclosure (docs/errors.md); offline, timeouts and refusals (4xx) are not reported.
 */
export function reportPlatformFailure(
  error: unknown,
  report: (error: unknown) => void = (e) => bootResults.errorReporter?.captureException(e),
): void {
  const { kind } = classifyError(error);
  if (kind === 'server' || kind === 'malformed' || kind === 'unknown') report(error);
}

/**
 * @returns a client whose reads are cached 30 s (staleTime) and retried once more only
 *   when the failure is transient (offline, timeout, 5xx); ky already retried them twice.
 *   Failures that are the platform's fault go to error reporting (`reportPlatformFailure`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => reportPlatformFailure(error) }),
    mutationCache: new MutationCache({ onError: (error) => reportPlatformFailure(error) }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && isTransient(error),
        staleTime: 30_000,
        gcTime: OFFLINE_MAX_AGE_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'always' },
    },
  });
}

// Reads follow whether the platform answers (not only navigator.onLine): unreachable, they wait
// — with what the device saved on screen — and resume when it answers again.
onlineManager.setEventListener((setOnline) => {
  setOnline(isReachable());
  return subscribeReachability(() => setOnline(isReachable()));
});

/** The page's query client (the app and the session's `clearAuth` share it, via ./page-client.ts). */
export const appQueryClient = createQueryClient();
registerQueryClient(appQueryClient);
