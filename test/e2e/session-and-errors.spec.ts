/**
 * Sessions and errors that respect the student, in real Chromium against the
 * reference server:
 * - opening the app offline after the 1 h user cache expired keeps the student signed in: pages
 *   come from the device, a learning object finished offline is queued and reaches the server
 *   when the connection is back, and no 'Cód: 7/8' toast appears (the offline banner is the one
 *   message);
 * - a failed sign-in says something human in the student's language (502, timeout, malformed
 *   answer, the user read after the token failing), the form stays usable, the focus on the
 *   message;
 * - a 401 in the middle of a session sends the student to /login with 'Sua sessão expirou' and
 *   signing in again brings them back to the same page, hash included.
 */
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';
import { finishLearningObject } from './support/progress';
import { startReferenceServer, type ReferenceServer } from './support/server';

const NAV = 'Navegação principal';

/** The student's start/end writes the server applied (reference-server audit endpoint). */
async function serverEnds(request: APIRequestContext, context: BrowserContext, base: string): Promise<number[]> {
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
  expect(token, 'token cookie').toBeTruthy();
  const answer = await request.get(`${base}/api/v1/lms/progress/events`, {
    headers: { 'x-access-token': token!, 'x-user-environment': 'WEB' },
  });
  expect(answer.status()).toBe(200);
  const events = ((await answer.json()) as { data: { learning_object_id: number; kind: string }[] }).data;
  return events.filter((e) => e.kind === 'end').map((e) => e.learning_object_id);
}

test.describe('offline never signs out', () => {
  test.use({ serviceWorkers: 'allow' });
  // Its own server and database: the progress written here touches no other spec's student.
  let server: ReferenceServer;
  test.beforeAll(async () => {
    server = await startReferenceServer();
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test('offline after the user cache expired: still signed in, pages from the device, progress sent on reconnect, no Cód toast', async ({
    page,
    context,
    request,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`${server.base}/login`);
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // One online visit: courses, a course, a module, a text learning object, grades.
    const nav = page.getByRole('navigation', { name: NAV });
    await nav.getByRole('link', { name: 'Cursos' }).click();
    await page.locator('.card-title a').first().click();
    const moduleLink = page.locator('.item-title').first();
    const moduleName = (await moduleLink.textContent()) ?? '';
    await moduleLink.click();
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
    const moduleUrl = page.url();
    const text = page.locator('.item', { hasText: 'Texto ·' }).first().locator('.item-title');
    const textName = (await text.textContent()) ?? '';
    const textId = Number(((await text.getAttribute('href')) ?? '').split('/').pop());
    await text.click();
    await expect(page.getByRole('heading', { level: 1, name: textName })).toBeVisible();
    await nav.getByRole('link', { name: 'Notas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Minhas notas' })).toBeVisible();
    // Saved on the device (the persister writes at most once a second).
    await page.waitForTimeout(1500);

    // What an hour does: the 'user' cookie is gone. Then the device goes offline and reloads.
    await context.clearCookies({ name: 'user' });
    await page.goto(moduleUrl);
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
    await context.setOffline(true);
    await context.clearCookies({ name: 'user' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
    expect(page.url()).toBe(moduleUrl);
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Você está offline/ })).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'token')?.value, 'the 30-day token stays').toBeTruthy();

    // Studying offline: the text is finished; the write waits in the outbox.
    await page.getByRole('link', { name: textName }).click();
    await expect(page.getByRole('heading', { level: 1, name: textName })).toBeVisible();
    await finishLearningObject(page);
    await expect(page.getByRole('button', { name: 'Sincronizar agora' })).toBeVisible();
    // The post-login setup ran (1 s after load) with the settings reads failing offline: no toast.
    await page.waitForTimeout(1500);
    await expect(page.getByText(/Um erro inesperado ocorreu/)).toHaveCount(0);

    // Back online: still signed in, the write reaches the server once.
    await context.setOffline(false);
    await expect.poll(() => serverEnds(request, context, server.base), { timeout: 20_000 }).toEqual([textId]);
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(page.getByText(/Um erro inesperado ocorreu/)).toHaveCount(0);
    // The user read answered again: the cache is fresh once more.
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === 'user'), { timeout: 15_000 })
      .toBe(true);
  });
});

/** Opens /login in `locale` through the accessibility panel (as a student chooses it). */
async function loginIn(page: Page, locale: 'en' | 'es') {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Acessibilidade' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Idioma' }).selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await dialog.getByRole('button', { name: locale === 'en' ? 'Close' : 'Cerrar' }).click();
}

/** Fills the form (in any language: fields by their ids) and submits it. */
async function submit(page: Page, user = 'demo', password = 'demo1234') {
  await page.locator('#login-username').fill(user);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

test.describe('sign-in failures speak human, in the student’s language', () => {
  test('502, malformed answer and a failing user read: a message in English, focus on it, the form usable', async ({
    page,
    context,
  }) => {
    await loginIn(page, 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    await page.route('**/api/v1/auth/token', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    await submit(page);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('The platform is having trouble right now. Please try again in a few minutes.');
    await expect(alert).toBeFocused();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();

    await page.unroute('**/api/v1/auth/token');
    await page.route('**/api/v1/auth/token', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"token_type":"bearer"}' }),
    );
    await submit(page);
    await expect(alert).toHaveText("The platform sent an answer we couldn't read. Please try again in a moment.");
    await page.unroute('**/api/v1/auth/token');

    // The token is issued, the user read right after it fails: said, nothing kept.
    await page.route('**/api/v1/users/self', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Erro interno do servidor."}' }),
    );
    await submit(page);
    await expect(alert).toHaveText('The platform is having trouble right now. Please try again in a few minutes.');
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await page.unroute('**/api/v1/users/self');

    // And once the platform is well again, the same form signs in.
    await submit(page);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a timeout and a wrong password, in Spanish', async ({ page }) => {
    await page.clock.install();
    await loginIn(page, 'es');
    await page.route('**/api/v1/auth/token', () => {
      // Never answered: the client's 30 s timeout (docs/product.md §9) decides.
    });
    await submit(page);
    await expect(page.locator('form button[type="submit"]')).toBeDisabled();
    await page.clock.fastForward(31_000);
    await expect(page.getByRole('alert')).toHaveText(
      'La plataforma tardó demasiado en responder. Inténtalo de nuevo en unos instantes.',
    );
    await page.unroute('**/api/v1/auth/token');
    await submit(page, 'demo', 'senha-errada');
    await expect(page.getByRole('alert')).toHaveText('Código de acceso o contraseña incorrectos.');
  });
});

test('a 401 mid-session: /login says the session expired, and signing in returns to the same page', async ({
  page,
  request,
  signIn,
}) => {
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Continue estudando' })).toBeVisible();
  // Past the post-login setup (1 s after sign-in), so that what meets the revoked token is the page below.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
  // The platform ends the session behind the app's back (signed out elsewhere).
  const revoked = await request.post('/api/v1/auth/logout', { headers: { 'x-access-token': token! } });
  expect(revoked.status()).toBeLessThan(300);
  await page.goto('/grades?q=a#resumo');
  await expect(page).toHaveURL(/\/login\?expired=1&next_route=%2Fgrades%3Fq%3Da%23resumo$/);
  await expect(page.getByRole('status')).toHaveText('Sua sessão expirou. Entre novamente.');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/grades\?q=a#resumo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas notas' })).toBeVisible();
});

test('a protected deep link keeps its #hash through the sign-in', async ({ page, signIn }) => {
  await page.goto('/grades?q=a#resumo');
  await expect(page).toHaveURL(/\/login\?next_route=%2Fgrades%3Fq%3Da%23resumo$/);
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/grades\?q=a#resumo$/);
});
