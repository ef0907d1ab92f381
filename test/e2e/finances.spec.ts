/**
 * Finances end to end in real Chromium against the reference server: the demo
 * student's bills (open, paid, overdue; BRL amounts, pt-BR dates), paying one with Pix — the
 * QR code, the copy button putting exactly the server's BR Code in the clipboard and
 * announcing 'Código copiado', the same code when the bill is reopened — then the charge
 * marked paid through the reference server's demo endpoint (with the student's ERP token), 'Pagamento confirmado' by
 * polling and the bill listed as paid. Paying is disabled offline with the reason. axe on
 * every screen state visited.
 */
import { expect, test } from './support/fixtures';
import { DEMO_FEES } from './support/demo-bills';

interface Charge {
  txid: string;
  brcode: string;
  status: string;
}

test('a bill paid by Pix end to end', async ({ page, context, signIn, expectNoA11yViolations }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Financeiro' }).click();
  await expect(page).toHaveURL(/\/finances$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Financeiro' })).toBeVisible();

  // The list: overdue (said in text), open and paid, BRL amounts and pt-BR dates.
  const overdue = page.getByRole('region', { name: 'Vencidas (1)' });
  const open = page.getByRole('region', { name: 'Em aberto (2)' });
  await expect(overdue).toContainText(DEMO_FEES.overdue);
  await expect(overdue).toContainText('Vencida');
  await expect(overdue).toContainText(/Valor: R\$\s349,90/);
  await expect(overdue).toContainText(/Vencimento: \d{2}\/\d{2}\/\d{4}/);
  await expect(open).toContainText(/Taxa de emissão de certificado.*Valor: R\$\s47,50/);
  await expect(page.getByRole('region', { name: 'Pagas (2)' })).toContainText(/Paga em \d{2}\/\d{2}\/\d{4}/);
  await expectNoA11yViolations(page);

  // Offline: paying is disabled and the reason is shown.
  const payFee = page.getByRole('button', { name: new RegExp(`^Pagar com Pix: ${DEMO_FEES.open}`) });
  await context.setOffline(true);
  await expect(payFee).toBeDisabled();
  await expect(payFee).toHaveAccessibleDescription(/Sem conexão com a internet/);
  await expectNoA11yViolations(page);
  await context.setOffline(false);
  await expect(payFee).toBeEnabled();

  // Pay: the QR code and exactly the server's BR Code.
  const payAnswer = page.waitForResponse((r) => /\/api\/erp\/v1\/bills\/\d+\/pay$/.test(r.url()));
  await payFee.click();
  const payResponse = await payAnswer;
  const charge = ((await payResponse.json()) as { data: Charge }).data;
  // The student's ERP token, as the app sent it: the demo "mark paid" call needs it.
  const erpToken = (await payResponse.request().allHeaders())['x-access-token']!;
  expect(charge.brcode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
  const dialog = page.getByRole('dialog', { name: `Pagar com Pix: ${DEMO_FEES.open}` });
  await expect(dialog.getByRole('img', { name: /^QR Code Pix para pagar R\$\s349,90$/ })).toBeVisible();
  const code = dialog.getByRole('textbox', { name: 'Pix Copia e Cola' });
  await expect(code).toHaveValue(charge.brcode);
  await expect(dialog.getByRole('timer')).toHaveText(/^Expira em 1[45]:\d\d$/);
  await expectNoA11yViolations(page);

  // Copy: the clipboard holds the server's code; 'Código copiado' is announced politely.
  await dialog.getByRole('button', { name: 'Copiar código' }).click();
  const status = dialog.getByRole('status');
  await expect(status).toHaveText('Código copiado');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(charge.brcode);

  // Reopening the unpaid bill shows its active charge again.
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  await payFee.click();
  await expect(code).toHaveValue(charge.brcode);

  // The bank confirms (the reference server's demo endpoint); polling turns the screen paid.
  const marked = await page.request.post(`/api/erp/v1/demo/charges/${charge.txid}/mark-paid`, {
    headers: { 'x-access-token': erpToken },
  });
  expect(marked.status()).toBe(200);
  await expect(status).toHaveText('Pagamento confirmado', { timeout: 15_000 });
  await expect(code).toBeHidden();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  const paid = page.getByRole('region', { name: 'Pagas (3)' });
  await expect(paid).toContainText(DEMO_FEES.open);
  await expect(page.getByRole('region', { name: 'Em aberto (1)' })).not.toContainText(DEMO_FEES.open);
  await expect(page.getByRole('button', { name: new RegExp(`^Pagar com Pix: ${DEMO_FEES.open}`) })).toHaveCount(0);
});

test('the Pix dialog’s code is fetched while the bills are read, before Pagar com Pix is pressed', async ({
  page,
  signIn,
}) => {
  // 'Pagar com Pix' used to wait for two round trips in a row after the tap (the dialog's code,
  // then the payment effects it loads) before showing anything (docs/performance.md).
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const chunk = /^\/assets\/(payment-dialog|payments)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (chunk) fetched.add(chunk[1]!);
  });
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Financeiro' }).click();
  const pay = page.getByRole('button', { name: /^Pagar com Pix: / }).first();
  await expect(pay).toBeEnabled();
  await expect.poll(() => [...fetched].sort()).toEqual(['payment-dialog', 'payments']);
  await pay.click();
  const dialog = page.getByRole('dialog', { name: /^Pagar com Pix: / });
  await expect(dialog.getByRole('heading', { level: 2 })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
});
