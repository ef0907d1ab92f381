#!/usr/bin/env node
/**
 * `npm test`: every test, in order, each even when an earlier one failed —
 *   1. Vitest (projects unit, machines, paths, server), JSON results in .tmp/;
 *   2. the generated-path coverage report (scripts/paths-report.mjs);
 *   3. Playwright end to end in Chromium (found by scripts/find-browser.mjs);
 *   4. the fault-injection suite (playwright.chaos.config.ts: the main journey under each CHAOS
 *      fault kind, with its own build and servers; it prints its per-kind summary);
 *   5. the machines' generated paths in the browser (playwright.paths.config.ts, it
 *      reuses the build of step 3, prints one line per machine, writes test-results/paths/ and
 *      fails when a state or transition was not reached in the browser).
 * Ends with the names of the tests that failed (one `✘ <file> › <title>` line each, so the end
 * of a CI log says which), then ONE plain line `N passed, N failed` (`, N skipped` when any),
 * and exits 1 when anything failed, a runner crashed, or a results file is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { findBrowser } from './find-browser.mjs';
import { playwrightFailures, playwrightFlaky, vitestFailures } from './test-results.mjs';

mkdirSync('.tmp', { recursive: true });
const VITEST_JSON = '.tmp/vitest-results.json';
const PLAYWRIGHT_JSON = '.tmp/playwright-results.json';
const CHAOS_JSON = '.tmp/playwright-chaos-results.json';
const PATHS_JSON = '.tmp/playwright-paths-results.json';
for (const file of [VITEST_JSON, PLAYWRIGHT_JSON, CHAOS_JSON, PATHS_JSON]) rmSync(file, { force: true });

const run = (label, command, args, env = {}) => {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
};

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
/** `<runner>: <file> › <test title>` of every test that failed, printed again at the end. */
const failures = [];
/** The same of every Playwright test that failed once and passed on its retry (counted as passed). */
const flaky = [];

// 1. Vitest
const vitestOk = run('Vitest', process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_JSON}`,
]);
if (existsSync(VITEST_JSON)) {
  const r = JSON.parse(readFileSync(VITEST_JSON, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  const shorten = (path) => relative(process.cwd(), path);
  for (const name of vitestFailures(r, shorten)) failures.push(`Vitest: ${name}`);
  if (!vitestOk && (r.numFailedTests ?? 0) === 0) problems.push('vitest exited non-zero');
} else {
  problems.push(`vitest wrote no ${VITEST_JSON}`);
}

// 2. Path coverage report (QA)
if (existsSync('scripts/paths-report.mjs')) {
  if (!run('Generated path coverage', process.execPath, ['scripts/paths-report.mjs'])) {
    problems.push('generated paths do not cover every state and transition');
  }
}

// 3. Playwright
let browser = null;
try {
  browser = await findBrowser();
  console.log(`\nChromium for end-to-end tests: ${browser}`);
} catch (error) {
  console.error(`\n${error.message}`);
  problems.push('no Chromium for the end-to-end tests');
}
/** Runs one Playwright config and adds its JSON report's counts. */
const playwright = (label, args, resultsFile, env = {}) => {
  const ok = run(label, process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...args], {
    CHROMIUM_PATH: browser,
    ...env,
  });
  if (existsSync(resultsFile)) {
    const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
    const s = report.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    for (const title of playwrightFailures(report)) failures.push(`${label}: ${title}`);
    for (const title of playwrightFlaky(report)) flaky.push(`${label}: ${title}`);
    if (!ok && (s.unexpected ?? 0) === 0) problems.push(`${label} exited non-zero`);
  } else {
    problems.push(`${label} wrote no ${resultsFile}`);
  }
};
if (browser) {
  playwright('Playwright', [], PLAYWRIGHT_JSON);
  // 4. Fault injection
  playwright('Playwright fault injection', ['-c', 'playwright.chaos.config.ts'], CHAOS_JSON);
  // 5. Generated paths in the browser, on the build of step 3 when there is one
  playwright('Playwright generated paths', ['-c', 'playwright.paths.config.ts'], PATHS_JSON, {
    E2E_SKIP_BUILD: existsSync('dist/index.html') ? '1' : '0',
  });
}

// A test that passed only on its retry does not fail the run, but is named: it is a race to chase.
if (flaky.length > 0) console.error(`\nPassed only on a retry — a race to chase (${flaky.length}):`);
for (const test of flaky) console.error(`  ⚠ ${test}`);
if (failures.length > 0) console.error(`\nFailed tests (${failures.length}):`);
for (const failure of failures) console.error(`  ✘ ${failure}`);
for (const problem of problems) console.error(`FAILED: ${problem}`);
if (problems.length > 0 && failed === 0) failed = problems.length;
console.log('');
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
