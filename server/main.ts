/**
 * `npm start` / `npm run server`: the reference platform API and the built app on one port.
 * Env: PORT (default 4173), DATA_DIR (PGlite folder, default .data/), DATABASE_URL
 * (PostgreSQL instead of PGlite), SERVE_DIST=0 (API only, for `npm run dev`), DIST_DIR (the built
 * app to serve, default <repo>/dist; tests serve other builds), CHAOS (fault injection,
 * server/chaos.ts; unset = off), the demo switches DEV_MAIL / DEMO_PAYMENTS / STANDINS
 * (server/features.ts), the rate limits RATE_LIMIT_* / TRUST_PROXY (server/rate-limit.ts) and
 * LOAD_STUDENTS (seed aluno001… for `npm run load`, server/seed-load.ts), and, for test servers,
 * PGLITE_TEMPLATE (a new database starts from that dump of the seeded one, server/db/template.ts).
 * The banner says which demo features are on.
 */
import { startServer } from './app';
import { TEMPLATE_ENV } from './db/template';
import { demoFeatures, describeDemoFeatures } from './features';
import { describeRateLimits } from './rate-limit';
import { DEMO_PASSWORD, DEMO_STUDENTS } from './seed';
import { MARATHON_STUDENT } from './seed-marathon';
import { SCHOOL_CONTENT_STUDENT } from './seed-school-content';
import { loadStudentCode, parseLoadStudents } from './seed-load';

/**
 * Printed once at start on the embedded database: what it serves and when to move to
 * PostgreSQL (docs/scaling.md "Capacity of the embedded server").
 */
const EMBEDDED_CAPACITY_ADVICE =
  'Embedded database (PGlite): one process, requests served in arrival order; measured here at about 50 students ' +
  'sending one request per second each, beyond which it answers 503 + Retry-After. For a school, set DATABASE_URL ' +
  '(PostgreSQL; docs/scaling.md).';

const port = Number(process.env.PORT ?? 4173);
const dataDir = process.env.DATA_DIR;
const databaseUrl = process.env.DATABASE_URL;
const loadStudents = parseLoadStudents(process.env.LOAD_STUDENTS);

const server = await startServer({
  port,
  ...(dataDir ? { dataDir } : {}),
  ...(databaseUrl ? { databaseUrl } : {}),
  ...(process.env.SERVE_DIST === '0' ? { distDir: null } : {}),
  ...(process.env.DIST_DIR ? { distDir: process.env.DIST_DIR } : {}),
  chaos: process.env.CHAOS ?? null,
  loadStudents,
  // Test servers only (test/e2e/support/server.ts): start from a dump of the seeded database.
  ...(process.env[TEMPLATE_ENV] ? { template: process.env[TEMPLATE_ENV] } : {}),
});

console.log(`
Portal do Aluno — reference platform API ${server.seeded ? '(demo data seeded now)' : ''}
  brand 1 (Escola Aprender, default):   http://localhost:${server.port}
  brand 2 (Academia Stream, streaming): http://127.0.0.1:${server.port}
  PORT=${server.port}  ${databaseUrl ? 'DATABASE_URL is set (PostgreSQL)' : `DATA_DIR=${dataDir ?? '.data'}`}

Demo students (password ${DEMO_PASSWORD}):
${[...DEMO_STUDENTS, MARATHON_STUDENT, SCHOOL_CONTENT_STUDENT].map((s) => `  ${s.code.padEnd(8)} ${s.name.padEnd(14)} ${s.about}`).join('\n')}${
  loadStudents > 0
    ? `\n  ${loadStudentCode(1)}…${loadStudentCode(loadStudents)} load-test students (LOAD_STUDENTS)`
    : ''
}

NODE_ENV=${process.env.NODE_ENV ?? '(unset)'}  demo features: ${describeDemoFeatures()}
Rate limits (sign-in, password reset, change password, account deletion): ${describeRateLimits()}
${resetDemoHint()}
${databaseUrl ? '' : `${EMBEDDED_CAPACITY_ADVICE}\n`}`);

/** Where the password-reset demo finds the e-mailed codes (nowhere public in production). */
function resetDemoHint(): string {
  if (process.env.NODE_ENV === 'production')
    return 'E-mails go to the mail_outbox table only (their bodies are neither logged nor served).';
  return demoFeatures().devMail
    ? 'Password reset demo: the e-mailed codes are at GET /api/dev/mail?to=<address> and in this log ([mail]).'
    : 'Password reset demo: start with DEV_MAIL=1 to read the e-mailed codes (GET /api/dev/mail and this log); now they go to the mail_outbox table only.';
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  const admission = server.admission?.stats();
  if (admission) {
    console.error(
      `[server] admission: ${admission.admitted} admitted, ${admission.refused} refused (503), longest wait ${Math.round(admission.maxWaitMs)} ms`,
    );
  }
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
