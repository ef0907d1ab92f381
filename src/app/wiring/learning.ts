/**
 * Learning progress (docs/architecture.md §D2): the outbox of progress writes (IndexedDB store, outbox
 * actor) and the learning-object, short-video and attachment lifecycles that record into it.
 * Loaded with the signed-in routes, never with /login: the app's root actor loads it (`loadOutbox`,
 * src/app/app.ts) with the first signed-in session or screen that needs it, and spawns the outbox
 * as its child `outbox`. The outbox, not the lifecycles, retries writes
 * (docs/decisions/0006-the-outbox-retries-writes.md).
 */
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { lifecycleMachine, type LifecycleEndInput, type LifecycleStartInput } from '../../machines/lifecycle.machine';
import { outboxMachine } from '../../machines/outbox.machine';
import { putLearningObjectEnd, putLearningObjectStart } from '../../services/api/lms';
import { postShortVideoEnd, postShortVideoStart, postUserActivity } from '../../services/api/short-videos';
import { putAttachmentEnd, putAttachmentStart } from '../../services/api/attachments';
import {
  openOutboxStore,
  type OutboxEntry,
  type OutboxStore,
  type OutboxWrite,
} from '../../services/storage/outbox-store';
import { withQueryClient } from '../query/page-client';
import { invalidateAfterWrite, type WriteKind, type WriteScope } from '../../services/api/keys/write-effects';
import { toStoredError } from './error-screen';
import type { AppOutbox } from '../../views/app-services';
import { pageSendLock, requestOutboxSync } from '../../services/pwa/background-sync';
import { isReachable } from '../../services/http/connectivity';

/**
 * Sends one stored write to its endpoint (docs/product.md §7) with its client event id as
 * `Idempotency-Key` and its client time as `X-Client-Timestamp`.
 * @throws ApiError | NetworkError | TimeoutError | ContractError, as the API clients do.
 */
export async function sendOutboxWrite(entry: OutboxEntry): Promise<void> {
  const { write } = entry;
  switch (write.kind) {
    case 'learningObject.start':
      await putLearningObjectStart(write.learningObjectId, write.lessonId, entry.id, entry.clientTime);
      return;
    case 'learningObject.end':
      await putLearningObjectEnd(write.learningObjectId, write.lessonId, write.data, entry.id, entry.clientTime);
      return;
    case 'shortVideo.start':
      await postShortVideoStart(write.shortVideoId, entry.id, entry.clientTime);
      return;
    case 'shortVideo.end':
      await postShortVideoEnd(write.shortVideoId, entry.id, entry.clientTime);
      return;
    case 'attachment.start':
      await putAttachmentStart(write.attachmentId, entry.id, entry.clientTime);
      return;
    case 'attachment.end':
      await putAttachmentEnd(write.attachmentId, entry.id, entry.clientTime);
      return;
    case 'videoProgress':
      await postUserActivity(
        {
          user_id: entry.userId,
          resource_id: write.resourceId,
          position_seconds: write.positionSeconds,
          duration_seconds: write.durationSeconds,
        },
        entry.id,
        entry.clientTime,
      );
      return;
  }
}

export type { AppOutbox };

/**
 * The outbox machine with its real effects (docs/architecture.md §D2): writes kept in `store`
 * (default: the page's IndexedDB store, `pageOutboxStore()`), delivered to their endpoints; every
 * delivery refreshes the cached course reads.
 * @param store where writes are kept; tests pass `memoryOutboxStore()`.
 * The page sends under the send lock it shares with the service worker (`pageSendLock`), and asks
 * the worker to send when the connection returns whenever a write waits (`requestOutboxSync`:
 * Background Sync, app open or closed; docs/decisions/0012-progress-sent-by-the-service-worker.md).
 * @param onDelivered called with each write the server accepted (default: invalidates the reads
 *   its kind touches — `WRITE_EFFECTS`, the same mapping as the writes made online — in the
 *   page's query client, at once for a single write and at most once a second during a burst:
 *   `PROGRESS_REFRESH_MS`).
 * @returns the outbox logic; the app's root actor spawns it (`systemId: 'outbox'`).
 */
export function provideOutbox(
  store: Promise<OutboxStore> = pageOutboxStore(),
  onDelivered: (entry: OutboxEntry) => void = deliveredWritesRefresh(),
  lock: ReturnType<typeof pageSendLock> = pageSendLock(),
  requestSync: () => Promise<void> = requestOutboxSync,
) {
  return outboxMachine.provide({
    actions: {
      releaseSendLock: () => lock.release(),
      requestBackgroundSync: () => void requestSync(),
    },
    actors: {
      tryLock: fromPromise<boolean>(({ signal }) => lock.tryLock(signal)),
      waitForLock: fromPromise<void>(({ signal }) => lock.waitForLock(signal)),
      loadEntries: fromPromise<OutboxEntry[], { userId: number }>(async ({ input }) =>
        (await store).list(input.userId),
      ),
      deliver: fromPromise<void, { entry: OutboxEntry }>(async ({ input }) => {
        await sendOutboxWrite(input.entry);
        await (await store).remove(input.entry.id);
        onDelivered(input.entry);
      }),
      reject: fromPromise<void, { entry: OutboxEntry; error: unknown }>(async ({ input }) => {
        const stored = toStoredError(input.error);
        await (
          await store
        ).reject(input.entry.id, {
          status: stored.status,
          message: stored.data.message ?? String(input.error),
        });
      }),
    },
  });
}

let pageStore: Promise<OutboxStore> | null = null;

/** The page's outbox store (IndexedDB, or memory where it is unavailable): opened once per page. */
export function pageOutboxStore(): Promise<OutboxStore> {
  return (pageStore ??= openOutboxStore());
}

/**
 * Creates and starts an outbox on its own (tests, and screens tested without the app's root):
 * `provideOutbox(store, onDelivered)` started, with what the views use of it (`appOutboxOf`).
 */
export function createAppOutbox(
  store: Promise<OutboxStore> = pageOutboxStore(),
  onDelivered: (entry: OutboxEntry) => void = deliveredWritesRefresh(),
): AppOutbox {
  return appOutboxOf(createActor(provideOutbox(store, onDelivered)).start(), store);
}

/**
 * What the views use of a running outbox actor: `record` (stores a write for the student the
 * actor follows, then hands it to the actor) and the lifecycles that record into it.
 * @param actor the outbox actor (the root's child `outbox`, or one of `createAppOutbox`).
 * @param store the store the actor's logic was provided with.
 */
export function appOutboxOf(actor: ActorRefFrom<typeof outboxMachine>, store: Promise<OutboxStore>): AppOutbox {
  const record = async (id: string, write: OutboxWrite) => {
    const userId = actor.getSnapshot().context.userId;
    if (userId === null) throw new Error('outbox: no student signed in');
    const entry = await (await store).add({ id, userId, write, clientTime: new Date().toISOString() });
    actor.send({ type: 'outbox.added', entry });
  };
  const learningObjectLifecycle = lifecycleMachine.provide({
    actors: {
      start: fromPromise<void, LifecycleStartInput>(({ input }) =>
        record(input.idempotencyKey, {
          kind: 'learningObject.start',
          learningObjectId: input.id,
          lessonId: input.lessonId ?? 0,
        }),
      ),
      end: fromPromise<void, LifecycleEndInput>(({ input }) =>
        record(input.idempotencyKey, {
          kind: 'learningObject.end',
          learningObjectId: input.id,
          lessonId: input.lessonId ?? 0,
          data: input.data,
        }),
      ),
    },
  });
  const shortVideoLifecycle = lifecycleMachine.provide({
    actors: {
      start: fromPromise<void, LifecycleStartInput>(({ input }) =>
        record(input.idempotencyKey, { kind: 'shortVideo.start', shortVideoId: input.id }),
      ),
      end: fromPromise<void, LifecycleEndInput>(({ input }) =>
        record(input.idempotencyKey, { kind: 'shortVideo.end', shortVideoId: input.id }),
      ),
    },
  });
  const attachmentLifecycle = lifecycleMachine.provide({
    actors: {
      start: fromPromise<void, LifecycleStartInput>(({ input }) =>
        record(input.idempotencyKey, { kind: 'attachment.start', attachmentId: input.id }),
      ),
      end: fromPromise<void, LifecycleEndInput>(({ input }) =>
        record(input.idempotencyKey, { kind: 'attachment.end', attachmentId: input.id }),
      ),
    },
  });
  const recordVideoProgress: AppOutbox['recordVideoProgress'] = (progress) =>
    record(newEventId(), { kind: 'videoProgress', ...progress });
  const takeSentInBackground: AppOutbox['takeSentInBackground'] = async (userId) =>
    (await store).takeSentInBackground(userId);
  return {
    actor,
    record,
    learningObjectLifecycle,
    shortVideoLifecycle,
    attachmentLifecycle,
    recordVideoProgress,
    takeSentInBackground,
  };
}

/** A fresh client event id (UUID where available). */
function newEventId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * At most one refresh of the progress reads per this many ms while writes are delivered in a
 * burst (a week offline replays 1 000 writes; refetching the course list after each
 * one doubled the server's work and the replay time). One write alone refreshes at once.
 */
const PROGRESS_REFRESH_MS = 1000;

/**
 * `fn` run at once, then at most once per `ms`: calls inside the window are folded into one
 * call at its end (leading + trailing), so the last delivery is always followed by a refresh.
 */
function throttled(fn: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;
  const open = () => {
    timer = setTimeout(() => {
      timer = null;
      if (pending) {
        pending = false;
        fn();
        open();
      }
    }, ms);
  };
  return () => {
    if (timer !== null) {
      pending = true;
      return;
    }
    fn();
    open();
  };
}

/**
 * What the outbox does once a stored write was sent: the reads its kind touches
 * (`WRITE_EFFECTS`, src/services/api/keys/write-effects.ts) are invalidated in the page's query
 * client — the home dashboard's progress and 'Continuar' too, so the home never goes stale — the
 * kinds of a burst gathered into one refresh at most once per `PROGRESS_REFRESH_MS`, with the
 * learning objects its openings were for (`WriteScope`: only their reads are marked stale).
 * @param invalidate what refreshes the reads of the gathered kinds (default: the page's client).
 * @returns the `onDelivered` of `createAppOutbox`.
 */
export function deliveredWritesRefresh(
  invalidate: (kinds: WriteKind[], scope: WriteScope) => void = (kinds, scope) =>
    withQueryClient((client) => void invalidateAfterWrite(client, kinds, scope)),
): (entry: OutboxEntry) => void {
  const kinds = new Set<WriteKind>();
  const opened = new Set<number>();
  const refresh = throttled(() => {
    const gathered = [...kinds];
    const openedLearningObjects = [...opened];
    kinds.clear();
    opened.clear();
    if (gathered.length > 0) invalidate(gathered, { openedLearningObjects });
  }, PROGRESS_REFRESH_MS);
  return (entry) => {
    // Every kind the outbox stores is a write kind of the mapping (checked by the compiler).
    const kind: WriteKind = entry.write.kind;
    kinds.add(kind);
    if (entry.write.kind === 'learningObject.start') opened.add(entry.write.learningObjectId);
    refresh();
  };
}

/**
 * Sends the outbox's pending writes before a sign-out (docs/offline.md "Signing out and another student"): when
 * the platform is reachable and something waits, asks for a flush and waits until the queue is empty, the server
 * wants a new sign-in, or `timeoutMs` (5 000 ms) passed. Unreachable (`isReachable()`: the browser
 * offline, or the platform's last answer missing — `navigator.onLine` alone stays true on a
 * network that answers nothing, and after a reload in Chromium's offline emulation), it returns at
 * once: 'Sair' never waits for writes that cannot go. What is left stays stored, bound to its
 * student, and goes when they sign in again. Never rejects.
 */
export async function drainOutbox(outbox: Pick<AppOutbox, 'actor'>, timeoutMs = 5000): Promise<void> {
  const { actor } = outbox;
  if (!isReachable()) return;
  const deadline = Date.now() + timeoutMs;
  // The student's stored writes may still be loading (just after a page load).
  await waitFor(actor, (s) => !s.hasTag('sending') || s.matches({ delivering: 'sending' }), {
    timeout: timeoutMs,
  }).catch(() => {});
  if (actor.getSnapshot().context.queue.length === 0) return;
  actor.send({ type: 'outbox.flush' });
  await waitFor(actor, (s) => s.context.queue.length === 0 || s.hasTag('signInNeeded'), {
    timeout: Math.max(0, deadline - Date.now()),
  }).catch(() => {});
}
