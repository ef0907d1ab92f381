/**
 * `readPromise(promise)`: what React 19's `use(promise)` does, for React 18 (kept for its 20 KB
 * smaller client runtime: docs/decisions/0001-react-18-rather-than-19.md). Inside a `<Suspense>`
 * boundary it returns the promise's value once resolved, suspends the component while it is
 * pending (React 18 retries the render when the thrown promise settles), and throws its error to
 * the nearest error boundary when it rejected.
 *
 * The promise must be stable across renders (created once, e.g. memoised by its loader): the
 * settled state is kept on it in a WeakMap.
 * @throws the pending promise (Suspense) or the rejection reason.
 */
type Settled<T> = { status: 'pending' } | { status: 'fulfilled'; value: T } | { status: 'rejected'; reason: unknown };

const states = new WeakMap<Promise<unknown>, Settled<unknown>>();

export function readPromise<T>(promise: Promise<T>): T {
  let state = states.get(promise) as Settled<T> | undefined;
  if (!state) {
    state = { status: 'pending' };
    states.set(promise, state);
    promise.then(
      (value) => states.set(promise, { status: 'fulfilled', value }),
      (reason: unknown) => states.set(promise, { status: 'rejected', reason }),
    );
  }
  if (state.status === 'fulfilled') return state.value;
  if (state.status === 'rejected') throw state.reason;
  throw promise;
}
