/**
 * The post-login configuration failures of spec §8 in Chromium against the reference server:
 * when the analytics config (clarity_key) and the chatbot config (imbot_key) cannot load,
 * negative top toasts 'Um erro inesperado ocorreu. Cód: 8' and '… Cód: 7' appear about 1 s
 * after sign-in, and the student carries on.
 */
import { expect, test } from './support/fixtures';

test('analytics and chatbot config failures show Cód: 8 and Cód: 7 toasts; the app carries on', async ({
  page,
  signIn,
}) => {
  await page.route('**/api/v1/lms/settings/clarity_key', (route) =>
    route.fulfill({ status: 500, json: { message: 'Erro interno do servidor.' } }),
  );
  // A malformed answer is a failure too (spec §8 'A resposta da API não está no formato esperado').
  await page.route('**/api/v1/lms/settings/imbot_key', (route) => route.fulfill({ status: 200, json: { data: 42 } }));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Um erro inesperado ocorreu. Cód: 8')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Um erro inesperado ocorreu. Cód: 7')).toBeVisible();
  const toast = page.locator('[data-sonner-toast]').first();
  expect(await toast.getAttribute('data-type')).toBe('error');
  expect(await toast.getAttribute('data-y-position')).toBe('top');
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Cursos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meus cursos' })).toBeVisible();
});

test('analytics and chatbot scripts that cannot load show Cód: 8 and Cód: 7 toasts', async ({ page, signIn }) => {
  // The settings load; the scripts (stand-ins in the e2e build) do not: one 404, one network failure.
  await page.route('**/api/standins/chatbot.js*', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.route('**/api/standins/clarity.js*', (route) => route.abort('failed'));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Um erro inesperado ocorreu. Cód: 8')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Um erro inesperado ocorreu. Cód: 7')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fale conosco' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Página inicial' })).toBeVisible();
});
