/**
 * Reading the runners' JSON reports for `npm test` (scripts/test-all.mjs): which tests failed,
 * named the way QA finds them (`<file>:<line> › <describe> › <test> — <first error line>`), so
 * the end of a CI log says what failed without scrolling back through 20 minutes of output.
 */

/** Control sequences (colours) that Playwright leaves in error messages. */
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * The first line of an error message, without colours, at most 200 characters.
 * @param {unknown} message
 * @returns {string}
 */
export const firstLine = (message = '') =>
  String(message ?? '')
    .replace(ANSI, '')
    .split('\n')[0]
    .slice(0, 200);

/**
 * The failed tests of a Vitest JSON report (`--reporter=json`): one entry per failed test,
 * `<file> › <describe> › <test>`, and one per file that failed without a failed test (it did
 * not load, or a hook threw), `<file> (the file failed: <message>)`.
 * @param {{ testResults?: Array<{ name?: string, status?: string, message?: string,
 *   assertionResults?: Array<{ status?: string, title?: string, ancestorTitles?: string[] }> }> }} report
 * @param {(path: string) => string} [shorten] turns an absolute file path into what is printed
 * @returns {string[]}
 */
export const vitestFailures = (report, shorten = (path) => path) => {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = shorten(file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) out.push([name, ...(t.ancestorTitles ?? []), t.title].join(' › '));
    if (file.status === 'failed' && failed.length === 0) {
      out.push(`${name} (the file failed: ${firstLine(file.message)})`);
    }
  }
  return out;
};

/**
 * The failed tests of a Playwright JSON report (`reporter: json`): every test whose outcome was
 * 'unexpected' (failed, timed out, interrupted; a test that passed on a retry is 'flaky' and not
 * listed), `<file>:<line> › <describe> › <test> — <first line of its first error>`.
 * @param {{ suites?: Array<object> }} report
 * @returns {string[]}
 */
export const playwrightFailures = (report) => testsWithOutcome(report, 'unexpected');

/**
 * The tests of a Playwright JSON report that failed and then passed on their retry (outcome
 * 'flaky'), named as `playwrightFailures` names failures, with the first try's first error. They
 * do not fail `npm test`, but each is a race to chase (docs/testing.md "Retries").
 * @param {{ suites?: Array<object> }} report
 * @returns {string[]}
 */
export const playwrightFlaky = (report) => testsWithOutcome(report, 'flaky');

/** The tests of a Playwright JSON report whose outcome is `outcome`, named with their first error. */
const testsWithOutcome = (report, outcome) => {
  const out = [];
  const walk = (suite, titles, isFile) => {
    const here = isFile || !suite.title ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== outcome) continue;
        const errors = (test.results ?? []).flatMap((r) => r.errors ?? (r.error ? [r.error] : []));
        const where = `${spec.file}:${spec.line}`;
        const error = errors[0] ? ` — ${firstLine(errors[0].message)}` : '';
        out.push(`${[where, ...here, spec.title].join(' › ')}${error}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here, false);
  };
  for (const suite of report.suites ?? []) walk(suite, [], true);
  return out;
};
