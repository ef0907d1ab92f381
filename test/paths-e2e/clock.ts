import type { Page } from '@playwright/test';

/**
 * Stops the page's Playwright clock about `aheadMs` ms (page time) from now: from here the
 * page's time passes only when a model says so (`page.clock.runFor`).
 *
 * `page.clock.pauseAt` needs a time in the future, but the page's clock keeps running between
 * reading `Date.now()` and the pause. On a busy machine more than `aheadMs` can pass in between;
 * Playwright then stops the clock where it is and throws 'Cannot fast-forward to the past'
 * (CI: session#15's setup). The clock is stopped either way, so the pause is asked again from
 * the stopped time, which cannot fail.
 * @param page the page whose clock `page.clock.install()` faked.
 * @param aheadMs how far ahead to stop, ms of page time (timers due before then fire once).
 * @returns the page time the clock stopped at, ms since the epoch.
 * @throws any other error of `pauseAt`.
 */
export async function pauseClockSoon(page: Page, aheadMs: number): Promise<number> {
  const at = (await page.evaluate(() => Date.now())) + aheadMs;
  try {
    await page.clock.pauseAt(at);
    return at;
  } catch (error) {
    if (!String(error).includes('Cannot fast-forward to the past')) throw error;
    const stopped = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(stopped);
    return stopped;
  }
}
