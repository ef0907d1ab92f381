import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import {
  lifecycleMachine,
  type LifecycleEndInput,
  type LifecycleStartInput,
} from '../../src/machines/lifecycle.machine';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  impl: { start?: (i: LifecycleStartInput) => Promise<void>; end?: (i: LifecycleEndInput) => Promise<void> } = {},
) {
  const starts = vi.fn(impl.start ?? (async () => {}));
  const ends = vi.fn(impl.end ?? (async () => {}));
  const clock = new SimulatedClock();
  const actor = createActor(
    lifecycleMachine.provide({
      actors: {
        start: fromPromise<void, LifecycleStartInput>(({ input }) => starts(input)),
        end: fromPromise<void, LifecycleEndInput>(({ input }) => ends(input)),
      },
    }),
    { input: { kind: 'learningObject', id: 11, lessonId: 4, completed: false }, clock },
  ).start();
  return { actor, starts, ends, clock };
}

const tags = (actor: ReturnType<typeof start>['actor']) =>
  ['idle', 'busy', 'started', 'ended', 'failed'].filter((t) => actor.getSnapshot().hasTag(t));

describe('lifecycle machine (docs/product.md §4 started, then ended)', () => {
  it('open sends start once; finish sends end once with the data; both carry idempotency keys', async () => {
    const { actor, starts, ends } = start();
    expect(tags(actor)).toEqual(['idle']);
    actor.send({ type: 'lifecycle.open' });
    actor.send({ type: 'lifecycle.open' });
    expect(tags(actor)).toEqual(['busy']);
    await flush();
    expect(tags(actor)).toEqual(['started']);
    actor.send({ type: 'lifecycle.finish', data: { answer: 'b' } });
    await flush();
    actor.send({ type: 'lifecycle.finish' });
    actor.send({ type: 'lifecycle.open' });
    await flush();
    expect(tags(actor)).toEqual(['ended']);
    expect(starts).toHaveBeenCalledTimes(1);
    expect(ends).toHaveBeenCalledTimes(1);
    const s = starts.mock.calls[0]![0];
    const e = ends.mock.calls[0]![0];
    expect(s).toMatchObject({ kind: 'learningObject', id: 11, lessonId: 4 });
    expect(e).toMatchObject({ id: 11, lessonId: 4, data: { answer: 'b' } });
    expect(s.idempotencyKey).toMatch(/:start$/);
    expect(e.idempotencyKey).toBe(s.idempotencyKey.replace(':start', ':end'));
  });

  it('a finish during the start is kept and sent right after the start succeeds', async () => {
    const { actor, ends } = start();
    actor.send({ type: 'lifecycle.open' });
    actor.send({ type: 'lifecycle.finish', data: { seconds: 3 } });
    await flush();
    await flush();
    expect(ends).toHaveBeenCalledWith(expect.objectContaining({ data: { seconds: 3 } }));
    expect(tags(actor)).toEqual(['ended']);
  });

  it('never retries a failed end by itself; lifecycle.retry sends it again with the same key', async () => {
    let failures = 1;
    const { actor, ends, clock } = start({
      end: async () => {
        if (failures-- > 0) throw new Error('the outbox could not store the write');
      },
    });
    actor.send({ type: 'lifecycle.open' });
    await flush();
    actor.send({ type: 'lifecycle.finish' });
    await flush();
    expect(tags(actor)).toEqual(['started', 'failed']);
    clock.increment(60_000);
    await flush();
    expect(ends).toHaveBeenCalledTimes(1);
    actor.send({ type: 'lifecycle.retry' });
    await flush();
    expect(ends).toHaveBeenCalledTimes(2);
    expect(tags(actor)).toEqual(['ended']);
    const keys = new Set(ends.mock.calls.map((c) => c[0].idempotencyKey));
    expect(keys.size).toBe(1);
  });

  it('a failed start waits for lifecycle.retry, keeping a finish sent meanwhile', async () => {
    let failures = 1;
    const { actor, starts, ends, clock } = start({
      start: async () => {
        if (failures-- > 0) throw new Error('no student signed in');
      },
    });
    actor.send({ type: 'lifecycle.open' });
    await flush();
    expect(tags(actor)).toEqual(['failed']);
    actor.send({ type: 'lifecycle.finish', data: { seconds: 5 } });
    clock.increment(60_000);
    expect(starts).toHaveBeenCalledTimes(1);
    actor.send({ type: 'lifecycle.retry' });
    await flush();
    await flush();
    expect(starts).toHaveBeenCalledTimes(2);
    expect(ends).toHaveBeenCalledWith(expect.objectContaining({ data: { seconds: 5 } }));
    expect(tags(actor)).toEqual(['ended']);
  });
});

/** Start → end of one opening, every write and its key checked exactly (mutation testing). */
describe('lifecycle machine: exact writes, errors and retries', () => {
  it('starts idle with the input and nothing pending', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({
      kind: 'learningObject',
      id: 11,
      lessonId: 4,
      completed: false,
      pendingFinish: null,
      error: null,
      openingId: '',
    });
  });

  it('sends exactly the kind, ids and keys of this opening; end is marked completed', async () => {
    const { actor, starts, ends } = start();
    actor.send({ type: 'lifecycle.open' });
    const openingId = actor.getSnapshot().context.openingId;
    expect(openingId).not.toBe('');
    await flush();
    expect(starts).toHaveBeenCalledTimes(1);
    expect(starts.mock.calls[0]![0]).toEqual({
      kind: 'learningObject',
      id: 11,
      lessonId: 4,
      idempotencyKey: `${openingId}:start`,
    });
    actor.send({ type: 'lifecycle.finish' });
    expect(actor.getSnapshot().context.pendingFinish).toEqual({ data: {} });
    await flush();
    expect(ends).toHaveBeenCalledTimes(1);
    expect(ends.mock.calls[0]![0]).toEqual({
      kind: 'learningObject',
      id: 11,
      lessonId: 4,
      idempotencyKey: `${openingId}:end`,
      data: {},
    });
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().context).toMatchObject({ completed: true, pendingFinish: null, error: null });
  });

  it('two openings get two different opening ids (also without crypto.randomUUID)', () => {
    const a = start().actor;
    const b = start().actor;
    a.send({ type: 'lifecycle.open' });
    b.send({ type: 'lifecycle.open' });
    expect(a.getSnapshot().context.openingId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(a.getSnapshot().context.openingId).not.toBe(b.getSnapshot().context.openingId);
    vi.stubGlobal('crypto', undefined);
    try {
      const c = start().actor;
      const d = start().actor;
      c.send({ type: 'lifecycle.open' });
      d.send({ type: 'lifecycle.open' });
      const [idC, idD] = [c.getSnapshot().context.openingId, d.getSnapshot().context.openingId];
      expect(idC).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
      expect(idD).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
      expect(idC).not.toBe(idD);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a failed start keeps the reason until the retry succeeds; a failed end keeps it until its retry succeeds', async () => {
    const startError = new Error('no student signed in');
    const endError = new Error('storage refused');
    let startFails = 1;
    let endFails = 1;
    const { actor, starts, ends } = start({
      start: async () => {
        if (startFails-- > 0) throw startError;
      },
      end: async () => {
        if (endFails-- > 0) throw endError;
      },
    });
    actor.send({ type: 'lifecycle.open' });
    await flush();
    expect(actor.getSnapshot().value).toBe('startFailed');
    expect(actor.getSnapshot().context.error).toBe(startError);
    actor.send({ type: 'lifecycle.retry' });
    expect(tags(actor)).toEqual(['busy']);
    await flush();
    expect(actor.getSnapshot().value).toBe('started');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(starts).toHaveBeenCalledTimes(2);
    actor.send({ type: 'lifecycle.finish', data: { seconds: 7 } });
    await flush();
    expect(actor.getSnapshot().value).toBe('endFailed');
    expect(actor.getSnapshot().context.error).toBe(endError);
    expect(actor.getSnapshot().context.completed).toBe(false);
    actor.send({ type: 'lifecycle.finish', data: { seconds: 99 } });
    actor.send({ type: 'lifecycle.retry' });
    expect(tags(actor)).toEqual(['busy', 'started']);
    await flush();
    expect(ends).toHaveBeenCalledTimes(2);
    expect(ends.mock.calls[1]![0].data).toEqual({ seconds: 7 });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, completed: true });
  });

  it('retry before open or after the end does nothing; finish before open does nothing', async () => {
    const { actor, starts, ends } = start();
    actor.send({ type: 'lifecycle.retry' });
    actor.send({ type: 'lifecycle.finish' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(starts).not.toHaveBeenCalled();
    actor.send({ type: 'lifecycle.open' });
    await flush();
    actor.send({ type: 'lifecycle.finish' });
    await flush();
    actor.send({ type: 'lifecycle.retry' });
    await flush();
    expect(starts).toHaveBeenCalledTimes(1);
    expect(ends).toHaveBeenCalledTimes(1);
  });
});

describe('lifecycle machine without the app', () => {
  it('its default start and end fail loudly, so an unwired app never looks recorded', async () => {
    const actor = createActor(lifecycleMachine, {
      input: { kind: 'attachment', id: 1, lessonId: null, completed: false },
    }).start();
    actor.send({ type: 'lifecycle.open' });
    await flush();
    expect(actor.getSnapshot().value).toBe('startFailed');
    expect((actor.getSnapshot().context.error as Error).message).toBe('start not provided');
    const ended = createActor(
      lifecycleMachine.provide({ actors: { start: fromPromise<void, LifecycleStartInput>(async () => {}) } }),
      { input: { kind: 'shortVideo', id: 2, lessonId: null, completed: false } },
    ).start();
    ended.send({ type: 'lifecycle.open' });
    await flush();
    ended.send({ type: 'lifecycle.finish' });
    await flush();
    expect(ended.getSnapshot().value).toBe('endFailed');
    expect((ended.getSnapshot().context.error as Error).message).toBe('end not provided');
  });
});

describe('lifecycle machine: a retried start that goes straight to the end', () => {
  it('forgets the start failure as soon as the start succeeds, while the end is in flight', async () => {
    let startFails = 1;
    const { actor } = start({
      start: async () => {
        if (startFails-- > 0) throw new Error('no student signed in');
      },
      end: () => new Promise<void>(() => {}),
    });
    actor.send({ type: 'lifecycle.open' });
    await flush();
    actor.send({ type: 'lifecycle.finish', data: { seconds: 2 } });
    actor.send({ type: 'lifecycle.retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ending');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
