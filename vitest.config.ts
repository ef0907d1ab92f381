import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test projects run by `npm test` (through scripts/test-all.mjs):
 * - unit: services, views and components in jsdom;
 * - machines: XState machines with a simulated clock;
 * - paths: model-based path tests generated from the machines (`npm run test:paths`);
 * - server: the reference platform API on a throwaway PGlite database.
 * End-to-end tests are Playwright's (playwright.config.ts).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // One test file per core. Vitest's default outside watch mode is one fewer than the cores:
    // one worker on this 2-core machine, 535 s for the whole suite instead of 287 s.
    maxWorkers: '100%',
    // Room for a few of Testing Library's waits (5 s each, test/setup-dom.ts) in one test while
    // both cores are busy; a test that hangs still fails.
    testTimeout: 15000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}', 'test/unit/**/*.test.{ts,tsx}'],
          exclude: ['src/machines/**'],
          setupFiles: ['test/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'jsdom',
          globals: true,
          include: ['src/machines/**/*.test.{ts,tsx}', 'test/machines/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'paths',
          environment: 'jsdom',
          globals: true,
          include: ['test/paths/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          globals: true,
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test-support/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
