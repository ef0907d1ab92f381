/**
 * Vitest reporter used only by mutation testing (vitest.mutation.config.ts).
 *
 * Stryker's vitest runner (9.6) builds a mutant's result from the tests vitest collected. A
 * mutant that makes a machine definition throw on import (e.g. `states: {}`, so a transition's
 * target no longer exists) stops the test file from loading: vitest collects no test in it, no
 * test "failed", and Stryker reports the mutant Survived although the suite catches it
 * (stryker-js issue 6150). This reporter gives every test file that failed without any test one
 * failed test carrying the load error, so such a mutant counts as Killed. A file that loaded is
 * left as it is.
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';

interface RawTask {
  type: string;
  id: string;
  name: string;
  mode: string;
  tasks?: RawTask[];
  file?: RawTask;
  suite?: RawTask;
  meta: Record<string, unknown>;
  result?: { state?: string; errors?: { message?: string }[] };
}

export default class UnloadableFileAsFailedTest implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>) {
    const files = (this.vitest?.state.getFiles() ?? []) as unknown as RawTask[];
    for (const file of files) {
      if (file.result?.state !== 'fail' || (file.tasks ?? []).length > 0) continue;
      const errors = file.result.errors?.length ? file.result.errors : [{ message: 'the test file failed to load' }];
      file.tasks = [
        {
          type: 'test',
          id: `${file.id}_load`,
          name: 'loads the test file',
          mode: 'run',
          file,
          suite: file,
          meta: {},
          result: { state: 'fail', errors },
        },
      ];
    }
  }
}
