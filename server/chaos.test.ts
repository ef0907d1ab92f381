/**
 * Fault injection (server/chaos.ts, env CHAOS): parsing, deterministic decisions, and what a
 * client sees for each fault over real HTTP (@hono/node-server on a free port). Off by default.
 *
 * Also crashes: the server process killed with SIGKILL (kill -9) three times while clients keep
 * sending progress writes with Idempotency-Keys and retrying them (two copies at once on a
 * retry), restarted on the same database each time; afterwards every write's audit row is counted
 * in the database: exactly one per key (docs/decisions/0009-idempotency-keys-claimed-in-the-database.md).
 * On a PGlite data folder always; on PostgreSQL too when `CRASH_DATABASE_URL` names a database
 * this test may write to (not `TEST_DATABASE_URL`: server/postgres.test.ts wipes that one while
 * other files run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { chaosMiddleware, ChaosSyntaxError, createChaos, parseChaos, WRONG_SHAPE } from './chaos';
import { createApp } from './app';
import { openDb, type Db } from './db/client';
import { tokenAt } from './test-support/harness';

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

/** A free TCP port of this machine (listened on once, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Where a crashing server keeps its data: a PGlite folder, or a PostgreSQL database. */
type CrashDatabase = { dataDir: string } | { databaseUrl: string };

/**
 * Starts `npm run server` (API only) as a child process on `port` over `database`.
 * @returns the process once it prints its port (the database is migrated and seeded by then).
 */
function serverProcess(database: CrashDatabase, port: number): Promise<ChildProcess> {
  const where =
    'dataDir' in database ? { DATA_DIR: database.dataDir, DATABASE_URL: '' } : { DATABASE_URL: database.databaseUrl };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), ...where, SERVE_DIST: '0', CHAOS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`PORT=${port}`)) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`server exited (${signal ?? code}):\n${output}`)));
  });
}

/** Waits for `child` to exit (at once when it already has). */
const exited = (child: ChildProcess) =>
  new Promise<void>((done) =>
    child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done()),
  );

const crashDatabases: [string, () => CrashDatabase][] = [
  [
    'PGlite',
    () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'lms-crash-'));
      onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
      return { dataDir };
    },
  ],
  ...(process.env.CRASH_DATABASE_URL
    ? [['PostgreSQL', () => ({ databaseUrl: process.env.CRASH_DATABASE_URL! })] as [string, () => CrashDatabase]]
    : []),
];

describe.each(crashDatabases)('kill -9 during retried progress writes (%s)', (_name, databaseOf) => {
  /** Server crashes while the writers run. */
  const CRASHES = 3;
  /** Writers sending at once, each in order like one device's outbox. */
  const WRITERS = 6;

  it(`applies every write exactly once over ${CRASHES} crashes (audit rows counted in the database)`, async () => {
    const database = databaseOf();
    // Keys of this run only (a PostgreSQL database keeps the rows of earlier runs).
    const run = `crash-${Date.now().toString(36)}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await serverProcess(database, port);
    onTestFinished(async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      await exited(server);
    });
    const token = await tokenAt(base, 'demo');

    let crashing = true;
    const acked: string[] = [];
    const problems: string[] = [];
    const stats = { writes: 0, requests: 0, cut: 0, refused: 0, replayed: 0 };
    /** One write with its key, sent until the server answers 200 (copies at once on a retry). */
    const deliver = async (key: string, path: string, body?: string) => {
      for (let attempt = 0; ; attempt++) {
        const copies = attempt === 0 ? 1 : 2;
        const answers = await Promise.all(
          Array.from({ length: copies }, async () => {
            stats.requests += 1;
            try {
              const answer = await fetch(`${base}${path}`, {
                method: 'PUT',
                headers: {
                  'x-user-environment': 'WEB',
                  'x-access-token': token,
                  'idempotency-key': key,
                  ...(body ? { 'content-type': 'application/json' } : {}),
                },
                ...(body ? { body } : {}),
                signal: AbortSignal.timeout(10_000),
              });
              await answer.arrayBuffer();
              if (answer.headers.get('idempotent-replayed') === 'true') stats.replayed += 1;
              return answer.status;
            } catch (error) {
              // Refused while the server restarts, or cut: the process died mid-request.
              const code = (error as { cause?: { code?: string } }).cause?.code;
              if (code === 'ECONNREFUSED') stats.refused += 1;
              else stats.cut += 1;
              return 0;
            }
          }),
        );
        for (const status of answers) if (status !== 0 && status !== 200) problems.push(`${key}: ${status}`);
        if (answers.includes(200)) return void acked.push(key);
        await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      }
    };
    const writer = async (w: number) => {
      let tail = 8; // writes after the last crash: the retries of the crashed ones finish in between
      for (let n = 0; crashing || tail-- > 0; n++) {
        stats.writes += 1;
        const key = `${run}-${w}-${n}`;
        if (n % 3 === 2) {
          await deliver(key, '/api/v1/lms/learningObjects/2/end', JSON.stringify({ lesson_id: 1, data: { n } }));
        } else {
          await deliver(key, `/api/v1/lms/learningObjects/${1 + (n % 2)}/start?lesson_id=1`);
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));

    for (let crash = 0; crash < CRASHES; crash++) {
      await new Promise((r) => setTimeout(r, 1000 + 500 * crash));
      server.kill('SIGKILL');
      await exited(server);
      server = await serverProcess(database, port);
    }
    crashing = false;
    await Promise.all(writers);
    server.kill('SIGTERM');
    await exited(server);

    const db = await openDb(database);
    try {
      const rows = await db.rows<{ key: string; n: number }>(sql`
        SELECT idempotency_key AS key, count(*)::int AS n FROM progress_events
        WHERE idempotency_key LIKE ${`${run}-%`} GROUP BY idempotency_key`);
      const duplicates = rows.filter((r) => r.n !== 1).map((r) => `${r.key} × ${r.n}`);
      const [pending] = await db.rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key LIKE ${`${run}-%`} AND status IS NULL`,
      );
      console.log(
        `[crash] kill -9 × ${CRASHES}: ${stats.writes} writes, ${stats.requests} requests, ${stats.cut} cut by a crash, ` +
          `${stats.refused} refused while restarting, ${stats.replayed} replayed, ${duplicates.length} duplicate rows`,
      );
      expect(problems).toEqual([]);
      expect(stats.cut, 'the crashes cut requests in flight').toBeGreaterThan(0);
      expect(duplicates).toEqual([]);
      expect(rows.map((r) => r.key).sort()).toEqual([...acked].sort());
      expect(pending!.n).toBe(0);
    } finally {
      await db.close();
    }
  }, 240_000);
});
