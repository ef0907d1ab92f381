/**
 * Outbox machine (docs/architecture.md §D2 "Writes that must not be lost"; docs/product.md §4 "started, then
 * ended"; docs/decisions/0012-progress-sent-by-the-service-worker.md). Sends the signed-in
 * student's stored progress writes to the server one at a time, oldest first, and removes each
 * only after a 2xx.
 *
 * One sender at a time: the page and the service worker (which sends the same store on a
 * Background Sync, src/service-worker/outbox-sync.ts) take one named lock before sending. The
 * machine asks for it (`tryLock`); when someone else holds it (the worker, or another tab) it
 * waits for it (`waitForLock`, state `otherSending`). Holding it, it reads the store again
 * (`loadEntries`: the other sender may have delivered some) and sends; it lets it go
 * (`releaseSendLock`) whenever it stops sending — nothing pending, waiting to retry, sign-in
 * needed, another student. Server idempotency (Idempotency-Key) stays the backstop.
 *
 * Input: none. Context `{ userId, queue, fresh, rejected, attempts, error }`: `queue` = pending
 * entries in order (head = being sent), `fresh` = entries added since the last read of the store
 * began, `rejected` = writes the server refused for good this session, `attempts` = failed tries
 * of the head in a row.
 *
 * Events:
 * - `outbox.user { userId | null }` — who is signed in (null: nobody; entries stay stored).
 * - `outbox.added { entry }` — a write was stored (the caller stored it before sending this);
 *   ignored when it belongs to another student or is already queued.
 * - `outbox.flush` — 'Sincronizar agora': retry now instead of waiting for the backoff.
 * - `network.online` — the browser is back online: retry now.
 *
 * Failures of the head: offline, timeout, 5xx or an unreadable answer (malformed JSON or the
 * wrong shape: the write may have been applied; its Idempotency-Key makes the resend safe) →
 * `waiting` (retry after `retryDelay` =
 * 1 s × 2^(attempts−1), ≤ 30 s, forever; `requestBackgroundSync` asks the service worker to send
 * when the connection returns, even with the app closed); 429 'too many requests' → `waiting`
 * too, for at least its `Retry-After` — then neither 'Sincronizar agora' nor reconnecting sends
 * sooner; 401 → `signInNeeded` (kept until the student signs
 * in again: `outbox.user` reloads); any other refusal (4xx) → `rejecting` (stored aside with
 * the reason, so one bad write never blocks the others).
 *
 * Actors (provided by the app; tests pass fakes): `tryLock` → true when the send lock was taken
 * at once, false when another sender holds it; `waitForLock` → resolves once it is taken;
 * `loadEntries({ userId })` → entries, `deliver({ entry })` (send; then remove from the store —
 * resolves only after both), `reject({ entry, error })` (mark refused in the store). Effects:
 * `releaseSendLock`, `requestBackgroundSync`. A failed lock request sends anyway.
 *
 * Tags: `signedOut`, `synced` (nothing pending), `sending`, `retrying`, `signInNeeded`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { isRetryableWrite, isUnauthorized, retryAfterOf } from '../services/http/errors';
import type { OutboxEntry } from '../services/storage/outbox-store';

export interface OutboxContext {
  userId: number | null;
  queue: OutboxEntry[];
  fresh: OutboxEntry[];
  rejected: number;
  attempts: number;
  error: unknown;
}

export type OutboxEvent =
  | { type: 'outbox.user'; userId: number | null }
  | { type: 'outbox.added'; entry: OutboxEntry }
  | { type: 'outbox.flush' }
  | { type: 'network.online' };

/** Upper bound of the outbox's retry backoff, ms. */
export const OUTBOX_MAX_DELAY_MS = 30_000;

/** Backoff before retry number `attempts` (1-based) of the head write: 1 s, 2 s, 4 s … ≤ 30 s. */
export function outboxRetryDelay(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), OUTBOX_MAX_DELAY_MS);
}

export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
  },
  actors: {
    tryLock: fromPromise<boolean>(() => Promise.resolve(true)),
    waitForLock: fromPromise<void>(() => Promise.resolve()),
    loadEntries: fromPromise<OutboxEntry[], { userId: number }>(() => Promise.resolve([])),
    deliver: fromPromise<void, { entry: OutboxEntry }>(() => Promise.reject(new Error('deliver not provided'))),
    reject: fromPromise<void, { entry: OutboxEntry; error: unknown }>(() => Promise.resolve()),
  },
  actions: {
    releaseSendLock: () => {},
    requestBackgroundSync: () => {},
    setUser: assign({
      userId: ({ event }) => (event as { userId: number | null }).userId,
      queue: [],
      fresh: [],
      attempts: 0,
      error: null,
    }),
    append: assign({
      queue: ({ context, event }) => [...context.queue, (event as { entry: OutboxEntry }).entry],
      fresh: ({ context, event }) => [...context.fresh, (event as { entry: OutboxEntry }).entry],
    }),
    startReading: assign({ fresh: [] }),
    replaceWithLoaded: assign({
      // The store is the truth (another sender may have delivered queued entries): its entries
      // first (they are older), then any added while it was read.
      queue: ({ context, event }) => {
        const loaded = (event as unknown as { output: OutboxEntry[] }).output;
        const ids = new Set(loaded.map((e) => e.id));
        return [...loaded, ...context.fresh.filter((e) => !ids.has(e.id))];
      },
      fresh: [],
    }),
    dropHead: assign({ queue: ({ context }) => context.queue.slice(1), attempts: 0, error: null }),
    recordFailure: assign({
      error: ({ event }) => (event as { error?: unknown }).error,
      attempts: ({ context }) => context.attempts + 1,
    }),
    countRejected: assign({ rejected: ({ context }) => context.rejected + 1 }),
  },
  guards: {
    isNewEntry: ({ context, event }) => {
      const { entry } = event as { entry: OutboxEntry };
      return entry.userId === context.userId && !context.queue.some((e) => e.id === entry.id);
    },
    lockTaken: ({ event }) => (event as unknown as { output: boolean }).output,
    signedIn: ({ event }) => (event as { userId: number | null }).userId !== null,
    empty: ({ context }) => context.queue.length === 0,
    unauthorized: ({ event }) => isUnauthorized((event as { error?: unknown }).error),
    transient: ({ event }) => isRetryableWrite((event as { error?: unknown }).error),
    notAskedToWait: ({ context }) => retryAfterOf(context.error) === null,
  },
  delays: {
    // The backoff, or longer when the platform asked to wait (429 Retry-After).
    retryDelay: ({ context }) => Math.max(outboxRetryDelay(context.attempts), retryAfterOf(context.error) ?? 0),
  },
}).createMachine({
  id: 'outbox',
  description: "Delivers the signed-in student's stored progress writes in order, exactly once.",
  context: { userId: null, queue: [], fresh: [], rejected: 0, attempts: 0, error: null },
  initial: 'signedOut',
  on: {
    'outbox.user': [
      { guard: 'signedIn', target: '.delivering', actions: 'setUser' },
      { target: '.signedOut', actions: 'setUser' },
    ],
    'outbox.added': { guard: 'isNewEntry', actions: 'append' },
  },
  states: {
    signedOut: {
      description: 'Nobody is signed in: stored writes wait for their student.',
      tags: 'signedOut',
    },
    delivering: {
      description: 'The page sends: it takes the send lock, reads the store again, sends; the lock goes on leaving.',
      initial: 'locking',
      exit: 'releaseSendLock',
      states: {
        locking: {
          description: 'Asking for the send lock.',
          tags: 'sending',
          invoke: {
            id: 'tryLock',
            src: 'tryLock',
            onDone: [{ guard: 'lockTaken', target: 'loading' }, { target: 'otherSending' }],
            onError: 'loading',
          },
        },
        otherSending: {
          description: 'The service worker (or another tab) is sending: wait for the lock.',
          tags: 'sending',
          invoke: { id: 'waitForLock', src: 'waitForLock', onDone: 'loading', onError: 'loading' },
        },
        loading: {
          description: "Reading the student's stored writes (another sender may have delivered some).",
          tags: 'sending',
          entry: 'startReading',
          invoke: {
            id: 'loadEntries',
            src: 'loadEntries',
            input: ({ context }) => ({ userId: context.userId ?? 0 }),
            onDone: { target: 'next', actions: 'replaceWithLoaded' },
            onError: 'next',
          },
        },
        next: {
          description: 'Picks the next write, if any.',
          always: [{ guard: 'empty', target: '#outbox.synced' }, { target: 'sending' }],
        },
        sending: {
          description: 'The oldest write is in flight.',
          tags: 'sending',
          invoke: {
            id: 'deliver',
            src: 'deliver',
            input: ({ context }) => ({ entry: context.queue[0]! }),
            onDone: { target: 'next', actions: 'dropHead' },
            onError: [
              { guard: 'unauthorized', target: '#outbox.signInNeeded', actions: 'recordFailure' },
              { guard: 'transient', target: '#outbox.waiting', actions: 'recordFailure' },
              { target: 'rejecting', actions: 'recordFailure' },
            ],
          },
        },
        rejecting: {
          description: 'The server refused the write for good: keep it aside, go on with the rest.',
          tags: 'sending',
          invoke: {
            id: 'reject',
            src: 'reject',
            input: ({ context }) => ({ entry: context.queue[0]!, error: context.error }),
            onDone: { target: 'next', actions: ['dropHead', 'countRejected'] },
            onError: { target: 'next', actions: ['dropHead', 'countRejected'] },
          },
        },
      },
    },
    synced: {
      description: 'Nothing pending.',
      tags: 'synced',
      on: { 'outbox.added': { guard: 'isNewEntry', target: 'delivering', actions: 'append' } },
    },
    waiting: {
      description:
        'Offline, timed out, 5xx or 429: the service worker is asked to send when the connection returns; the page retries after the backoff (at least Retry-After), at once on flush or when online unless the platform asked to wait.',
      tags: 'retrying',
      entry: 'requestBackgroundSync',
      after: { retryDelay: 'delivering' },
      on: {
        'outbox.flush': { guard: 'notAskedToWait', target: 'delivering' },
        'network.online': { guard: 'notAskedToWait', target: 'delivering' },
      },
    },
    signInNeeded: {
      description: '401: the writes stay stored until the student signs in again (outbox.user).',
      tags: 'signInNeeded',
    },
  },
});
