/**
 * The blocking error screen end to end (docs/product.md §2 Error screen, §4 "500 or 404 on platform
 * lookup shows the error screen"): hosts under *.localhost reach this machine's server;
 * `desconhecido.localhost` is no platform (404), `falha.localhost` makes the lookup fail (500).
 */
import type { Locator, Route } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';

const origin = (host: string) => (process.env.E2E_BASE_URL ?? '').replace('localhost', host);

for (const [host, code, message] of [
  ['desconhecido.localhost', '404', 'Plataforma não encontrada.'],
  ['falha.localhost', '500', 'Falha ao consultar a plataforma (simulada para testes).'],
] as const) {
  test(`a platform lookup answering ${code} shows the blocking error screen`, async ({
    page,
    expectNoA11yViolations,
  }) => {
    // Toasts then appear without a fade, so axe measures their final colours.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${origin(host)}/login`);
    const dialog = page.getByRole('alertdialog', { name: 'Ops! Algo deu errado :(' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await expect(dialog).toContainText(
      'Por favor, tente novamente e se o problema persistir, entre em contato com o responsável.',
    );
    await expect(dialog).toContainText(/Atualizando em: 0:(30|29|28|27)/);
    await expect(dialog).toContainText(`Registro de erro: Cód. ${code}`);
    await expect(dialog.getByRole('button', { name: 'Atualizar' })).toBeFocused();

    // It cannot be dismissed.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    // The code shows the server's message in a toast.
    await dialog.getByRole('button', { name: code }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expectNoA11yViolations(page);

    // 'Atualizar' reloads the page (which fails again the same way).
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Atualizar' }).click();
    await reloaded;
    await expect(page.getByRole('alertdialog')).toContainText('Atualizando em: 0:');
  });
}

/** Runs the paused fake clock 100 ms at a time until `locator` shows (the app's start needs its timers). */
async function stepUntilVisible(page: Page, locator: Locator) {
  await expect
    .poll(
      async () => {
        if (await locator.isVisible()) return true;
        await page.clock.runFor(100);
        return false;
      },
      { timeout: 10_000, intervals: [50] },
    )
    .toBe(true);
}

/**
 * Opens a host whose platform is unknown with Playwright's fake clock paused: the seconds pass only
 * when the test says so (`runFor`), however slow the machine. The app's start is stepped 100 ms at
 * a time until the error screen shows (at most 100 ms of its countdown pass before the test's own).
 */
async function errorScreenOnPausedClock(page: Page) {
  const start = new Date('2026-03-02T12:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto(`${origin('desconhecido.localhost')}/login`);
  const dialog = page.getByRole('alertdialog');
  await stepUntilVisible(page, dialog);
  await expect(dialog).toContainText('Atualizando em: 0:30');
  return dialog;
}

test('the countdown ticks each second', async ({ page }) => {
  const dialog = await errorScreenOnPausedClock(page);
  await page.clock.runFor(1_000);
  await expect(dialog).toContainText('Atualizando em: 0:29');
  await page.clock.runFor(2_000);
  await expect(dialog).toContainText('Atualizando em: 0:27');
});

test('at 0:00 the countdown reloads the page by itself', async ({ page }) => {
  // 30 s of countdown pass without waiting for them.
  const dialog = await errorScreenOnPausedClock(page);
  await page.evaluate(() => {
    (window as unknown as { beforeReload?: boolean }).beforeReload = true;
  });
  await page.clock.runFor(29_000);
  await expect(dialog).toContainText('Atualizando em: 0:01');
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBe(true);
  const reloaded = page.waitForEvent('load');
  await page.clock.runFor(1_500);
  await reloaded;
  // A new page (the marker is gone) showing the screen again from 0:30.
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  await stepUntilVisible(page, page.getByRole('alertdialog'));
  await expect(page.getByRole('alertdialog')).toContainText('Atualizando em: 0:30');
});

test('the server animation loops, and stays still under reduced motion', async ({ browser }) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto(`${origin('desconhecido.localhost')}/login`);
    const animation = page.locator('.error-screen-animation');
    await expect(animation.locator('svg')).toBeVisible({ timeout: 10_000 });
    await expect(animation).toHaveAttribute('data-motion', reducedMotion === 'reduce' ? 'still' : 'loop');
    await expect(animation).toHaveAttribute('aria-hidden', 'true');
    const frame = () => animation.innerHTML();
    const first = await frame();
    await page.waitForTimeout(400);
    if (reducedMotion === 'reduce') expect(await frame()).toBe(first);
    else expect(await frame()).not.toBe(first);
    await context.close();
  }
});

test('offline pauses the countdown and says so; online resumes it', async ({ page, context }) => {
  const dialog = await errorScreenOnPausedClock(page);
  await context.setOffline(true);
  await expect(dialog).toContainText('Sem conexão: a contagem continua quando a internet voltar.');
  const countdown = dialog.getByText(/Atualizando em:/);
  const paused = (await countdown.textContent()) ?? '';
  await page.clock.runFor(3_000);
  await expect(countdown).toHaveText(paused);
  await context.setOffline(false);
  await expect(dialog).not.toContainText('Sem conexão');
  await page.clock.runFor(1_000);
  await expect(countdown).not.toHaveText(paused);
});

test("going offline while the screen's animation loads keeps the screen: no reload into the browser's offline page", async ({
  page,
  context,
}) => {
  // The failed chunk is Vite's `vite:preloadError`, which the app answers for gone files (a deploy) with a reload.
  await page.addInitScript(() => {
    const w = window as unknown as { chunkFailures: number };
    w.chunkFailures = 0;
    window.addEventListener('vite:preloadError', () => w.chunkFailures++);
  });
  const held: Route[] = [];
  await page.route(/\/assets\/lottie-light-[^/]+\.js$/, (route) => void held.push(route));
  await page.goto(`${origin('desconhecido.localhost')}/login`);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Atualizando em:', { timeout: 10_000 });
  await expect.poll(() => held.length, { message: "the animation's player is being loaded" }).toBe(1);
  await page.evaluate(() => {
    (window as unknown as { beforeOffline?: boolean }).beforeOffline = true;
  });
  await context.setOffline(true);
  await expect(dialog).toContainText('Sem conexão: a contagem continua quando a internet voltar.');
  await held[0]!.abort('internetdisconnected');
  await expect.poll(() => page.evaluate(() => (window as unknown as { chunkFailures: number }).chunkFailures)).toBe(1);
  // Same page (no reload), the screen and its paused countdown still there; no animation.
  await expect(dialog).toContainText('Sem conexão: a contagem continua quando a internet voltar.');
  expect(await page.evaluate(() => (window as unknown as { beforeOffline?: boolean }).beforeOffline)).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Atualizar' })).toBeVisible();
  await expect(page.locator('.error-screen-animation svg')).toHaveCount(0);
});

/** Font size 3 ('Muito maior', docs/product.md §3) as the device's setting, applied before first paint. */
const FONT_SIZE_3 = () => {
  localStorage.setItem('a11y:device', JSON.stringify({ font_size: 3 }));
  localStorage.setItem(
    'prepaint',
    JSON.stringify({ settings: { attrs: { 'data-font-size': '3' }, vars: { '--font-scale': '1.5' } } }),
  );
};

for (const { name, viewport, fontSize3 } of [
  { name: 'a small phone (320×568)', viewport: { width: 320, height: 568 }, fontSize3: false },
  { name: 'a phone held sideways (844×390)', viewport: { width: 844, height: 390 }, fontSize3: false },
  { name: 'a phone at font size 3 (390×844)', viewport: { width: 390, height: 844 }, fontSize3: true },
  { name: 'a small phone at font size 3 (320×568)', viewport: { width: 320, height: 568 }, fontSize3: true },
]) {
  test(`on ${name}, 'Atualizar' and the error code are reachable by keyboard and touch`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true });
    if (fontSize3) await context.addInitScript(FONT_SIZE_3);
    const page = await context.newPage();
    await page.goto(`${origin('desconhecido.localhost')}/login`);
    const dialog = page.getByRole('alertdialog', { name: 'Ops! Algo deu errado :(' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    if (fontSize3) {
      await expect(page.locator('html')).toHaveAttribute('data-font-size', '3');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('24px');
    }
    const refresh = dialog.getByRole('button', { name: 'Atualizar' });
    const code = dialog.getByRole('button', { name: '404' });

    /** The element's box lies entirely inside the viewport (what the student can see and touch). */
    const expectInViewport = async (locator: typeof refresh, what: string) => {
      const box = await locator.boundingBox();
      expect(box, what).not.toBeNull();
      expect(box!.x, what).toBeGreaterThanOrEqual(0);
      expect(box!.y, what).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, what).toBeLessThanOrEqual(viewport.width + 0.5);
      expect(box!.y + box!.height, what).toBeLessThanOrEqual(viewport.height + 0.5);
    };

    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);

    // The title's ':(' stays on the line of its word: the last eight letters ('errado:(') share one line.
    const titleLines = await dialog.getByRole('heading', { level: 1 }).evaluate((title) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i++) {
          if (/\s/.test(node.textContent![i]!)) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          tops.push(Math.round(range.getBoundingClientRect().top));
        }
      }
      return new Set(tops.slice(-8)).size;
    });
    expect(titleLines, "'errado :(' on one line").toBe(1);

    // Keyboard: 'Atualizar' has the focus and is shown; Tab reaches the code, Shift+Tab comes back.
    await expect(refresh).toBeFocused();
    await expectInViewport(refresh, "'Atualizar' focused");
    await page.keyboard.press('Tab');
    await expect(code).toBeFocused();
    await expectInViewport(code, 'the code focused with Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(refresh).toBeFocused();
    await expectInViewport(refresh, "'Atualizar' focused with Shift+Tab");

    // Touch: scrolled into view, the code is tapped (its toast shows) and so is 'Atualizar'.
    await code.scrollIntoViewIfNeeded();
    await expectInViewport(code, 'the code scrolled into view');
    await code.tap();
    await expect(page.getByText('Plataforma não encontrada.')).toBeVisible();
    await refresh.scrollIntoViewIfNeeded();
    await expectInViewport(refresh, "'Atualizar' scrolled into view");
    const reloaded = page.waitForEvent('load');
    await refresh.tap();
    await reloaded;
    await expect(page.getByRole('alertdialog', { name: 'Ops! Algo deu errado :(' })).toBeVisible({ timeout: 10_000 });
    await context.close();
  });
}
