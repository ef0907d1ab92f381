/**
 * The reference platform API as a Hono app, and a programmatic starter for the demo,
 * tests and end-to-end tests.
 *
 *   createApp(db: Db, options: { distDir: string | null }): Hono
 *
 *   startServer(options?: {
 *     port?: number;              // 0 = a free port; default 4173
 *     dataDir?: string | 'memory'; // PGlite folder (default <repo>/.data) or in memory
 *     databaseUrl?: string;       // PostgreSQL instead of PGlite
 *     distDir?: string | null;    // built SPA (default <repo>/dist); null = API only
 *     log?: boolean;
 *     chaos?: ChaosConfig | string | null; // fault injection (server/chaos.ts); off by default
 *     loadStudents?: number;      // also seed aluno001… of the load test (server/seed-load.ts)
 *     admission?: { concurrency; maxWaitMs } | null; // FIFO admission (server/admission.ts);
 *                                 // absent = ADMISSION_* env: on for PGlite, off for PostgreSQL
 *   }) → Promise<{ url; port; seeded; db: Db; admission: Admission | null; close(): Promise<void> }>
 *
 * It migrates, seeds the demo data on an empty database, and listens on '::' (dual stack;
 * falls back to '0.0.0.0' without IPv6) so that both http://localhost:PORT (brand 1) and
 * http://127.0.0.1:PORT (brand 2) answer. `close()` stops listening, lets the requests in progress
 * finish and closes the database. The same port also answers the demo content host
 * http://conteudo.localhost:PORT (server/content-host.ts), told apart by the `Host` header.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { COMMON_HEADERS, accessTokenReferrerPolicy, readBuildHeaders } from './security-headers';
import { contentHost } from './content-host';
import { CHAOS_STATS_PATH, chaosMiddleware, parseChaos, type ChaosConfig } from './chaos';
import { API_PREFIXES } from '../src/services/contract/bases';
import { openDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './seed';
import { seedAdditions } from './seed-additions';
import { seedLoadStudents } from './seed-load';
import { HttpProblem, MESSAGES, noStoreWhenSignedIn } from './http';
import { inputGuard } from './input-guard';
import { publicRoutes } from './routes/public';
import { studentV1Routes, studentV2Routes } from './routes/student';
import { attachmentRoutes } from './routes/attachments';
import { gradeRoutes } from './routes/grades';
import { studentAttachmentRoutes } from './routes/student-attachments';
import { newLmsRoutes, shortVideoFileRoutes, shortVideoV1Routes } from './routes/short-videos';
import { erpRoutes, hubFinanceRoutes } from './routes/finances';
import { certificateRoutes } from './routes/certificates';
import { accountRoutes, devMailRoutes } from './routes/account';
import { biometricsV2Routes, profileV1Routes } from './routes/profile';
import { homeNewLmsRoutes, homeV1Routes, homeV2Routes } from './routes/home';
import { standinRoutes } from './routes/standins';
import { consentV1Routes, sessionLogV2Routes } from './routes/consent-ping';
import { manifestRoutes } from './routes/manifest';
import {
  admissionFromEnv,
  admissionMiddleware,
  createAdmission,
  type Admission,
  type AdmissionOptions,
} from './admission';

/** SQLSTATE of a database error (drizzle wraps the driver's error in `cause`), if any. */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Whether `error` is a PostgreSQL "data exception" (SQLSTATE class 22): a bad value from the request. */
export const isDataException = (error: unknown): boolean => sqlState(error)?.startsWith('22') ?? false;

const errorSummary = (error: unknown) => `${sqlState(error)} ${(error as Error).message?.slice(0, 200)}`;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ASSETS = join(ROOT, 'server', 'assets');

/**
 * Headers of the built app's documents (docs/architecture.md §D5): CSP, Trusted Types report-only,
 * Permissions-Policy, HSTS… — built from src/services/contract/security-policy.ts by the build,
 * which records them in `dist/csp.json` (server/security-headers.ts); the same record becomes
 * the CDN header file `dist/_headers`, so `npm start` and a CDN send the same headers.
 */
export { readBuildHeaders } from './security-headers';

/** CSP of the demo embed page (`/api/files/media/embed.html`), framed by the app. */
export const EMBED_CSP =
  "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'self'; form-action 'none'";

/** Content types the generic MIME table lacks or gets wrong for the demo media. */
const MEDIA_TYPES: Record<string, string> = {
  '.vtt': 'text/vtt; charset=utf-8',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.webm': 'video/webm',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
};

export interface AppOptions {
  /** Folder of the built SPA; null serves the API only. */
  distDir: string | null;
  /** Fault injection on `/api/*` (server/chaos.ts, env `CHAOS`); absent = none. */
  chaos?: ChaosConfig | null;
  /** FIFO admission of the API requests (server/admission.ts); absent/null = none. */
  admission?: Admission | null;
}

/**
 * API paths that never wait for admission: the demo media files (static, no database), the
 * test-only widget stand-ins and the fault-injection counters. The built app and its assets
 * are outside `/api/*` and never wait either.
 */
export const admissionSkips = (path: string): boolean =>
  path.startsWith(`${API_PREFIXES.files}/media/`) || path.startsWith('/api/standins/') || path === CHAOS_STATS_PATH;

/** Builds the Hono app over `db`. */
export function createApp(db: Db, options: AppOptions): Hono {
  const app = new Hono();

  // First: a request to the demo content host (Host `conteudo.localhost`, any port) is answered
  // by server/content-host.ts alone (its files, or 404), never by the API or the app.
  app.use('*', contentHost());

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(COMMON_HEADERS)) c.header(name, value);
    // A page opened with `?access_token=` sends no Referer until the pre-paint script has removed
    // the token (the preload scanner fetches the stylesheet before any script runs).
    const referrerPolicy = accessTokenReferrerPolicy(c.req.url);
    if (referrerPolicy) c.header('Referrer-Policy', referrerPolicy);
  });

  // Answers to a request with a token carry personal data: no copy in any HTTP cache, unless
  // the route chose its own caching (server/http.ts).
  app.use('/api/*', noStoreWhenSignedIn());

  // Fault injection (CHAOS, server/chaos.ts): only when configured; never by default.
  if (options.chaos) app.use('/api/*', chaosMiddleware(options.chaos));

  // Hostile input (NUL, lone surrogates, absurd timestamps, deep or huge JSON) → 4xx before any
  // route or the database sees it (server/input-guard.ts).
  app.use('/api/*', inputGuard());

  // The requests that use the database wait their turn in arrival order, or get 503 +
  // Retry-After at once when the server cannot answer them within a few seconds
  // (server/admission.ts; docs/decisions/0011-fifo-admission-in-front-of-the-embedded-database.md).
  if (options.admission) app.use('/api/*', admissionMiddleware(options.admission, admissionSkips));

  app.onError((error, c) => {
    if (error instanceof HttpProblem) return c.json({ message: error.message }, error.status);
    // Safety net: a value the database refuses (SQLSTATE class 22, "data exception": bad
    // encoding, out-of-range date or number…) came from the request, so it is the client's 400.
    if (isDataException(error)) {
      console.warn('[server] data exception answered 400:', errorSummary(error));
      return c.json({ message: 'Dados inválidos.' }, 400);
    }
    console.error('[server] unexpected error', error);
    return c.json({ message: 'Erro interno do servidor.' }, 500);
  });

  // Demo media of the file repository, with Range support (206) for audio and video.
  app.use(
    `${API_PREFIXES.files}/media/*`,
    serveStatic({
      root: ASSETS,
      rewriteRequestPath: (path) => path.slice(`${API_PREFIXES.files}/media`.length),
      onFound: (path, c) => {
        c.header('Cache-Control', 'public, max-age=3600');
        c.header('Accept-Ranges', 'bytes');
        const type = MEDIA_TYPES[path.slice(path.lastIndexOf('.')).toLowerCase()];
        if (type) c.header('Content-Type', type);
        // The embed page is framed by the app (same origin): no script, framing by 'self' only.
        if (path.endsWith('.html')) c.header('Content-Security-Policy', EMBED_CSP);
      },
    }),
  );

  app.route(API_PREFIXES.mainV1, publicRoutes(db));
  app.route(API_PREFIXES.mainV1, studentV1Routes(db));
  app.route(API_PREFIXES.mainV2, studentV2Routes(db));
  app.route(API_PREFIXES.mainV1, attachmentRoutes(db));
  app.route(API_PREFIXES.mainV1, gradeRoutes(db));
  app.route(API_PREFIXES.mainV1, profileV1Routes(db));
  app.route(API_PREFIXES.mainV2, biometricsV2Routes(db));
  app.route(API_PREFIXES.mainV1, studentAttachmentRoutes(db));
  app.route(API_PREFIXES.mainV1, shortVideoV1Routes(db));
  app.route(API_PREFIXES.files, shortVideoFileRoutes(db));
  app.route(API_PREFIXES.newLms, newLmsRoutes(db));
  app.route(API_PREFIXES.hub, hubFinanceRoutes(db));
  app.route(API_PREFIXES.erp, erpRoutes(db));
  app.route(API_PREFIXES.certificates, certificateRoutes(db));
  app.route(API_PREFIXES.mainV1, homeV1Routes(db));
  app.route(API_PREFIXES.mainV2, homeV2Routes(db));
  app.route(API_PREFIXES.newLms, homeNewLmsRoutes(db));
  app.route(API_PREFIXES.mainV1, consentV1Routes(db));
  app.route(API_PREFIXES.mainV2, sessionLogV2Routes(db));
  // Stand-ins of the third-party widgets for tests (not the real vendors; routes/standins.ts).
  app.route('/api/standins', standinRoutes());
  app.route(API_PREFIXES.mainV1, accountRoutes(db));
  app.route('/api/dev', devMailRoutes(db));
  // The installable app's manifest and icons of the host's brand.
  const manifest = manifestRoutes(db);
  app.route(API_PREFIXES.mainV1, manifest.v1);
  app.route('/', manifest.root);
  app.all('/api/*', (c) => c.json({ message: MESSAGES.notFound }, 404));

  const distDir = options.distDir;
  if (distDir && existsSync(join(distDir, 'index.html'))) {
    const documentHeaders = readBuildHeaders(distDir);
    const setDocumentHeaders = (c: { header: (name: string, value: string) => void }) => {
      for (const [name, value] of Object.entries(documentHeaders)) c.header(name, value);
    };
    // Source maps are never published (docs/deploy.md): a build made with
    // SOURCEMAPS=hidden keeps them in dist/ for uploading to error reporting, not for browsers.
    app.get('*', async (c, next) => (c.req.path.endsWith('.map') ? c.text('Not found', 404) : next()));
    app.use(
      '*',
      serveStatic({
        root: distDir,
        onFound: (path, c) => {
          if (path.includes(`${join(distDir, 'assets')}`)) {
            c.header('Cache-Control', 'public, max-age=31536000, immutable');
          } else {
            c.header('Cache-Control', 'no-cache');
          }
          if (path.endsWith('.html')) setDocumentHeaders(c);
        },
      }),
    );
    // A screen's own document at its address, as static hosts' clean URLs do (`/finances` →
    // finances.html, docs/deploy.md); every other GET (a deep link such as /courses/1/modules/2)
    // gets index.html (SPA fallback).
    app.get('*', (c) => {
      // A missing hashed asset must never become HTML cached as JavaScript/CSS.
      if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
      c.header('Cache-Control', 'no-cache');
      setDocumentHeaders(c);
      const own = /^\/[a-z][a-z-]*$/.test(c.req.path) ? join(distDir, `${c.req.path.slice(1)}.html`) : null;
      return c.html(readFileSync(own && existsSync(own) ? own : join(distDir, 'index.html'), 'utf8'));
    });
  } else {
    if (distDir) {
      console.warn(
        `[server] ${join(distDir, 'index.html')} not found: the app is not built (run \`npm run build\`); serving the API only.`,
      );
    }
    app.get('*', (c) =>
      c.text('O app ainda não foi construído: rode `npm run build` (ou `npm start`). A API está em /api.', 404),
    );
  }
  return app;
}

export interface StartOptions {
  port?: number;
  dataDir?: string | 'memory';
  databaseUrl?: string;
  distDir?: string | null;
  log?: boolean;
  /** Fault injection (server/chaos.ts): a parsed config or a `CHAOS` text; absent/null/'' = off. */
  chaos?: ChaosConfig | string | null;
  /** Load-test students `aluno001`… to seed (server/seed-load.ts, env `LOAD_STUDENTS`); default 0. */
  loadStudents?: number;
  /**
   * FIFO admission (server/admission.ts): its options, null = off; absent = from the environment
   * (`admissionFromEnv`: on for the embedded database, off for PostgreSQL).
   */
  admission?: Pick<AdmissionOptions, 'concurrency' | 'maxWaitMs' | 'maxQueue'> | null;
  /**
   * Tests: a dump of the seeded demo database (server/db/template.ts `ensureSeedTemplate`) that a
   * new PGlite database starts from instead of being created, migrated and seeded (~0.5 s
   * instead of ~4.5 s). Migrations and seed steps still run (nothing left to do on the dump).
   */
  template?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  seeded: boolean;
  db: Db;
  /** The admission queue in use, or null when off. */
  admission: Admission | null;
  close(): Promise<void>;
}

/** Longest wait of `close()` for the requests in progress, ms. */
export const CLOSE_DRAIN_MS = 10_000;

/**
 * Opens the database, migrates, seeds demo data on first run and listens. `close()` stops
 * listening, waits for the requests in progress (at most `CLOSE_DRAIN_MS`), closes every
 * connection and then the database.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // Parsed first: a CHAOS typo fails before anything is opened.
  const chaos = typeof options.chaos === 'string' ? parseChaos(options.chaos) : (options.chaos ?? null);
  const admissionOptions =
    options.admission === undefined
      ? admissionFromEnv(process.env, options.databaseUrl ? 'postgres' : 'pglite')
      : options.admission;
  const admission = admissionOptions ? createAdmission(admissionOptions) : null;
  const db = await openDb({
    dataDir: options.dataDir ?? join(ROOT, '.data'),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.template ? { template: options.template } : {}),
  });
  await migrate(db);
  const seeded = (await seedIfEmpty(db)) || db.fromTemplate;
  await seedAdditions(db);
  await seedLoadStudents(db, options.loadStudents ?? 0);
  const distDir = options.distDir === undefined ? join(ROOT, 'dist') : options.distDir;
  const app = createApp(db, { distDir, chaos, admission });
  if (chaos) console.warn(`[server] CHAOS fault injection ON: ${chaos.source} (GET ${CHAOS_STATS_PATH})`);
  // Requests being answered: close() waits for them before it closes the database, so that a
  // stopping process (a rolling restart, the end of a load run) finishes its writes.
  let active = 0;
  let onIdle: (() => void) | null = null;
  const fetch = async (request: Request, env: unknown) => {
    active += 1;
    try {
      return await app.fetch(request, env);
    } finally {
      active -= 1;
      if (active === 0) onIdle?.();
    }
  };
  const listen = (hostname: string) =>
    new Promise<ReturnType<typeof serve>>((resolveServer, reject) => {
      const s = serve({ fetch, port: options.port ?? 4173, hostname }, () => resolveServer(s));
      s.once('error', reject);
    });
  let server: ReturnType<typeof serve>;
  try {
    // '::' is dual stack on Linux: answers http://localhost (::1 or 127.0.0.1) and http://127.0.0.1.
    server = await listen('::');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EAFNOSUPPORT' && code !== 'EADDRNOTAVAIL') {
      await db.close();
      throw error;
    }
    server = await listen('0.0.0.0'); // no IPv6 here: localhost resolves to 127.0.0.1
  }
  const port = (server.address() as AddressInfo).port;
  if (options.log) console.log(`[server] listening on port ${port}`);
  let closed = false;
  return {
    url: `http://localhost:${port}`,
    port,
    seeded,
    db,
    admission,
    close: async () => {
      if (closed) return;
      closed = true;
      const httpServer = server as unknown as { closeAllConnections?: () => void; closeIdleConnections?: () => void };
      const stopped = new Promise<void>((done) => server.close(() => done()));
      httpServer.closeIdleConnections?.();
      // Let the requests in progress finish (at most CLOSE_DRAIN_MS), then cut every connection.
      if (active > 0) {
        await new Promise<void>((done) => {
          const timer = setTimeout(done, CLOSE_DRAIN_MS);
          onIdle = () => {
            clearTimeout(timer);
            done();
          };
        });
      }
      httpServer.closeAllConnections?.();
      await stopped;
      await db.close();
    },
  };
}
