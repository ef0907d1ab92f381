/**
 * The same migrations, seed and queries on a real PostgreSQL server (the `DATABASE_URL`
 * path of DESIGN.md §1). Runs when TEST_DATABASE_URL points at an empty database that may
 * be wiped (`.ci/run` starts one when PostgreSQL can be installed); skipped otherwise.
 * Also: two server PROCESSES on that database share the sign-in rate limits (issue 19).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import pg from 'pg';
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
