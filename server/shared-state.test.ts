/**
 * Two server instances on one database behave as one API (docs/scaling.md): nothing a request
 * needs lives in a process's memory. Both instances here share one PGlite database object (two
 * Hono apps, two HTTP listeners), so this always runs; server/postgres.test.ts runs the same
 * checks across two server PROCESSES on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Checked: a session signed in on one instance works on the other and a logout on one ends it
 * on both; a write with an Idempotency-Key through one instance and its replay through the other
 * is applied once; the same key sent to both instances at the same moment is applied once (the
 * claim is a database row, not a per-process lock); a key reused with another body is refused on
 * the other instance too.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp, startServer, type RunningServer } from './app';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from './http';

let first: RunningServer;
let second: { url: string; close(): Promise<void> };

beforeAll(async () => {
  first = await startServer({ port: 0, dataDir: 'memory', distDir: null });
  const app = createApp(first.db, { distDir: null });
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s));
  });
  second = {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      }),
  };
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** `fetch` of `path` on `base` with the main API's headers (and `token`). */
const call = (base: string, path: string, init: RequestInit & { token?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('x-user-environment', 'WEB');
  if (init.token) headers.set('x-access-token', init.token);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${base}${path}`, { ...init, headers });
};

const signIn = async (base: string, username: string) => {
  const answer = await call(base, '/api/v1/auth/token', {
    method: 'POST',
    body: JSON.stringify({ client_id: 'web', grant_type: 'password', username, password: 'demo1234', scope: 'BRA' }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
};

const endCall = (base: string, token: string, key: string, seconds = 3) =>
  call(base, '/api/v1/lms/learningObjects/2/end', {
    method: 'PUT',
    token,
    headers: { 'Idempotency-Key': key },
    body: JSON.stringify({ lesson_id: 1, data: { seconds } }),
  });

const eventsWithKey = async (key: string) => {
  const [row] = await first.db.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM progress_events WHERE idempotency_key = ${key}`,
  );
  return row!.n;
};

describe('two server instances on one PGlite database', () => {
  it('share sessions: signed in on one, valid on the other; a logout on one ends it on both', async () => {
    const token = await signIn(first.url, 'lxp');
    expect((await call(second.url, '/api/v1/users/self', { token })).status).toBe(200);
    expect((await call(second.url, '/api/v1/auth/logout', { method: 'POST', token })).status).toBe(204);
    expect((await call(first.url, '/api/v1/users/self', { token })).status).toBe(401);
  });

  it('apply a write once when its Idempotency-Key is replayed on the other instance', async () => {
    const token = await signIn(first.url, 'demo');
    const key = 'shared-replay-1';
    const original = await endCall(first.url, token, key);
    expect(original.status).toBe(200);
    const replay = await endCall(second.url, token, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(await original.json());
    expect(await eventsWithKey(key)).toBe(1);
    // The key stays bound to its request on every instance.
    const other = await endCall(second.url, token, key, 99);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { message: string }).message).toBe(IDEMPOTENCY_MISMATCH_MESSAGE);
    expect(await eventsWithKey(key)).toBe(1);
  });

  it('apply a write once when the same key reaches both instances at the same moment', async () => {
    const token = await signIn(second.url, 'demo');
    for (let round = 0; round < 5; round++) {
      const key = `shared-race-${round}`;
      const answers = await Promise.all([
        endCall(first.url, token, key),
        endCall(second.url, token, key),
        endCall(first.url, token, key),
        endCall(second.url, token, key),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
      expect(await eventsWithKey(key)).toBe(1);
    }
    const [pending] = await first.db.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key LIKE 'shared-race-%' AND status IS NULL`,
    );
    expect(pending!.n).toBe(0);
  });
});
