/**
 * The FIFO admission queue (server/admission.ts) on its own: arrival order, the concurrency
 * bound, an admitted request running all its steps before later arrivals, refusals at once
 * when the predicted wait is over the bound or the queue is full, refusal after waiting the
 * bound, the 503 answer of the middleware, and the settings read from the environment.
 */
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import {
  DEFAULT_ADMISSION,
  OVERLOADED_MESSAGE,
  Overloaded,
  admissionFromEnv,
  admissionMiddleware,
  createAdmission,
} from './admission';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A promise with its resolver. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createAdmission', () => {
  it('starts the requests in arrival order, at most `concurrency` at once', async () => {
    const admission = createAdmission({ concurrency: 2, maxWaitMs: 5000 });
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const gates = Array.from({ length: 8 }, deferred);
    const all = gates.map((gate, i) =>
      admission.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await gate.promise;
        running -= 1;
        return i;
      }),
    );
    // Finish them out of order: the starts stay in arrival order.
    for (const i of [1, 0, 3, 2, 5, 4, 7, 6]) {
      await tick();
      gates[i]!.resolve();
    }
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(admission.stats()).toMatchObject({ admitted: 8, refused: 0, running: 0, waiting: 0 });
  });

  it('runs every step of an admitted request before a later arrival starts (concurrency 1)', async () => {
    const admission = createAdmission({ concurrency: 1, maxWaitMs: 5000 });
    const log: string[] = [];
    const request = (name: string) =>
      admission.run(async () => {
        for (const step of [1, 2, 3]) {
          log.push(`${name}${step}`);
          await tick(); // a query that yields to the event loop
        }
      });
    await Promise.all([request('a'), request('b'), request('c')]);
    expect(log).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
  });

  it('starts admitted work from setImmediate, not from the microtask that ended the previous one', async () => {
    const admission = createAdmission({ concurrency: 1, maxWaitMs: 5000 });
    const order: string[] = [];
    const first = admission.run(async () => void order.push('first'));
    const second = admission.run(async () => void order.push('second'));
    setImmediate(() => order.push('io in between'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'io in between', 'second']);
  });

  it('refuses a request that waited `maxWaitMs`, with Retry-After ≥ 1 s; the work never runs', async () => {
    const admission = createAdmission({ concurrency: 1, maxWaitMs: 40 });
    const gate = deferred();
    const first = admission.run(() => gate.promise);
    let ran = false;
    const startedAt = performance.now();
    const second = admission.run(async () => {
      ran = true;
    });
    const error = await second.catch((e: unknown) => e);
    const waited = performance.now() - startedAt;
    expect(error).toBeInstanceOf(Overloaded);
    expect((error as Overloaded).reason).toBe('waited');
    expect((error as Overloaded).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(waited).toBeGreaterThanOrEqual(35);
    expect(waited).toBeLessThan(1000);
    gate.resolve();
    await first;
    await sleep(5);
    expect(ran).toBe(false);
    expect(admission.stats()).toMatchObject({ admitted: 1, refused: 1, waiting: 0, running: 0 });
  });

  it('refuses at once when the requests ahead, at the measured rate, would wait over the bound', async () => {
    let clock = 0;
    const pumps: (() => void)[] = [];
    const admission = createAdmission({
      concurrency: 1,
      maxWaitMs: 1000,
      now: () => clock,
      schedule: (run) => pumps.push(run),
    });
    const gates = Array.from({ length: 40 }, deferred);
    const answers = gates.map((gate) =>
      admission
        .run(() => gate.promise)
        .then(
          () => 'ok',
          (e: unknown) => e,
        ),
    );
    // Drain three at 100 ms each: the queue learns its rate (100 ms per start).
    for (let i = 0; i < 3; i++) {
      pumps.shift()!();
      clock += 100;
      gates[i]!.resolve();
      await tick();
    }
    pumps.shift()!(); // the 4th starts
    expect(admission.stats().startIntervalMs).toBeCloseTo(100, 0);
    // 36 wait: a newcomer would wait ~3.7 s > 1 s — refused without waiting.
    const refused = await admission.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Overloaded);
    expect((refused as Overloaded).reason).toBe('predicted');
    expect((refused as Overloaded).retryAfterSeconds).toBeGreaterThanOrEqual(3);
    expect((refused as Overloaded).retryAfterSeconds).toBeLessThanOrEqual(30);
    for (const gate of gates) gate.resolve();
    while (pumps.length) {
      pumps.shift()!();
      await tick();
    }
    await Promise.all(answers);
  });

  it('refuses at once when `maxQueue` requests already wait', async () => {
    const admission = createAdmission({ concurrency: 1, maxWaitMs: 5000, maxQueue: 2 });
    const gate = deferred();
    const running = admission.run(() => gate.promise);
    await tick();
    const waiting = [admission.run(async () => 1), admission.run(async () => 2)];
    const error = await admission.run(async () => 3).catch((e: unknown) => e);
    expect((error as Overloaded).reason).toBe('full');
    gate.resolve();
    await running;
    expect(await Promise.all(waiting)).toEqual([1, 2]);
  });

  it('passes on what the work throws, and frees its place', async () => {
    const admission = createAdmission({ concurrency: 1, maxWaitMs: 5000 });
    await expect(admission.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await admission.run(async () => 'next')).toBe('next');
  });

  it('refuses invalid settings', () => {
    expect(() => createAdmission({ concurrency: 0, maxWaitMs: 100 })).toThrow(RangeError);
    expect(() => createAdmission({ concurrency: 1, maxWaitMs: 0 })).toThrow(RangeError);
  });
});

describe('admissionMiddleware', () => {
  it('answers 503 { message } with Retry-After when refused; skipped paths never wait', async () => {
    const admission = createAdmission({ concurrency: 1, maxWaitMs: 30 });
    const gate = deferred();
    const app = new Hono();
    app.use(
      '/api/*',
      admissionMiddleware(admission, (path) => path.startsWith('/api/static/')),
    );
    app.get('/api/slow', async (c) => {
      await gate.promise;
      return c.json({ data: 'slow' });
    });
    app.get('/api/fast', (c) => c.json({ data: 'fast' }));
    app.get('/api/static/x', (c) => c.text('file'));
    const slow = app.request('/api/slow');
    await tick();
    const refused = await app.request('/api/fast');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ message: OVERLOADED_MESSAGE });
    const file = await app.request('/api/static/x');
    expect(file.status).toBe(200);
    gate.resolve();
    expect((await slow).status).toBe(200);
    expect((await app.request('/api/fast')).status).toBe(200);
  });
});

describe('admissionFromEnv', () => {
  it('is on by default for the embedded database, off for PostgreSQL', () => {
    expect(admissionFromEnv({}, 'pglite')).toEqual(DEFAULT_ADMISSION);
    expect(admissionFromEnv({}, 'postgres')).toBeNull();
    expect(admissionFromEnv({ ADMISSION_CONCURRENCY: '8' }, 'postgres')).toEqual({
      concurrency: 8,
      maxWaitMs: DEFAULT_ADMISSION.maxWaitMs,
    });
    expect(admissionFromEnv({ ADMISSION_CONCURRENCY: '0' }, 'pglite')).toBeNull();
    expect(admissionFromEnv({ ADMISSION_MAX_WAIT_MS: '500' }, 'pglite')).toEqual({ concurrency: 4, maxWaitMs: 500 });
    expect(() => admissionFromEnv({ ADMISSION_CONCURRENCY: 'lots' }, 'pglite')).toThrow(/ADMISSION_CONCURRENCY/);
  });
});
