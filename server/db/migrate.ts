/**
 * Versioned migrations: every `NNNN_name.sql` in `server/db/migrations`, applied once,
 * in order, recorded in `schema_migrations` (same files on PGlite and PostgreSQL).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the migrations not yet applied.
 * @returns the names applied by this call (empty when up to date).
 */
export async function migrate(db: Db): Promise<string[]> {
  await db.script(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await db.rows<{ name: string }>(sql`SELECT name FROM schema_migrations`)).map((r) => r.name));
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    await db.script(
      `BEGIN;\n${readFileSync(join(MIGRATIONS_DIR, file), 'utf8')}\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`,
    );
    applied.push(file);
  }
  return applied;
}
