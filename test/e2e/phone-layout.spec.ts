/**
 * Phones in real Chromium at 390×844 and 320×640, elements students could not reach before:
 * /conta (the identity photo's file input inside its card), /grades (rows stacked so 'Situação'
 * and 'Atualizada em' show without scrolling), a course's grade details ('Nota' whole), the Pix
 * dialog (its 'Fechar' on screen) and a learning object's video starting on the first screen.
 * On each: `document.documentElement.scrollWidth <= innerWidth` and the named elements lie
 * within the viewport horizontally. axe on the stacked layouts. Every signed-in screen × both
 * brands × text sizes × themes × three phone sizes is layout-sweep.spec.ts.
 */
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';
import { boxOf } from './support/boxes';

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];

async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide in ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

/** The element's box lies within the viewport horizontally (and, with `vertically`, vertically). */
async function expectWithinViewport(page: Page, locator: Locator, vertically = false) {
  await expect(locator).toBeVisible();
  const box = await boxOf(locator);
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(viewport.width + 0.5);
  if (vertically) {
    expect(box.y, 'top edge').toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(viewport.height + 0.5);
  }
}

for (const phone of PHONES) {
  test(`no sideways scrolling at ${phone.width}×${phone.height}`, async ({ page, signIn, expectNoA11yViolations }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(phone);
    await page.goto('/login');
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);

    // /conta: the file input stays inside its card.
    await page.goto('/conta');
    const file = page.getByLabel('Enviar arquivo');
    await expect(file).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWithinViewport(page, file);

    // /grades: each course a stacked card; status and date visible without scrolling.
    await page.goto('/grades');
    const table = page.getByRole('table', { name: 'Notas por curso' });
    const row = table.getByRole('row', { name: /Comunicação e Expressão/ });
    await expect(row).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWithinViewport(page, row.getByText('Em andamento'));
    await expectWithinViewport(page, row.getByRole('cell').last());
    await expectWithinViewport(page, table.getByRole('button', { name: 'Atualizada em' }));
    await expectNoA11yViolations(page);

    // Grade details: the 'Nota' of every assessment whole.
    await row.getByRole('link', { name: 'Comunicação e Expressão' }).click();
    const assessments = page.getByRole('table', { name: 'Avaliações' });
    await expect(assessments).toBeVisible();
    await expectNoSidewaysScroll(page);
    for (const cell of await assessments.getByRole('row').getByRole('cell').all()) {
      await expectWithinViewport(page, cell);
    }
    await expectNoA11yViolations(page);

    // The Pix dialog fits the screen; 'Fechar' is on it and closes it.
    await page.goto('/finances');
    await page
      .getByRole('button', { name: /^Pagar com Pix/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Pagar com Pix/ });
    await expect(dialog.getByRole('textbox', { name: 'Pix Copia e Cola' })).not.toHaveValue('');
    await expectNoSidewaysScroll(page);
    await expectWithinViewport(page, dialog, true);
    await expectWithinViewport(page, dialog.getByRole('button', { name: 'Fechar' }), true);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();

    // A video learning object: the player starts within the first screen.
    await page.goto('/courses/2');
    await page.locator('.item-title').first().click();
    await page.locator('.item', { hasText: 'Vídeo ·' }).first().locator('.item-title').click();
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWithinViewport(page, video);
    const box = await video.boundingBox();
    expect(box!.y, 'the video starts on the first screen').toBeLessThan(phone.height - 48);
    await expect(page.getByRole('navigation', { name: 'Você está em' }).getByRole('link')).toHaveText(/Módulo 1/);
    await expectNoA11yViolations(page);
  });
}
