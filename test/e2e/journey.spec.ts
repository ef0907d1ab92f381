/**
 * The walking skeleton's journey in real Chromium against the reference server:
 * sign in → courses → course → module → learning objects, finishing them, and the
 * ends stored on the server (docs/product.md §2, §4 "started, then ended", §7).
 */
import { expect, test, type Page } from './support/fixtures';

async function openFirstModule(page: Page) {
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Cursos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meus cursos' })).toBeVisible();
  await page.locator('.card-title a').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Módulos' })).toBeVisible();
  await page.locator('.item-title').first().click();
  await expect(page.locator('.lesson').first()).toBeVisible();
}

test('a student finishes a text and a video learning object and the module shows it', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto('/login');
  await expectNoA11yViolations(page);
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Cursos' }).click();
  await expect(page.locator('.card-title a').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await page.locator('.card-title a').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Módulos' })).toBeVisible();
  await expectNoA11yViolations(page);
  const moduleLink = page.locator('.item-title').first();
  const moduleName = (await moduleLink.textContent()) ?? '';
  await moduleLink.click();
  await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
  await expectNoA11yViolations(page);
  const moduleUrl = page.url();

  // A rich-text learning object: opened (start), then 'Concluir' (end).
  const textItem = page.locator('.item', { hasText: 'Texto ·' }).first();
  const textName = (await textItem.locator('.item-title').textContent()) ?? '';
  await textItem.locator('.item-title').click();
  await expect(page.getByRole('heading', { level: 1, name: textName })).toBeVisible();
  await expectNoA11yViolations(page);
  // Reading to the end finishes it by itself (no 'Concluir' needed).
  await page.locator('.lo-text-end').scrollIntoViewIfNeeded();
  await expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible();

  // A video learning object: ends by itself when the video ends.
  await page.goto(moduleUrl);
  const videoItem = page.locator('.item', { hasText: 'Vídeo ·' }).first();
  const videoName = (await videoItem.locator('.item-title').textContent()) ?? '';
  await videoItem.locator('.item-title').click();
  await expect(page.getByRole('heading', { level: 1, name: videoName })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Em andamento' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.locator('video').evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
  });
  await expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible({ timeout: 15_000 });

  // Back on the module (fresh page load), both show as completed: the server stored the ends.
  await page.goto(moduleUrl);
  await expect(page.locator('.item', { hasText: textName }).first()).toContainText('concluído');
  await expect(page.locator('.item', { hasText: videoName }).first()).toContainText('concluído');
});

test('Continuar on the course page reopens the last learning object', async ({ page, signIn }) => {
  await page.goto('/login');
  await signIn(page, 'lxp', 'demo1234');
  await openFirstModule(page);
  const item = page.locator('.item').first();
  const name = (await item.locator('.item-title').textContent()) ?? '';
  await item.locator('.item-title').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Em andamento|Concluído/ })).toBeVisible();
  await page.locator('.breadcrumb li').nth(1).getByRole('link').click();
  await page.getByRole('link', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
