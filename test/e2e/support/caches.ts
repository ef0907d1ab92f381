/**
 * Reading the page's Cache Storage from a test without changing it.
 *
 * `caches.open(name)` creates the cache when it does not exist: a check that opened every cache
 * while the app deletes one ('Sair') would bring it back and make the app look wrong. These
 * helpers open only the caches asked for, and list names without opening anything.
 */
import type { Page } from '@playwright/test';

/** Cache name → the URLs it holds, for the caches whose names start with `prefix` (default: all). */
export const cachedUrls = (page: Page, prefix = '') =>
  page.evaluate(async (only) => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith(only)) continue;
      out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    }
    return out;
  }, prefix);

/** The names of the caches (nothing opened). */
export const cacheNames = (page: Page) => page.evaluate(() => caches.keys());
