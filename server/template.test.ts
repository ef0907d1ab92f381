/**
 * The seeded-database dump the test servers start from (server/db/template.ts): a server started
 * from it holds exactly what a server that migrated and seeded an empty database holds, and a
 * data folder that already has a database ignores it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type RunningServer } from './app';
import { templateName } from './db/template';

/** Row count of every table, and the migrations applied. */
async function contents(server: RunningServer) {
  const counts: Record<string, number> = {};
  const tables = await server.db.rows<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
  );
  for (const { name: table } of tables) {
    const [row] = await server.db.rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    counts[table] = row!.n;
  }
  const migrations = await server.db.rows<{ name: string }>(sql`SELECT name FROM schema_migrations ORDER BY name`);
  return { counts, migrations: migrations.map((m) => m.name) };
}

const started: RunningServer[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const server of started) await server.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the seeded-database dump', () => {
  it('starts a server holding what a freshly seeded one holds, and says it is seeded', async () => {
    const template = inject('pgliteTemplate');
    const fresh = await startServer({ port: 0, dataDir: 'memory', distDir: null });
    const fromDump = await startServer({ port: 0, dataDir: 'memory', distDir: null, template });
    started.push(fresh, fromDump);
    expect(fresh.db.fromTemplate).toBe(false);
    expect(fromDump.db.fromTemplate).toBe(true);
    expect(fromDump.seeded).toBe(true);
    const expected = await contents(fresh);
    expect(expected.counts.users).toBeGreaterThan(0);
    expect(await contents(fromDump)).toEqual(expected);
  });

  it('is not used for a data folder that already holds a database', async () => {
    const template = inject('pgliteTemplate');
    const folder = mkdtempSync(join(tmpdir(), 'template-test-'));
    folders.push(folder);
    const first = await startServer({ port: 0, dataDir: folder, distDir: null, template });
    expect(first.db.fromTemplate).toBe(true);
    await first.db.rows(sql`UPDATE users SET name = 'Nome mudado aqui' WHERE access_code = 'demo'`);
    await first.close();
    const again = await startServer({ port: 0, dataDir: folder, distDir: null, template });
    started.push(again);
    expect(again.db.fromTemplate).toBe(false);
    expect(again.seeded).toBe(false);
    // The change stayed: the folder's own database was opened, not the dump.
    const [demo] = await again.db.rows<{ name: string }>(sql`SELECT name FROM users WHERE access_code = 'demo'`);
    expect(demo?.name).toBe('Nome mudado aqui');
  });

  it('is named by the server code and the day', () => {
    expect(templateName('2026-11-28')).toMatch(/^seed-[0-9a-f]{16}\.tar$/);
    expect(templateName('2026-11-28')).toBe(templateName('2026-11-28'));
    expect(templateName('2026-11-29')).not.toBe(templateName('2026-11-28'));
  });
});
