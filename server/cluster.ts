/**
 * Several reference-server processes on one port and one PostgreSQL database (docs/scaling.md):
 *
 *   DATABASE_URL=postgres://… WORKERS=2 PORT=4173 node --import tsx server/cluster.ts
 *
 * The primary process migrates and seeds the database once (demo data, `LOAD_STUDENTS`), then
 * forks `WORKERS` processes (default: the machine's available parallelism) with Node's `cluster`
 * module; each runs the whole API (`startServer`) and they share the listening port (the primary
 * hands connections out round-robin). Nothing a request needs lives in a process's memory —
 * sessions, Idempotency-Keys, rate-limit counters, reset codes, Pix charges are rows of the
 * database — so any worker answers any request. A worker that dies is replaced; SIGINT/SIGTERM
 * stop every worker (each closes its pool) and then the primary.
 *
 * Env: DATABASE_URL (required: the embedded PGlite database belongs to one process), WORKERS,
 * PORT (default 4173), SERVE_DIST=0, DIST_DIR, CHAOS, LOAD_STUDENTS, and every switch the API
 * reads per request (TRUST_PROXY, RATE_LIMIT_*, DEMO_PAYMENTS…; server/README.md).
 * Prints `[cluster] PORT=<port> WORKERS=<n> ready` once every worker listens.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { startServer } from './app';
import { openDb } from './db/client';
import { ensureSharedDeviceSecret } from './device-cookie';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './seed';
import { seedAdditions } from './seed-additions';
import { parseLoadStudents, seedLoadStudents } from './seed-load';

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 4173);

if (cluster.isPrimary) {
  if (!databaseUrl) {
    console.error('[cluster] DATABASE_URL is required: several processes cannot share the embedded PGlite database.');
    process.exit(2);
  }
  const workers = Number(process.env.WORKERS ?? availableParallelism());
  if (!Number.isSafeInteger(workers) || workers < 1 || workers > 64) {
    console.error(`[cluster] WORKERS must be an integer from 1 to 64 (got "${process.env.WORKERS}")`);
    process.exit(2);
  }
  // Migrate and seed once, before any worker starts: workers then find an up-to-date database.
  const db = await openDb({ databaseUrl });
  try {
    await migrate(db);
    await seedIfEmpty(db);
    await seedAdditions(db);
    await seedLoadStudents(db, parseLoadStudents(process.env.LOAD_STUDENTS));
  } finally {
    await db.close();
  }

  // One device-cookie secret for every worker: a cookie signed by one is valid in the others.
  ensureSharedDeviceSecret();

  let stopping = false;
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers) console.log(`[cluster] PORT=${port} WORKERS=${workers} ready`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`[cluster] worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (let i = 0; i < workers; i++) cluster.fork();

  const stop = () => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    let left = alive.length;
    if (left === 0) process.exit(0);
    for (const worker of alive) {
      worker!.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker!.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  const server = await startServer({
    port,
    databaseUrl: databaseUrl!,
    ...(process.env.SERVE_DIST === '0' ? { distDir: null } : {}),
    ...(process.env.DIST_DIR ? { distDir: process.env.DIST_DIR } : {}),
    chaos: process.env.CHAOS ?? null,
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
