/**
 * TanStack Query for the screens inside (DESIGN.md §2: lists and details are server reads):
 * `client`, or the page's `appQueryClient`. Loaded with the lazily loaded routes and the LGPD
 * dialog, never with /login (issue 9).
 */
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { appQueryClient } from './query-client';

export function ServerReads({ client, children }: { client?: QueryClient | undefined; children: ReactNode }) {
  return <QueryClientProvider client={client ?? appQueryClient}>{children}</QueryClientProvider>;
}
