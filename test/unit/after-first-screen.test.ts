/**
 * `afterFirstScreen` (docs/performance.md "The service worker after the first screen"): the
 * service worker is registered only once the page has loaded, the first screen's reads have
 * answered and the main thread is idle — never later than 10 s — and `appUpdateEffects`' watcher registers
 * only then. Simulated clock; the reads are a real TanStack QueryClient.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { afterFirstScreen, eachInIdleTime } from '../../src/services/scheduling/after-first-screen';
import { readsInFlight } from '../../src/app/query/load-client';
import { createActor } from 'xstate';
import { appUpdateEffects } from '../../src/app/wiring/app-update';

/** Makes `document.readyState` say `state` until the test ends. */
function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

/** Whether `promise` has resolved, after letting pending microtasks run. */
async function hasResolved(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setReadyState('complete');
});

describe('afterFirstScreen', () => {
  it('waits for the load event, then resolves in the next idle period', async () => {
    setReadyState('loading');
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    const done = afterFirstScreen();
    expect(await hasResolved(done)).toBe(false);
    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    expect(await hasResolved(done)).toBe(false);
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0]?.();
    expect(await hasResolved(done)).toBe(true);
  });

  it('waits until no read of the first screen is in flight', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answer: (value: string) => void = () => {};
    void client.prefetchQuery({ queryKey: ['courses'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    const done = afterFirstScreen({ reads: Promise.resolve(readsInFlight(client)) });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await hasResolved(done)).toBe(false);
    answer('the first page of courses');
    await vi.advanceTimersByTimeAsync(10);
    expect(await hasResolved(done)).toBe(true);
    client.clear();
  });

  it('waits for the first screen’s reads to start and answer when none has started yet', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const done = afterFirstScreen({ reads: Promise.resolve(readsInFlight(client)) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await hasResolved(done)).toBe(false);
    let answer: (value: string) => void = () => {};
    void client.prefetchQuery({ queryKey: ['dashboard'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await hasResolved(done)).toBe(false);
    answer('the dashboard');
    await vi.advanceTimersByTimeAsync(10);
    expect(await hasResolved(done)).toBe(true);
    client.clear();
  });

  it('does not wait for reads that could not be loaded', async () => {
    const done = afterFirstScreen({ reads: Promise.reject(new Error('chunk failed')) });
    expect(await hasResolved(done)).toBe(true);
  });

  it('resolves after 10 s at the latest, even with a read that never answers, and stops following the reads', async () => {
    const client = new QueryClient();
    void client.prefetchQuery({ queryKey: ['never'], queryFn: () => new Promise<string>(() => {}) });
    const reads = readsInFlight(client);
    const followed = { now: 0 };
    const done = afterFirstScreen({
      reads: Promise.resolve({
        ...reads,
        subscribe: (listener: () => void) => {
          followed.now += 1;
          const unsubscribe = reads.subscribe(listener);
          return () => {
            followed.now -= 1;
            unsubscribe();
          };
        },
      }),
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await hasResolved(done)).toBe(false);
    expect(followed.now).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await hasResolved(done)).toBe(true);
    expect(followed.now).toBe(0);
    client.clear();
  });
});

describe('eachInIdleTime', () => {
  /** Stubs `requestIdleCallback`; `runPeriod(ms)` runs the next callback with `ms` of idle time that never runs out. */
  function idlePeriods() {
    const pending: ((deadline: IdleDeadline) => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: (deadline: IdleDeadline) => void) => pending.push(callback));
    const runPeriod = (leftMs: number) => {
      const callback = pending.shift();
      if (!callback) throw new Error('no idle callback pending');
      callback({ didTimeout: leftMs === 0, timeRemaining: () => leftMs } as IdleDeadline);
    };
    return { pending, runPeriod };
  }

  it('starts a step only while the period has more time left than the longest step took, the rest in the next periods, in order', async () => {
    const { pending, runPeriod } = idlePeriods();
    // Each step takes 3 ms of the page's clock.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const done: number[] = [];
    const finished = eachInIdleTime([1, 2, 3, 4, 5], (n) => {
      done.push(n);
      clock += 3;
    });
    expect(done).toEqual([]);
    // A period with 10 ms: 7 ms left after the first step, 4 after the second, 1 after the third
    // — less than a step takes, so the period ends there.
    const periodStart = clock;
    pending.shift()!({ didTimeout: false, timeRemaining: () => 10 - (clock - periodStart) } as IdleDeadline);
    expect(done).toEqual([1, 2, 3]);
    expect(await hasResolved(finished)).toBe(false);
    runPeriod(0); // a period that ran out at once (or timed out) still runs one step
    expect(done).toEqual([1, 2, 3, 4]);
    runPeriod(50);
    expect(done).toEqual([1, 2, 3, 4, 5]);
    expect(pending).toHaveLength(0);
    expect(await hasResolved(finished)).toBe(true);
  });

  it('stops before the next step once its signal is aborted, and goes on after a step that throws', async () => {
    const { pending, runPeriod } = idlePeriods();
    const done: string[] = [];
    const screen = new AbortController();
    const finished = eachInIdleTime(
      ['a', 'b', 'c'],
      (item) => {
        if (item === 'a') throw new Error('refused');
        done.push(item);
      },
      { signal: screen.signal },
    );
    runPeriod(0); // one step: 'a' throws
    runPeriod(0); // 'b'
    expect(done).toEqual(['b']);
    screen.abort();
    runPeriod(50);
    expect(done).toEqual(['b']);
    expect(pending).toHaveLength(0);
    expect(await hasResolved(finished)).toBe(true);
  });

  it('resolves at once for nothing to do, and uses short timer tasks where there is no requestIdleCallback', async () => {
    expect(await hasResolved(eachInIdleTime([], () => {}))).toBe(true);
    vi.stubGlobal('requestIdleCallback', undefined);
    const done: number[] = [];
    const finished = eachInIdleTime([1, 2, 3], (n) => done.push(n));
    expect(done).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual([1, 2, 3]); // the fake clock does not move inside a task: all fit in 5 ms
    expect(await hasResolved(finished)).toBe(true);
  });
});

describe('appUpdateEffects', () => {
  it('registers the service worker only once `after` has resolved', async () => {
    let allow: () => void = () => {};
    const register = vi.fn(() => Promise.resolve(null));
    const { watcher } = appUpdateEffects({ register, after: () => new Promise<void>((r) => (allow = r)) });
    const actor = createActor(watcher).start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(register).not.toHaveBeenCalled();
    allow();
    await vi.advanceTimersByTimeAsync(0);
    expect(register).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
