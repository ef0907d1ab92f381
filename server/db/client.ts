/**
 * Database connection of the reference API (docs/architecture.md §D1): PGlite (Postgres in WASM)
 * in a data folder or in memory by default, or a PostgreSQL server when `DATABASE_URL`
 * is set — the same SQL and the same drizzle-orm calls on both.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';

/** A drizzle database on either driver. */
export type Database = ReturnType<typeof drizzlePglite> | ReturnType<typeof drizzlePg>;

export interface Db {
  orm: Database;
  /** Runs `query` and returns its rows (column names as in SQL). */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Runs a multi-statement SQL script (migrations). */
  script(text: string): Promise<void>;
  /** Which driver is in use: 'pglite' or 'postgres'. */
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite data folder, or 'memory'. Ignored when `databaseUrl` is given. */
  dataDir?: string;
  /** PostgreSQL connection string (`DATABASE_URL`). */
  databaseUrl?: string;
}

/**
 * Opens the database.
 * @returns a `Db`; call `close()` on shutdown or Node never exits (PGlite).
 */
export async function openDb(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const orm = drizzlePg(pool);
    return {
      orm,
      driver: 'postgres',
      rows: async <T>(query: SQL) => (await orm.execute(query)).rows as T[],
      script: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? { dataDir } : {});
  const orm = drizzlePglite(client);
  return {
    orm,
    driver: 'pglite',
    rows: async <T>(query: SQL) => (await orm.execute(query)).rows as T[],
    script: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}
