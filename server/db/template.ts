/**
 * A seeded database to start from (tests only): the migrated demo database of this version of the
 * server, dumped once per test run with PGlite's `dumpDataDir` and loaded by every throwaway
 * server with `loadDataDir` (PGlite docs, "Options: loadDataDir"). A fresh PGlite runs `initdb` in
 * WebAssembly (2–3.5 s here) and the migrations and demo seed take ~1.6 s more; loading the dump
 * takes ~0.5 s. The test servers (Vitest's `server` project, Playwright's reference servers) start
 * about 40 times per `npm test`.
 *
 * The dump is named by a hash of the server's own code (migrations, seeds, everything under
 * `server/` but its tests) and the UTC day (the demo bills fall due relative to today), so a
 * change to the seed or a migration never meets an old dump. `npm start` and a school's database
 * never use one: a template applies only where a caller passes it (`StartOptions.template`).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from './client';
import { migrate } from './migrate';
import { seedIfEmpty } from '../seed';
import { seedAdditions } from '../seed-additions';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the dumps are kept: the repository's `.tmp/pglite-template/` (git-ignored). */
export const TEMPLATE_DIR = join(SERVER_DIR, '..', '.tmp', 'pglite-template');
/** The environment variable that carries a dump's path to a server started as a child process. */
export const TEMPLATE_ENV = 'PGLITE_TEMPLATE';

/** Every file of the server's own code (no tests, no test support), sorted by path. */
function serverSources(dir = SERVER_DIR): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'test-support' && name !== 'node_modules') found.push(...serverSources(path));
    } else if ((name.endsWith('.ts') && !name.endsWith('.test.ts')) || name.endsWith('.sql')) {
      found.push(path);
    }
  }
  return found;
}

/**
 * The dump's name for this version of the server on `day`.
 * @param day UTC day `YYYY-MM-DD` (default today).
 * @returns a file name `seed-<16 hex>.tar`.
 */
export function templateName(day = new Date().toISOString().slice(0, 10)): string {
  const hash = createHash('sha256').update(day);
  for (const path of serverSources()) hash.update(relative(SERVER_DIR, path)).update(readFileSync(path));
  return `seed-${hash.digest('hex').slice(0, 16)}.tar`;
}

/**
 * The path of the seeded-database dump of this version of the server, made now when missing
 * (migrate, seed, `dumpDataDir('none')`; ~5 s), older dumps removed. Safe when two processes make
 * it at once (each writes its own file, then renames it into place).
 * @param dir where dumps are kept (default `TEMPLATE_DIR`).
 * @returns the dump's absolute path (an uncompressed tar of a PGlite data folder, ~40 MB).
 */
export async function ensureSeedTemplate(dir = TEMPLATE_DIR): Promise<string> {
  const path = join(dir, templateName());
  if (existsSync(path)) return path;
  mkdirSync(dir, { recursive: true });
  const db = await openDb({ dataDir: 'memory' });
  try {
    await migrate(db);
    await seedIfEmpty(db);
    await seedAdditions(db);
    const dump = await db.dumpDataDir!();
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await db.close();
  }
  for (const name of readdirSync(dir)) {
    if (name !== relative(dir, path) && name.endsWith('.tar')) rmSync(join(dir, name), { force: true });
  }
  return path;
}
