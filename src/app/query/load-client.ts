/**
 * Loads the page's TanStack Query client (./client.ts, with TanStack Query itself) on demand:
 * never with /login, at the first server read or when a student's saved reads are restored.
 */
import type { QueryClient } from '@tanstack/react-query';

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
