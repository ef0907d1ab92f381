/**
 * LGPD consent and session ping (docs/product.md §4 LGPD and post-login setup, §7, §9) in Chromium against
 * the reference server. The ping keeps its real 5-minute interval: the ping tests run the page's
 * timers on Playwright's clock and fast-forward it (a 2 s build-time interval,
 * VITE_SESSION_PING_MS, made other specs' 401 scenarios racy).
 * - `novo` (not accepted) arriving on `/` sees the dialog after about 1 s, accepts, reloads and
 *   never sees it again; `demo` (accepted) never sees it; a failed acceptance keeps the dialog
 *   with the error (`lgpd1`, whose acceptance is intercepted, stays unaccepted); axe with the
 *   dialog open.
 * - Platform 1 (enforce_session_throttle) pings at the post-login setup, then every 5 minutes,
 *   and stops on 'Sair'; platform 2 (no flag) pings never.
 */
import { expect, test, type Page } from './support/fixtures';

const DIALOG = { name: 'Privacidade e proteção de dados' };

const sessionToken = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value ?? '';

/** The student's pings as the reference server stored them (reference-only read). */
const storedPings = async (page: Page, base: string) => {
  const answer = await page.request.get(`${base}/api/v2/user-session/log`, {
    headers: { 'x-access-token': await sessionToken(page), 'x-user-environment': 'WEB' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { id: number }[] }).data;
};

test('novo on / sees the LGPD dialog after about 1 s, accepts, reloads and never sees it again', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  // Playwright's clock: the delays (post-login setup 1 s, prompt 1 s — timed exactly in the
  // machine tests on a simulated clock) pass when the test says, not with the machine's load.
  await page.clock.install();
  await page.goto('/login?next_route=%2F');
  await signIn(page, 'novo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  const dialog = page.getByRole('dialog', DIALOG);
  // Not at once: the prompt waits for its delay.
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(2_500);
  await expect(dialog).toBeVisible({ timeout: 5_000 });
  await expect(dialog).toContainText('Lei Geral de Proteção de Dados');
  await expect(dialog.getByRole('link', { name: /Ler a política de privacidade completa/ })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
  const accept = dialog.getByRole('button', { name: 'Aceitar' });
  await expect(accept).toBeFocused();
  await expectNoA11yViolations(page);
  await accept.click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
  await page.clock.runFor(2_500);
  await expect(page.getByRole('dialog', DIALOG)).toHaveCount(0);
  await page.goto('/');
  await page.clock.runFor(2_500);
  await expect(page.getByRole('dialog', DIALOG)).toHaveCount(0);
});

test('demo (LGPD accepted) never sees the dialog', async ({ page, signIn }) => {
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.waitForTimeout(2_500);
  await expect(page.getByRole('dialog', DIALOG)).toHaveCount(0);
});

test('a failed acceptance keeps the dialog with the error; Escape postpones', async ({ page, signIn }) => {
  await page.route('**/api/v1/users/updateAcceptedLgpd', (route) =>
    route.fulfill({ status: 500, json: { message: 'Erro interno do servidor.' } }),
  );
  await page.goto('/login');
  await signIn(page, 'lgpd1', 'demo1234');
  const dialog = page.getByRole('dialog', DIALOG);
  await expect(dialog).toBeVisible({ timeout: 5_000 });
  await dialog.getByRole('button', { name: 'Aceitar' }).click();
  // A human reason, not the server's technical text.
  await expect(dialog.getByRole('alert')).toHaveText(
    'Não foi possível registrar o seu aceite. A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
  );
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Aceitar' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
});

/** Answered POSTs of the session ping of the page. */
const pingPosts = (page: Page) => {
  const posts: string[] = [];
  // Counted once answered: the next 5-minute timer starts only then.
  page.on('requestfinished', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v2/user-session/log')) posts.push(request.url());
  });
  return posts;
};

test('platform 1 (enforce_session_throttle) pings from the post-login setup, every 5 minutes, until Sair', async ({
  page,
  signIn,
}) => {
  // The page's timers run on Playwright's clock: 5 minutes pass with fastForward (docs/product.md §9: 300 000 ms).
  await page.clock.install();
  const posts = pingPosts(page);
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => posts.length).toBe(1);
  await page.waitForTimeout(300);
  await page.clock.fastForward('04:50');
  await page.waitForTimeout(500);
  expect(posts).toHaveLength(1);
  await page.clock.fastForward('00:15');
  await expect.poll(() => posts.length).toBe(2);
  await page.waitForTimeout(300);
  await page.clock.fastForward('05:05');
  await expect.poll(() => posts.length).toBe(3);
  expect((await storedPings(page, process.env.E2E_BASE_URL!)).length).toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.clock.fastForward('10:00');
  await page.waitForTimeout(500);
  expect(posts).toHaveLength(3);
});

test('platform 2 (no enforce_session_throttle) logs no session ping', async ({ page, signIn }) => {
  const base = process.env.E2E_BASE_URL_BRAND2!;
  await page.clock.install();
  const posts = pingPosts(page);
  await page.goto(`${base}/login`);
  await signIn(page, 'stream', 'demo1234');
  await expect(page).toHaveURL(new RegExp(`^${base.replace(/\./g, '\\.')}/$`));
  await page.waitForTimeout(1_500);
  await page.clock.fastForward('10:00');
  await page.waitForTimeout(500);
  expect(posts).toEqual([]);
  expect(await storedPings(page, base)).toEqual([]);
});
