/**
 * "After the first screen" (docs/performance.md "The service worker after the first screen"):
 * work the student's first screen does not need — registering the service worker, whose install
 * downloads the whole precache (~1.1 MB) — waits until that screen has what it came for, so it
 * never shares a weak connection or a slow CPU with the screen's own code and data.
 */

/** What `afterFirstScreen` watches of the page's server reads (a TanStack QueryClient fits it). */
export interface ReadsInFlight {
  /** How many reads are being fetched now. */
  isFetching(): number;
  /** Whether any read has an answer yet (data or an error; restored saved reads count). */
  hasAnswered(): boolean;
  /** Calls `listener` whenever a read changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** The latest `afterFirstScreen` resolves, ms after it is called: a screen that never settles still gets its worker. */
export const AFTER_FIRST_SCREEN_MAX_MS = 10_000;

/** How long the last step waits for an idle period before going on anyway, ms. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Resolves once the first screen has what it came for: the window's `load` event, then — when
 * `reads` gives the page's reads — a first read answered and none in flight (a screen whose
 * reads have not started yet is waited for), then one idle period of the main thread
 * (`requestIdleCallback`, up to 2 s; `setTimeout` where the browser has none).
 * @param options.reads the page's reads (for a signed-in page, its query client once loaded);
 *   null or a rejected promise: nothing to wait for.
 * @param options.maxWaitMs resolves at the latest this many ms after the call (default 10 000).
 * @returns a promise that resolves once, never rejects.
 */
export function afterFirstScreen(
  options: { reads?: Promise<ReadsInFlight | null> | null; maxWaitMs?: number } = {},
): Promise<void> {
  const { reads = null, maxWaitMs = AFTER_FIRST_SCREEN_MAX_MS } = options;
  // Handled at once: reads that fail before the load event are not an unhandled rejection.
  const source = reads ? reads.catch(() => null) : Promise.resolve(null);
  // Stops following the reads when the time is up (no listener left on the query cache).
  let stop = () => {};
  const settled = loaded()
    .then(() => source)
    .then((found) => (found ? readsSettled(found, (unsubscribe) => (stop = unsubscribe)) : undefined))
    .then(idle);
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve();
    }, maxWaitMs);
    void settled.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Resolves at the window's `load` event (at once if it has fired). */
function loaded(): Promise<void> {
  if (typeof document === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Resolves when `source` has answered a read and has none in flight (at once if so now).
 * @param onFollow receives the unsubscribe function while it follows `source`.
 */
function readsSettled(source: ReadsInFlight, onFollow: (unsubscribe: () => void) => void): Promise<void> {
  const settled = () => source.hasAnswered() && source.isFetching() === 0;
  return new Promise((resolve) => {
    if (settled()) {
      resolve();
      return;
    }
    const unsubscribe = source.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
    onFollow(unsubscribe);
  });
}

/**
 * Resolves in the main thread's next idle period (`requestIdleCallback`), or after 2 000 ms
 * (`IDLE_TIMEOUT_MS`) when none comes; at once (`setTimeout` 0) where the browser has none.
 * Never rejects.
 */
export function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/** Where the browser has no `requestIdleCallback`: the time given to steps per task, ms. */
const FALLBACK_SLICE_MS = 5;

/**
 * Runs `step` on each of `items`, in order, in the main thread's idle periods: a step starts only
 * while the period has more time left than the longest step so far took (the first step of a
 * period always runs), so that a long list never makes one long task that a tap would wait behind
 * (docs/performance.md "Idle work in slices"). Where the browser has no `requestIdleCallback`,
 * steps run in `setTimeout` tasks of ~5 ms each. A step that throws is skipped; the others still run.
 * @param items what to work on (copied when called).
 * @param step the work for one item; should take well under 50 ms.
 * @param options.signal stops before the next step once aborted (the screen was left).
 * @returns resolves after the last step ran (or the signal stopped them); never rejects.
 */
export function eachInIdleTime<T>(
  items: Iterable<T>,
  step: (item: T) => void,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const queue = [...items];
  const { signal } = options;
  // The longest step so far, ms: what the next one is expected to need of the period.
  let longest = 0;
  return new Promise((resolve) => {
    const run = (timeRemaining: () => number) => {
      do {
        if (signal?.aborted) break;
        const item = queue.shift() as T;
        const started = performance.now();
        try {
          step(item);
        } catch {
          // One failed step (a detached document, a refused URL) does not stop the others.
        }
        longest = Math.max(longest, performance.now() - started);
      } while (queue.length > 0 && timeRemaining() > longest);
      if (queue.length === 0 || signal?.aborted) resolve();
      else schedule();
    };
    const schedule = () => {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback((deadline) => run(() => deadline.timeRemaining()), { timeout: IDLE_TIMEOUT_MS });
      else
        setTimeout(() => {
          const start = performance.now();
          run(() => FALLBACK_SLICE_MS - (performance.now() - start));
        }, 0);
    };
    if (queue.length === 0) resolve();
    else schedule();
  });
}
