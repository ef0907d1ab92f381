/**
 * Grades in real Chromium against the reference server: the list with its summary
 * (docs/product.md §3 stats) in pt-BR numbers, sorting by a column header and filtering by status kept in
 * the URL (reload keeps them), then one course's details with its assessments and what the
 * student still needs to pass. axe-core on both screens.
 */
import { expect, test, type Page } from './support/fixtures';

const summary = (page: Page) => page.getByRole('region', { name: 'Resumo' });
const table = (page: Page) => page.getByRole('table', { name: 'Notas por curso' });
const courseOrder = (page: Page) => table(page).getByRole('rowheader').getByRole('link');
const statusFilter = (page: Page) => page.getByRole('combobox', { name: 'Situação' });

test('grades list with stats, sort and filter; one course with its assessments and what it still takes', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto('/login');
  await signIn(page, 'aprovat', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Notas' }).click();
  await expect(page).toHaveURL(/\/grades$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas notas' })).toBeVisible();
  await expect(page).toHaveTitle(/^Minhas notas · /);

  // Summary over every course: (3,8 + 9 + 8,1 + 6,6) / 4 = 6,875 → 6,9.
  await expect(summary(page).getByText('Média geral').locator('+ dd')).toHaveText('6,9');
  await expect(summary(page).getByText('Aprovados').locator('+ dd')).toHaveText('1');
  await expect(summary(page).getByText('Em andamento').locator('+ dd')).toHaveText('2');
  await expect(summary(page).getByText('Reprovados').locator('+ dd')).toHaveText('1');
  await expect(page.getByRole('status').filter({ hasText: /encontrado/ })).toHaveText('4 cursos encontrados');
  await expect(courseOrder(page)).toHaveText([
    'Comunicação e Expressão',
    'Empreendedorismo',
    'Introdução à Informática',
    'Matemática Financeira',
  ]);
  await expect(table(page).getByRole('row', { name: /Introdução à Informática/ })).toContainText('8,1');
  await expect(table(page).getByRole('columnheader', { name: 'Curso' })).toHaveAttribute('aria-sort', 'ascending');
  await expectNoA11yViolations(page);

  // Sort by grade: highest first, in the URL; again: lowest first.
  await table(page).getByRole('button', { name: 'Nota', exact: true }).click();
  await expect(page).toHaveURL(/\/grades\?sort=grade&order=desc$/);
  await expect(table(page).getByRole('columnheader', { name: 'Nota', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(courseOrder(page)).toHaveText([
    'Empreendedorismo',
    'Introdução à Informática',
    'Matemática Financeira',
    'Comunicação e Expressão',
  ]);
  await table(page).getByRole('button', { name: 'Nota', exact: true }).click();
  await expect(page).toHaveURL(/\/grades\?sort=grade&order=asc$/);
  await expect(courseOrder(page).first()).toHaveText('Comunicação e Expressão');

  // Filter 'Em andamento': stats follow the filtered set; reload keeps filter and sort.
  await statusFilter(page).selectOption({ label: 'Em andamento' });
  await expect(page).toHaveURL(/\/grades\?status=in_progress&sort=grade&order=asc$/);
  await expect(courseOrder(page)).toHaveText(['Matemática Financeira', 'Empreendedorismo']);
  await expect(summary(page).getByText('Aprovados').locator('+ dd')).toHaveText('0');
  await expect(summary(page).getByText('Média geral').locator('+ dd')).toHaveText('7,8');
  await page.reload();
  await expect(statusFilter(page)).toHaveValue('in_progress');
  await expect(courseOrder(page)).toHaveText(['Matemática Financeira', 'Empreendedorismo']);
  await expectNoA11yViolations(page);

  // One course's details.
  await page.getByRole('link', { name: 'Matemática Financeira' }).click();
  await expect(page).toHaveURL(/\/grades\/course\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Matemática Financeira' })).toBeVisible();
  await expect(page.getByText('Nota parcial').locator('+ dd')).toHaveText('6,6');
  await expect(page.getByText('Nota mínima para aprovação').locator('+ dd')).toHaveText('7,0');
  // (7 × 100 − (20 × 6 + 30 × 7)) / 50 = 7,4
  await expect(page.getByText('Para ser aprovado, você precisa de média 7,4 nas avaliações restantes.')).toBeVisible();
  const assessments = page.getByRole('table', { name: 'Avaliações' });
  await expect(assessments.getByRole('rowheader')).toHaveText(['Lista de exercícios', 'Prova 1', 'Prova 2']);
  await expect(assessments.getByRole('row', { name: /Lista de exercícios/ })).toContainText('20%');
  await expect(assessments.getByRole('row', { name: /Lista de exercícios/ })).toContainText('6,0');
  await expect(assessments.getByRole('row', { name: /Prova 2/ })).toContainText('50%');
  await expect(assessments.getByRole('row', { name: /Prova 2/ })).toContainText('Aguardando nota');
  await expectNoA11yViolations(page);

  // Back through the breadcrumb to the list as it was; a failed course says it can no longer pass.
  await page.getByRole('navigation', { name: 'Você está em' }).getByRole('link', { name: 'Minhas notas' }).click();
  await expect(page).toHaveURL(/\/grades$/);
  await page.getByRole('link', { name: 'Comunicação e Expressão' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Comunicação e Expressão' })).toBeVisible();
  await expect(page.getByText('Nota final').locator('+ dd')).toHaveText('3,8');
  await expect(page.getByText('Não é mais possível atingir a nota mínima neste curso.')).toBeVisible();
  await expect(page.getByText('Reprovado', { exact: true })).toBeVisible();
});
