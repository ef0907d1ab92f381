// Mutation testing of the machines by the generated path tests ALONE (test/paths/**): the
// second score of `npm run test:mutation` (scripts/mutation.mjs runs stryker.config.mjs, then
// this). Same mutants as stryker.config.mjs; only the tests differ (vitest.paths-mutation.config.ts).
// Scope a run with `npx stryker run stryker.paths.config.mjs --mutate src/machines/cooldown.machine.ts`.
import machines from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...machines,
  vitest: { configFile: 'vitest.paths-mutation.config.ts', related: true },
  htmlReporter: { fileName: 'reports/mutation-paths/index.html' },
  jsonReporter: { fileName: 'reports/mutation-paths/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
};
