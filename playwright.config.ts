/**
 * End-to-end tests in real Chromium (Debian's, found by scripts/find-browser.mjs) against
 * the reference server started fresh by test/e2e/support/global-setup.ts.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './scripts/find-browser.mjs';

const executablePath = await findBrowser();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/support/global-setup.ts',
  workers: 1,
  // One retry: a test that passes only on it is named at the end of `npm test` ("Passed only on a
  // retry — a race to chase", docs/testing.md "Retries"); one that fails twice fails the run.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'pt-BR',
    // The service worker is exercised by the offline/PWA specs (`test.use({ serviceWorkers:
    // 'allow' })`); elsewhere it stays out of the way of page.route() and of timing.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
    },
  },
});
