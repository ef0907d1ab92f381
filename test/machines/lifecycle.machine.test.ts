import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import {
  MAX_AUTO_RETRIES,
  lifecycleMachine,
  lifecycleRetryDelay,
  type LifecycleEndInput,
  type LifecycleStartInput,
} from '../../src/machines/lifecycle.machine';
import { ApiError, NetworkError } from '../../src/services/http/errors';

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
  ['idle', 'busy', 'started', 'ended', 'failed', 'retrying'].filter((t) => actor.getSnapshot().hasTag(t));

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

  it('retries a transient end failure with backoff 1 s, 2 s, 4 s … and the same key', async () => {
    let failures = 2;
    const { actor, ends, clock } = start({
      end: async () => {
        if (failures-- > 0) throw new NetworkError();
      },
    });
    actor.send({ type: 'lifecycle.open' });
    await flush();
    actor.send({ type: 'lifecycle.finish' });
    await flush();
    expect(tags(actor)).toEqual(['started', 'failed', 'retrying']);
    clock.increment(999);
    expect(ends).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    expect(ends).toHaveBeenCalledTimes(2);
    clock.increment(1999);
    expect(ends).toHaveBeenCalledTimes(2);
    clock.increment(1);
    await flush();
    expect(ends).toHaveBeenCalledTimes(3);
    expect(tags(actor)).toEqual(['ended']);
    const keys = new Set(ends.mock.calls.map((c) => c[0].idempotencyKey));
    expect(keys.size).toBe(1);
  });

  it(`stops retrying by itself after ${MAX_AUTO_RETRIES} automatic retries; the student can still retry`, async () => {
    const { actor, starts, clock } = start({ start: () => Promise.reject(new NetworkError()) });
    actor.send({ type: 'lifecycle.open' });
    await flush();
    for (let i = 1; i <= MAX_AUTO_RETRIES; i++) {
      clock.increment(lifecycleRetryDelay(i));
      await flush();
    }
    expect(starts).toHaveBeenCalledTimes(1 + MAX_AUTO_RETRIES);
    expect(tags(actor)).toEqual(['failed']);
    clock.increment(60_000);
    expect(starts).toHaveBeenCalledTimes(1 + MAX_AUTO_RETRIES);
    actor.send({ type: 'lifecycle.retry' });
    expect(starts).toHaveBeenCalledTimes(2 + MAX_AUTO_RETRIES);
  });

  it('does not retry a 4xx by itself', async () => {
    const { actor, starts, clock } = start({
      start: () => Promise.reject(new ApiError(404, { message: 'Conteúdo não encontrado' }, '/x')),
    });
    actor.send({ type: 'lifecycle.open' });
    await flush();
    expect(tags(actor)).toEqual(['failed']);
    clock.increment(60_000);
    expect(starts).toHaveBeenCalledTimes(1);
  });

  it('backoff grows 1 s, 2 s, 4 s and is capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(lifecycleRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
