/**
 * `afterFirstScreen` (docs/performance.md "The service worker after the first screen"): the
 * service worker is registered only once the page has loaded, the first screen's reads have
 * answered and the main thread is idle — never later than 10 s — and `startAppUpdate` registers
 * only then. Simulated clock; the reads are a real TanStack QueryClient.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { afterFirstScreen } from '../../src/services/scheduling/after-first-screen';
import { readsInFlight } from '../../src/app/query/load-client';
import { startAppUpdate } from '../../src/app/wiring/app-update';

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

describe('startAppUpdate', () => {
  it('registers the service worker only once `after` has resolved', async () => {
    let allow: () => void = () => {};
    const register = vi.fn(() => Promise.resolve(null));
    const actor = startAppUpdate({ register, after: () => new Promise<void>((r) => (allow = r)) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(register).not.toHaveBeenCalled();
    allow();
    await vi.advanceTimersByTimeAsync(0);
    expect(register).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
