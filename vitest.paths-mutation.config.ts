import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import UnloadableFileAsFailedTest from './test/mutation/unloadable-file-reporter';

/**
 * A hand-written mutant (scripts/constant-mutants.mjs, `PATHS_MUTANT` = JSON `{ file, from, to }`):
 * the source of `file` with its one occurrence of `from` replaced by `to`, for this run only —
 * the mutants Stryker does not make (it has no mutator for numbers: each constant of the rules).
 */
function handWrittenMutant(): Plugin[] {
  if (!process.env.PATHS_MUTANT) return [];
  const { file, from, to } = JSON.parse(process.env.PATHS_MUTANT) as { file: string; from: string; to: string };
  return [
    {
      name: 'hand-written-mutant',
      enforce: 'pre',
      transform(code, id) {
        if (!id.split('?')[0]!.endsWith(file)) return null;
        if (code.split(from).length !== 2) throw new Error(`${file}: \`${from}\` must occur exactly once`);
        return code.replace(from, to);
      },
    },
  ];
}

/**
 * Vitest config used only by the mutation testing of the generated paths
 * (`npm run test:mutation`, stryker.paths.config.mjs): the `paths` project's files alone
 * (test/paths/**, the files of the root app machine included by the same glob), so that the
 * second score says what the generated paths kill without the hand-written machine tests.
 * The headless files run in Node; those that render a view need jsdom and the DOM setup file
 * (about a second per file and mutant). The extra reporter makes a test file that cannot even
 * load (a mutant broke the machine definition, so its plans cannot be generated) a failed test.
 */
/**
 * The paths of one machine (`<machine>.paths.test.*` beside `src/machines/<machine>.machine.ts`)
 * run before those across actors (the root app machine's): with Stryker's bail, a mutant they
 * kill never waits for the longer cross-actor file.
 */
class OneMachineFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const oneMachine = (spec: TestSpecification) => {
      const name = basename(spec.moduleId).replace(/\.paths\.test\.tsx?$/, '');
      return existsSync(`src/machines/${name}.machine.ts`) && name !== 'app';
    };
    const sorted = await super.sort(files);
    return [...sorted.filter(oneMachine), ...sorted.filter((spec) => !oneMachine(spec))];
  }
}

/** Test files left out (comma-separated globs, `PATHS_MUTATION_EXCLUDE`): e.g. one that fails today, which stops Stryker's first run. */
const excluded = (process.env.PATHS_MUTATION_EXCLUDE ?? '').split(',').filter(Boolean);

export default defineConfig({
  plugins: [react(), ...handWrittenMutant()],
  test: {
    reporters: ['default', new UnloadableFileAsFailedTest()],
    sequence: { sequencer: OneMachineFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'paths-headless',
          environment: 'node',
          globals: true,
          include: ['test/paths/**/*.test.ts'],
          exclude: excluded,
        },
      },
      {
        extends: true,
        test: {
          name: 'paths-views',
          environment: 'jsdom',
          globals: true,
          include: ['test/paths/**/*.test.tsx'],
          exclude: excluded,
          setupFiles: ['test/setup-dom.ts'],
        },
      },
    ],
  },
});
