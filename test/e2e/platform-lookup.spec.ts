/**
 * Platform lookup (docs/product.md §1, §4) in real Chromium: transient failures of
 * `GET /platforms/{host}` — 503, 502, a dropped connection, a malformed answer — neither show
 * the error screen nor leave the default brand for good: the app keeps what it shows and looks
 * the platform up again with backoff until it answers, then applies the brand. Time is
 * Playwright's clock (the backoff's seconds pass without waiting for them).
 */
import type { Route } from '@playwright/test';
import { expect, test } from './support/fixtures';

test('transient lookup failures are retried with backoff until the brand arrives, without the error screen', async ({
  browser,
}) => {
  // No service worker: every lookup reaches the route below.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const failures: ((route: Route) => Promise<void>)[] = [
    (route) => route.fulfill({ status: 503, json: { message: 'Indisponível' } }),
    (route) => route.fulfill({ status: 502, json: { message: 'Bad Gateway' } }),
    (route) => route.abort('connectionreset'),
    (route) => route.fulfill({ status: 200, json: { data: { id: 'não é uma plataforma' } } }),
    (route) => route.fulfill({ status: 503, json: { message: 'Indisponível' } }),
    (route) => route.fulfill({ status: 200, body: '{ malformado', contentType: 'application/json' }),
  ];
  let lookups = 0;
  await page.route('**/api/v1/platforms/127.0.0.1', async (route) => {
    const fail = failures[lookups++];
    if (fail) await fail(route);
    else await route.continue();
  });
  await page.clock.install();
  await page.goto(`${process.env.E2E_BASE_URL_BRAND2!}/login`);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  const html = page.locator('html');
  // Fake time runs forward a second at a time until the lookup has answered and the brand applies.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1_000);
        return html.getAttribute('data-template');
      },
      { timeout: 30_000 },
    )
    .toBe('streaming');
  expect(lookups).toBeGreaterThan(failures.length);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await context.close();
});

test('a page load starts with the platform last looked up on this device: /home’s banners do not wait for the lookup', async ({
  page,
  signIn,
}) => {
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('region', { name: 'Destaques' })).toBeVisible();
  // The next page load's lookup is held until the banners have shown: they used to be read only
  // after it answered (`options.show_banners`), a round trip later (docs/performance.md).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let lookups = 0;
  await page.route(`**/api/v1/platforms/${new URL(page.url()).hostname}`, async (route) => {
    lookups += 1;
    await held;
    await route.continue();
  });
  await page.reload();
  const carousel = page.getByRole('region', { name: 'Destaques' });
  await expect(carousel.getByRole('heading', { name: 'Matrículas abertas' })).toBeVisible();
  // The header has the brand's logo and name from the start too.
  await expect(page.getByRole('banner').getByRole('img', { name: 'Escola Aprender' })).toBeVisible();
  expect(lookups).toBe(1);
  // The lookup itself still runs, and is answered.
  const answered = page.waitForResponse((r) => /\/api\/v1\/platforms\/[^/]+$/.test(new URL(r.url()).pathname));
  release();
  expect((await answered).status()).toBe(200);
});
