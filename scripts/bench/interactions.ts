/**
 * Bench step "interactions" (docs/performance.md): the clicks students make most, in a real
 * Chromium throttled like a cheap phone on a weak mobile network (throttle.ts: Lighthouse's mobile
 * profile over CDP). For each click it reports, medians of N runs:
 *   - INP: the `web-vitals` library's `onINP` (attribution build, `reportAllChanges`), i.e. the
 *     interaction's duration from input to the next paint, with its input delay / processing /
 *     presentation split;
 *   - click → next screen: from the click's `pointerdown` (`event.timeStamp`) to the first animation
 *     frame where what the click leads to is on screen (the next screen's heading, the status
 *     'Concluído', the Pix dialog), both on the page's own clock.
 * Each run is a fresh browser context (empty cache, no service worker: a first visit), signed in
 * with the student's cookies, opened and left to settle (network idle) before the click.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { median } from './budgets';
import type { Cookie } from './routes';
import { phoneContext, throttle } from './throttle';

/** What shows that a click got its answer: an element matching `selector` whose text contains `text`. */
export interface Expected {
  selector: string;
  text: string;
}

/** One interaction to measure. */
export interface Interaction {
  name: string;
  /** The page opened before the click (path). */
  start: string;
  /** Runs before each run (e.g. resets the lesson so 'Concluir' is offered again). */
  before?: () => Promise<void>;
  /**
   * Finds, on the settled start page, what to click and what its answer looks like.
   * @throws when the page is not as expected (e.g. the learning object already finished).
   */
  prepare: (page: Page) => Promise<{ click: Locator; expect: Expected; by?: 'pointer' | 'keyboard' }>;
}

/** One run's figures, ms. `inpMs` is null when web-vitals reported no interaction (under 16 ms). */
export interface InteractionRun {
  inpMs: number | null;
  toScreenMs: number;
  inputDelayMs: number | null;
  processingMs: number | null;
  presentationMs: number | null;
  target: string | null;
}

/** Medians of the runs of one interaction, ms. */
export interface InteractionMedians {
  name: string;
  runs: number;
  /** INP; an interaction web-vitals did not report (under its 16 ms floor) counts as 16. */
  inpMs: number;
  toScreenMs: number;
  inputDelayMs: number;
  processingMs: number;
  presentationMs: number;
  /** The element web-vitals attributes the slowest run to. */
  target: string | null;
}

const require = createRequire(import.meta.url);
/** web-vitals' attribution build as a classic script (defines `webVitals`). */
const webVitalsScript = () =>
  readFileSync(join(dirname(require.resolve('web-vitals')), 'web-vitals.attribution.iife.js'), 'utf8');

/** Collects INP and the click time in the page (runs before any of the app's code). */
const PAGE_HOOKS = `
window.__bench = { inp: null, clickAt: null };
addEventListener('pointerdown', (e) => { window.__bench.clickAt = e.timeStamp; }, { capture: true });
addEventListener('keydown', (e) => { window.__bench.clickAt = e.timeStamp; }, { capture: true });
webVitals.onINP((metric) => {
  const a = metric.attribution || {};
  window.__bench.inp = {
    value: metric.value,
    inputDelay: a.inputDelay ?? null,
    processing: a.processingDuration ?? null,
    presentation: a.presentationDelay ?? null,
    target: a.interactionTarget ?? null,
  };
}, { reportAllChanges: true, durationThreshold: 16 });
`;

/**
 * In the page: resolves with `performance.now()` of the first frame where `expected` is visible.
 * (A string, not a function: tsx's keep-names helper does not exist in the page.)
 */
function whenVisible(page: Page, expected: Expected): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const check = () => {
      const hit = [...document.querySelectorAll(${JSON.stringify(expected.selector)})].some(
        (el) => (el.textContent || '').includes(${JSON.stringify(expected.text)}) && el.getClientRects().length > 0,
      );
      if (hit) resolve(performance.now());
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

/**
 * Runs one interaction once.
 * @throws when the answer does not show within 30 s or the start page is not as expected.
 */
async function runOnce(browser: Browser, baseUrl: string, cookies: Cookie[], interaction: Interaction) {
  await interaction.before?.();
  const context = await phoneContext(browser, cookies, 'block');
  try {
    await context.addInitScript({ content: `${webVitalsScript()}\n${PAGE_HOOKS}` });
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(`${baseUrl}${interaction.start}`, { waitUntil: 'load', timeout: 60_000 });
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const { click, expect, by = 'pointer' } = await interaction.prepare(page);
    if (by === 'pointer') await click.scrollIntoViewIfNeeded();
    // Keyboard: focused where it is (no scroll), then Enter — as a keyboard user activates it.
    else await click.evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
    const shown = whenVisible(page, expect);
    shown.catch(() => undefined); // awaited below; a closed page must not be an unhandled rejection
    if (by === 'pointer') await click.click({ timeout: 30_000 });
    else await page.keyboard.press('Enter');
    const shownAt = await Promise.race([
      shown,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${interaction.name}: "${expect.text}" not shown within 30 s`)), 30_000),
      ),
    ]);
    // web-vitals reports once the interaction's event-timing entry is in (after the next paint).
    await page
      .waitForFunction(() => (window as unknown as { __bench: { inp: unknown } }).__bench.inp !== null, null, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    const bench = await page.evaluate(
      () =>
        (
          window as unknown as {
            __bench: {
              clickAt: number | null;
              inp: {
                value: number;
                inputDelay: number | null;
                processing: number | null;
                presentation: number | null;
                target: string | null;
              } | null;
            };
          }
        ).__bench,
    );
    if (bench.clickAt === null) throw new Error(`${interaction.name}: the click was not seen`);
    const run: InteractionRun = {
      inpMs: bench.inp?.value ?? null,
      toScreenMs: shownAt - bench.clickAt,
      inputDelayMs: bench.inp?.inputDelay ?? null,
      processingMs: bench.inp?.processing ?? null,
      presentationMs: bench.inp?.presentation ?? null,
      target: bench.inp?.target ?? null,
    };
    return run;
  } finally {
    await context.close();
  }
}

/**
 * Measures every interaction `runs` times.
 * @param onRun progress callback after each run.
 * @returns medians per interaction (an unreported INP counts as 16 ms, web-vitals' floor).
 */
export async function measureInteractions(options: {
  browser: Browser;
  baseUrl: string;
  cookies: Cookie[];
  interactions: Interaction[];
  runs: number;
  onRun?: (interaction: Interaction, run: InteractionRun, index: number) => void;
}): Promise<InteractionMedians[]> {
  const out: InteractionMedians[] = [];
  for (const interaction of options.interactions) {
    const runs: InteractionRun[] = [];
    for (let i = 0; i < options.runs; i++) {
      const run = await runOnce(options.browser, options.baseUrl, options.cookies, interaction);
      runs.push(run);
      options.onRun?.(interaction, run, i);
    }
    const num = (pick: (r: InteractionRun) => number | null) => median(runs.map((r) => pick(r) ?? 0));
    const slowest = [...runs].sort((a, b) => (b.inpMs ?? 0) - (a.inpMs ?? 0))[0];
    out.push({
      name: interaction.name,
      runs: runs.length,
      inpMs: median(runs.map((r) => r.inpMs ?? 16)),
      toScreenMs: num((r) => r.toScreenMs),
      inputDelayMs: num((r) => r.inputDelayMs),
      processingMs: num((r) => r.processingMs),
      presentationMs: num((r) => r.presentationMs),
      target: slowest?.target ?? null,
    });
  }
  return out;
}
