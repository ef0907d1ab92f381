/**
 * The address cannot silently mismatch its CEP in real Chromium against the
 * reference server: after a known CEP filled the address, an unknown CEP — and, offline, a CEP
 * that cannot be looked up — clears street, district, city and UF and says so; 'Salvar' then asks
 * for the address and sends nothing. axe on the form in that state.
 */
import { expect, test, type Page } from './support/fixtures';

const profile = (page: Page) => page.getByRole('region', { name: 'Dados pessoais' });
const box = (page: Page, name: string) => profile(page).getByRole('textbox', { name, exact: true });
const CLEARED = 'Rua, bairro, cidade e UF do CEP anterior foram apagados.';

async function expectAddressEmpty(page: Page) {
  await expect(box(page, 'Logradouro')).toHaveValue('');
  await expect(box(page, 'Bairro')).toHaveValue('');
  await expect(profile(page).getByRole('combobox', { name: 'Cidade' })).toHaveValue('');
  await expect(profile(page).getByRole('combobox', { name: 'UF' })).toHaveValue('');
}

test('an unknown CEP, or one looked up offline, after a known one leaves no stale address', async ({
  page,
  context,
  signIn,
  expectNoA11yViolations,
}) => {
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/users\/self$/.test(request.url())) saves.push(request.url());
  });
  await page.goto('/login');
  await signIn(page, 'lxp', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/conta');
  await expect(box(page, 'Nome')).not.toHaveValue('');

  await box(page, 'CEP').pressSequentially('01310100');
  await expect(profile(page).getByRole('status').filter({ hasText: 'Endereço preenchido pelo CEP.' })).toBeVisible();
  await expect(box(page, 'Logradouro')).toHaveValue('Avenida Paulista');
  await page.keyboard.type('1578');

  // Unknown CEP: the Paulista address is gone, and said to be.
  await box(page, 'CEP').fill('');
  await box(page, 'CEP').pressSequentially('99999999');
  await expect(profile(page).getByRole('status').filter({ hasText: 'CEP não encontrado.' })).toContainText(CLEARED);
  await expectAddressEmpty(page);
  await expect(box(page, 'Número')).toHaveValue('1578');
  await profile(page).getByRole('button', { name: 'Salvar' }).click();
  await expect(profile(page).getByText('Informe o logradouro.')).toBeVisible();
  await expect(box(page, 'Logradouro')).toBeFocused();
  await expectNoA11yViolations(page);
  expect(saves).toEqual([]);

  // Offline: a new CEP that cannot be looked up clears the address the previous one filled.
  await box(page, 'CEP').fill('');
  await box(page, 'CEP').pressSequentially('01310100');
  await expect(box(page, 'Logradouro')).toHaveValue('Avenida Paulista');
  await context.setOffline(true);
  await box(page, 'CEP').fill('');
  await box(page, 'CEP').pressSequentially('20040020');
  await expect(profile(page).getByRole('status').filter({ hasText: 'Sem conexão' })).toContainText(CLEARED);
  await expectAddressEmpty(page);
  await context.setOffline(false);
  expect(saves).toEqual([]);
});
