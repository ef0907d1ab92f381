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

describe('lifecycle machine (spec §4 started, then ended)', () => {
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
