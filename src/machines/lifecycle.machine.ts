/**
 * Lifecycle machine (spec §4 "Learning object, short video, attachment: started, then
 * ended"). One definition for the three kinds; the app provides per-kind `start`/`end`.
 *
 * Input `{ kind, id, lessonId, completed }` (completed = already completed on the server).
 * Context adds `{ attempts, pendingFinish, error, openingId }`; `openingId` is a client
 * event id per opening: the writes carry `${openingId}:start` / `${openingId}:end` as their
 * Idempotency-Key, so a retried write is applied once by the server.
 *
 * Events: `lifecycle.open`, `lifecycle.finish { data? }`, `lifecycle.retry`.
 * Actors: `start` ({ kind, id, lessonId, idempotencyKey }), `end` ({ …, data }).
 * Failures retry by themselves while transient (offline, timeout, 5xx) after
 * `retryDelay` = 1000 ms × 2^(attempts−1), capped at 30 000 ms, at most
 * `MAX_AUTO_RETRIES` (5) times; `lifecycle.retry` retries at once at any time.
 * `start` and `end` are each sent once per opening; a finish that arrives while the start
 * is in flight or failed is kept and sent right after the start succeeds.
 *
 * Tags: `idle`, `busy`, `started`, `ended`, `failed`, `retrying` (an automatic retry is due).
 */
import { assign, fromPromise, setup } from 'xstate';
import { isTransient } from '../services/http/errors';

export type LifecycleKind = 'learningObject' | 'shortVideo' | 'attachment';

export interface LifecycleInput {
  kind: LifecycleKind;
  id: number;
  lessonId: number | null;
  completed: boolean;
}

export interface LifecycleContext extends LifecycleInput {
  attempts: number;
  pendingFinish: { data: Record<string, unknown> } | null;
  error: unknown;
  openingId: string;
}

export type LifecycleEvent =
  | { type: 'lifecycle.open' }
  | { type: 'lifecycle.finish'; data?: Record<string, unknown> }
  | { type: 'lifecycle.retry' };

export interface LifecycleStartInput {
  kind: LifecycleKind;
  id: number;
  lessonId: number | null;
  idempotencyKey: string;
}

export interface LifecycleEndInput extends LifecycleStartInput {
  data: Record<string, unknown>;
}

/** Automatic retries before the machine waits for `lifecycle.retry`. */
export const MAX_AUTO_RETRIES = 5;
/** Upper bound of the retry backoff, ms. */
export const MAX_RETRY_DELAY_MS = 30_000;

/** Backoff before automatic retry number `attempts` (1-based): 1 s, 2 s, 4 s … ≤ 30 s. */
export function lifecycleRetryDelay(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

const newOpeningId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Substates of a failed write: `deciding` (eventless) → `waiting` (tag `retrying`; after
 * `retryDelay` back to `retryTarget`) while the error is transient and retries are left,
 * else `manual` (waits for `lifecycle.retry`).
 */
function retrySubstates<T extends '#lifecycle.starting' | '#lifecycle.ending'>(retryTarget: T) {
  return {
    initial: 'deciding',
    states: {
      deciding: {
        always: [{ guard: 'canAutoRetry', target: 'waiting' }, { target: 'manual' }],
      },
      waiting: {
        description: 'An automatic retry is due after retryDelay.',
        tags: 'retrying',
        after: { retryDelay: retryTarget },
      },
      manual: { description: 'Automatic retries are over or useless; waiting for lifecycle.retry.' },
    },
  } as const;
}

export const lifecycleMachine = setup({
  types: {
    input: {} as LifecycleInput,
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
  },
  actors: {
    start: fromPromise<void, LifecycleStartInput>(() => Promise.reject(new Error('start not provided'))),
    end: fromPromise<void, LifecycleEndInput>(() => Promise.reject(new Error('end not provided'))),
  },
  actions: {
    rememberFinish: assign({
      pendingFinish: ({ event }) => ({ data: (event as { data?: Record<string, unknown> }).data ?? {} }),
    }),
    recordFailure: assign({
      error: ({ event }) => (event as { error?: unknown }).error,
      attempts: ({ context }) => context.attempts + 1,
    }),
    resetAttempts: assign({ attempts: 0, error: null }),
    newOpening: assign({ openingId: () => newOpeningId() }),
  },
  guards: {
    hasPendingFinish: ({ context }) => context.pendingFinish !== null,
    canAutoRetry: ({ context }) => isTransient(context.error) && context.attempts <= MAX_AUTO_RETRIES,
  },
  delays: {
    retryDelay: ({ context }) => lifecycleRetryDelay(context.attempts),
  },
}).createMachine({
  id: 'lifecycle',
  description: 'Start → end of one opening of a learning object, short video or attachment.',
  context: ({ input }) => ({ ...input, attempts: 0, pendingFinish: null, error: null, openingId: '' }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Not opened yet.',
      tags: 'idle',
      on: { 'lifecycle.open': { target: 'starting', actions: 'newOpening' } },
    },
    starting: {
      description: 'PUT …/start in flight.',
      tags: 'busy',
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.id,
          lessonId: context.lessonId,
          idempotencyKey: `${context.openingId}:start`,
        }),
        onDone: [
          { guard: 'hasPendingFinish', target: 'ending', actions: 'resetAttempts' },
          { target: 'started', actions: 'resetAttempts' },
        ],
        onError: { target: 'startFailed', actions: 'recordFailure' },
      },
      on: { 'lifecycle.finish': { actions: 'rememberFinish' } },
    },
    startFailed: {
      description: 'The start was not recorded; retried automatically while transient, or on request.',
      tags: 'failed',
      ...retrySubstates('#lifecycle.starting'),
      on: {
        'lifecycle.retry': 'starting',
        'lifecycle.finish': { actions: 'rememberFinish' },
      },
    },
    started: {
      description: 'Start recorded; the student is on the content.',
      tags: 'started',
      on: { 'lifecycle.finish': { target: 'ending', actions: 'rememberFinish' } },
    },
    ending: {
      description: 'PUT …/end in flight.',
      tags: ['busy', 'started'],
      invoke: {
        id: 'end',
        src: 'end',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.id,
          lessonId: context.lessonId,
          idempotencyKey: `${context.openingId}:end`,
          data: context.pendingFinish?.data ?? {},
        }),
        onDone: { target: 'ended', actions: ['resetAttempts', assign({ completed: true, pendingFinish: null })] },
        onError: { target: 'endFailed', actions: 'recordFailure' },
      },
    },
    endFailed: {
      description: 'The end was not recorded; retried automatically while transient, or on request.',
      tags: ['failed', 'started'],
      ...retrySubstates('#lifecycle.ending'),
      on: { 'lifecycle.retry': 'ending' },
    },
    ended: {
      description: 'End recorded once for this opening; further finish/open events are ignored.',
      tags: 'ended',
    },
  },
});
