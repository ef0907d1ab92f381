/**
 * Loads the page's TanStack Query client (./client.ts, with TanStack Query itself) on demand:
 * never with /login, at the first server read or when a student's saved reads are restored.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ReadsInFlight } from '../../services/scheduling/after-first-screen';

let loading: Promise<QueryClient> | null = null;

/**
 * The page's query client, loading its chunk on first call (the same promise afterwards).
 * @throws (rejects) when the chunk cannot load; a later call tries again.
 */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./client').then(
    (m) => m.appQueryClient,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The page's reads in flight, for `afterFirstScreen` (services/scheduling/after-first-screen.ts):
 * the query client's fetching count, whether any query has data or an error, and its query cache's events.
 */
export function readsInFlight(client: QueryClient): ReadsInFlight {
  const cache = client.getQueryCache();
  return {
    isFetching: () => client.isFetching(),
    hasAnswered: () => cache.getAll().some((query) => query.state.status !== 'pending'),
    subscribe: (listener) => cache.subscribe(listener),
  };
}
