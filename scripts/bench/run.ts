/**
 * `npm run bench` (issue 9; docs/performance.md): builds the app, serves dist/ through a CDN
 * layer (scripts/bench/cdn.ts) in front of the reference server (fresh in-memory database with
 * the demo data), then
 *   1. loads each key route cold in Chromium and sums the bytes it fetched (routes.ts);
 *   2. runs Lighthouse mobile N times on /login, /courses and a learning object (lighthouse.ts);
 *   3. prints one table and exits 1 when a budget of budgets.ts is broken.
 *
 * Options: --runs=N (Lighthouse runs per page, default 5), --skip-build (use the current
 * dist/ and .tmp/bundle-report.json), --no-lighthouse (bytes only), --json=<file> (results),
 * --reports=<dir> (every Lighthouse JSON report), --pages=/login,… (only these Lighthouse pages),
 * --no-routes (skip the cold loads).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startServer } from '../../server/app';
import { findBrowser } from '../find-browser.mjs';
import { gzipSize, type BundleReport } from '../vite/bundle-report';
import { BUDGETS, checkBudgets, type BenchResults } from './budgets';
import { lazyRouteChunks } from './bundle';
import { startCdn } from './cdn';
import { auditPages, type PageToAudit } from './lighthouse';
import { formatTable, formatViolations } from './report';
import { CHROMIUM_ARGS, measureRoutes, signInCookies, type RouteToLoad } from './routes';
import { chromium } from '@playwright/test';

const REPORT = '.tmp/bundle-report.json';
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const flag = (name: string) => process.argv.includes(`--${name}`);
const RUNS = Number(arg('runs') ?? 5);

/** Demo student of the reference server (README). */
const DEMO = { username: 'demo', password: 'demo1234' };

async function api<T>(base: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  headers.set('x-user-environment', 'WEB');
  if (init.token) headers.set('x-access-token', init.token);
  const answer = await fetch(`${base}${path}`, { ...init, headers });
  if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** Signs the demo student in over the API (POST /api/v1/auth/token), to look up the content to measure. @returns the session token. */
async function signIn(base: string): Promise<string> {
  const answer = await api<{ access_token: string }>(base, '/api/v1/auth/token', {
    method: 'POST',
    body: JSON.stringify({ client_id: 'student-web', grant_type: 'password', scope: 'BRA', ...DEMO }),
  });
  return answer.access_token;
}

interface Lo {
  id: number;
  type: string;
}

/** A course, one of its modules and a learning object of it (a text one when there is one). */
async function pickContent(base: string, token: string): Promise<{ course: number; module: number; lo: number }> {
  const courses = await api<{ data: { id: number; modules_count: number }[] }>(
    base,
    '/api/v2/lms/courses?per_page=50',
    {
      token,
    },
  );
  let fallback: { course: number; module: number; lo: number } | null = null;
  for (const course of courses.data.filter((c) => c.modules_count > 0)) {
    const detail = await api<{ data: { modules: { id: number }[] } }>(base, `/api/v1/lms/courses/${course.id}`, {
      token,
    });
    for (const mod of detail.data.modules) {
      const full = await api<{ data: { lessons: { learning_objects: Lo[] }[] } }>(
        base,
        `/api/v1/lms/modules/${mod.id}`,
        {
          token,
        },
      );
      const los = full.data.lessons.flatMap((l) => l.learning_objects);
      const text = los.find((lo) => lo.type === 'text');
      if (text) return { course: course.id, module: mod.id, lo: text.id };
      if (!fallback && los[0]) fallback = { course: course.id, module: mod.id, lo: los[0].id };
    }
  }
  if (!fallback) throw new Error('the demo data has no learning object');
  return fallback;
}

async function main(): Promise<number> {
  if (!flag('skip-build')) {
    console.log('[bench] building…');
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
      stdio: 'inherit',
      env: { ...process.env, BUNDLE_REPORT: REPORT },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as BundleReport;
  const executablePath = await findBrowser();

  console.log('[bench] starting the reference server and the CDN…');
  const origin = await startServer({ port: 0, dataDir: 'memory', distDir: 'dist' });
  const cdn = await startCdn({ origin: origin.url });
  try {
    // Set-up reads go to the origin directly (Node's fetch would refuse the CDN's own certificate).
    const token = await signIn(origin.url);
    const { course, module, lo } = await pickContent(origin.url, token);
    const loPath = `/courses/${course}/modules/${module}/learningObjects/${lo}`;
    const routes: RouteToLoad[] = [
      { name: '/login', path: '/login', signedIn: false, ready: '#login-username' },
      { name: '/courses', path: '/courses', signedIn: true, ready: 'main h1' },
      { name: 'course', path: `/courses/${course}`, signedIn: true, ready: 'main h1' },
      { name: 'module', path: `/courses/${course}/modules/${module}`, signedIn: true, ready: 'main h1' },
      { name: 'learning object', path: loPath, signedIn: true, ready: 'main h1' },
      { name: '/grades', path: '/grades', signedIn: true, ready: 'main h1' },
      { name: '/finances', path: '/finances', signedIn: true, ready: 'main h1' },
    ];
    console.log('[bench] 1/2 route bytes (cold loads in Chromium)…');
    let routeBytes: BenchResults['routes'] = [];
    if (!flag('no-routes')) {
      const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
      const cookies = await signInCookies(await browser.newContext({ ignoreHTTPSErrors: true }), cdn.url, DEMO).finally(
        () => browser.close(),
      );
      routeBytes = await measureRoutes({ executablePath, baseUrl: cdn.url, cookies, routes, sizes: cdn.sizes });
    }

    const only = arg('pages')?.split(',');
    const pages: PageToAudit[] = [
      { name: '/login', path: '/login', signedIn: false },
      { name: '/courses', path: '/courses', signedIn: true },
      { name: 'learning object', path: loPath, signedIn: true },
    ].filter((p) => !only || only.includes(p.name));
    const lighthouse = flag('no-lighthouse')
      ? []
      : (console.log(`[bench] 2/2 Lighthouse mobile, ${RUNS} runs × ${pages.length} pages…`),
        await auditPages({
          executablePath,
          baseUrl: cdn.url,
          credentials: DEMO,
          pages,
          runs: RUNS,
          ...(arg('reports') ? { reportsDir: arg('reports') } : {}),
          onRun: (page, run, i) =>
            console.log(
              `  ${page.name} #${i + 1}: score ${run.score}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`,
            ),
        }));

    const results: BenchResults = {
      indexHtmlGzip: gzipSize(readFileSync('dist/index.html')),
      routes: routeBytes,
      lazyRoutes: lazyRouteChunks(report).map(({ module: m, gzipBytes }) => ({ module: m, gzipBytes })),
      lighthouse,
    };
    // --no-lighthouse: the byte budgets only.
    const violations = checkBudgets(results, BUDGETS).filter(
      (v) => !(flag('no-lighthouse') && v.what.startsWith('Lighthouse did not run')),
    );
    const json = arg('json');
    if (json) writeFileSync(json, JSON.stringify(results, null, 1));

    const load = loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    console.log(
      `\nSizes in KB (1024 bytes) as transferred (brotli from the CDN) unless "gzip"; Lighthouse mobile medians of ${RUNS} runs, times in s, TBT in ms. Load average: ${load}.\n`,
    );
    console.log(formatTable(results));
    console.log(`\n${formatViolations(violations)}`);
    return violations.length === 0 ? 0 : 1;
  } finally {
    await cdn.close();
    await origin.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench] failed:', error);
    process.exit(2);
  },
);
