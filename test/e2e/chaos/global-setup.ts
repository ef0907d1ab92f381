/**
 * Global setup of the fault-injection suite (playwright.chaos.config.ts):
 * 1. builds the app into `.tmp/dist-chaos` with the widget stand-ins (as the e2e build) and
 *    `VITE_API_TIMEOUT_MS=4000`, so that a request the server never answers fails in 4 s
 *    instead of docs/product.md §9's 30 s (`CHAOS_SKIP_BUILD=1` reuses an existing one);
 * 2. seeds one database (a plain server start on a fresh `DATA_DIR`) that every fault kind's
 *    server then copies, so each starts from the same demo data in about a second.
 * Exposes CHAOS_DIST_DIR and CHAOS_TEMPLATE_DATA_DIR; the teardown prints the per-kind summary
 * (requests faulted, screens checked, writes lost) and removes the template.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startReferenceServer } from './server';

export const CHAOS_DIST_DIR = resolve('.tmp/dist-chaos');
/** Written by journey.chaos.ts, one JSON line per fault kind. */
const SUMMARY_FILE = '.tmp/chaos-summary.jsonl';

interface KindResult {
  kind: string;
  faulted: number;
  requests: number;
  screens: number;
  writes: number;
  resent: number;
  answersLost: number;
  lost: number;
  duplicated: number;
  seconds: number;
}

/** The per-kind table: requests faulted, screens checked, writes lost (must be 0). */
function printSummary() {
  if (!existsSync(SUMMARY_FILE)) return;
  const rows = readFileSync(SUMMARY_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as KindResult);
  const cell = (v: string | number, width: number) => String(v).padStart(width);
  console.log('\nFault injection, per fault kind:');
  console.log(
    'kind       requests faulted  screens checked  progress writes  answers lost after applying  writes lost  duplicated  seconds',
  );
  for (const r of rows) {
    console.log(
      `${r.kind.padEnd(10)} ${cell(`${r.faulted}/${r.requests}`, 16)}  ${cell(r.screens, 15)}  ${cell(r.writes, 15)}  ${cell(r.answersLost, 27)}  ${cell(r.lost, 11)}  ${cell(r.duplicated, 10)}  ${cell(r.seconds, 7)}`,
    );
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync('.tmp', { recursive: true });
  rmSync(SUMMARY_FILE, { force: true });
  if (process.env.CHAOS_SKIP_BUILD !== '1' || !existsSync(join(CHAOS_DIST_DIR, 'index.html'))) {
    const build = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', CHAOS_DIST_DIR, '--emptyOutDir'],
      {
        stdio: 'inherit',
        env: {
          ...process.env,
          VITE_CLARITY_SRC: '/api/standins/clarity.js?key={key}',
          VITE_CHATBOT_SRC: '/api/standins/chatbot.js?key={key}',
          VITE_SURVEY_SRC: '/api/standins/survey.js',
          VITE_API_TIMEOUT_MS: '4000',
        },
      },
    );
    if (build.status !== 0) throw new Error('vite build (chaos) failed');
  }
  const template = mkdtempSync(join(tmpdir(), 'chaos-template-'));
  const seeding = await startReferenceServer({ dataDir: template, distDir: CHAOS_DIST_DIR, chaos: '' });
  await seeding.stop();
  process.env.CHAOS_DIST_DIR = CHAOS_DIST_DIR;
  process.env.CHAOS_TEMPLATE_DATA_DIR = template;
  return async () => {
    printSummary();
    rmSync(template, { recursive: true, force: true });
  };
}
