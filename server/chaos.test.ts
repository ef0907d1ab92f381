/**
 * Fault injection (server/chaos.ts, env CHAOS): parsing, deterministic decisions, and what a
 * client sees for each fault over real HTTP (@hono/node-server on a free port). Off by default.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { chaosMiddleware, ChaosSyntaxError, createChaos, parseChaos, WRONG_SHAPE } from './chaos';
import { createApp } from './app';
import type { Db } from './db/client';

describe('parseChaos', () => {
  it('is off for an unset, empty, 0 or off value', () => {
    for (const text of [undefined, null, '', '  ', '0', 'off']) expect(parseChaos(text)).toBeNull();
  });

  it('reads the seed, every fault kind and every option', () => {
    const config = parseChaos(
      'seed=42; latency=100-400 rate=0.5; status=500,502,503 rate=0.2 path=/api/v1/lms/**,/api/v2/** max=3; ' +
        'timeout method=get; drop method=PUT at=response; malformed; shape  ',
    );
    expect(config).not.toBeNull();
    expect(config!.seed).toBe('42');
    expect(config!.rules.map((r) => r.kind)).toEqual(['latency', 'status', 'timeout', 'drop', 'malformed', 'shape']);
    expect(config!.rules[0]).toMatchObject({ latencyMs: [100, 400], rate: 0.5, paths: ['/api/**'], at: 'request' });
    expect(config!.rules[1]).toMatchObject({ statuses: [500, 502, 503], paths: ['/api/v1/lms/**', '/api/v2/**'] });
    expect(config!.rules[1]!.max).toBe(3);
    expect(config!.rules[2]!.methods).toEqual(['GET']);
    expect(config!.rules[3]).toMatchObject({ methods: ['PUT'], at: 'response' });
  });

  it.each([
    ['an unknown fault', 'explode rate=1'],
    ['an unknown option', 'drop when=now'],
    ['a rate above 1', 'drop rate=1.5'],
    ['a latency without ms', 'latency'],
    ['a reversed latency range', 'latency=500-100'],
    ['a non-5xx status', 'status=404'],
    ['a bad at', 'drop at=later'],
    ['a relative path', 'drop path=api/**'],
    ['a value on timeout', 'timeout=3'],
    ['only a seed', 'seed=3'],
  ])('refuses %s', (_name, text) => {
    expect(() => parseChaos(text)).toThrow(ChaosSyntaxError);
  });
});

describe('decisions', () => {
  const run = (text: string, requests: [string, string][]) => {
    const chaos = createChaos(parseChaos(text)!);
    return requests.map(([method, path]) => chaos.decide(method, path).fault?.kind ?? 'ok');
  };
  const requests: [string, string][] = Array.from({ length: 200 }, (_, i) => ['GET', `/api/v1/x/${i % 7}`]);

  it('are the same for the same seed, and differ for another seed', () => {
    const a = run('seed=1; drop rate=0.3', requests);
    expect(run('seed=1; drop rate=0.3', requests)).toEqual(a);
    expect(run('seed=2; drop rate=0.3', requests)).not.toEqual(a);
  });

  it('do not depend on how requests to other paths interleave', () => {
    const only = run('seed=9; status=500 rate=0.5', [...requests.filter(([, p]) => p.endsWith('/3'))]);
    const mixed = run('seed=9; status=500 rate=0.5', requests).filter((_, i) => requests[i]![1].endsWith('/3'));
    expect(mixed).toEqual(only);
  });

  it('fault about `rate` of the matching requests', () => {
    const faulted = run('seed=5; drop rate=0.25', requests).filter((k) => k === 'drop').length;
    expect(faulted).toBeGreaterThan(30);
    expect(faulted).toBeLessThan(70);
  });

  it('honour path, method and max', () => {
    const chaos = createChaos(parseChaos('status=503 path=/api/v1/lms/** method=PUT max=2')!);
    expect(chaos.decide('PUT', '/api/v2/lms/1').fault).toBeNull();
    expect(chaos.decide('GET', '/api/v1/lms/1').fault).toBeNull();
    expect(chaos.decide('PUT', '/api/v1/lms/learningObjects/1/start').fault?.status).toBe(503);
    expect(chaos.decide('PUT', '/api/v1/lms/learningObjects/1/end').fault?.status).toBe(503);
    expect(chaos.decide('PUT', '/api/v1/lms/learningObjects/2/end').fault).toBeNull();
    expect(chaos.stats).toEqual({
      requests: 5,
      faulted: { latency: 0, status: 2, timeout: 0, drop: 0, malformed: 0, shape: 0 },
      byRule: [2],
    });
  });
});

describe('over HTTP', () => {
  let base = '';
  let handled = 0;
  const servers: ReturnType<typeof serve>[] = [];

  /** Starts a tiny API behind the chaos middleware; @returns its base URL. */
  const start = (text: string) =>
    new Promise<string>((resolve) => {
      const app = new Hono();
      app.use('/api/*', chaosMiddleware(parseChaos(text)!));
      app.get('/api/ok', (c) => {
        handled += 1;
        return c.json({ data: { id: 1, name: 'Introdução à Informática' } });
      });
      app.put('/api/write', (c) => {
        handled += 1;
        return c.json({ data: { saved: true } });
      });
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      );
      servers.push(server);
    });

  beforeAll(async () => {
    base = await start(
      [
        'seed=3',
        'latency=150 path=/api/slow/**',
        'status=500 path=/api/500/**',
        'status=502 path=/api/502/**',
        'timeout path=/api/hang/**',
        'drop path=/api/drop/**',
        'malformed path=/api/malformed/**',
        'shape path=/api/shape/**',
        'drop path=/api/write method=PUT at=response max=1',
      ].join('; '),
    );
  });

  afterAll(async () => {
    for (const server of servers) {
      (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('adds latency, then answers normally', async () => {
    const app = new Hono();
    app.use('/api/*', chaosMiddleware(parseChaos('latency=200')!));
    app.get('/api/ok', (c) => c.json({ ok: true }));
    const started = Date.now();
    const answer = await app.request('/api/ok');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(await answer.json()).toEqual({ ok: true });
  });

  it('answers 500 as JSON and 502 as a gateway page with Retry-After', async () => {
    const r500 = await fetch(`${base}/api/500/x`);
    expect(r500.status).toBe(500);
    expect(await r500.json()).toEqual({ message: 'Erro interno do servidor.' });
    const r502 = await fetch(`${base}/api/502/x`);
    expect(r502.status).toBe(502);
    expect(r502.headers.get('content-type')).toContain('text/html');
    expect(r502.headers.get('retry-after')).toBe('1');
  });

  it('never answers a timeout: the client gives up', async () => {
    const started = Date.now();
    await expect(fetch(`${base}/api/hang/x`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('destroys the connection on drop', async () => {
    await expect(fetch(`${base}/api/drop/x`)).rejects.toThrow(/fetch failed|socket|terminated/i);
  });

  it('sends JSON cut in the middle (malformed) and valid JSON of the wrong shape', async () => {
    const malformed = await fetch(`${base}/api/malformed/x`);
    expect(malformed.headers.get('content-type')).toContain('application/json');
    const text = await malformed.text();
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    const shape = await fetch(`${base}/api/shape/x`);
    expect(await shape.json()).toEqual(WRONG_SHAPE);
  });

  it('at=response applies the write, then loses its answer', async () => {
    const before = handled;
    await expect(fetch(`${base}/api/write`, { method: 'PUT' })).rejects.toThrow();
    expect(handled).toBe(before + 1);
    const retry = await fetch(`${base}/api/write`, { method: 'PUT' }); // max=1: answered now
    expect(await retry.json()).toEqual({ data: { saved: true } });
    expect(handled).toBe(before + 2);
  });

  it('reports what it did at GET /api/dev/chaos (never faulted)', async () => {
    const stats = (await (await fetch(`${base}/api/dev/chaos`)).json()) as {
      data: { seed: string; requests: number; faulted: Record<string, number> };
    };
    expect(stats.data.seed).toBe('3');
    expect(stats.data.faulted).toMatchObject({ status: 2, timeout: 1, malformed: 1, shape: 1 });
    expect(stats.data.faulted.drop).toBe(2);
  });
});

describe('off by default', () => {
  it('the app has no chaos and no statistics endpoint unless configured', async () => {
    const app = createApp({} as Db, { distDir: null });
    const answer = await app.request('/api/dev/chaos');
    expect(answer.status).toBe(404);
  });
});
