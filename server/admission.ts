/**
 * Request-level admission of the embedded server (docs/scaling.md "Fair and bounded",
 * docs/decisions/0011-fifo-admission-in-front-of-the-embedded-database.md): the requests that
 * use the database wait in ONE first-in-first-out queue and at most `concurrency` of them run at
 * a time; a request, once admitted, runs all its queries before later arrivals start. When the
 * queue is longer than the server can answer within `maxWaitMs`, a newcomer is refused at once
 * (503 with `Retry-After`), and a request still waiting after `maxWaitMs` is refused then: no
 * request waits longer than that for its turn.
 *
 * Admitted work is started from `setImmediate`, never from the microtask that ends the previous
 * one: PGlite runs a query synchronously on the main thread, so a chain of requests started in
 * microtasks would never let Node read the sockets, and new arrivals would wait outside the
 * queue, unseen and in no order (the starvation measured in docs/scaling.md).
 */
import type { MiddlewareHandler } from 'hono';

/** The answer (503) to a request refused because the server is full. */
export const OVERLOADED_MESSAGE = 'O servidor está ocupado. Tente novamente em alguns segundos.';

export interface AdmissionOptions {
  /** Most requests running at once (≥ 1). */
  concurrency: number;
  /** Longest wait in the queue, ms; a request predicted or found to wait longer is refused. */
  maxWaitMs: number;
  /** Most requests waiting, whatever the prediction (default 10 000). */
  maxQueue?: number;
  /** Clock, ms (tests). */
  now?: () => number;
  /** Schedules the start of admitted work (tests); default `setImmediate`. */
  schedule?: (run: () => void) => void;
}

/** Thrown by `Admission.run` for a request that is not admitted. */
export class Overloaded extends Error {
  constructor(
    /** Seconds the client should wait before it retries (`Retry-After`), 1…30. */
    readonly retryAfterSeconds: number,
    /** Why: predicted over the bound at arrival, waited past it, or the queue is full. */
    readonly reason: 'predicted' | 'waited' | 'full',
  ) {
    super(OVERLOADED_MESSAGE);
  }
}

/** Counters of an `Admission` since it was made. */
export interface AdmissionStats {
  admitted: number;
  refused: number;
  running: number;
  waiting: number;
  /** Longest wait of an admitted request, ms. */
  maxWaitMs: number;
  /** Current estimate of the time between two starts while requests wait, ms. */
  startIntervalMs: number;
}

export interface Admission {
  /**
   * Runs `work` when its turn comes (arrival order, at most `concurrency` at once).
   * @returns what `work` resolves to.
   * @throws Overloaded when refused (at once, or after waiting `maxWaitMs`); whatever `work` throws.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  stats(): AdmissionStats;
}

interface Waiter {
  arrivedAt: number;
  start: () => void;
  refuse: (error: Overloaded) => void;
  timer: ReturnType<typeof setTimeout> | null;
  done: boolean;
}

/** Weight of the newest start interval in the moving average. */
const SMOOTHING = 0.2;

/**
 * Makes an admission queue.
 * @throws RangeError when `concurrency` < 1 or `maxWaitMs` ≤ 0.
 */
export function createAdmission(options: AdmissionOptions): Admission {
  const { concurrency, maxWaitMs } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be ≥ 1');
  if (!(maxWaitMs > 0)) throw new RangeError('maxWaitMs must be > 0');
  const maxQueue = options.maxQueue ?? 10_000;
  const now = options.now ?? (() => performance.now());
  const schedule = options.schedule ?? ((run: () => void) => void setImmediate(run));
  // A plain array with a moving head: O(1) push and shift, compacted now and then.
  let queue: Waiter[] = [];
  let head = 0;
  let running = 0;
  // Waiters not yet started or refused (the array also holds refused ones until the head passes).
  let live = 0;
  let scheduled = false;
  let lastStartAt: number | null = null;
  // Time between two starts while requests wait (the queue's drain rate), ms; starts optimistic.
  let startIntervalMs = 0;
  const stats = { admitted: 0, refused: 0, maxWaitMs: 0 };

  const waiting = () => live;
  const retryAfter = (predictedMs: number) => Math.min(30, Math.max(1, Math.ceil(predictedMs / 1000)));
  const refuse = (waiter: Waiter, error: Overloaded) => {
    waiter.done = true;
    live -= 1;
    if (waiter.timer) clearTimeout(waiter.timer);
    stats.refused += 1;
    waiter.refuse(error);
  };

  const pump = () => {
    scheduled = false;
    while (running < concurrency && head < queue.length) {
      const waiter = queue[head]!;
      queue[head] = undefined as unknown as Waiter;
      head += 1;
      if (waiter.done) continue;
      const at = now();
      const waited = at - waiter.arrivedAt;
      // Its timer is late (the main thread was busy): the bound holds all the same.
      if (waited > maxWaitMs) {
        refuse(waiter, new Overloaded(retryAfter(live * startIntervalMs), 'waited'));
        continue;
      }
      waiter.done = true;
      live -= 1;
      if (waiter.timer) clearTimeout(waiter.timer);
      // It waited while the previous one started: the interval is the queue's drain time.
      if (lastStartAt !== null && waiter.arrivedAt <= lastStartAt) {
        const interval = at - lastStartAt;
        startIntervalMs = startIntervalMs === 0 ? interval : startIntervalMs + SMOOTHING * (interval - startIntervalMs);
      }
      lastStartAt = at;
      stats.admitted += 1;
      stats.maxWaitMs = Math.max(stats.maxWaitMs, waited);
      running += 1;
      waiter.start();
    }
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  };
  const wake = () => {
    if (scheduled || running >= concurrency || live === 0) return;
    scheduled = true;
    schedule(pump);
  };

  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      // Predicted wait: the requests ahead, drained at the measured rate.
      const ahead = waiting() + Math.max(0, running - concurrency + 1);
      const predictedMs = ahead * startIntervalMs;
      if (waiting() >= maxQueue) {
        stats.refused += 1;
        return Promise.reject(new Overloaded(retryAfter(predictedMs), 'full'));
      }
      if (predictedMs > maxWaitMs) {
        stats.refused += 1;
        return Promise.reject(new Overloaded(retryAfter(predictedMs - maxWaitMs / 2), 'predicted'));
      }
      return new Promise<T>((resolve, reject) => {
        const waiter: Waiter = {
          arrivedAt: now(),
          done: false,
          timer: null,
          refuse: reject,
          start: () => {
            work()
              .then(resolve, reject)
              .finally(() => {
                running -= 1;
                if (running === 0 && waiting() === 0) lastStartAt = null;
                wake();
              });
          },
        };
        waiter.timer = setTimeout(() => {
          if (!waiter.done) refuse(waiter, new Overloaded(retryAfter(waiting() * startIntervalMs), 'waited'));
        }, maxWaitMs);
        queue.push(waiter);
        live += 1;
        wake();
      });
    },
    stats: () => ({ ...stats, running, waiting: waiting(), startIntervalMs }),
  };
}

/**
 * Hono middleware: runs the rest of the request through `admission`; a refused request is
 * answered at once with 503 `{ message: OVERLOADED_MESSAGE }` and `Retry-After: <seconds>` (the
 * API's error format, server/http.ts), which the app retries (reads: ky; writes: the outbox).
 * `skip(path)` true lets a request through without waiting (static files, test stand-ins).
 */
export function admissionMiddleware(admission: Admission, skip: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (skip(c.req.path)) return next();
    try {
      await admission.run(() => next());
    } catch (error) {
      if (!(error instanceof Overloaded)) throw error;
      c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json({ message: error.message }, 503);
    }
    return undefined;
  };
}

/** Defaults of the embedded server: 4 at once (a sign-in's scrypt runs beside the queries), 3 s. */
export const DEFAULT_ADMISSION = { concurrency: 4, maxWaitMs: 3000 } as const;

/**
 * The admission settings from the environment: `ADMISSION_CONCURRENCY` (0 = off) and
 * `ADMISSION_MAX_WAIT_MS`. Unset: `DEFAULT_ADMISSION` on the embedded database, off on
 * PostgreSQL (its pool queues queries without blocking the event loop; docs/scaling.md).
 * @returns the options, or null when admission is off.
 * @throws Error on a value that is not a non-negative integer.
 */
export function admissionFromEnv(
  env: NodeJS.ProcessEnv,
  driver: 'pglite' | 'postgres',
): Pick<AdmissionOptions, 'concurrency' | 'maxWaitMs'> | null {
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
    return Number(raw);
  };
  const concurrency = int('ADMISSION_CONCURRENCY', driver === 'pglite' ? DEFAULT_ADMISSION.concurrency : 0);
  if (concurrency === 0) return null;
  return { concurrency, maxWaitMs: Math.max(1, int('ADMISSION_MAX_WAIT_MS', DEFAULT_ADMISSION.maxWaitMs)) };
}
