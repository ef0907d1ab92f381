/**
 * Code that could not load offline is never a white screen nor a dead end (docs/offline.md
 * "Updates"). Parts of the app load their code the first time they show; with no service worker
 * yet (a first visit; the e2e suite blocks it), going offline makes that load fail:
 * - a screen shows 'Não foi possível abrir esta tela' in the signed-in layout, and once the
 *   network is back opens by itself (or on 'Tentar novamente'), styles included (React kept the
 *   failed load for good before, and Vite would not add a failed stylesheet again:
 *   src/views/components/retryable-lazy.ts, src/services/pwa/chunk-reload.ts);
 * - a part outside the screens (the toaster) is left out instead of taking the whole page with
 *   it, and works again once online (src/views/components/optional-part.tsx).
 * The failed chunk does not reload the page either (src/services/pwa/chunk-reload.ts).
 */
import { expect, test } from './support/fixtures';

const origin = (host: string) => (process.env.E2E_BASE_URL ?? '').replace('localhost', host);

test('a screen whose code could not load offline says so in the layout, and opens once the network is back', async ({
  page,
  context,
  signIn,
}) => {
  // Offline, the browser's network emulation refuses new requests; the route makes sure that
  // the screen's code is among them (not already fetched ahead) and counts the refusals.
  let offline = false;
  const refused: string[] = [];
  await page.route(/\/assets\/[^/]+\.js$/, (route) => {
    if (!offline) return route.continue();
    refused.push(new URL(route.request().url()).pathname);
    return route.abort('internetdisconnected');
  });
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Página inicial' })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { beforeOffline?: boolean }).beforeOffline = true;
  });

  offline = true;
  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Notas' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Não foi possível abrir esta tela' });
  await expect(failed).toBeVisible();
  expect(refused.length, "the grades screen's code was asked for offline").toBeGreaterThan(0);
  // In the signed-in layout: the header and its menu stay, so the student is never stuck here.
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Não foi possível abrir esta tela');
  // Not reloaded into the browser's offline page.
  expect(await page.evaluate(() => (window as unknown as { beforeOffline?: boolean }).beforeOffline)).toBe(true);

  // Back online, the screen opens by itself ('Tentar novamente' does the same: unit tests).
  offline = false;
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas notas' })).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(page).toHaveURL(/\/grades$/);
  // With its styles (they failed with its code): the summary's figures side by side as cards.
  await expect(page.getByRole('region', { name: 'Resumo' }).locator('dl')).toHaveCSS('display', 'grid');
});

test("offline on the error screen, asking for the error's message keeps the screen; online it shows", async ({
  page,
  context,
}) => {
  await page.goto(`${origin('desconhecido.localhost')}/login`);
  const dialog = page.getByRole('alertdialog', { name: 'Ops! Algo deu errado :(' });
  await expect(dialog).toContainText('Atualizando em:', { timeout: 10_000 });

  await context.setOffline(true);
  await expect(dialog).toContainText('Sem conexão: a contagem continua quando a internet voltar.');
  // The toaster's code cannot load now: no toast, but the screen stays (it used to go blank).
  await dialog.getByRole('button', { name: '404' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Atualizar' })).toBeVisible();
  await expect(page.getByText('Plataforma não encontrada.')).toHaveCount(0);

  await context.setOffline(false);
  await expect(dialog).not.toContainText('Sem conexão');
  await dialog.getByRole('button', { name: '404' }).click();
  await expect(page.getByText('Plataforma não encontrada.')).toBeVisible();
  await expect(dialog).toBeVisible();
});
