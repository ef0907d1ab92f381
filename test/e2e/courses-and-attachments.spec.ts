/**
 * Course list search and status filter, and "Materiais de apoio" in real Chromium
 * against the reference server: the query lives in the URL (reload, back/forward keep it),
 * an empty result offers to clear the filters, course and module pages list their files and
 * each download answers 200 with the right content type; on brand 2 (127.0.0.1, streaming
 * template) the course cards form one horizontal row. axe-core on every screen visited.
 */
import { expect, test, type Page } from './support/fixtures';
import { boxOf } from './support/boxes';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar por nome' });
const statusFilter = (page: Page) => page.getByRole('combobox', { name: 'Situação' });
const count = (page: Page) => page.getByRole('status').filter({ hasText: /encontrado/ });
const materials = (page: Page) => page.getByRole('region', { name: 'Materiais de apoio' });

/** Follows a download link with the page's own session: 200 and the expected content type. */
async function expectDownload(page: Page, name: RegExp, fileName: RegExp, contentType: string) {
  const link = materials(page).getByRole('link', { name });
  await expect(link).toHaveAttribute('download', fileName);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/files\//);
  const answer = await page.request.get(new URL(href!, page.url()).href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain(contentType);
  expect((await answer.body()).byteLength).toBeGreaterThan(0);
}

test('search and filter the courses in the URL; course and module support files download', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto('/login');
  await signIn(page, 'aprovat', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Meus cursos' })).toBeVisible();
  await expect(count(page)).toHaveText('4 cursos encontrados');
  await expect(page.getByRole('search', { name: 'Buscar cursos' })).toBeVisible();
  await expectNoA11yViolations(page);

  // Search without accents or capitals finds 'Introdução à Informática'.
  await searchBox(page).fill('informatica');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/\/courses\?q=informatica$/);
  await expect(count(page)).toHaveText('1 curso encontrado');
  await expect(page.getByRole('link', { name: 'Introdução à Informática' })).toBeVisible();
  await expect(page.locator('.card')).toHaveCount(1);

  // Filter 'Concluído': nothing, said so, with a way to clear (the list's empty state).
  await statusFilter(page).selectOption({ label: 'Concluído' });
  await expect(page).toHaveURL(/\/courses\?q=informatica&status=completed$/);
  await expect(page.getByText('Nenhum curso encontrado com a busca e a situação escolhidas.')).toBeVisible();
  await expect(count(page)).toHaveText('Nenhum curso encontrado');
  await expectNoA11yViolations(page);

  // Reload keeps the query; back/forward move between the queries.
  await page.reload();
  await expect(searchBox(page)).toHaveValue('informatica');
  await expect(statusFilter(page)).toHaveValue('completed');
  await expect(page.getByRole('button', { name: 'Limpar filtros' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/courses\?q=informatica$/);
  await expect(statusFilter(page)).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Introdução à Informática' })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/status=completed$/);

  // Clearing restores the whole list.
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(count(page)).toHaveText('4 cursos encontrados');
  await expect(searchBox(page)).toHaveValue('');
  await expect(searchBox(page)).toBeFocused();
  await expect(page.locator('.card')).toHaveCount(4);

  // The course page lists its own files.
  await page.getByRole('link', { name: 'Introdução à Informática' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Introdução à Informática' })).toBeVisible();
  await expect(materials(page).getByRole('listitem')).toHaveCount(2);
  await expect(materials(page).getByRole('link', { name: /^Guia do curso/ })).toHaveAccessibleDescription(/^PDF · /);
  await expectDownload(page, /^Guia do curso/, /^guia-do-curso-.*\.pdf$/, 'application/pdf');
  await expectDownload(page, /^Cronograma de estudos/, /^cronograma-.*\.csv$/, 'text/csv');
  await expectNoA11yViolations(page);

  // The first module lists its exercise sheet; the last module has none.
  const modules = page.locator('.item-list .item-title');
  const lastModuleHref = await modules.last().getAttribute('href');
  await modules.first().click();
  await expect(page.locator('.lesson').first()).toBeVisible();
  await expect(materials(page).getByRole('listitem')).toHaveCount(1);
  await expectDownload(page, /^Lista de exercícios — Módulo 1/, /^exercicios-modulo-1-.*\.pdf$/, 'application/pdf');
  await expectNoA11yViolations(page);
  await page.goto(lastModuleHref!);
  await expect(materials(page).getByText('Nenhum material de apoio.')).toBeVisible();
  // The empty state says where the other files are.
  await expect(materials(page).getByRole('link', { name: 'Ver documentos' })).toHaveAttribute('href', '/attachments');
  await expectNoA11yViolations(page);
});

test('on the streaming brand the course cards form one horizontal row', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto(`${process.env.E2E_BASE_URL_BRAND2!}/courses`);
  await signIn(page, 'stream', 'demo1234');
  await expect(page.getByRole('heading', { level: 1, name: 'Meus cursos' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-template', 'streaming');
  await expect(count(page)).toHaveText('2 cursos encontrados');
  const cards = page.locator('.card');
  await expect(cards).toHaveCount(2);
  // Measured on the early page or the app's (the same boxes): boxOf measures again across the takeover.
  const [first, second] = [await boxOf(cards.nth(0)), await boxOf(cards.nth(1))];
  expect(Math.abs(first!.y - second!.y)).toBeLessThan(1);
  expect(second!.x).toBeGreaterThanOrEqual(first!.x + first!.width);
  // Large cards: wider than tall-ish text boxes, at least 15rem high.
  expect(first!.height).toBeGreaterThanOrEqual(240);
  await expectNoA11yViolations(page);

  // Still one row with a search applied.
  await searchBox(page).fill('o');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/\?q=o$/);
  await expect(count(page)).toHaveText('2 cursos encontrados');
  const again = [await boxOf(cards.nth(0)), await boxOf(cards.nth(1))];
  expect(Math.abs(again[0]!.y - again[1]!.y)).toBeLessThan(1);
});
