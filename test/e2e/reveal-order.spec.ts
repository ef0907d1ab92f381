/**
 * No screen waits for a part below it (docs/performance.md): on a page load, a screen's main
 * content is put on screen before the code of a secondary, lazily loaded part (the "Vídeos curtos"
 * shelf under the course list, the storage section at the end of 'Minha conta') is even asked
 * for. React 18 used to keep the whole screen off screen until that code arrived or 500 ms had
 * passed since the loading text ("Carregando…") showed.
 *
 * Order, not time: when the part's chunk is requested, the request is held while the test looks at
 * the page — the main content must already be there.
 */
import { expect, test, type Page } from './support/fixtures';

/**
 * Holds the request of the chunk named `chunk` and notes whether, at that moment, the page
 * showed an element matching `selector` whose text contains `text`; then lets it through.
 * @returns what was seen (null until the chunk has been requested).
 */
async function shownWhenRequested(
  page: Page,
  chunk: string,
  selector: string,
  text: string,
): Promise<{ shown: () => boolean | null }> {
  let shown: boolean | null = null;
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
    shown ??= await page.evaluate(
      ({ css, wanted }) => [...document.querySelectorAll(css)].some((e) => e.textContent?.includes(wanted)),
      { css: selector, wanted: text },
    );
    await route.continue();
  });
  return { shown: () => shown };
}

test.beforeEach(async ({ page, signIn }) => {
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
});

test('a reload of /courses shows the course list before the short-videos shelf’s code is asked for', async ({
  page,
}) => {
  const seen = await shownWhenRequested(page, 'section', 'main a[href^="/courses/"]', 'Introdução à Informática');
  await page.goto('/courses');
  await expect(page.getByRole('link', { name: 'Introdução à Informática' })).toBeVisible();
  // The shelf still comes, under the list.
  await expect(page.getByRole('heading', { name: 'Vídeos curtos' })).toBeVisible();
  expect(seen.shown()).toBe(true);
});

test('a reload of /conta shows the page, and asks for the storage section’s code only once the student scrolls near it', async ({
  page,
}) => {
  const seen = await shownWhenRequested(page, 'storage-section', 'main h1', 'Minha conta');
  await page.goto('/conta');
  await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Dados pessoais' }).getByRole('textbox', { name: 'Nome', exact: true }),
  ).not.toHaveValue('');
  await page.waitForLoadState('networkidle');
  // The section is more than a screen below: its code is not asked for while nobody scrolls.
  expect(seen.shown()).toBeNull();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('region', { name: 'Armazenamento neste aparelho' })).toBeVisible();
  expect(seen.shown()).toBe(true);
});
