/** The first line of an error message, without colour codes, at most 200 characters. */
export function firstLine(message?: unknown): string;
/** `<file> › <describe> › <test>` of each failed test of a Vitest JSON report, and each file that failed to load. */
export function vitestFailures(report: unknown, shorten?: (path: string) => string): string[];
/** `<file>:<line> › <describe> › <test> — <first error line>` of each unexpected test of a Playwright JSON report. */
export function playwrightFailures(report: unknown): string[];
/** The same naming for each test of a Playwright JSON report that failed, then passed on its retry ('flaky'). */
export function playwrightFlaky(report: unknown): string[];
