/**
 * The bench's own checks: `npm run bench` must fail when any budget of
 * scripts/bench/budgets.ts is broken, and say which.
 */
import {
  BUDGETS,
  checkBudgets,
  FILE_VIDEO_ROW,
  median,
  PROVIDER_VIDEO_ROW,
  type BenchResults,
} from '../../scripts/bench/budgets';
import { formatTable, formatViolations } from '../../scripts/bench/report';
import { cacheControlFor, pickEncoding } from '../../scripts/bench/cdn';

const KB = 1024;

/** Results that meet every budget. */
function passing(): BenchResults {
  const bytes = { html: 2 * KB, js: 90 * KB, css: 4 * KB, font: 0, image: 0 };
  return {
    indexHtmlGzip: 3 * KB,
    routes: [
      { name: '/login', path: '/login', signedIn: false, transferred: bytes, jsCssGzip: 100 * KB },
      { name: '/courses', path: '/courses', signedIn: true, transferred: bytes, jsCssGzip: 120 * KB },
    ],
    lazyRoutes: [{ module: 'src/views/courses/screen.tsx', gzipBytes: 12 * KB }],
    lighthouse: [
      {
        name: '/login',
        path: '/login',
        signedIn: false,
        runs: 5,
        score: 99,
        fcpMs: 900,
        lcpMs: 1000,
        tbtMs: 20,
        cls: 0,
      },
      {
        name: '/courses',
        path: '/courses',
        signedIn: true,
        runs: 5,
        score: 95,
        fcpMs: 900,
        lcpMs: 1400,
        tbtMs: 90,
        cls: 0.005,
      },
    ],
    interactions: [{ name: 'open a course from /courses', runs: 5, inpMs: 120, toScreenMs: 600 }],
    warm: [{ name: '/courses', path: '/courses', runs: 5, lcpMs: 800 }],
  };
}

describe('bench budgets', () => {
  it('fails a provider video lesson that loads the provider’s player before a tap, or whose LCP is worse than the file video lesson', () => {
    const results = passing();
    const row = (name: string, jsCss: number, lcpMs: number, files: string[]) => {
      results.routes.push({
        ...results.routes[1]!,
        name,
        path: `/${name}`,
        jsCssGzip: jsCss * KB,
        files: files.map((path) => ({ path, gzip: KB })),
      });
      results.lighthouse.push({ ...results.lighthouse[1]!, name, path: `/${name}`, lcpMs });
    };
    row(FILE_VIDEO_ROW, 110, 1300, ['/assets/content-a1.js']);
    // The provider's recognition and facade (a chunk of its own) are more bytes than the file's video: fine.
    row(PROVIDER_VIDEO_ROW, 114, 1300, ['/assets/content-a1.js', '/assets/provider-embed-b2.js']);
    expect(checkBudgets(results)).toEqual([]);
    results.routes.at(-1)!.files!.push({ path: '/assets/provider-players-c3.js', gzip: 10 * KB });
    results.lighthouse.at(-1)!.lcpMs = 1350;
    expect(checkBudgets(results)).toEqual([
      { what: `${PROVIDER_VIDEO_ROW}: the provider's player before a tap (gzip)`, measured: 10, limit: 0, unit: 'KB' },
      { what: `${PROVIDER_VIDEO_ROW} LCP vs ${FILE_VIDEO_ROW}`, measured: 1350, limit: 1300, unit: 'ms' },
    ]);
  });

  it('passes results that meet every budget', () => {
    expect(checkBudgets(passing())).toEqual([]);
    expect(formatViolations([])).toBe('All budgets hold.');
  });

  it('fails when /login ships more than 110 KB of JS + CSS (gzip)', () => {
    const results = passing();
    results.routes[0]!.jsCssGzip = 110 * KB + 1;
    const violations = checkBudgets(results);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ what: '/login JS + CSS (gzip)', limit: 110, unit: 'KB' });
    expect(formatViolations(violations)).toContain('✗ /login JS + CSS (gzip): 110.0 KB (budget 110.0 KB)');
  });

  it('fails on a lazy route over 30 KB, index.html or a screen’s own document over 14 KB, and any web font', () => {
    const results = passing();
    results.lazyRoutes.push({ module: 'src/views/heavy/screen.tsx', gzipBytes: 31 * KB });
    results.indexHtmlGzip = 15 * KB;
    results.documents = [
      { file: 'grades.html', gzipBytes: 13 * KB },
      { file: 'finances.html', gzipBytes: 14.2 * KB },
    ];
    results.routes[1]!.transferred = { ...results.routes[1]!.transferred, font: 20_000 };
    expect(checkBudgets(results).map((v) => v.what)).toEqual([
      'index.html (gzip)',
      'finances.html (gzip)',
      '/courses: web fonts',
      'lazy route src/views/heavy/screen.tsx (gzip)',
    ]);
  });

  it('fails on each Lighthouse budget of /login', () => {
    const results = passing();
    results.lighthouse[0] = { ...results.lighthouse[0]!, score: 97, lcpMs: 1401, tbtMs: 51, cls: 0.02 };
    expect(checkBudgets(results).map((v) => v.what)).toEqual([
      '/login Lighthouse performance',
      '/login LCP',
      '/login TBT',
      '/login CLS',
    ]);
  });

  it('fails a signed-in screen over 160 KB, LCP 1.8 s, TBT 150 ms or CLS 0.01', () => {
    const results = passing();
    results.routes[1]!.jsCssGzip = 160 * KB + 1;
    results.lighthouse[1] = { ...results.lighthouse[1]!, lcpMs: 1801, tbtMs: 151, cls: 0.011 };
    const violations = checkBudgets(results);
    expect(violations.map((v) => v.what)).toEqual([
      '/courses JS + CSS (gzip)',
      '/courses LCP',
      '/courses TBT',
      '/courses CLS',
    ]);
    expect(violations.map((v) => v.limit)).toEqual([160, 1800, 150, 0.01]);
  });

  it('holds at exactly the signed-in limits', () => {
    const results = passing();
    results.routes[1]!.jsCssGzip = 160 * KB;
    results.lighthouse[1] = { ...results.lighthouse[1]!, lcpMs: 1800, tbtMs: 150, cls: 0.01 };
    expect(checkBudgets(results)).toEqual([]);
  });

  it('fails an interaction over 200 ms INP and a warm reload over 1 s LCP', () => {
    const results = passing();
    results.interactions![0]!.inpMs = 201;
    results.warm![0]!.lcpMs = 1001;
    expect(checkBudgets(results).map((v) => `${v.what} ≤ ${v.limit}`)).toEqual([
      'open a course from /courses INP ≤ 200',
      '/courses warm reload LCP ≤ 1000',
    ]);
    const table = formatTable(results);
    expect(table).toMatch(/\| open a course from \/courses \| 201 ✗ \| 600 \|/);
    expect(table).toMatch(/\| \/courses \| 1\.00 ✗ \|/);
  });

  it('fails when /login was not measured at all', () => {
    const results = passing();
    results.routes = results.routes.filter((r) => r.path !== '/login');
    results.lighthouse = results.lighthouse.filter((l) => l.path !== '/login');
    expect(checkBudgets(results).map((v) => v.what)).toEqual([
      '/login was not measured',
      'Lighthouse did not run on /login',
    ]);
  });

  it('marks the broken values in the table it prints', () => {
    const results = passing();
    results.routes[0]!.jsCssGzip = 120 * KB;
    results.lighthouse[0]!.lcpMs = 1500;
    const table = formatTable(results);
    expect(table).toMatch(/\| \/login +\|.*\| +120\.0 ✗ \|.*\| +1\.50 ✗ \|/);
    expect(table).toContain(`index.html: 3.0 KB gzip (budget ${BUDGETS.indexHtmlKB} KB)`);
    const withDocument = formatTable({ ...results, documents: [{ file: 'grades.html', gzipBytes: 15 * KB }] });
    expect(withDocument).toContain(`grades.html: 15.0 KB gzip ✗ (budget ${BUDGETS.indexHtmlKB} KB)`);
  });

  it('counts the next screens’ code fetched in idle time on its own line, with its own 80 KB budget', () => {
    const results = passing();
    // 150 KB in all, 30 KB of them the next screens': the screen's own 120 KB hold.
    results.routes[1]!.jsCssGzip = 150 * KB;
    results.routes[1]!.prefetchedGzip = 30 * KB;
    expect(checkBudgets(results)).toEqual([]);
    const table = formatTable(results);
    expect(table).toMatch(/\| \/courses +\|.*\| +120\.0 \| +30\.0 \|/);
    expect(table).toContain("the next screens' code asked for in idle time");
    // Over either budget: each says which.
    results.routes[1]!.jsCssGzip = 161 * KB + 81 * KB;
    results.routes[1]!.prefetchedGzip = 81 * KB;
    expect(checkBudgets(results).map((v) => `${v.what} ≤ ${v.limit}`)).toEqual([
      '/courses JS + CSS (gzip) ≤ 160',
      "/courses next screens' code (gzip) ≤ 80",
    ]);
    expect(formatTable(results)).toMatch(/\| \/courses +\|.*\| +161\.0 ✗ \| +81\.0 ✗ \|/);
  });

  it('fails a screen whose content is visible later than 2.5 s cold or 0.8 s warm, and prints the ranges', () => {
    const results = passing();
    const row = (cold: number[], warm: number[]) => ({
      name: '/grades',
      path: '/grades',
      runs: cold.length,
      coldMs: median(cold),
      warmMs: median(warm),
      cold,
      warm,
    });
    results.visible = [row([2000, 2500, 2400], [700, 800, 600])];
    expect(checkBudgets(results)).toEqual([]);
    results.visible = [row([2600, 2501, 2400], [900, 801, 600])];
    expect(checkBudgets(results).map((v) => `${v.what} ≤ ${v.limit}`)).toEqual([
      '/grades content visible, cold ≤ 2500',
      '/grades content visible, warm ≤ 800',
    ]);
    expect(formatTable(results)).toContain('| /grades | 2.50 ✗ | 2.40–2.60 | 0.80 ✗ | 0.60–0.90 |');
  });

  it('prints the benchmarkIndex of each Lighthouse run, so that two machines can be told apart', () => {
    const results = passing();
    results.lighthouse[1] = { ...results.lighthouse[1]!, benchmarkIndex: [1510.2, 1490, null] };
    expect(formatTable(results)).toMatch(/\| \/courses +\|.*\| +1510 1490 \? \|/);
  });

  it('takes medians of the runs', () => {
    expect(median([3, 1, 2, 5, 4])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('bench CDN', () => {
  it('serves brotli, else gzip, by Accept-Encoding', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding(undefined)).toBe('identity');
  });

  it('caches hashed assets for a year and never index.html or the service worker', () => {
    expect(cacheControlFor('/assets/index-abc123.js', 'text/javascript')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/courses', 'text/html; charset=UTF-8')).toBe('no-cache');
    expect(cacheControlFor('/sw.js', 'text/javascript')).toBe('no-cache');
    expect(cacheControlFor('/favicon.svg', 'image/svg+xml')).toBeNull();
  });
});

describe('bench trace', () => {
  it('finds the main thread long tasks and what ran longest inside them', async () => {
    const { longTasks, formatLongTasks } = await import('../../scripts/bench/trace');
    const main = { pid: 1, tid: 2 };
    const events = [
      { ...main, name: 'thread_name', ph: 'M', ts: 0, args: { name: 'CrRendererMain' } },
      // A long task (120 ms) evaluating the vendor chunk, and a short one (30 ms) that is not listed.
      { ...main, name: 'RunTask', ph: 'X', ts: 1_000, dur: 120_000 },
      {
        ...main,
        name: 'EvaluateScript',
        ph: 'X',
        ts: 2_000,
        dur: 100_000,
        args: { data: { url: 'https://cdn/assets/vendor.js' } },
      },
      {
        ...main,
        name: 'FunctionCall',
        ph: 'X',
        ts: 3_000,
        dur: 50_000,
        args: { data: { url: 'https://cdn/assets/vendor.js' } },
      },
      { ...main, name: 'Layout', ph: 'X', ts: 105_000, dur: 10_000 },
      { ...main, name: 'RunTask', ph: 'X', ts: 200_000, dur: 30_000 },
      // CPU profile: 80 ms in vendor.js render(), 10 ms in index.js start().
      { ...main, name: 'Profile', ph: 'P', ts: 0, id: '0x1', args: { data: { startTime: 2_000 } } },
      {
        ...main,
        name: 'ProfileChunk',
        ph: 'P',
        ts: 0,
        id: '0x1',
        args: {
          data: {
            cpuProfile: {
              nodes: [
                { id: 1, callFrame: { functionName: '(root)' } },
                { id: 2, parent: 1, callFrame: { functionName: 'render', url: 'https://cdn/assets/vendor.js' } },
                { id: 3, parent: 1, callFrame: { functionName: 'start', url: 'https://cdn/assets/index.js' } },
              ],
              samples: [2, 3, 3],
            },
            timeDeltas: [0, 80_000, 10_000],
          },
        },
      },
    ];
    const tasks = longTasks(events);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.durationMs).toBe(120);
    // Nested script events count once, at the outermost.
    expect(tasks[0]!.inside).toEqual([
      { what: 'script /assets/vendor.js', ms: 100 },
      { what: 'layout', ms: 10 },
    ]);
    expect(tasks[0]!.hot[0]).toEqual({ what: 'vendor.js render', ms: 80 });
    expect(formatLongTasks('/courses', tasks)).toContain('1 long task(s), blocking time 70 ms');
  });
});
