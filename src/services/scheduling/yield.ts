/**
 * Cooperative scheduling for the app's startup (docs/performance.md: Total Blocking Time ≤ 50 ms on a
 * phone 4× slower than a laptop). Long startup work is cut into tasks so that the browser can
 * paint and answer taps between them.
 */

interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and resumes in a new one: `scheduler.yield()` where the browser has it
 * (the continuation keeps its priority, Chromium 129+), else a `setTimeout(0)` task.
 * @returns a promise that resolves in a later task; never rejects.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield().catch(() => undefined);
  return new Promise((resume) => setTimeout(resume, 0));
}

/**
 * Loads the engine's ICU locale data (the first `Intl` call of a page costs ~15 ms on a laptop,
 * ~60 ms on a slow phone) in a task of its own, so that react-intl's first render — which checks
 * `Intl.NumberFormat.supportedLocalesOf` — does not add it to the task that renders the page.
 * The page's loader (src/app/entry-loader.js) makes the same calls for `<html lang>` while the
 * code downloads: then this takes ~1 ms (it still covers a language chosen after the pre-paint).
 * @param locale the BCP 47 tag the app renders in (e.g. 'pt-BR').
 */
export function warmUpIntl(locale: string): void {
  try {
    Intl.NumberFormat.supportedLocalesOf(locale);
    Intl.DateTimeFormat.supportedLocalesOf(locale);
  } catch {
    // An engine without Intl data: react-intl reports it itself.
  }
}
