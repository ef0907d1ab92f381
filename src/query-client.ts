/**
 * The app's TanStack Query client for server reads (DESIGN.md §2: lists and details are
 * read with TanStack Query). One per page; `clearAuth` empties it so a student who signs
 * in after another on the same device never sees the previous student's data.
 *
 * Offline (issue 8): reads wait while the platform cannot be reached (network mode `online`,
 * following services/http/connectivity.ts) instead of failing, so what was saved on the device stays on screen; reads are kept in memory as long as
 * they are kept on the device (`OFFLINE_MAX_AGE_MS`); writes fail at once offline with the
 * offline message (network mode `always`) instead of hanging.
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isTransient } from './services/http/errors';
import { isReachable, subscribeReachability } from './services/http/connectivity';
import { OFFLINE_MAX_AGE_MS } from './services/storage/offline-age';
import { registerQueryClient } from './query-client-ref';

/**
 * @returns a client whose reads are cached 30 s (staleTime) and retried once more only
 *   when the failure is transient (offline, timeout, 5xx); ky already retried them twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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

/** The page's query client (the app and the session's `clearAuth` share it, via query-client-ref.ts). */
export const appQueryClient = createQueryClient();
registerQueryClient(appQueryClient);

export { queryRestoring } from './query-client-ref';
