/**
 * Lifecycle machine (docs/product.md §4 "Learning object, short video, attachment: started, then
 * ended"). One definition for the three kinds; the app provides per-kind `start`/`end`.
 *
 * Input `{ kind, id, lessonId, completed }` (completed = already completed on the server).
 * Context adds `{ pendingFinish, error, openingId }`; `openingId` is a client event id per
 * opening: the writes carry `${openingId}:start` / `${openingId}:end` as their
 * Idempotency-Key, so a write sent again is applied once by the server
 * (docs/decisions/0009-idempotency-keys-claimed-in-the-database.md).
 *
 * Events: `lifecycle.open`, `lifecycle.finish { data? }`, `lifecycle.retry`.
 * Actors: `start` ({ kind, id, lessonId, idempotencyKey }), `end` ({ …, data }). In the app
 * they store the write in the outbox (docs/architecture.md §D2), which sends it and retries it over the
 * network; a failure here means the write could not even be stored (no student signed in,
 * storage refused), so the machine does not retry by itself: `lifecycle.retry` tries again
 * (docs/decisions/0006-the-outbox-retries-writes.md).
 * `start` and `end` are each recorded once per opening; a finish that arrives while the start
 * is in flight or failed is kept and recorded right after the start succeeds.
 *
 * Tags: `idle`, `busy`, `started`, `ended`, `failed`.
 */
import { assign, fromPromise, setup } from 'xstate';

export type LifecycleKind = 'learningObject' | 'shortVideo' | 'attachment';

export interface LifecycleInput {
  kind: LifecycleKind;
  id: number;
  lessonId: number | null;
  completed: boolean;
}

export interface LifecycleContext extends LifecycleInput {
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

const newOpeningId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

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
    recordFailure: assign({ error: ({ event }) => (event as { error?: unknown }).error }),
    clearError: assign({ error: null }),
    newOpening: assign({ openingId: () => newOpeningId() }),
  },
  guards: {
    hasPendingFinish: ({ context }) => context.pendingFinish !== null,
  },
}).createMachine({
  id: 'lifecycle',
  description: 'Start → end of one opening of a learning object, short video or attachment.',
  context: ({ input }) => ({ ...input, pendingFinish: null, error: null, openingId: '' }),
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
          { guard: 'hasPendingFinish', target: 'ending', actions: 'clearError' },
          { target: 'started', actions: 'clearError' },
        ],
        onError: { target: 'startFailed', actions: 'recordFailure' },
      },
      on: { 'lifecycle.finish': { actions: 'rememberFinish' } },
    },
    startFailed: {
      description: 'The start could not be recorded; tried again on lifecycle.retry.',
      tags: 'failed',
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
        onDone: { target: 'ended', actions: ['clearError', assign({ completed: true, pendingFinish: null })] },
        onError: { target: 'endFailed', actions: 'recordFailure' },
      },
    },
    endFailed: {
      description: 'The end could not be recorded; tried again on lifecycle.retry.',
      tags: ['failed', 'started'],
      on: { 'lifecycle.retry': 'ending' },
    },
    ended: {
      description: 'End recorded once for this opening; further finish/open events are ignored.',
      tags: 'ended',
    },
  },
});
