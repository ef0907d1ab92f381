/**
 * Certificates and documents (docs/product.md §7 certificates base) in real Chromium against the
 * reference server: on /attachments ('Documentos'), the graduation student `lxp` issues the
 * enrollment statement, the course curriculum and the student ID card of a contract; each
 * answer is a PDF (`application/pdf`, bytes start with `%PDF`), opens in a new tab and is
 * offered as a download with a meaningful file name. Offline, the buttons are disabled with
 * the reason shown. axe-core on every state visited.
 */
import { expect, test, type Page } from './support/fixtures';

const DOCUMENTS = [
  {
    label: 'Declaração de matrícula',
    sentence: 'a declaração de matrícula',
    path: 'enrollment_statements',
    link: 'Baixar a declaração de matrícula (PDF)',
    file: 'declaracao-de-matricula-bacharelado-em-administracao.pdf',
  },
  {
    label: 'Matriz curricular',
    sentence: 'a matriz curricular',
    path: 'course_curriculums',
    link: 'Baixar a matriz curricular (PDF)',
    file: 'matriz-curricular-bacharelado-em-administracao.pdf',
  },
  {
    label: 'Carteirinha de estudante',
    sentence: 'a carteirinha de estudante',
    path: 'id_cards',
    link: 'Baixar a carteirinha de estudante (PDF)',
    file: 'carteirinha-de-estudante-bacharelado-em-administracao.pdf',
  },
] as const;

const section = (page: Page) => page.getByRole('region', { name: 'Documentos e certificados' });
const contractItem = (page: Page, course: string) =>
  section(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: course }) });

test('issue the enrollment statement, curriculum and ID card of a contract as PDFs', async ({
  page,
  context,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto('/login');
  await signIn(page, 'lxp', 'demo1234');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/attachments');
  await expect(section(page)).toBeVisible();
  const contract = contractItem(page, 'Bacharelado em Administração');
  await expect(contract).toContainText('Contrato nº 2025042 · Ativo');
  await expect(contractItem(page, 'Tecnólogo em Gestão de Recursos Humanos')).toContainText('Concluído');
  await expect(page.getByRole('group', { name: 'Cursos de graduação' })).toContainText(
    'Bacharelado · 8 semestres · Cursando o 3º semestre',
  );
  await expectNoA11yViolations(page);

  for (const doc of DOCUMENTS) {
    const answer = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        r.url().includes(`/api/certificates/${doc.path}/issue_by_contract?contract_id=2025042`),
    );
    const popup = page.waitForEvent('popup');
    await contract.getByRole('button', { name: doc.label, exact: true }).click();

    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.request().headers()['authorization']).toMatch(/^Bearer .+/);
    const body = await response.body();
    expect(body.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Opened in a new tab from an object URL.
    const tab = await popup;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();

    // Offered for download with a meaningful name.
    const link = contract.getByRole('link', { name: doc.link });
    await expect(link).toHaveAttribute('download', doc.file);
    await expect(contract.getByText(`Pronto: ${doc.sentence} foi aberta em uma nova aba.`)).toHaveAttribute(
      'role',
      'status',
    );
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toBe(doc.file);
    await expect(contract.getByRole('button', { name: doc.label, exact: true })).not.toHaveAttribute('aria-busy');
  }
  await expectNoA11yViolations(page);

  // Offline: disabled, with the reason.
  await context.setOffline(true);
  const reason = 'Sem conexão com a internet: esta ação fica disponível quando a conexão voltar.';
  await expect(section(page).getByText(reason)).toBeVisible();
  for (const doc of DOCUMENTS) {
    await expect(contract.getByRole('button', { name: doc.label, exact: true })).toBeDisabled();
  }
  await expectNoA11yViolations(page);
  await context.setOffline(false);
  await expect(contract.getByRole('button', { name: DOCUMENTS[0].label, exact: true })).toBeEnabled();
});

test('a student without graduation courses issues the documents of their own contract', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/attachments');
  const contract = contractItem(page, 'Técnico em Administração');
  await expect(contract).toContainText('Contrato nº 2026001');
  await expect(page.getByRole('group', { name: 'Cursos de graduação' })).toHaveCount(0);
  const answer = page.waitForResponse((r) => r.url().includes('/id_cards/issue_by_contract?contract_id=2026001'));
  const popup = page.waitForEvent('popup');
  await contract.getByRole('button', { name: 'Carteirinha de estudante', exact: true }).click();
  expect((await (await answer).body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  await (await popup).close();
  await expect(contract.getByRole('link', { name: 'Baixar a carteirinha de estudante (PDF)' })).toHaveAttribute(
    'download',
    'carteirinha-de-estudante-tecnico-em-administracao.pdf',
  );
  await expectNoA11yViolations(page);
});
