/**
 * Accessibility settings in real Chromium against the reference server: chosen
 * from the login screen, applied before first paint on the next load (the hashed pre-paint
 * script runs under the CSP even with the app's JavaScript blocked), dark mode × font size 3
 * × spacing 3 chosen on the login screen pass axe there and carry over to the student (every
 * signed-in screen in those settings: layout-sweep.spec.ts), English and
 * Spanish replace every interface text, and VLibras failing to load leaves the app working.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/fixtures';
import { studentApi } from './support/student-screens';

const catalogue = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

async function openPanel(page: Page) {
  await page
    .getByRole('button', { name: /Acessibilidade|Accessibility|Accesibilidad/ })
    .first()
    .click();
  return page.getByRole('dialog');
}

/** The first learning object of course 1 of the student signed in on `page` (for its public preview). */
async function firstLearningObject(page: Page): Promise<number> {
  const base = new URL(page.url()).origin;
  const course = await studentApi<{ data: { modules: { id: number }[] } }>(page, base, '/api/v1/lms/courses/1');
  const module = await studentApi<{ data: { lessons: { learning_objects: { id: number }[] }[] } }>(
    page,
    base,
    `/api/v1/lms/modules/${course.data.modules[0]!.id}`,
  );
  return module.data.lessons[0]!.learning_objects[0]!.id;
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

// Every signed-in screen in dark mode with the largest text and spacing is checked with axe by
// the layout sweep (layout-sweep.spec.ts, with its overflow and header checks); here the same
// settings are chosen as a student would, on the login screen, and carried over.
test('dark mode × font size 3 × spacing 3 chosen on the login screen: the panel, the login and the public preview pass axe; the student keeps them', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
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
  await expect(page.locator('html')).toHaveAttribute('data-font-size', '3');

  // The public preview of a learning object (no sign-in needed, not part of the sweep).
  await page.goto(`/lo/preview/${await firstLearningObject(page)}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-font-size', '3');
  await expectNoA11yViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow on the preview').toBeLessThanOrEqual(1);
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
