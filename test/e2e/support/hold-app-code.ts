/**
 * Holding the app's code in an end-to-end test, to look at the early page (src/app/early-content.js,
 * docs/decisions/0014) before the app has taken over: nothing waits on time.
 */
import type { Page, Route } from '@playwright/test';

/**
 * Holds the app's libraries' chunk (`/assets/vendor-<hash>.js`) of every load of `page` until
 * `release()`: the app cannot start meanwhile.
 * @returns `release()`, which lets every held request (and every later one) through.
 */
export async function holdAppCode(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let releasing = false;
  await page.route(/\/assets\/vendor-[\w-]+\.js$/, async (route) => {
    if (releasing) await route.continue();
    else held.push(route);
  });
  return {
    release: async () => {
      releasing = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}
