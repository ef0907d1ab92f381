/**
 * TanStack Query for the screens inside (docs/architecture.md §D2: lists and details are server reads):
 * `client`, or the page's `appQueryClient`. Loaded with the lazily loaded routes and the LGPD
 * dialog, never with /login (docs/performance.md "Only /login in the entry").
 *
 * While the signed-in student's saved reads are put back (`queryRestoring`, docs/offline.md), queries
 * inside wait for them (`IsRestoringProvider`) instead of going to the network.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { appQueryClient } from './client';
import { queryRestoring } from './page-client';

/**
 * @param client tests' own client; default the page's `appQueryClient`.
 * @param children what reads from the server.
 */
export function ServerReads({ client, children }: { client?: QueryClient | undefined; children: ReactNode }) {
  const restoring = useSyncExternalStore(queryRestoring.subscribe, queryRestoring.get, () => false);
  return (
    <QueryClientProvider client={client ?? appQueryClient}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
