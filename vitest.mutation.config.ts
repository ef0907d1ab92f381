import { defineConfig } from 'vitest/config';
import UnloadableFileAsFailedTest from './test/mutation/unloadable-file-reporter';

/**
 * Vitest config used only by mutation testing (`npm run test:mutation`, stryker.config.mjs):
 * the machine tests of the `machines` project in vitest.config.ts, nothing else (Stryker's
 * vitest runner cannot pick a project). The machines are pure (no DOM: docs/architecture.md §D2), so these
 * run in Node without jsdom or the DOM setup file: Stryker reruns them for every mutant, and
 * jsdom would cost about a second each time. The extra reporter makes a test file that cannot
 * even load (a mutant broke the machine definition) count as a failed test.
 */
export default defineConfig({
  test: {
    name: 'machines',
    environment: 'node',
    globals: true,
    include: ['src/machines/**/*.test.{ts,tsx}', 'test/machines/**/*.test.{ts,tsx}'],
    reporters: ['default', new UnloadableFileAsFailedTest()],
  },
});
