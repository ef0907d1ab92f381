/**
 * Guessing is slowed, in real Chromium against a reference server whose limit is 3
 * failures per access code a minute: the 4th wrong password is answered 429, and /login says
 * 'Muitas tentativas. Tente novamente em M:SS' with 'Entrar' disabled until the wait is over
 * (Playwright's clock makes the minute pass); within the server's window even the right
 * password is refused, while another student signs in.
 */
import { expect, test } from './support/fixtures';
import { startReferenceServer, type ReferenceServer } from './support/server';

let server: ReferenceServer;
test.beforeAll(async () => {
  server = await startReferenceServer({ env: { RATE_LIMIT_PER_CODE: '3', RATE_LIMIT_WINDOW_SECONDS: '60' } });
});
test.afterAll(async () => {
  await server?.dispose();
});

test('after too many wrong passwords /login counts the wait down, then signs in', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.clock.install();
  await page.goto(`${server.base}/login`);
  for (let i = 0; i < 3; i++) {
    await signIn(page, 'demo', `errada-${i}`);
    await expect(page.getByRole('alert')).toHaveText('Código de acesso ou senha incorretos.');
  }
  await signIn(page, 'demo', 'errada-4');
  const wait = page.getByRole('status').filter({ hasText: /^Muitas tentativas\. Tente novamente em \d+:\d\d/ });
  await expect(wait).toBeVisible();
  await expect(wait).toBeFocused();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeDisabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoA11yViolations(page);
  // The minute passes (the server's window and the app's countdown alike).
  await page.clock.runFor(61_000);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  await expect(wait).toHaveCount(0);
  // The server's window is real time: within it even the right password is refused (guessing
  // cannot go on), and the form counts down again.
  await signIn(page, 'demo', 'demo1234');
  await expect(wait).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // Another student on the same device is not held back (the per-address budget is larger).
  await page.clock.runFor(61_000);
  await signIn(page, 'aprovat', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
});
