/**
 * The fault-injection suite: the main journey in real Chromium against reference
 * servers started with `CHAOS` set, one per fault kind (test/e2e/chaos/). Separate from
 * playwright.config.ts so that its servers, build and time budget stay its own; `npm test`
 * (scripts/test-all.mjs) runs both and counts both. `npm run test:chaos` runs it alone.
 */
import { defineConfig } from '@playwright/test';
import { findBrowser } from './scripts/find-browser.mjs';
import base from './playwright.config';

const executablePath = await findBrowser();

export default defineConfig({
  ...base,
  testDir: 'test/e2e/chaos',
  testMatch: '**/*.chaos.ts',
  globalSetup: './test/e2e/chaos/global-setup.ts',
  workers: 1,
  // One retry: a test that passes only on it is named at the end of `npm test` ("Passed only on a
  // retry — a race to chase", docs/testing.md "Retries"); one that fails twice fails the run.
  retries: 1,
  // One journey per fault kind, with its own server; the whole suite's budget is 5 minutes.
  timeout: 150_000,
  globalTimeout: 300_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-chaos-results.json' }]],
  use: {
    ...base.use,
    baseURL: undefined,
    trace: 'retain-on-failure',
    launchOptions: { ...base.use?.launchOptions, executablePath },
  },
});
