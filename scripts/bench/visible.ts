/**
 * Bench step "content visible" (docs/performance.md "Content visible"): the time from navigation
 * until the student's own content of a signed-in screen is painted — read from the app's User
 * Timing mark `content-visible:<screen>` (src/services/metrics/content-visible.ts, startTime in ms
 * since the navigation started) — throttled like a cheap phone (throttle.ts: 4× CPU, Lighthouse's
 * slow 4G), medians of N loads per screen:
 * - cold: a first visit — a new browser context each run (empty HTTP cache, no service worker,
 *   no saved reads), signed in by cookie;
 * - warm: a returning student — one context per screen whose service worker was installed and
 *   controls the page and whose reads were saved (IndexedDB) by a first, unthrottled visit; then
 *   N throttled reloads.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { median, type VisibleMedians } from './budgets';
import type { Cookie } from './routes';
import { phoneContext, serviceWorkerControls, throttle } from './throttle';

/** One screen to measure: its bench name, path, host's base URL and the mark it makes. */
export interface VisibleScreen {
  name: string;
  path: string;
  baseUrl: string;
  cookies: Cookie[];
  /** The `<screen>` of its `content-visible:<screen>` mark. */
  mark: string;
}

/** Longest wait for one load's mark, ms (a throttled cold load of a long list takes seconds). */
const MARK_TIMEOUT_MS = 60_000;

/**
 * Waits for `content-visible:<mark>` in `page` and returns its startTime (ms since navigation).
 * @throws when the mark does not come within {@link MARK_TIMEOUT_MS}.
 */
export async function markTime(page: Page, mark: string): Promise<number> {
  const name = `content-visible:${mark}`;
  const handle = await page.waitForFunction(
    (n) => performance.getEntriesByName(n, 'mark')[0]?.startTime ?? null,
    name,
    { timeout: MARK_TIMEOUT_MS, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * A returning student's page in `context` (service workers allowed): a first, unthrottled visit
 * of `url` installs the service worker and saves the reads, then the page is throttled like a
 * phone, ready for warm reloads.
 * @param mark the screen's content-visible mark, awaited on the first visit (null: none).
 * @throws when the mark does not come or no service worker takes control within 60 s.
 */
export async function returningStudent(context: BrowserContext, url: string, mark: string | null): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  if (mark !== null) await markTime(page, mark);
  await serviceWorkerControls(page);
  // The reads are saved at most once a second after they change: let the first visit settle.
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(1_500);
  await throttle(context, page);
  return page;
}

/**
 * Measures each screen cold then warm, `runs` times each.
 * @returns one row of medians per screen, in order.
 * @throws when a mark never comes (the screen failed to show its content) or no service worker
 *   takes control for the warm loads within 60 s.
 */
export async function measureContentVisible(options: {
  browser: Browser;
  screens: VisibleScreen[];
  runs: number;
  onRun?: (screen: VisibleScreen, kind: 'cold' | 'warm', ms: number, index: number) => void;
}): Promise<VisibleMedians[]> {
  const out: VisibleMedians[] = [];
  for (const screen of options.screens) {
    const url = `${screen.baseUrl}${screen.path}`;
    const cold: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      const context = await phoneContext(options.browser, screen.cookies, 'block');
      try {
        const page = await context.newPage();
        await throttle(context, page);
        await page.goto(url, { waitUntil: 'commit', timeout: MARK_TIMEOUT_MS });
        const ms = await markTime(page, screen.mark);
        cold.push(ms);
        options.onRun?.(screen, 'cold', ms, i);
      } finally {
        await context.close();
      }
    }
    const warm: number[] = [];
    const context = await phoneContext(options.browser, screen.cookies, 'allow');
    try {
      const page = await returningStudent(context, url, screen.mark);
      for (let i = 0; i < options.runs; i++) {
        await page.reload({ waitUntil: 'commit', timeout: MARK_TIMEOUT_MS });
        const ms = await markTime(page, screen.mark);
        const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
        if (!controlled) throw new Error(`${screen.name}: the reload was not served by the service worker`);
        warm.push(ms);
        options.onRun?.(screen, 'warm', ms, i);
      }
    } finally {
      await context.close();
    }
    out.push({
      name: screen.name,
      path: screen.path,
      runs: options.runs,
      coldMs: median(cold),
      warmMs: median(warm),
      cold,
      warm,
    });
  }
  return out;
}

/**
 * The mark a bench screen makes, by its path: '/home' → 'home', '/courses/1' → 'course', a
 * learning object → 'learning-object', '/conta' → 'account'…
 * @returns null for a screen without one (/login).
 */
export function markOf(path: string): string | null {
  if (/\/learningObjects\/\d+/.test(path)) return 'learning-object';
  if (/^\/courses\/\d+\/modules\/\d+/.test(path)) return 'module';
  if (/^\/courses\/\d+/.test(path)) return 'course';
  const byPath: Record<string, string> = {
    '/home': 'home',
    '/courses': 'courses',
    '/grades': 'grades',
    '/attachments': 'attachments',
    '/finances': 'finances',
    '/conta': 'account',
  };
  return byPath[path.split('?')[0]!] ?? null;
}
