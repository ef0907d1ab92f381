/**
 * Step 2 of the bench: Lighthouse's mobile profile (default simulated throttling:
 * 150 ms RTT, 1.6 Mbps, 4× CPU slowdown) run N times per page; per-metric medians.
 *
 * Signed-in pages need the session cookie `token` (and the cached `user`), which the app reads in
 * the page (js-cookie): an `extraHeaders` Cookie would reach the server but not `document.cookie`.
 * So one Chromium is launched with a debugging port (chrome-launcher), the student signs in
 * through the real /login form over CDP (Playwright `connectOverCDP`, `signInCookies`), and the
 * Lighthouse CLI runs against that browser (`--port`). Lighthouse clears the cache and the
 * origin's storage before each run, but not cookies.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { median, type LighthouseMedians } from './budgets';
import { CHROMIUM_ARGS, signInCookies } from './routes';

/** One page to audit. */
export interface PageToAudit {
  /** Unique: results are matched by name (several students may open the same path). */
  name: string;
  path: string;
  signedIn: boolean;
  /** Where to open it (a brand is chosen by host); default `auditPages`' `baseUrl`. */
  baseUrl?: string;
  /** Who signs in for it; default `auditPages`' `credentials`. */
  credentials?: { username: string; password: string };
}

/** The metrics of one Lighthouse run. Times in ms, score 0–100. */
export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's `environment.benchmarkIndex` of the run: how fast this machine ran its fixed
   * JavaScript benchmark (higher = faster). Figures from two machines compare only alongside it.
   */
  benchmarkIndex: number | null;
}

interface LhJson {
  runtimeError?: { code: string; message: string };
  requestedUrl?: string;
  finalDisplayedUrl?: string;
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  environment?: { benchmarkIndex?: number };
}

/**
 * Reads the metrics out of a Lighthouse JSON report.
 * @throws Error when the run failed (runtimeError, no performance score) or the page ended on
 *   another path than the one asked for (a signed-in page sent to /login).
 */
export function readRun(json: LhJson): LighthouseRun {
  if (json.runtimeError) throw new Error(`Lighthouse: ${json.runtimeError.code} ${json.runtimeError.message}`);
  // A signed-in page that ended on /login (no session) would measure the wrong page.
  if (json.requestedUrl && json.finalDisplayedUrl) {
    const asked = new URL(json.requestedUrl).pathname;
    const shown = new URL(json.finalDisplayedUrl).pathname;
    if (asked !== shown) throw new Error(`Lighthouse: ${asked} ended on ${shown}`);
  }
  const score = json.categories.performance.score;
  if (score === null) throw new Error('Lighthouse: no performance score');
  const value = (id: string) => {
    const n = json.audits[id]?.numericValue;
    if (typeof n !== 'number') throw new Error(`Lighthouse: no ${id}`);
    return n;
  };
  return {
    score: Math.round(score * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    benchmarkIndex: json.environment?.benchmarkIndex ?? null,
  };
}

/**
 * Runs the Lighthouse CLI once against the browser on `port`.
 * @param saveAs writes the full JSON report there when given.
 * @param artifacts with `saveAs`: Lighthouse's artifacts (the trace, the network log) go to the
 *   folder of that name without `.json` (`-GA`: gather, save, audit).
 * @throws when it fails.
 */
function runLighthouse(url: string, port: number, saveAs?: string, artifacts = false): Promise<LighthouseRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        'node_modules/lighthouse/cli/index.js',
        url,
        `--port=${port}`,
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--max-wait-for-load=45000',
        ...(saveAs && artifacts ? [`-GA=${saveAs.replace(/\.json$/, '')}`] : []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`));
      try {
        if (saveAs) writeFileSync(saveAs, out);
        resolve(readRun(JSON.parse(out) as LhJson));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/**
 * Audits every page `runs` times (signed-out pages first, then the cookie is set).
 * @param onRun progress callback after each run.
 * @returns per page, the medians of score, FCP, LCP, TBT and CLS.
 */
export async function auditPages(options: {
  executablePath: string;
  baseUrl: string;
  credentials: { username: string; password: string };
  pages: PageToAudit[];
  runs: number;
  onRun?: (page: PageToAudit, run: LighthouseRun, index: number) => void;
  /** Folder to keep every run's JSON report in (`<page name>-<n>.json`). */
  reportsDir?: string;
  /** With `reportsDir`: also keep each run's artifacts (trace, network log) in `<page name>-<n>/`. */
  artifacts?: boolean;
}): Promise<LighthouseMedians[]> {
  if (options.reportsDir) mkdirSync(options.reportsDir, { recursive: true });
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  const chrome = await launch({
    chromePath: options.executablePath,
    userDataDir,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const jar = cdp.contexts()[0];
    if (!jar) throw new Error('Chromium has no default context');
    const ordered = [...options.pages].sort((a, b) => Number(a.signedIn) - Number(b.signedIn));
    const results: LighthouseMedians[] = [];
    for (const page of ordered) {
      await jar.clearCookies();
      const base = page.baseUrl ?? options.baseUrl;
      if (page.signedIn) await signInCookies(jar, base, page.credentials ?? options.credentials);
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < options.runs; i++) {
        const saveAs = options.reportsDir
          ? `${options.reportsDir}/${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${i + 1}.json`
          : undefined;
        const run = await runLighthouse(`${base}${page.path}`, chrome.port, saveAs, options.artifacts);
        runs.push(run);
        options.onRun?.(page, run, i);
      }
      results.push({
        name: page.name,
        path: page.path,
        signedIn: page.signedIn,
        runs: runs.length,
        score: median(runs.map((r) => r.score)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        benchmarkIndex: runs.map((r) => r.benchmarkIndex),
      });
    }
    // Back in the order asked for.
    return options.pages.map((p) => results.find((r) => r.name === p.name)!);
  } finally {
    await cdp.close().catch(() => undefined);
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
