// Mutation testing of the XState machines: `npm run test:mutation`.
// Not part of `npm test` (minutes, not seconds): see docs/testing.md.
// Scope a run with `npm run test:mutation -- --mutate src/machines/cooldown.machine.ts`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './stryker.ignorers.mjs'],
  ignorers: ['machine-descriptions'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: ['src/machines/**/*.machine.ts'],
  coverageAnalysis: 'perTest',
  // The machine is shared with others: one test process at a time.
  concurrency: 1,
  timeoutMS: 10000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // Not copied into the sandbox: build and test outputs (other runs rewrite them meanwhile).
  ignorePatterns: ['dist', 'test-results', 'playwright-report', '.tmp', '.data', 'coverage'],
  cleanTempDir: true,
  thresholds: { high: 85, low: 70, break: null },
};
