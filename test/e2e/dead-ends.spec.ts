/**
 * No dead ends in real Chromium against the reference server: a module's last
 * learning object leads to the next module's first one ('Próximo módulo: <nome>', also with
 * Alt+Shift+→), the course's last one back to the course ('Voltar ao curso'); on /tecmix each EJA
 * subject opens the module that bears its name, at the percent its card shows. axe on every screen visited.
 */
import { expect, test, type Page } from './support/fixtures';

/** Opens the last learning object of the course's `index`-th module (0-based) from the course page. */
async function openLastOf(page: Page, courseId: number, index: number) {
  await page.goto(`/courses/${courseId}`);
  const module = page.locator('.item-title').nth(index);
  const moduleName = (await module.textContent()) ?? '';
  await module.click();
  await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
  const last = page.locator('.item-title').last();
  const name = (await last.textContent()) ?? '';
  await last.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('the last learning object of a module leads to the next module; the last of the course back to it', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  test.setTimeout(60_000);
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);

  await openLastOf(page, 2, 0);
  const nav = page.getByRole('navigation', { name: 'Navegação entre conteúdos' });
  const toNext = nav.getByRole('link', { name: /^Próximo módulo: Módulo 2: Praticando/ });
  await expect(toNext).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+ArrowRight');
  await expectNoA11yViolations(page);
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect(page).toHaveURL(/\/courses\/2\/modules\/\d+\/learningObjects\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /módulo 2, aula 1$/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Você está em' })).toContainText('Módulo 2: Praticando');
  // …and the link itself goes to the same place.
  await page.goBack();
  await toNext.click();
  await expect(page.getByRole('heading', { level: 1, name: /módulo 2, aula 1$/ })).toBeVisible();

  await openLastOf(page, 2, 2);
  await expect(nav).toContainText('Este é o último conteúdo do curso.');
  await expect(nav.getByRole('link', { name: /^Próximo/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect(page).toHaveURL(/\/courses\/2$/);
  await page.goBack();
  await nav.getByRole('link', { name: 'Voltar ao curso' }).click();
  await expect(page).toHaveURL(/\/courses\/2$/);
});

test('EJA subjects open the module of their name, at the percent /tecmix shows', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto('/login');
  await signIn(page, 'eja', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/tecmix');
  const fundamental = page.getByRole('region', { name: 'Ensino Fundamental — anos finais' });
  await expect(fundamental.getByRole('link')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Ensino Médio' }).getByRole('link')).toHaveCount(4);
  await expectNoA11yViolations(page);

  await expect(fundamental.getByRole('progressbar', { name: 'Língua Portuguesa: 100%' })).toBeVisible();
  await fundamental.getByRole('link', { name: 'Língua Portuguesa' }).click();
  await expect(page).toHaveURL(/\/courses\/\d+\/modules\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Língua Portuguesa' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: '100% concluído' })).toHaveAttribute('value', '100');
  await expect(page.getByRole('navigation', { name: 'Você está em' })).toContainText(
    'EJA: Ensino Fundamental — anos finais',
  );
  await expectNoA11yViolations(page);

  // The two 'Matemática': each its own stage's module, at the percent its card shows.
  for (const stage of ['Ensino Fundamental — anos finais', 'Ensino Médio']) {
    await page.goto('/tecmix');
    const region = page.getByRole('region', { name: stage });
    const bar = region.getByRole('progressbar', { name: /^Matemática: \d+%$/ });
    const percent = (await bar.getAttribute('value')) ?? '';
    await region.getByRole('link', { name: 'Matemática', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Matemática' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Você está em' })).toContainText(`EJA: ${stage}`);
    await expect(page.getByRole('progressbar', { name: `${percent}% concluído` })).toHaveAttribute('value', percent);
  }
});
