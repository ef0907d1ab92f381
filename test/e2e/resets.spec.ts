/**
 * Resets and 'Continuar' in real Chromium against the reference server: a lesson
 * and a course reset behind a confirmation dialog bring progress back to 0, and 'Continuar'
 * lands on the right learning object after a reload.
 */
import { startReferenceServer, type ReferenceServer } from './support/server';
import { expect, test } from './support/fixtures';
import { outboxText } from './support/progress';

// Its own database: "nothing opened yet" must not depend on what other specs' students opened
// (offline-download's eja opens learning objects of course 1).
let server: ReferenceServer;
test.beforeAll(async () => {
  server = await startReferenceServer();
});
test.afterAll(async () => {
  await server?.dispose();
});

test('reset a lesson and a course; Continuar follows progress across reloads', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto(`${server.base}/login`);
  await signIn(page, 'eja', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`${server.base}/courses/1`);
  const courseUrl = page.url();

  // Nothing opened yet (the course's own progress read, not only its heading): Continuar starts
  // at the first learning object.
  await expect(page.getByText('0% concluído').first()).toBeVisible();
  await page.getByRole('link', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Leitura:/ })).toBeVisible();

  // Finish the PDF of lesson 1; after a reload Continuar goes to the next incomplete one.
  await page.getByRole('link', { name: 'Voltar ao módulo' }).click();
  const moduleUrl = page.url();
  const pdf = page.locator('.item', { hasText: 'PDF ·' }).first();
  await pdf.locator('.item-title').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Apostila em PDF:/ })).toBeVisible();
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible();
  await expect(outboxText(page)).toHaveText('');
  await page.goto(courseUrl);
  await page.getByRole('link', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Podcast:/ })).toBeVisible();

  // Reset lesson 1 from the module page.
  await page.goto(moduleUrl);
  const lesson = page.locator('.lesson').first();
  await expect(lesson.locator('.item', { hasText: 'PDF ·' })).toContainText('concluído');
  const lessonName = (await lesson.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await lesson.getByRole('button', { name: `Reiniciar a aula ${lessonName}` }).click();
  const lessonDialog = page.getByRole('dialog', { name: `Reiniciar a aula ${lessonName}?` });
  await expect(lessonDialog).toBeVisible();
  await expect(lessonDialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await expectNoA11yViolations(page);
  // Modal: Tab stays inside the dialog.
  await page.keyboard.press('Tab');
  await expect(lessonDialog.getByRole('button', { name: 'Reiniciar' })).toBeFocused();
  await lessonDialog.getByRole('button', { name: 'Reiniciar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'foi reiniciado' })).toBeVisible();
  await expect(lessonDialog).toBeHidden();
  for (const item of await lesson.locator('.item').all()) await expect(item).toContainText('não iniciado');
  await page.reload();
  await expect(page.locator('.lesson').first().locator('.item', { hasText: 'PDF ·' })).toContainText('não iniciado');

  // Finish something again, then reset the whole course.
  await page.locator('.item', { hasText: 'PDF ·' }).first().locator('.item-title').click();
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect(outboxText(page)).toHaveText('');
  await page.goto(courseUrl);
  await expect(page.locator('.progress-text').first()).not.toHaveText(/^0\s?%/);
  await page.getByRole('button', { name: 'Reiniciar curso' }).click();
  const courseDialog = page.getByRole('dialog', { name: 'Reiniciar o curso?' });
  await page.keyboard.press('Escape');
  await expect(courseDialog).toBeHidden();
  await page.getByRole('button', { name: 'Reiniciar curso' }).click();
  await courseDialog.getByRole('button', { name: 'Reiniciar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'O progresso do curso foi reiniciado.' })).toBeVisible();
  await expect(page.locator('.progress-text').first()).toHaveText(/^0\s?%/);

  await page.reload();
  await expect(page.locator('.progress-text').first()).toHaveText(/^0\s?%/);
  await page.getByRole('link', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Leitura:/ })).toBeVisible();
});
