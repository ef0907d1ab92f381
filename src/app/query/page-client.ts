/**
 * The page's TanStack Query client, reached without loading TanStack Query (it loads with the
 * first screen that reads from the server, never with /login). `./client.ts` registers its
 * client when it loads; the wiring clears and invalidates it through `withQueryClient`;
 * `./load-client.ts` loads it. This module imports nothing, so anything may depend on it.
 */
import type { QueryClient } from '@tanstack/react-query';

let current: QueryClient | null = null;

/** Called by ./client.ts with the page's client. */
export function registerQueryClient(client: QueryClient): void {
  current = client;
}

/** Runs `fn` with the page's query client when it exists; without it nothing is cached, so nothing to do. */
export function withQueryClient(fn: (client: QueryClient) => void): void {
  if (current) fn(current);
}

/**
 * Whether the signed-in student's saved reads are being put back into the page's query client
 * (docs/offline.md): queries wait meanwhile (`IsRestoringProvider` in ./server-reads.tsx). Set by
 * `followStudentDeviceData` (../wiring/records.ts) as soon as a student's session starts — before the
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
