/**
 * No screen waits for a part below it (docs/performance.md): on a page load, a screen's main
 * content is put on screen before the code of a secondary, lazily loaded part (the "Vídeos curtos"
 * shelf under the course list, the storage section at the end of 'Minha conta') is even asked
 * for. React 18 used to keep the whole screen off screen until that code arrived or 500 ms had
 * passed since the loading text ("Carregando…") showed.
 *
 * Order, not time: the page notes (performance.now) when the content first appears in the DOM,
 * and the browser notes when each chunk's request started; the first must come before the second.
 */
import { expect, test, type Page } from './support/fixtures';

/**
 * Notes, in `window.__shownAt`, when an element matching `selector` whose text is `text` first
 * appears in the document (the static /login in index.html has a `main h1` of its own).
 */
async function noteWhenShown(page: Page, selector: string, text: string): Promise<void> {
  await page.addInitScript(
    ({ css, wanted }) => {
      const w = window as unknown as { __shownAt?: number };
      new MutationObserver((_, observer) => {
        if (w.__shownAt !== undefined) return;
        if ([...document.querySelectorAll(css)].some((element) => element.textContent?.includes(wanted))) {
          w.__shownAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    },
    { css: selector, wanted: text },
  );
}

/** When the page first showed the content, and when the request of the chunk named `chunk` started. */
async function order(page: Page, chunk: string): Promise<{ shown: number; requested: number }> {
  await expect
    .poll(() =>
      page.evaluate(
        (name) => performance.getEntriesByType('resource').some((e) => e.name.includes(`/assets/${name}-`)),
        chunk,
      ),
    )
    .toBe(true);
  return page.evaluate((name) => {
    const shown = (window as unknown as { __shownAt?: number }).__shownAt ?? Number.NaN;
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(`/assets/${name}-`));
    return { shown, requested: entry?.startTime ?? Number.NaN };
  }, chunk);
}

test.beforeEach(async ({ page, signIn }) => {
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
});

test('a reload of /courses shows the course list before the short-videos shelf’s code is asked for', async ({
  page,
}) => {
  await noteWhenShown(page, 'main a[href^="/courses/"]', 'Introdução à Informática');
  await page.goto('/courses');
  await expect(page.getByRole('link', { name: 'Introdução à Informática' })).toBeVisible();
  // The shelf still comes, under the list.
  await expect(page.getByRole('heading', { name: 'Vídeos curtos' })).toBeVisible();
  const { shown, requested } = await order(page, 'section');
  expect(shown).toBeLessThan(requested);
});

test('a reload of /conta shows the page before the storage section’s code is asked for', async ({ page }) => {
  await noteWhenShown(page, 'main h1', 'Minha conta');
  await page.goto('/conta');
  await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
  const { shown, requested } = await order(page, 'storage-section');
  expect(shown).toBeLessThan(requested);
});
