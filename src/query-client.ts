/**
 * The app's TanStack Query client for server reads (DESIGN.md §2: lists and details are
 * read with TanStack Query). One per page; `clearAuth` empties it so a student who signs
 * in after another on the same device never sees the previous student's data.
 */
import { QueryClient } from '@tanstack/react-query';
import { isTransient } from './services/http/errors';
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
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The page's query client (the app and the session's `clearAuth` share it, via query-client-ref.ts). */
export const appQueryClient = createQueryClient();
registerQueryClient(appQueryClient);
