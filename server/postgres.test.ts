/**
 * The same migrations, seed and queries on a real PostgreSQL server (the `DATABASE_URL`
 * path of docs/architecture.md §D1). Runs when TEST_DATABASE_URL points at an empty database that may
 * be wiped (`.ci/run` starts one when PostgreSQL can be installed); skipped otherwise.
 * Also: two server PROCESSES on that database share the sign-in rate limits, sessions
 * and Idempotency-Keys (a write replayed or raced through the other process is applied once).
 * Without TEST_DATABASE_URL every test here is reported as skipped.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { startServer } from './app';
import { apiAt, signInAt, tokenAt } from './test-support/harness';
import { RATE_LIMIT_MESSAGE } from './rate-limit';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL driver', () => {
  it('migrates, seeds, signs in, records an end and keeps it across a restart', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await admin.end();

    const first = await startServer({ port: 0, databaseUrl: url!, distDir: null });
    expect(first.db.driver).toBe('postgres');
    expect(first.seeded).toBe(true);
    const token = await tokenAt(first.url, 'demo');
    const list = await apiAt(first.url, '/api/v2/lms/courses?per_page=2', { token });
    expect(((await list.json()) as { pagination: { total: number } }).pagination.total).toBe(4);
    const end = await apiAt(first.url, '/api/v1/lms/learningObjects/2/end', {
      method: 'PUT',
      token,
      headers: { 'Idempotency-Key': 'pg-1' },
      body: JSON.stringify({ lesson_id: 1, data: { seconds: 3 } }),
    });
    expect(end.status).toBe(200);
    await first.close();

    const second = await startServer({ port: 0, databaseUrl: url!, distDir: null });
    expect(second.seeded).toBe(false);
    const lo = await apiAt(second.url, '/api/v1/lms/learningObjects/2?lesson_id=1', { token });
    expect(((await lo.json()) as { data: { status: string } }).data.status).toBe('completed');
    await second.close();
  }, 60_000);

  it('shares the sign-in rate limits between two server processes on the database', async () => {
    const first = await startServer({ port: 0, databaseUrl: url!, distDir: null });
    onTestFinished(() => first.close());
    // The second server is another Node process: `npm run server` on the same DATABASE_URL.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', DATABASE_URL: url!, SERVE_DIST: '0', DATA_DIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(
      () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
    );
    const secondPort = await new Promise<number>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const port = /PORT=(\d+)/.exec(output)?.[1];
        if (port) resolve(Number(port));
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`second server exited (${code}):\n${output}`)));
    });
    const signIn = (base: string, password: string) => signInAt(base, 'eja', { password });
    const a = first.url;
    const b = `http://127.0.0.1:${secondPort}`;
    // Failures on both processes count together; a success on either clears the code's counter.
    for (const base of [a, a, b, b]) expect((await signIn(base, 'errada')).status).toBe(401);
    expect((await signIn(a, 'demo1234')).status).toBe(200);
    for (const base of [b, b, b, a, a]) expect((await signIn(base, 'errada')).status).toBe(401);
    for (const base of [b, a]) {
      const limited = await signIn(base, 'demo1234');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await limited.json()) as { message: string }).message).toBe(RATE_LIMIT_MESSAGE);
    }
  }, 60_000);
});

/**
 * Starts `npm run server` as another Node process on `databaseUrl` (API only, any free port).
 * @returns its base URL; the process is stopped (SIGTERM) when the test finishes.
 */
async function secondServerProcess(databaseUrl: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', DATABASE_URL: databaseUrl, SERVE_DIST: '0', DATA_DIR: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(
    () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /PORT=(\d+)/.exec(output)?.[1];
      if (found) resolve(Number(found));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`second server exited (${code}):\n${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}

// After the driver tests above (same file: they run in order on the same database).
it('two server processes on PostgreSQL apply an Idempotency-Key once, whichever process gets it', async (ctx) => {
  if (!url) return ctx.skip('TEST_DATABASE_URL is not set: no PostgreSQL server to run two processes on');
  const first = await startServer({ port: 0, databaseUrl: url, distDir: null });
  onTestFinished(() => first.close());
  const a = first.url;
  const b = await secondServerProcess(url);
  const call = (base: string, path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'x-user-environment': 'WEB',
        ...(init.token ? { 'x-access-token': init.token } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const signIn = await call(b, '/api/v1/auth/token', {
    method: 'POST',
    body: JSON.stringify({
      client_id: 'w',
      grant_type: 'password',
      username: 'lxp',
      password: 'demo1234',
      scope: 'BRA',
    }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  // A session of one process is valid on the other.
  expect((await call(a, '/api/v1/users/self', { token })).status).toBe(200);
  const end = (base: string, key: string) =>
    call(base, '/api/v1/lms/learningObjects/2/end', {
      method: 'PUT',
      token,
      headers: { 'Idempotency-Key': key },
      body: JSON.stringify({ lesson_id: 1, data: { seconds: 3 } }),
    });
  const events = async (key: string) =>
    (
      await first.db.rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM progress_events WHERE idempotency_key = ${key}`,
      )
    )[0]!.n;

  // Written through one process, replayed through the other: applied once.
  const key = `pg-two-${Date.now()}`;
  const original = await end(a, key);
  expect(original.status).toBe(200);
  const replay = await end(b, key);
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(await replay.json()).toEqual(await original.json());
  expect(await events(key)).toBe(1);

  // The same key reaching both processes at the same moment: applied once.
  for (let round = 0; round < 5; round++) {
    const raced = `${key}-race-${round}`;
    const answers = await Promise.all([end(a, raced), end(b, raced), end(a, raced), end(b, raced)]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((x) => x.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    expect(await events(raced)).toBe(1);
  }
}, 90_000);
