/**
 * The attachments area in real Chromium against the reference server: documents
 * filtered by category and searched, a file opened at /attachment/{id} with its start and
 * end recorded on the server (shared lifecycle + outbox), and axe on both screens.
 */
import { expect, test, type Page } from './support/fixtures';
import { outboxText } from './support/progress';

async function serverAttachment(page: Page, id: number) {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
  const answer = await page.request.get(`/api/v1/attachments/${id}`, {
    headers: { 'x-access-token': token ?? '', 'x-user-environment': 'WEB' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { status: string; started_at: string | null; completed_at: string | null } })
    .data;
}

test('documents filtered by category and search; one opened records its start and end', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto('/login');
  await signIn(page, 'eja', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Documentos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Seus arquivos' });
  await expect(mine.getByRole('link')).toHaveCount(2);
  const docs = page.getByRole('region', { name: 'Documentos da instituição' });
  // The list's count (while a page loads, its skeleton is a status too: 'Carregando…').
  const count = docs.getByRole('status').filter({ hasText: /encontrad/ });
  await expect(count).toHaveText('4 documentos encontrados');
  await expectNoA11yViolations(page);

  await page.getByRole('combobox', { name: 'Categoria' }).selectOption({ label: 'Manuais (2)' });
  await expect(page).toHaveURL(/\/attachments\?category=\d+$/);
  await expect(count).toHaveText('2 documentos encontrados');
  await page.getByRole('searchbox', { name: 'Buscar pelo nome' }).fill('acessibilidade');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(count).toHaveText('1 documento encontrado');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Buscar pelo nome' })).toHaveValue('acessibilidade');
  await expect(docs.getByRole('link', { name: 'Guia de acessibilidade' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Categoria' }).selectOption({ label: 'Regulamentos (1)' });
  await expect(docs.getByText('Nenhum documento corresponde à busca.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page).toHaveURL(/\/attachments$/);
  await expect(count).toHaveText('4 documentos encontrados');

  // Open a PDF: shown inline → start and end recorded.
  const link = docs.getByRole('link', { name: 'Manual do aluno' });
  const id = Number((await link.getAttribute('href'))?.split('/').pop());
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manual do aluno' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible();
  await expect(outboxText(page)).toHaveText('');
  await expectNoA11yViolations(page);
  await expect.poll(async () => (await serverAttachment(page, id)).status).toBe('completed');
  const saved = await serverAttachment(page, id);
  expect(saved.started_at).not.toBeNull();

  // A CSV (no preview) is finished by downloading it, with its meaningful name.
  await page.goBack();
  await expect(docs.getByText(/Concluído/).first()).toBeVisible();
  const csv = docs.getByRole('link', { name: 'Calendário acadêmico 2026' });
  const csvId = Number((await csv.getAttribute('href'))?.split('/').pop());
  await csv.click();
  await expect(page.getByText(/não pode ser exibido aqui/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Em andamento' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar calendario-academico-2026.csv' }).click();
  expect((await download).suggestedFilename()).toBe('calendario-academico-2026.csv');
  await expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible();
  await expect.poll(async () => (await serverAttachment(page, csvId)).status).toBe('completed');
});
