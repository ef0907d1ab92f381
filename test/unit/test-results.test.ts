/**
 * `npm test` ends by naming what failed (scripts/test-results.mjs), so that the tail of a CI log
 * (all that is kept of a 20-minute run) says which test to look at. The reports read here were
 * written by the real runners (Vitest 4 `--reporter=json`, Playwright's `json` reporter) on a
 * file with one passing and two failing tests, and a file that does not load; and, with
 * `retries: 1`, on a file with a test that passes, one that passes only on its retry and one
 * that fails twice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstLine, playwrightFailures, playwrightFlaky, vitestFailures } from '../../scripts/test-results.mjs';

const report = (name: string) => JSON.parse(readFileSync(join(__dirname, '../fixtures/test-reports', name), 'utf8'));

describe('the failed tests npm test names at the end', () => {
  it('names each failed Vitest test by file, describe and title, and a file that did not load', () => {
    const shorten = (path: string) => path.replace('/repo/', '');
    expect(vitestFailures(report('vitest.json'), shorten)).toEqual([
      'test/unit/a.test.ts › group › fails',
      "test/unit/b.test.ts (the file failed: Cannot find module './missing-module' imported from /repo/test/unit/b.test.ts)",
    ]);
  });

  it('names each unexpected Playwright test with its line and the first line of its error', () => {
    const failures = playwrightFailures(report('playwright.json'));
    expect(failures).toHaveLength(2);
    expect(failures).toContain('a.spec.ts:6 › top fails — Error: boom');
    const grouped = failures.find((f) => f.includes('› group › fails'));
    expect(grouped).toMatch(/^a\.spec\.ts:4 › group › fails — Error: one is two/);
    // Colour codes from Playwright's messages are not printed
    expect(failures.join('\n').includes(String.fromCharCode(27))).toBe(false);
  });

  it('a test that passed only on its retry is named apart, with its first error; one that failed twice is a failure', () => {
    const retried = report('playwright-retries.json');
    expect(playwrightFailures(retried)).toEqual(['a.spec.ts:4 › fails twice — Error: boom']);
    const flaky = playwrightFlaky(retried);
    expect(flaky).toHaveLength(1);
    expect(flaky[0]).toMatch(/^a\.spec\.ts:3 › passes on its retry — Error: first try/);
    expect(playwrightFlaky(report('playwright.json'))).toEqual([]);
  });

  it('lists nothing when every test passed', () => {
    expect(vitestFailures({ testResults: [{ name: 'x', status: 'passed', assertionResults: [] }] })).toEqual([]);
    expect(playwrightFailures({ suites: [] })).toEqual([]);
  });

  it('keeps one short line of an error message', () => {
    expect(firstLine('\u001b[31mError\u001b[39m: x\nstack')).toBe('Error: x');
    expect(firstLine('y'.repeat(300))).toHaveLength(200);
    expect(firstLine(undefined)).toBe('');
  });
});
