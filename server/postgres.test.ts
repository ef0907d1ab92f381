/**
 * The same migrations, seed and queries on a real PostgreSQL server (the `DATABASE_URL`
 * path of DESIGN.md §1). Runs when TEST_DATABASE_URL points at an empty database that may
 * be wiped (`.ci/run` starts one when PostgreSQL can be installed); skipped otherwise.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServer } from './app';

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
    const login = await fetch(`${first.url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: 'w',
        grant_type: 'password',
        username: 'demo',
        password: 'demo1234',
        scope: 'BRA',
      }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const headers = { 'content-type': 'application/json', 'x-access-token': access_token };
    const list = await fetch(`${first.url}/api/v2/lms/courses?per_page=2`, { headers });
    expect(((await list.json()) as { pagination: { total: number } }).pagination.total).toBe(4);
    const end = await fetch(`${first.url}/api/v1/lms/learningObjects/2/end`, {
      method: 'PUT',
      headers: { ...headers, 'Idempotency-Key': 'pg-1' },
      body: JSON.stringify({ lesson_id: 1, data: { seconds: 3 } }),
    });
    expect(end.status).toBe(200);
    await first.close();

    const second = await startServer({ port: 0, databaseUrl: url!, distDir: null });
    expect(second.seeded).toBe(false);
    const lo = await fetch(`${second.url}/api/v1/lms/learningObjects/2?lesson_id=1`, { headers });
    expect(((await lo.json()) as { data: { status: string } }).data.status).toBe('completed');
    await second.close();
  }, 60_000);
});
