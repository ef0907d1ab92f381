/**
 * The page's TanStack Query client, reached without loading TanStack Query (issue 9: it
 * loads with the first screen that reads from the server, never with /login).
 * `query-client.ts` registers its client when it loads; `wiring.ts` clears and invalidates it
 * through `withQueryClient`; the app's providers get it with `loadQueryClient`.
 */
import type { QueryClient } from '@tanstack/react-query';

let current: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;

/** Called by query-client.ts with the page's client. */
export function registerQueryClient(client: QueryClient): void {
  current = client;
}

/** Runs `fn` with the page's query client when it exists; without it nothing is cached, so nothing to do. */
export function withQueryClient(fn: (client: QueryClient) => void): void {
  if (current) fn(current);
}

/**
 * The page's query client, loading its chunk on first call (the same promise afterwards).
 * @throws (rejects) when the chunk cannot load; a later call tries again.
 */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    (m) => m.appQueryClient,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether the signed-in student's saved reads are being put back into the page's query client
 * (issue 8): queries wait meanwhile (`IsRestoringProvider` in server-reads.tsx). Set by
 * `followStudentDeviceData` (wiring.ts) as soon as a student's session starts — before the
 * signed-in screens, and TanStack Query itself, have loaded. A plain store (no TanStack import).
 */
export const queryRestoring = {
  value: false,
  listeners: new Set<() => void>(),
  /** @returns whether a restore is under way. */
  get(): boolean {
    return queryRestoring.value;
  },
  /** Sets the flag; listeners hear of changes only. */
  set(value: boolean): void {
    if (value === queryRestoring.value) return;
    queryRestoring.value = value;
    for (const listener of queryRestoring.listeners) listener();
  },
  /** @returns the unsubscribe function (for `useSyncExternalStore`). */
  subscribe(listener: () => void): () => void {
    queryRestoring.listeners.add(listener);
    return () => queryRestoring.listeners.delete(listener);
  },
};
