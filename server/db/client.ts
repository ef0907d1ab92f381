/**
 * Database connection of the reference API (docs/architecture.md §D1): PGlite (Postgres in WASM)
 * in a data folder or in memory by default, or a PostgreSQL server when `DATABASE_URL`
 * is set — the same SQL and the same drizzle-orm calls on both.
 *
 * Transactions (`Db.transaction`): every `rows` call made inside the callback — in the same
 * async context, however deep in the call stack — runs in that transaction, so a route's write
 * helpers need no transaction parameter. On PGlite (one connection) a transaction holds PGlite's
 * transaction mutex: queries of other requests wait until it commits or rolls back. On PostgreSQL
 * it holds one connection of the pool for its duration.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';

/** A drizzle database on either driver. */
export type Database = ReturnType<typeof drizzlePglite> | ReturnType<typeof drizzlePg>;

export interface Db {
  orm: Database;
  /**
   * Runs `query` and returns its rows (column names as in SQL); inside `transaction`, in that
   * transaction.
   */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * Runs `work` in one transaction: every `rows` call inside it (same async context) is part
   * of it; commits when `work` resolves, rolls back when it throws (rethrown). Nested calls
   * become savepoints. A process that dies before the commit leaves nothing of it.
   * @returns what `work` resolves to.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Runs a multi-statement SQL script (migrations). */
  script(text: string): Promise<void>;
  /** Which driver is in use: 'pglite' or 'postgres'. */
  driver: 'pglite' | 'postgres';
  /** Whether the database was new and filled from `OpenOptions.template` (PGlite only). */
  fromTemplate: boolean;
  /** PGlite only: the whole data folder as an uncompressed tar (`PGlite.dumpDataDir('none')`). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite data folder, or 'memory'. Ignored when `databaseUrl` is given. */
  dataDir?: string;
  /** PostgreSQL connection string (`DATABASE_URL`). */
  databaseUrl?: string;
  /**
   * PGlite only: a tar of a seeded data folder (server/db/template.ts) to start a new database
   * from (in memory, or a data folder without a database yet) instead of an empty one. Ignored
   * for an existing data folder.
   */
  template?: string;
}

/** What runs a query: the database, or the transaction of the current async context. */
type Executor = Pick<Database, 'execute' | 'transaction'>;

/** `rows` and `transaction` over `orm`, routed through the current transaction when there is one. */
function queries(orm: Database): Pick<Db, 'rows' | 'transaction'> {
  const current = new AsyncLocalStorage<Executor>();
  const executor = (): Executor => current.getStore() ?? (orm as Executor);
  return {
    rows: async <T>(query: SQL) => (await executor().execute(query)).rows as T[],
    transaction: <T>(work: () => Promise<T>) =>
      (executor().transaction as (run: (tx: Executor) => Promise<T>) => Promise<T>)((tx) => current.run(tx, work)),
  };
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
      fromTemplate: false,
      ...queries(orm),
      script: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const fromTemplate = options.template !== undefined && !(dataDir && existsSync(join(dataDir, 'PG_VERSION')));
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(fromTemplate ? { loadDataDir: new Blob([readFileSync(options.template!)]) } : {}),
  });
  const orm = drizzlePglite(client);
  return {
    orm,
    driver: 'pglite',
    fromTemplate,
    dumpDataDir: () => client.dumpDataDir('none'),
    ...queries(orm),
    script: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}
