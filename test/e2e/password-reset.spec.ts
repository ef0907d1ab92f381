/**
 * Password reset, change password and account deletion in real Chromium against the
 * reference server, with the throwaway students `reset1` and `apagar1` (server/seed-account.ts):
 * - reset: 'Esqueci minha senha' → request a code for `reset1` → read it from the reference
 *   server's mail outbox (GET /api/dev/mail) → a wrong code gets a clear message → the code
 *   expires (aged by the reference server) and says so → a new code is sent → the right
 *   code and a new password → /login says 'Senha alterada. Entre com a nova senha.' → the old
 *   password fails, the new one signs in; then 'Minha conta' → change the password again;
 * - deletion: `apagar1` deletes the account after the confirmation dialog → /login says
 *   'Sua conta foi excluída.', the token cookie is gone, and signing in again is refused.
 * axe-core on every screen and state visited. Locking after too many wrong codes is tested in
 * server/account.test.ts.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** The newest reset code e-mailed to `address`, from the reference server's dev mail endpoint. */
async function latestCode(request: APIRequestContext, address: string): Promise<string> {
  const answer = await request.get(`/api/dev/mail?to=${encodeURIComponent(address)}`);
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { body: string }[] };
  const code = /(\d{6})/.exec(data[0]?.body ?? '')?.[1];
  expect(code, 'a 6-digit code in the newest e-mail').toBeDefined();
  return code!;
}

test('password reset by e-mailed code, then sign in with the new password and change it', async ({
  page,
  request,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/requestResetPassword$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeVisible();
  await expectNoA11yViolations(page);

  // An empty access code is a field error, focused.
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('textbox', { name: 'Código de acesso' })).toBeFocused();
  await expect(page.getByText('Informe o código de acesso.')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('textbox', { name: 'Código de acesso' }).fill('reset1');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page).toHaveURL(/\/resetPassword\?username=reset1&sent=1$/);
  await expect(page.getByRole('status')).toContainText('enviamos um código de verificação');
  await expect(page.getByRole('textbox', { name: 'Código de acesso' })).toHaveValue('reset1');
  await expectNoA11yViolations(page);

  const code = await latestCode(request, 'reset1@exemplo.com.br');
  const codeField = page.getByRole('textbox', { name: /Código de verificação/ });
  const newPassword = page.getByLabel(/^Nova senha/);
  const confirmation = page.getByLabel('Confirme a nova senha');

  // Field rules first: short password and a different confirmation.
  await codeField.fill(code);
  await newPassword.fill('curta');
  await confirmation.fill('outra');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(newPassword).toBeFocused();
  await expect(page.getByText('A nova senha deve ter pelo menos 8 caracteres.')).toBeVisible();
  await expect(page.getByText('A confirmação não é igual à nova senha.')).toBeVisible();
  await expectNoA11yViolations(page);

  // A wrong code: the server's clear message.
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await newPassword.fill('nova-senha-1');
  await confirmation.fill('nova-senha-1');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Código incorreto ou expirado. Confira o código enviado por e-mail ou peça um novo.',
  );
  await expectNoA11yViolations(page);

  // An expired code (the reference server ages it, as if 15 minutes had passed): a clear
  // message; a new code is asked for and arrives.
  const aged = await request.post('/api/dev/mail/expire-codes?to=reset1%40exemplo.com.br');
  expect(((await aged.json()) as { data: { expired: number } }).data.expired).toBe(1);
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Código incorreto ou expirado. Confira o código enviado por e-mail ou peça um novo.',
  );
  await expectNoA11yViolations(page);
  await page.goto('/requestResetPassword');
  await page.getByRole('textbox', { name: 'Código de acesso' }).fill('reset1');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page).toHaveURL(/\/resetPassword\?username=reset1&sent=1$/);
  await expect.poll(() => latestCode(request, 'reset1@exemplo.com.br')).not.toBe(code);
  const freshCode = await latestCode(request, 'reset1@exemplo.com.br');
  await newPassword.fill('nova-senha-1');
  await confirmation.fill('nova-senha-1');

  // The right code.
  await codeField.fill(freshCode);
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page).toHaveURL(/\/login\?reset=ok$/);
  await expect(page.getByRole('status')).toHaveText('Senha alterada. Entre com a nova senha.');
  await expectNoA11yViolations(page);

  // The old password no longer works; the new one does.
  await signIn(page, 'reset1', 'demo1234');
  await expect(page.getByRole('alert')).toHaveText('Código de acesso ou senha incorretos.');
  await signIn(page, 'reset1', 'nova-senha-1');
  await expect(page).toHaveURL(/\/home$/);

  // 'Minha conta' → change the password (current one checked by the server).
  await page.getByRole('banner').getByRole('link', { name: 'Minha conta' }).click();
  await expect(page).toHaveURL(/\/conta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await expectNoA11yViolations(page);
  const change = page.getByRole('region', { name: 'Alterar senha' });
  await change.getByLabel('Senha atual').fill('errada-123');
  await change.getByLabel(/^Nova senha/).fill('outra-senha-2');
  await change.getByLabel('Confirme a nova senha').fill('outra-senha-2');
  await change.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(change.getByRole('alert')).toHaveText('A senha atual está incorreta.');
  await change.getByLabel('Senha atual').fill('nova-senha-1');
  await change.getByLabel(/^Nova senha/).fill('outra-senha-2');
  await change.getByLabel('Confirme a nova senha').fill('outra-senha-2');
  await change.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(change.getByRole('status')).toHaveText('Senha alterada. Use a nova senha na próxima vez que entrar.');
  await expectNoA11yViolations(page);
  // This session stays open.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
});

test('a signed-in student is sent away from the reset pages like from /login', async ({ page, signIn }) => {
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/requestResetPassword');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/resetPassword');
  await expect(page).toHaveURL(/\/home$/);
});

test('account deletion signs the student out and the account can no longer sign in', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto('/login');
  await signIn(page, 'apagar1', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('banner').getByRole('link', { name: 'Minha conta' }).click();
  await expect(page).toHaveURL(/\/conta$/);
  const section = page.getByRole('region', { name: 'Excluir conta' });
  await expect(section.getByText('Antes de excluir, baixe seus certificados e documentos.')).toBeVisible();
  await section.getByLabel('Motivo da exclusão (opcional)').fill('Terminei o curso');
  await section.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir sua conta?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Excluir conta' }).click();

  await expect(page).toHaveURL(/\/login\?deleted=1$/);
  await expect(page.getByRole('status')).toHaveText('Sua conta foi excluída.');
  await expectNoA11yViolations(page);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'token')).toBeUndefined();

  await signIn(page, 'apagar1', 'demo1234');
  await expect(page.getByRole('alert')).toHaveText('Esta conta foi excluída e não pode mais entrar.');
  await page.goto('/conta');
  await expect(page).toHaveURL(/\/login\?next_route=%2Fconta$/);
});
