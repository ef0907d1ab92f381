/**
 * Accessibility settings in real Chromium against the reference server: chosen
 * from the login screen, applied before first paint on the next load (the hashed pre-paint
 * script runs under the CSP even with the app's JavaScript blocked), dark mode × font size 3
 * × spacing 3 pass axe on every built screen without horizontal overflow, English and
 * Spanish replace every interface text, and VLibras failing to load leaves the app working.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/fixtures';

const catalogue = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

async function openPanel(page: Page) {
  await page
    .getByRole('button', { name: /Acessibilidade|Accessibility|Accesibilidad/ })
    .first()
    .click();
  return page.getByRole('dialog');
}

/** Every built screen of the app, for the student `aprovat` (who has grades, bills and files). */
async function builtScreens(page: Page): Promise<string[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  const headers = { 'x-access-token': token, 'x-user-environment': 'WEB' };
  const course = (await (await page.request.get('/api/v1/lms/courses/1', { headers })).json()) as {
    data: { modules: { id: number }[] };
  };
  const moduleId = course.data.modules[0]!.id;
  const module = (await (await page.request.get(`/api/v1/lms/modules/${moduleId}`, { headers })).json()) as {
    data: { lessons: { learning_objects: { id: number }[] }[] };
  };
  const loId = module.data.lessons[0]!.learning_objects[0]!.id;
  const mine = (await (await page.request.get('/api/v1/attachments/authorized', { headers })).json()) as {
    data: { id: number }[];
  };
  return [
    '/courses',
    '/courses/1',
    `/courses/1/modules/${moduleId}`,
    `/courses/1/modules/${moduleId}/learningObjects/${loId}`,
    '/grades',
    '/grades/course/1',
    '/attachments',
    `/attachment/${mine.data[0]!.id}`,
    '/finances',
    `/lo/preview/${loId}`,
    '/nao-existe',
  ];
}

test('settings chosen on the login screen apply before first paint on the next load, under the CSP', async ({
  page,
}) => {
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    // Script violations only: the pre-paint script must run; style violations (sonner's runtime <style>)
    // are the security-header tests' concern (docs/architecture.md §D5).
    if (/Content Security Policy/i.test(message.text()) && /script-src/.test(message.text())) {
      cspErrors.push(message.text());
    }
  });
  await page.goto('/login');
  const dialog = await openPanel(page);
  await dialog.getByRole('switch', { name: 'Modo escuro' }).check();
  await dialog.getByRole('group', { name: 'Tamanho da letra' }).getByRole('radio', { name: 'Muito maior' }).check();
  await dialog
    .getByRole('group', { name: 'Espaçamento entre letras' })
    .getByRole('radio', { name: 'Muito maior' })
    .check();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 20, 23)');

  // Next load with the app's JavaScript blocked: only the inline pre-paint script can apply them.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-font-size', '3');
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--letter-spacing'))).toBe('0.12em');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 20, 23)');
  expect(cspErrors).toEqual([]);
});

test('a returning student sees their brand before the platform lookup answers (cached, pre-paint)', async ({
  page,
}) => {
  const brand2 = (process.env.E2E_BASE_URL ?? '').replace('localhost', '127.0.0.1');
  await page.goto(`${brand2}/login`);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-template', 'streaming');
  const primary = await page.evaluate(() => document.documentElement.style.getPropertyValue('--brand-primary-light'));
  expect(primary).not.toBe('');
  // Next load: the lookup never answers and the app's JavaScript is blocked — the brand is there anyway.
  await page.route('**/api/v1/platforms/**', () => {});
  await page.route('**/assets/*.js', (route) => route.abort());
  // Not until 'load': the cached brand's logo comes from the platform API, which hangs here.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(html).toHaveAttribute('data-template', 'streaming');
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--brand-primary-light'))).toBe(
    primary,
  );
});

test('dark mode × font size 3 × spacing 3: every built screen passes axe and nothing overflows sideways', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  const dialog = await openPanel(page);
  await dialog.getByRole('switch', { name: 'Modo escuro' }).check();
  await dialog.getByRole('group', { name: 'Tamanho da letra' }).getByRole('radio', { name: 'Muito maior' }).check();
  await dialog
    .getByRole('group', { name: 'Espaçamento entre letras' })
    .getByRole('radio', { name: 'Muito maior' })
    .check();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expectNoA11yViolations(page);
  await signIn(page, 'aprovat', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  // The student had no settings of their own: the device's (chosen above) carry over.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  for (const path of await builtScreens(page)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('data-font-size', '3');
    await expectNoA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(1);
  }
});

for (const locale of ['en', 'es'] as const) {
  test(`switching to ${locale} replaces every interface text`, async ({ page, signIn }) => {
    test.setTimeout(90_000);
    const pt = catalogue('pt-BR');
    const target = catalogue(locale);
    // Static texts (no arguments) that differ between the languages: none may remain on screen.
    const portuguese = new Set(
      Object.entries(pt)
        .filter(([id, text]) => !text.includes('{') && target[id] !== text && text.length > 3)
        .map(([, text]) => text),
    );
    await page.goto('/login');
    await signIn(page, 'lxp', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/courses');
    const dialog = await openPanel(page);
    await dialog.getByRole('combobox').selectOption(locale);
    await dialog.getByRole('button', { name: target['a11y.close.button']! }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1, name: target['courses.heading.title']! })).toBeVisible();

    for (const path of ['/courses', '/courses/1', '/grades', '/attachments', '/finances']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const texts = await page.evaluate(() => {
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim();
          if (text) found.push(text);
        }
        for (const el of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
          for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
            const value = el.getAttribute(name)?.trim();
            if (value) found.push(value);
          }
        }
        return found;
      });
      const leftovers = texts.filter((text) => portuguese.has(text));
      expect(leftovers, `Portuguese interface text left on ${path} in ${locale}`).toEqual([]);
    }
  });
}

test('VLibras that cannot load is explained and the app keeps working', async ({ page, signIn }) => {
  await page.route('https://vlibras.gov.br/**', (route) => route.abort());
  await page.goto('/login');
  await signIn(page, 'eja', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/courses');
  const dialog = await openPanel(page);
  await dialog.getByRole('switch', { name: 'Tradução em Libras (VLibras)' }).check();
  await expect(dialog.getByRole('alert')).toContainText('Não foi possível carregar o VLibras agora.', {
    timeout: 15_000,
  });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await page.locator('.card-title a').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Módulos' })).toBeVisible();
});
