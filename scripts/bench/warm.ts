/**
 * Bench step "repeat visits" (docs/performance.md): a warm reload of a signed-in screen — the
 * service worker installed and controlling the page, its precache and the HTTP cache warm, the
 * persisted queries in IndexedDB — throttled like a cheap phone (throttle.ts). LCP is read in the
 * page with a `PerformanceObserver` on 'largest-contentful-paint' (buffered), the last entry
 * before the page settles. Medians of N reloads per page.
 */
import type { Browser } from '@playwright/test';
import { median } from './budgets';
import type { Cookie } from './routes';
import { phoneContext, serviceWorkerControls, throttle } from './throttle';

/** A page to reload warm. */
export interface WarmPage {
  name: string;
  path: string;
}

/** Medians of one page's warm reloads, ms. */
export interface WarmMedians {
  name: string;
  path: string;
  runs: number;
  lcpMs: number;
}

const LCP_OBSERVER = `
window.__lcp = null;
new PerformanceObserver((list) => {
  const entries = list.getEntries();
  window.__lcp = entries[entries.length - 1].startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/**
 * Loads each page once unthrottled until the service worker controls it, then reloads it `runs`
 * times throttled and reads LCP.
 * @throws when no service worker takes control within 60 s (the build has none?) or a reload
 *   does not render the screen's heading.
 */
export async function measureWarmReloads(options: {
  browser: Browser;
  baseUrl: string;
  cookies: Cookie[];
  pages: WarmPage[];
  runs: number;
  onRun?: (page: WarmPage, lcpMs: number, index: number) => void;
}): Promise<WarmMedians[]> {
  const out: WarmMedians[] = [];
  for (const warm of options.pages) {
    const context = await phoneContext(options.browser, options.cookies, 'allow');
    try {
      await context.addInitScript({ content: LCP_OBSERVER });
      const page = await context.newPage();
      await page.goto(`${options.baseUrl}${warm.path}`, { waitUntil: 'load' });
      await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 60_000 });
      await serviceWorkerControls(page);
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
      await throttle(context, page);
      const runs: number[] = [];
      for (let i = 0; i < options.runs; i++) {
        await page.reload({ waitUntil: 'load', timeout: 60_000 });
        await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 60_000 });
        await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
        const lcp = await page.evaluate(() => (window as unknown as { __lcp: number | null }).__lcp);
        if (lcp === null) throw new Error(`${warm.name}: no largest-contentful-paint entry`);
        const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
        if (!controlled) throw new Error(`${warm.name}: the reload was not served by the service worker`);
        runs.push(lcp);
        options.onRun?.(warm, lcp, i);
      }
      out.push({ name: warm.name, path: warm.path, runs: runs.length, lcpMs: median(runs) });
    } finally {
      await context.close();
    }
  }
  return out;
}
