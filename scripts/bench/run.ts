/**
 * `npm run bench` (docs/performance.md): builds the app, serves dist/ through a CDN
 * layer (scripts/bench/cdn.ts) in front of the reference server (fresh in-memory database with
 * the demo data), then
 *   1. loads every measured screen cold in Chromium and sums the bytes it fetched (routes.ts);
 *   2. runs Lighthouse mobile N times on each of them (lighthouse.ts);
 *   3. measures the clicks students make most, throttled like a phone (interactions.ts: INP and
 *      click → next screen), and warm reloads of /courses and a learning object (warm.ts);
 *   4. measures "content visible" on every signed-in screen, cold and warm (visible.ts);
 *   5. prints one table and exits 1 when a budget of budgets.ts is broken.
 * The screens (PAGES below): /login, /home, /courses, a course, a module, a learning object of
 * each type with its own code (text, video, PDF, quiz), /grades, /attachments, /finances, /conta,
 * the streaming brand's /courses, and `maratona`'s (years of data) long lists.
 *
 * Options: --runs=N (runs per Lighthouse page, interaction, warm reload and content-visible load;
 * default 5), --skip-build (use the current dist/ and .tmp/bundle-report.json), --steps=routes,
 * lighthouse,interactions,warm,visible (default all), --no-<step> to leave one out, --no-lighthouse (bytes only), --json=<file> (results), --reports=<dir> (every Lighthouse JSON
 * report), --artifacts (with --reports: also each run's trace and network log, which
 * `lighthouse -A=<dir>` audits again), --pages=<name>,… (only these screens, by the names of the
 * table), --no-routes (skip the cold loads), --files (print each screen's JS/CSS files),
 * --trace=<name> (only: a cold load of that screen, with what it fetched and its marks, and a
 * second one traced to .tmp/trace-<name>.json, with its long tasks), --trace-warm=<name> (only: a returning student's throttled reload of that
 * screen traced to .tmp/trace-warm-<name>.json, with what it fetched, its marks and long tasks),
 * --help (this text, nothing run).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { startServer } from '../../server/app';
import { findBrowser } from '../find-browser.mjs';
import { gzipSize, type BundleReport } from '../vite/bundle-report';
import { BUDGETS, checkBudgets, FILE_VIDEO_ROW, PROVIDER_VIDEO_ROW, type BenchResults } from './budgets';
import { SCHOOL_CONTENT_LOS } from '../../server/seed-school-content';
import { lazyRouteChunks } from './bundle';
import { startCdn } from './cdn';
import { auditPages, type PageToAudit } from './lighthouse';
import { formatTable, formatViolations } from './report';
import { CHROMIUM_ARGS, measureRoutes, signInCookies, type Cookie, type RouteToLoad } from './routes';
import {
  apiSignIn,
  biggestCourse,
  demoContent,
  DEMO,
  ESCOLA,
  MARATONA,
  providerVideoPath,
  moduleLearningObjects,
  resetLesson,
  STREAM,
  type Student,
} from './content';
import { measureInteractions, type Interaction } from './interactions';
import { formatLoad, traceColdLoad, traceWarmLoad } from './trace';
import { measureWarmReloads } from './warm';
import { markOf, measureContentVisible, type VisibleScreen } from './visible';
import { chromium } from '@playwright/test';

const REPORT = '.tmp/bundle-report.json';
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const flag = (name: string) => process.argv.includes(`--${name}`);
const RUNS = Number(arg('runs') ?? 5);
/** The steps to run: --steps=routes,lighthouse,interactions,warm (default all); --no-lighthouse = bytes only. */
const STEPS = new Set(
  flag('no-lighthouse')
    ? ['routes']
    : (arg('steps')?.split(',') ?? ['routes', 'lighthouse', 'interactions', 'warm', 'visible']).filter(
        (s) => !flag(`no-${s}`),
      ),
);

/** One screen the bench measures: as which student, on which brand's host. */
interface Screen {
  name: string;
  path: string;
  student: Student | null;
  /** Brand 2 (streaming) is served on 127.0.0.1; brand 1 on localhost. */
  host: 'localhost' | '127.0.0.1';
}

/** The CDN's URL on `host` (same port: the CDN listens on both). */
const onHost = (cdnUrl: string, host: Screen['host']) => cdnUrl.replace('localhost', host);

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
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    // Set-up reads go to the origin directly (Node's fetch would refuse the CDN's own certificate).
    const demoToken = await apiSignIn(origin.url, DEMO);
    const demo = await demoContent(origin.url, demoToken);
    const big = await biggestCourse(origin.url, await apiSignIn(origin.url, MARATONA));
    const providerVideo = await providerVideoPath(
      origin.url,
      await apiSignIn(origin.url, ESCOLA),
      SCHOOL_CONTENT_LOS.youtube,
    );
    const lo = (type: keyof typeof demo.byType) => demo.byType[type]?.path;
    const byDemo = (name: string, path: string | undefined): Screen[] =>
      path ? [{ name, path, student: DEMO, host: 'localhost' }] : [];
    const byMaratona = (name: string, path: string): Screen => ({
      name: `maratona ${name}`,
      path,
      student: MARATONA,
      host: 'localhost',
    });
    const all: Screen[] = [
      { name: '/login', path: '/login', student: null, host: 'localhost' },
      ...byDemo('/home', '/home'),
      ...byDemo('/courses', '/courses'),
      ...byDemo('course', `/courses/${demo.course}`),
      ...byDemo('module', `/courses/${demo.course}/modules/${demo.module}`),
      ...byDemo('LO text', lo('text')),
      ...byDemo(FILE_VIDEO_ROW, lo('video')),
      // A YouTube lesson: the facade, not the provider's player, is on its first screen.
      { name: PROVIDER_VIDEO_ROW, path: providerVideo, student: ESCOLA, host: 'localhost' },
      ...byDemo('LO PDF', lo('pdf')),
      ...byDemo('LO quiz', lo('quiz')),
      ...byDemo('/grades', '/grades'),
      ...byDemo('/attachments', '/attachments'),
      ...byDemo('/finances', '/finances'),
      ...byDemo('/conta', '/conta'),
      { name: 'streaming /courses', path: '/courses', student: STREAM, host: '127.0.0.1' },
      byMaratona('/courses', '/courses'),
      byMaratona('course', `/courses/${big.course}`),
      byMaratona('module', `/courses/${big.course}/modules/${big.module}`),
      byMaratona('/grades', '/grades'),
      byMaratona('/attachments', '/attachments'),
      byMaratona('/finances', '/finances'),
    ];
    const only = arg('pages')?.split(',');
    const screens = all.filter((p) => !only || only.includes(p.name));

    // Cookies of each student on each host, signed in once through the real /login form.
    const jars = new Map<string, Cookie[]>();
    const cookiesOf = async (screen: Screen): Promise<Cookie[]> => {
      if (!screen.student) return [];
      const key = `${screen.student.username}@${screen.host}`;
      if (!jars.has(key)) {
        const context = await browser.newContext({ ignoreHTTPSErrors: true });
        jars.set(
          key,
          await signInCookies(context, onHost(cdn.url, screen.host), screen.student).finally(() => context.close()),
        );
      }
      return jars.get(key)!;
    };

    const traced = arg('trace');
    if (traced) {
      const screen = all.find((p) => p.name === traced);
      if (!screen) throw new Error(`--trace: no screen named ${traced} (${all.map((p) => p.name).join(', ')})`);
      const file = `.tmp/trace-${traced.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`;
      const load = await traceColdLoad({
        browser,
        baseUrl: onHost(cdn.url, screen.host),
        cookies: await cookiesOf(screen),
        path: screen.path,
        file,
        mark: markOf(screen.path),
      });
      console.log(`\n[bench] trace written to ${file}\n${formatLoad(traced, 'cold', load)}`);
      return 0;
    }

    const tracedWarm = arg('trace-warm');
    if (tracedWarm) {
      const screen = all.find((p) => p.name === tracedWarm);
      if (!screen)
        throw new Error(`--trace-warm: no screen named ${tracedWarm} (${all.map((p) => p.name).join(', ')})`);
      const file = `.tmp/trace-warm-${tracedWarm.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`;
      const load = await traceWarmLoad({
        browser,
        baseUrl: onHost(cdn.url, screen.host),
        cookies: await cookiesOf(screen),
        path: screen.path,
        file,
        mark: markOf(screen.path),
      });
      console.log(`\n[bench] trace written to ${file}\n${formatLoad(tracedWarm, 'warm', load)}`);
      return 0;
    }

    const routeBytes: BenchResults['routes'] = [];
    if (STEPS.has('routes')) {
      console.log(`[bench] 1/5 route bytes (cold loads in Chromium), ${screens.length} screens…`);
      for (const screen of screens) {
        const route: RouteToLoad = {
          name: screen.name,
          path: screen.path,
          signedIn: screen.student !== null,
          ready: screen.student ? 'main h1' : '#login-username',
        };
        routeBytes.push(
          ...(await measureRoutes({
            executablePath,
            baseUrl: onHost(cdn.url, screen.host),
            cookies: await cookiesOf(screen),
            routes: [route],
            sizes: cdn.sizes,
          })),
        );
      }
    }

    const pages: PageToAudit[] = screens.map((p) => ({
      name: p.name,
      path: p.path,
      signedIn: p.student !== null,
      baseUrl: onHost(cdn.url, p.host),
      ...(p.student ? { credentials: p.student } : {}),
    }));
    const lighthouse = !STEPS.has('lighthouse')
      ? []
      : (console.log(`[bench] 2/5 Lighthouse mobile, ${RUNS} runs × ${pages.length} pages…`),
        await auditPages({
          executablePath,
          baseUrl: cdn.url,
          credentials: DEMO,
          pages,
          runs: RUNS,
          ...(arg('reports') ? { reportsDir: arg('reports'), artifacts: flag('artifacts') } : {}),
          onRun: (page, run, i) =>
            console.log(
              `  ${page.name} #${i + 1}: score ${run.score}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`,
            ),
        }));

    const demoScreen = all.find((p) => p.name === '/courses')!;
    const demoCookies = await cookiesOf(demoScreen);
    let interactions: BenchResults['interactions'] = [];
    if (STEPS.has('interactions') && !only) {
      console.log(`[bench] 3/5 interactions, ${RUNS} runs each (4× CPU, mobile network)…`);
      const text = demo.byType.text!;
      const los = await moduleLearningObjects(origin.url, demoToken, demo.module);
      const next = los[los.findIndex((l) => l.id === text.lo.id) + 1];
      const list: Interaction[] = [
        {
          name: 'open a course from /courses',
          start: '/courses',
          prepare: async (page) => {
            const link = page.locator('main .card-title a').first();
            return { click: link, expect: { selector: 'main h1', text: ((await link.textContent()) ?? '').trim() } };
          },
        },
        {
          name: 'open a learning object from a module',
          start: `/courses/${demo.course}/modules/${demo.module}`,
          prepare: async (page) => {
            const link = page.locator('main .item', { hasText: text.lo.name }).locator('.item-title').first();
            return { click: link, expect: { selector: 'main h1', text: text.lo.name } };
          },
        },
        {
          name: "'Concluir' on a text",
          start: text.path,
          before: () => resetLesson(origin.url, demoToken, text.lo.lessonId),
          prepare: async (page) => {
            const button = page.getByRole('button', { name: 'Concluir', exact: true });
            if (!(await button.isVisible()))
              throw new Error("'Concluir' is not offered on the text (already finished on load?)");
            // By keyboard: scrolling to the button would bring the text's end into view, which
            // finishes a text by itself before the click.
            return { click: button, by: 'keyboard', expect: { selector: '[role=status]', text: 'Concluído' } };
          },
        },
        ...(next
          ? [
              {
                name: "'Próximo conteúdo'",
                start: text.path,
                prepare: async (page) => ({
                  click: page.getByRole('link', { name: 'Próximo conteúdo' }).first(),
                  expect: { selector: 'main h1', text: next.name },
                }),
              } satisfies Interaction,
            ]
          : []),
        {
          name: 'open the Pix dialog',
          start: '/finances',
          prepare: async (page) => ({
            click: page.getByRole('button', { name: /^Pagar com Pix/ }).first(),
            expect: { selector: '[role=dialog] h2, dialog[open] h2', text: 'Pagar com Pix' },
          }),
        },
      ];
      interactions = await measureInteractions({
        browser,
        baseUrl: cdn.url,
        cookies: demoCookies,
        interactions: list,
        runs: RUNS,
        onRun: (i, run, n) =>
          console.log(
            `  ${i.name} #${n + 1}: INP ${run.inpMs === null ? '< 16' : Math.round(run.inpMs)} ms, to screen ${Math.round(run.toScreenMs)} ms`,
          ),
      });
    }
    let warm: BenchResults['warm'] = [];
    if (STEPS.has('warm') && !only) {
      console.log(`[bench] 4/5 warm reloads, ${RUNS} each…`);
      warm = await measureWarmReloads({
        browser,
        baseUrl: cdn.url,
        cookies: demoCookies,
        pages: [
          { name: '/courses', path: '/courses' },
          { name: 'LO text', path: demo.byType.text!.path },
        ],
        runs: RUNS,
        onRun: (p, lcp, n) => console.log(`  ${p.name} #${n + 1}: LCP ${Math.round(lcp)} ms`),
      });
    }

    let visible: BenchResults['visible'] = [];
    if (STEPS.has('visible')) {
      const measured: VisibleScreen[] = [];
      for (const screen of screens) {
        const mark = screen.student ? markOf(screen.path) : null;
        if (mark)
          measured.push({
            name: screen.name,
            path: screen.path,
            baseUrl: onHost(cdn.url, screen.host),
            cookies: await cookiesOf(screen),
            mark,
          });
      }
      console.log(`[bench] 5/5 content visible, ${RUNS} cold and ${RUNS} warm loads × ${measured.length} screens…`);
      visible = await measureContentVisible({
        browser,
        screens: measured,
        runs: RUNS,
        onRun: (screen, kind, ms, n) => console.log(`  ${screen.name} ${kind} #${n + 1}: ${Math.round(ms)} ms`),
      });
    }

    const results: BenchResults = {
      indexHtmlGzip: gzipSize(readFileSync('dist/index.html')),
      documents: readdirSync('dist')
        .filter((file) => file.endsWith('.html') && file !== 'index.html')
        .map((file) => ({ file, gzipBytes: gzipSize(readFileSync(join('dist', file))) })),
      routes: routeBytes,
      lazyRoutes: lazyRouteChunks(report).map(({ module: m, gzipBytes }) => ({ module: m, gzipBytes })),
      lighthouse,
      interactions,
      warm,
      visible,
    };
    // Without the Lighthouse step: the other budgets only.
    const violations = checkBudgets(results, BUDGETS).filter(
      (v) =>
        !(!STEPS.has('lighthouse') && v.what.startsWith('Lighthouse did not run')) &&
        !(!STEPS.has('routes') && v.what === '/login was not measured'),
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
    if (flag('files'))
      for (const route of routeBytes)
        console.log(
          `\n${route.name}: ${(route.files ?? []).map((f) => `${f.path.replace('/assets/', '')} ${(f.gzip / 1024).toFixed(1)}`).join(', ')}`,
        );
    console.log(`\n${formatViolations(violations)}`);
    return violations.length === 0 ? 0 : 1;
  } finally {
    await browser.close();
    await cdn.close();
    await origin.close();
  }
}

if (flag('help') || flag('h')) {
  // The options are this file's docstring.
  const doc = /\/\*\*([\s\S]*?)\*\//.exec(readFileSync(new URL(import.meta.url), 'utf8'))?.[1] ?? '';
  console.log(doc.replace(/^ \* ?/gm, '').trim());
  process.exit(0);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench] failed:', error);
    process.exit(2);
  },
);
