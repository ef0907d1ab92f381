import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { outboxMachine, outboxRetryDelay, OUTBOX_MAX_DELAY_MS } from '../../src/machines/outbox.machine';
import { ApiError, ContractError, NetworkError, TimeoutError } from '../../src/services/http/errors';
import type { OutboxEntry } from '../../src/services/storage/outbox-store';

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

const entry = (id: string, userId = 1, kind: 'start' | 'end' = 'end'): OutboxEntry => ({
  id,
  userId,
  status: 'pending',
  clientTime: '2026-11-22T10:00:00.000Z',
  write:
    kind === 'end'
      ? { kind: 'learningObject.end', learningObjectId: 9, lessonId: 5, data: {} }
      : { kind: 'learningObject.start', learningObjectId: 9, lessonId: 5 },
});

function start(
  impl: {
    stored?: OutboxEntry[];
    deliver?: (e: OutboxEntry) => Promise<void>;
    /** Replaces the read of the stored writes (default: the fake store, filtered by student). */
    load?: (userId: number) => Promise<OutboxEntry[]>;
    /** Replaces marking a refused write in the store (default: resolves). */
    reject?: (e: OutboxEntry, error: unknown) => Promise<void>;
    /** Replaces asking for the send lock (default: free at once). */
    tryLock?: () => Promise<boolean>;
    /** Replaces waiting for the send lock held by another sender (default: at once). */
    waitForLock?: () => Promise<void>;
  } = {},
) {
  // The device's store: what the caller stored before `outbox.added`, less what was delivered
  // or refused (another sender, the service worker, may remove entries too).
  const store: OutboxEntry[] = [...(impl.stored ?? [])];
  const removeStored = (id: string) => {
    const at = store.findIndex((e) => e.id === id);
    if (at >= 0) store.splice(at, 1);
  };
  const delivered: string[] = [];
  const deliver = vi.fn(async (e: OutboxEntry) => {
    await (impl.deliver ?? (async () => {}))(e);
    removeStored(e.id);
    delivered.push(e.id);
  });
  const rejected = vi.fn(async (e: OutboxEntry, error: unknown) => {
    await (impl.reject ?? (async () => {}))(e, error);
    removeStored(e.id);
  });
  const loads = vi.fn(async (userId: number) =>
    impl.load ? impl.load(userId) : store.filter((e) => e.userId === userId),
  );
  const tryLock = vi.fn(impl.tryLock ?? (async () => true));
  const waitForLock = vi.fn(impl.waitForLock ?? (async () => {}));
  const releaseSendLock = vi.fn();
  const requestBackgroundSync = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    outboxMachine.provide({
      actors: {
        tryLock: fromPromise<boolean>(() => tryLock()),
        waitForLock: fromPromise<void>(() => waitForLock()),
        loadEntries: fromPromise<OutboxEntry[], { userId: number }>(({ input }) => loads(input.userId)),
        deliver: fromPromise<void, { entry: OutboxEntry }>(({ input }) => deliver(input.entry)),
        reject: fromPromise<void, { entry: OutboxEntry; error: unknown }>(({ input }) =>
          rejected(input.entry, input.error),
        ),
      },
      actions: { releaseSendLock, requestBackgroundSync },
    }),
    { clock },
  ).start();
  // The app stores a write for the student the outbox follows before it tells the outbox
  // (`appOutboxOf`'s `record`; signed out it stores nothing).
  const send = actor.send.bind(actor);
  actor.send = (event) => {
    const following = actor.getSnapshot().context.userId;
    if (
      event.type === 'outbox.added' &&
      event.entry.userId === following &&
      !store.some((e) => e.id === event.entry.id)
    )
      store.push(event.entry);
    send(event);
  };
  return {
    actor,
    clock,
    deliver,
    delivered,
    rejected,
    loads,
    store,
    removeStored,
    tryLock,
    waitForLock,
    releaseSendLock,
    requestBackgroundSync,
  };
}

const tags = (actor: ReturnType<typeof start>['actor']) =>
  ['signedOut', 'synced', 'sending', 'retrying', 'signInNeeded'].filter((t) => actor.getSnapshot().hasTag(t));

describe('outbox machine (docs/architecture.md §D2: writes that must not be lost)', () => {
  it('waits for a student, then sends their stored writes oldest first, each once', async () => {
    const { actor, delivered, loads } = start({ stored: [entry('a'), entry('b'), entry('other', 2)] });
    expect(tags(actor)).toEqual(['signedOut']);
    actor.send({ type: 'outbox.added', entry: entry('x') });
    expect(actor.getSnapshot().context.queue).toEqual([]);
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    expect(loads).toHaveBeenCalledWith(1);
    expect(delivered).toEqual(['a', 'b']);
    expect(tags(actor)).toEqual(['synced']);
    actor.send({ type: 'outbox.added', entry: entry('c') });
    actor.send({ type: 'outbox.added', entry: entry('c') });
    expect(actor.getSnapshot().context.queue).toHaveLength(1);
    await flush();
    expect(delivered).toEqual(['a', 'b', 'c']);
  });

  it('429 with Retry-After: the write is kept and sent again only after the wait, even on flush or reconnect (issue 19)', async () => {
    let limited = true;
    const { actor, clock, deliver, delivered } = start({
      deliver: async () => {
        if (limited) throw new ApiError(429, { message: 'Muitas tentativas.' }, '/x', true, 20_000);
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('a') });
    await flush();
    expect(tags(actor)).toEqual(['retrying']);
    expect(deliver).toHaveBeenCalledTimes(1);
    limited = false;
    // 'Sincronizar agora' and the network coming back do not jump the platform's queue.
    actor.send({ type: 'outbox.flush' });
    actor.send({ type: 'network.online' });
    clock.increment(19_999);
    await flush();
    expect(deliver).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    expect(delivered).toEqual(['a']);
    expect(tags(actor)).toEqual(['synced']);
  });

  it('503 with Retry-After (a busy server): the write is sent again after the wait, not after the shorter backoff', async () => {
    let busy = true;
    const { actor, clock, deliver, delivered } = start({
      deliver: async () => {
        if (busy) throw new ApiError(503, { message: 'O servidor está ocupado.' }, '/x', true, 5_000);
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('a') });
    await flush();
    expect(tags(actor)).toEqual(['retrying']);
    busy = false;
    clock.increment(4_999);
    await flush();
    expect(deliver).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    expect(delivered).toEqual(['a']);
    expect(tags(actor)).toEqual(['synced']);
  });

  it('keeps a write that failed on the network and retries it with backoff, before any later write', async () => {
    let offline = true;
    const { actor, clock, deliver, delivered } = start({
      deliver: async () => {
        if (offline) throw new NetworkError();
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('a') });
    actor.send({ type: 'outbox.added', entry: entry('b') });
    await flush();
    expect(tags(actor)).toEqual(['retrying']);
    expect(actor.getSnapshot().context.queue.map((e) => e.id)).toEqual(['a', 'b']);
    expect(deliver).toHaveBeenCalledTimes(1);
    clock.increment(999);
    expect(deliver).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    expect(deliver).toHaveBeenCalledTimes(2);
    clock.increment(2000);
    await flush();
    expect(deliver).toHaveBeenCalledTimes(3);
    expect(deliver.mock.calls.every(([e]) => e.id === 'a')).toBe(true);
    offline = false;
    actor.send({ type: 'network.online' });
    await flush();
    expect(delivered).toEqual(['a', 'b']);
    expect(tags(actor)).toEqual(['synced']);
  });

  it("'Sincronizar agora' retries at once; 5xx and timeouts are retried too", async () => {
    const failures = [new ApiError(503, { message: 'Indisponível' }, '/end'), new TimeoutError(30_000)];
    const { actor, deliver, delivered } = start({
      deliver: async () => {
        const failure = failures.shift();
        if (failure) throw failure;
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('a') });
    await flush();
    expect(tags(actor)).toEqual(['retrying']);
    actor.send({ type: 'outbox.flush' });
    await flush();
    expect(tags(actor)).toEqual(['retrying']);
    actor.send({ type: 'outbox.flush' });
    await flush();
    expect(deliver).toHaveBeenCalledTimes(3);
    expect(delivered).toEqual(['a']);
  });

  it('resends a write whose answer could not be read (malformed or wrong shape), never sets it aside', async () => {
    const failures = [new ContractError(['(root): invalid JSON']), new ContractError(['data: wrong type'])];
    const { actor, deliver, delivered, rejected } = start({
      deliver: async () => {
        const failure = failures.shift();
        if (failure) throw failure;
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('a') });
    await flush();
    expect(tags(actor)).toEqual(['retrying']);
    actor.send({ type: 'outbox.flush' });
    await flush();
    actor.send({ type: 'outbox.flush' });
    await flush();
    expect(deliver).toHaveBeenCalledTimes(3);
    expect(delivered).toEqual(['a']);
    expect(rejected).not.toHaveBeenCalled();
  });

  it('keeps the writes on 401 until the student signs in again', async () => {
    let expired = true;
    const stored = [entry('a')];
    const { actor, delivered } = start({
      stored,
      deliver: async () => {
        if (expired) throw new ApiError(401, { message: 'Sessão expirada' }, '/end');
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    expect(tags(actor)).toEqual(['signInNeeded']);
    actor.send({ type: 'outbox.user', userId: null });
    expect(tags(actor)).toEqual(['signedOut']);
    expired = false;
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    expect(delivered).toEqual(['a']);
  });

  it('sets aside a write the server refuses (4xx) and goes on with the next', async () => {
    const { actor, delivered, rejected } = start({
      deliver: async (e) => {
        if (e.id === 'bad') throw new ApiError(404, { message: 'Conteúdo não encontrado.' }, '/end');
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('bad') });
    actor.send({ type: 'outbox.added', entry: entry('good') });
    await flush();
    expect(rejected).toHaveBeenCalledWith(expect.objectContaining({ id: 'bad' }), expect.any(ApiError));
    expect(delivered).toEqual(['good']);
    expect(actor.getSnapshot().context.rejected).toBe(1);
    expect(tags(actor)).toEqual(['synced']);
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(outboxRetryDelay)).toEqual([
      1000,
      2000,
      4000,
      8000,
      16000,
      30000,
      30000,
      OUTBOX_MAX_DELAY_MS,
    ]);
  });
});

/** A promise settled from the test (a request still in flight). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * What the outbox status shows (pending count, 'Enviando…', 'Aguardando conexão'), each write
 * delivered exactly once, and the backoff of docs/architecture.md §D2 written as literals (1 s, 2 s, 4 s, 8 s
 * … ≤ 30 s), never read from the machine (these kill the mutants the first tests missed).
 */
describe('outbox machine against the backoff and the status the student sees', () => {
  it('retries the same write after 1 s, then 2 s, then 4 s, then 8 s, and delivers it once when it goes through', async () => {
    let offline = true;
    const { actor, clock, deliver, delivered } = start({
      deliver: async () => {
        if (offline) throw new NetworkError();
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('a') });
    await flush();
    expect(deliver).toHaveBeenCalledTimes(1);
    // Each wait is one step: the try before it has failed before the clock moves on.
    for (const [wait, tries] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      clock.increment(wait - 1);
      await flush();
      expect(deliver).toHaveBeenCalledTimes(tries - 1);
      expect(tags(actor)).toEqual(['retrying']);
      clock.increment(1);
      await flush();
      expect(deliver).toHaveBeenCalledTimes(tries);
    }
    offline = false;
    clock.increment(7999);
    await flush();
    expect(deliver).toHaveBeenCalledTimes(4);
    clock.increment(1);
    await flush();
    expect(deliver).toHaveBeenCalledTimes(5);
    expect(delivered).toEqual(['a']);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(tags(actor)).toEqual(['synced']);
  });

  it('writes added while the stored ones load are sent after them, each exactly once ("Enviando…" meanwhile)', async () => {
    const load = deferred<OutboxEntry[]>();
    const { actor, deliver, delivered, loads } = start({ load: () => load.promise });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    expect(loads).toHaveBeenCalledWith(1);
    expect(tags(actor)).toEqual(['sending']);
    // 'a' was stored and is announced again; 'c' is new.
    actor.send({ type: 'outbox.added', entry: entry('a') });
    actor.send({ type: 'outbox.added', entry: entry('c') });
    expect(actor.getSnapshot().context.queue).toHaveLength(2);
    load.resolve([entry('a'), entry('b')]);
    await flush();
    expect(delivered).toEqual(['a', 'b', 'c']);
    expect(deliver).toHaveBeenCalledTimes(3);
    expect(tags(actor)).toEqual(['synced']);
  });

  it('when the stored writes cannot be read, the writes added meanwhile are still sent', async () => {
    const load = deferred<OutboxEntry[]>();
    const { actor, delivered } = start({ load: () => load.promise });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('c') });
    load.reject(new Error('IndexedDB unavailable'));
    await flush();
    expect(delivered).toEqual(['c']);
    expect(tags(actor)).toEqual(['synced']);
  });

  it('says "Enviando…" while a write is in flight; a later write waits behind it in the pending count', async () => {
    const inFlight = deferred<void>();
    const { actor, deliver, delivered } = start({
      deliver: (e) => (e.id === 'a' ? inFlight.promise : Promise.resolve()),
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('a') });
    await flush();
    expect(tags(actor)).toEqual(['sending']);
    actor.send({ type: 'outbox.added', entry: entry('b') });
    await flush();
    expect(actor.getSnapshot().context.queue.map((e) => e.id)).toEqual(['a', 'b']);
    expect(deliver).toHaveBeenCalledTimes(1);
    inFlight.resolve();
    await flush();
    expect(delivered).toEqual(['a', 'b']);
    expect(tags(actor)).toEqual(['synced']);
  });

  it('once synced, ignores a write of another student: nothing is sent', async () => {
    const { actor, deliver } = start();
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    expect(tags(actor)).toEqual(['synced']);
    actor.send({ type: 'outbox.added', entry: entry('x', 2) });
    await flush();
    expect(tags(actor)).toEqual(['synced']);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(deliver).not.toHaveBeenCalled();
  });

  it('sets a refused write aside even when marking it in the store fails; "Enviando…" meanwhile', async () => {
    const marking = deferred<void>();
    const { actor, delivered, rejected } = start({
      deliver: async (e) => {
        if (e.id === 'bad') throw new ApiError(422, { message: 'Dados inválidos.' }, '/end');
      },
      reject: () => marking.promise,
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('bad') });
    actor.send({ type: 'outbox.added', entry: entry('good') });
    await flush();
    expect(rejected).toHaveBeenCalledTimes(1);
    expect(rejected).toHaveBeenCalledWith(expect.objectContaining({ id: 'bad' }), expect.any(ApiError));
    expect(tags(actor)).toEqual(['sending']);
    marking.reject(new Error('IndexedDB unavailable'));
    await flush();
    expect(rejected).toHaveBeenCalledTimes(1);
    expect(delivered).toEqual(['good']);
    expect(actor.getSnapshot().context.rejected).toBe(1);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(tags(actor)).toEqual(['synced']);
  });

  it('sign-out empties the pending count and ignores a late write of that student; the next student loads their own', async () => {
    const { actor, loads, deliver } = start({
      deliver: async () => {
        throw new NetworkError();
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    actor.send({ type: 'outbox.added', entry: entry('a') });
    await flush();
    expect(tags(actor)).toEqual(['retrying']);
    actor.send({ type: 'outbox.user', userId: null });
    expect(tags(actor)).toEqual(['signedOut']);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    actor.send({ type: 'outbox.added', entry: entry('late', 1) });
    expect(actor.getSnapshot().context.queue).toEqual([]);
    actor.send({ type: 'outbox.user', userId: 2 });
    await flush();
    expect(loads).toHaveBeenLastCalledWith(2);
    expect(deliver).toHaveBeenCalledTimes(1);
    expect(tags(actor)).toEqual(['synced']);
  });
});

/**
 * One sender at a time (docs/decisions/0012-progress-sent-by-the-service-worker.md): the page and
 * the service worker send the same store under one lock; the page reads the store again once it
 * holds it, since the worker may have delivered writes meanwhile.
 */
describe('outbox machine and the service worker sending the same store', () => {
  it('while the worker sends, says "Enviando…" and waits; then sends only what the worker left, and lets the lock go', async () => {
    const worker = deferred<void>();
    const { actor, delivered, store, removeStored, waitForLock, releaseSendLock } = start({
      stored: [entry('a'), entry('b')],
      tryLock: async () => false,
      waitForLock: () => worker.promise,
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    expect(waitForLock).toHaveBeenCalledTimes(1);
    expect(tags(actor)).toEqual(['sending']);
    expect(delivered).toEqual([]);
    // The worker delivers 'a', then lets the lock go.
    removeStored('a');
    worker.resolve();
    await flush();
    expect(delivered).toEqual(['b']);
    expect(store).toEqual([]);
    expect(tags(actor)).toEqual(['synced']);
    expect(releaseSendLock).toHaveBeenCalledTimes(1);
  });

  it('a write that waits lets the lock go and asks the worker to send; the retry reads the store again and sends nothing the worker sent', async () => {
    let offline = true;
    const { actor, clock, deliver, delivered, removeStored, tryLock, releaseSendLock, requestBackgroundSync } = start({
      deliver: async () => {
        if (offline) throw new NetworkError();
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    expect(releaseSendLock).toHaveBeenCalledTimes(1);
    actor.send({ type: 'outbox.added', entry: entry('a') });
    actor.send({ type: 'outbox.added', entry: entry('b') });
    await flush();
    expect(tags(actor)).toEqual(['retrying']);
    expect(requestBackgroundSync).toHaveBeenCalledTimes(1);
    expect(releaseSendLock).toHaveBeenCalledTimes(2);
    // The worker sends both while the page waits for its backoff.
    offline = false;
    removeStored('a');
    removeStored('b');
    clock.increment(1000);
    await flush();
    expect(tryLock).toHaveBeenCalledTimes(3);
    expect(deliver).toHaveBeenCalledTimes(1);
    expect(delivered).toEqual([]);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(tags(actor)).toEqual(['synced']);
    expect(releaseSendLock).toHaveBeenCalledTimes(3);
  });

  it('signing out while the worker sends stops waiting for the lock; nothing is sent', async () => {
    const { actor, deliver, releaseSendLock } = start({
      stored: [entry('a')],
      tryLock: async () => false,
      waitForLock: () => new Promise<void>(() => {}),
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    expect(tags(actor)).toEqual(['sending']);
    actor.send({ type: 'outbox.user', userId: null });
    await flush();
    expect(tags(actor)).toEqual(['signedOut']);
    expect(releaseSendLock).toHaveBeenCalledTimes(1);
    expect(deliver).not.toHaveBeenCalled();
  });

  it('sends anyway when the lock cannot be asked for (the server applies a write once)', async () => {
    const { actor, delivered } = start({
      stored: [entry('a')],
      tryLock: async () => {
        throw new Error('locks unavailable');
      },
    });
    actor.send({ type: 'outbox.user', userId: 1 });
    await flush();
    expect(delivered).toEqual(['a']);
    expect(tags(actor)).toEqual(['synced']);
  });
});
