/**
 * Generated paths of the machines replayed in real Chromium (`npm run
 * test:paths:e2e`): test/paths-e2e/, against a fresh reference server started (and the app
 * built) by the end-to-end global setup. Its reporter writes test-results/paths/index.html, prints
 * one line per machine and fails the run when a state or transition was not reached in the
 * browser. Separate from playwright.config.ts so that its report, budget and counts stay its own;
 * `npm test` (scripts/test-all.mjs) runs it after the other suites.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: 'test/paths-e2e',
  testMatch: '**/*.e2e.ts',
  // The e2e global setup, plus a temp folder for the app-update model's second build (./test/paths-e2e/global-setup.ts).
  globalSetup: './test/paths-e2e/global-setup.ts',
  outputDir: 'test-results/paths-e2e',
  workers: 1,
  // One retry: a test that passes only on it is named at the end of `npm test` ("Passed only on a
  // retry — a race to chase", docs/testing.md "Retries"); one that fails twice fails the run.
  retries: 1,
  timeout: 60_000,
  // 59 paths took 2 min 39 s on this busy 2-core machine; the 63 with app-update (its second build
  // included) 6 min 28 s at a far higher load; the cross-actor paths (./test/paths-e2e/app.e2e.ts)
  // add about 2 min (docs/testing.md): room for a slower run.
  globalTimeout: 900_000,
  expect: { timeout: 5_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: '.tmp/playwright-paths-results.json' }],
    ['./test/paths-e2e/reporter.ts'],
  ],
  use: { ...base.use, trace: 'off', screenshot: 'off', actionTimeout: 10_000, navigationTimeout: 20_000 },
});
