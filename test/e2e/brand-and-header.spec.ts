/**
 * What students see in real Chromium against the reference server:
 * - each brand's logo (alt = its name) and name on /login and at the start of the header; the
 *   pre-rendered /login paints the cached brand's logo before the app runs, in a box of fixed
 *   size: no layout shift;
 * - at 390×844 the signed-in header is one row ≤ 64 px on every signed-in screen, both brands,
 *   light, and dark at font size 3; its 'Menu' opens a modal navigation that passes axe and works
 *   by keyboard alone (Tab stays inside, Escape closes, focus back on 'Menu'); at 1280 the full
 *   navigation bar is there and 'Menu' is not;
 * - a course, module or learning object that does not exist or is not the student's shows
 *   'Voltar para Meus cursos', not 'Tentar novamente'.
 */
import { expect, test, type Page } from './support/fixtures';
import { boxOf } from './support/boxes';

const PHONE = { width: 390, height: 844 };

const BRANDS = [
  { label: 'brand 1 (localhost)', base: () => process.env.E2E_BASE_URL!, student: 'demo', name: 'Escola Aprender' },
  {
    label: 'brand 2 (127.0.0.1)',
    base: () => process.env.E2E_BASE_URL_BRAND2!,
    student: 'stream',
    name: 'Academia Stream',
  },
] as const;

async function darkAndFontSize3(page: Page) {
  await page.getByRole('button', { name: 'Acessibilidade' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Acessibilidade' });
  await dialog.getByRole('switch', { name: 'Modo escuro' }).check();
  await dialog.getByRole('group', { name: 'Tamanho da letra' }).getByRole('radio', { name: 'Muito maior' }).check();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-font-size', '3');
}

/** The student's first course, module and learning object, followed from /courses. */
async function contentPaths(page: Page): Promise<string[]> {
  await page.goto('/courses');
  const course = await page.locator('main a[href^="/courses/"]').first().getAttribute('href');
  await page.goto(course!);
  const module = await page.locator('main a[href*="/modules/"]').first().getAttribute('href');
  await page.goto(module!);
  const lo = await page.locator('main a[href*="/learningObjects/"]').first().getAttribute('href');
  return [course!, module!, lo!];
}

async function expectOneRowHeader(page: Page, brandName: string, path: string) {
  const header = page.getByRole('banner');
  const logo = header.getByRole('img', { name: brandName });
  await expect(logo, `logo on ${path}`).toBeVisible();
  const menu = header.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(header.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden();
  const box = await boxOf(header);
  expect(box.height, `header height on ${path}`).toBeLessThanOrEqual(64);
  // One row: the logo and 'Menu' sit side by side inside it.
  const [logoBox, menuBox] = [await boxOf(logo), await boxOf(menu)];
  expect(menuBox.x).toBeGreaterThan(logoBox.x + logoBox.width);
  expect(Math.abs(logoBox.y + logoBox.height / 2 - (menuBox.y + menuBox.height / 2))).toBeLessThan(4);
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(PHONE.width);
}

for (const brand of BRANDS) {
  for (const mode of ['light', 'dark at font size 3'] as const) {
    test(`${brand.label}, ${mode}: logo and name on /login and a one-row phone header on every screen`, async ({
      browser,
      signIn,
      expectNoA11yViolations,
    }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ viewport: PHONE, baseURL: brand.base(), locale: 'pt-BR' });
      const page = await context.newPage();
      await page.goto('/login');
      const card = page.getByRole('region', { name: 'Entrar' });
      await expect(card.getByRole('img', { name: brand.name })).toBeVisible();
      await expect(card.getByText(brand.name, { exact: true })).toBeVisible();
      if (mode !== 'light') await darkAndFontSize3(page);
      await signIn(page, brand.student, 'demo1234');
      await expect(page).toHaveURL(/\/(home)?$/);
      const paths = ['/home', ...(await contentPaths(page)), '/courses', '/grades', '/finances', '/conta'];
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectOneRowHeader(page, brand.name, path);
        if (path === '/home')
          await page.screenshot({ path: `/tmp/issue18-home-${brand.student}-${mode.split(' ')[0]}.png` });
      }
      if (mode !== 'light') {
        await page.screenshot({ path: `/tmp/issue18-header-${brand.student}-dark.png` });
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.screenshot({ path: `/tmp/issue18-menu-${brand.student}-dark.png` });
        await expectNoA11yViolations(page);
      } else {
        await page.screenshot({ path: `/tmp/issue18-header-${brand.student}.png` });
      }
      await context.close();
    });
  }
}

test('the phone menu: every destination, axe, keyboard only, Acessibilidade and Sair', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/grades');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Menu' });

  // Keyboard only: Tab from the top of the page reaches 'Menu' (skip link, brand, Menu).
  await page.locator('body').focus();
  for (let i = 0; i < 5 && !(await menuButton.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  const nav = menu.getByRole('navigation', { name: 'Navegação do menu' });
  await expect(nav.getByRole('link')).toHaveText([
    'Início',
    'Cursos',
    'Notas',
    'Documentos',
    'Financeiro',
    'Minha conta',
  ]);
  await expect(nav.getByRole('link', { name: 'Notas' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('button', { name: 'Acessibilidade' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sair' })).toBeVisible();
  await page.screenshot({ path: '/tmp/issue18-menu-demo.png' });
  await expectNoA11yViolations(page);
  // Tab moves inside the menu only: 'Fechar menu', 6 links, 2 buttons, then round again. (After
  // the last one the browser's own UI may take a turn — document.body here — as with any modal
  // <dialog>; the page behind is inert and never gets focus.)
  await expect(menu.getByRole('button', { name: 'Fechar menu' })).toBeFocused();
  const visited: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'browser';
      return el.closest('dialog[open]') ? el.textContent || el.getAttribute('aria-label') || '?' : 'OUTSIDE';
    });
    expect(where, `focus after Tab #${i + 1}`).not.toBe('OUTSIDE');
    visited.push(where);
  }
  expect(visited.slice(0, 8)).toEqual([
    'Início',
    'Cursos',
    'Notas',
    'Documentos',
    'Financeiro',
    'Minha conta',
    'Acessibilidade',
    'Sair',
  ]);
  expect(visited).toContain('Fechar menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A link of the menu goes there and closes it.
  await menuButton.click();
  await menu.getByRole('link', { name: 'Cursos' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(menu).toBeHidden();

  // 'Acessibilidade' opens the accessibility panel; closing it returns to 'Menu'.
  await menuButton.click();
  await menu.getByRole('button', { name: 'Acessibilidade' }).click();
  const panel = page.getByRole('dialog', { name: 'Acessibilidade' });
  await expect(panel).toBeVisible();
  await expect(menu).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(menuButton).toBeFocused();

  // 'Sair' signs out.
  await menuButton.click();
  await menu.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('at 1280 px the full navigation bar is there and there is no Menu button', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Escola Aprender' })).toBeVisible();
  const nav = header.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByRole('link')).toHaveText(['Cursos', 'Notas', 'Documentos', 'Financeiro']);
  await expect(header.getByRole('button', { name: 'Sair' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Minha conta' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
});

test('the pre-rendered /login paints the cached brand before the app runs, without layout shift', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, baseURL: process.env.E2E_BASE_URL_BRAND2! });
  const page = await context.newPage();
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // First visit: the brand is looked up and cached.
  await page.goto('/login');
  await expect(page.getByRole('img', { name: 'Academia Stream' })).toBeVisible();

  // Second visit with a fresh lookup: from first paint to the logo image, nothing moves.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Academia Stream' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);

  // Without the app (its scripts blocked), the static markup shows the cached logo and name.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  const cached = page.locator('#root[data-prerendered] .brand-mark-login .brand-logo-cached');
  await expect(cached).toBeVisible();
  const painted = await cached.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const name = el.parentElement!.querySelector('.brand-name-cached')!;
    return {
      background: getComputedStyle(el).backgroundImage,
      width: box.width,
      height: box.height,
      name: getComputedStyle(name, '::before').content,
    };
  });
  expect(painted.background).toContain('/api/v1/platforms/2/icons/any.svg');
  expect([painted.width, painted.height]).toEqual([56, 56]);
  expect(painted.name).toContain('"Academia Stream"');
  await context.close();
});

test.describe('not found is not an error', () => {
  test('a course of another brand, or ids that do not exist, show Voltar para Meus cursos', async ({
    page,
    signIn,
    expectNoA11yViolations,
  }) => {
    const base = process.env.E2E_BASE_URL_BRAND2!;
    await page.goto(`${base}/login`);
    await signIn(page, 'stream', 'demo1234');
    await expect(page.getByRole('banner')).toBeVisible();
    for (const path of [
      '/courses/1',
      '/courses/999999',
      '/courses/1/modules/1',
      '/courses/999999/modules/999999/learningObjects/999999',
    ]) {
      await page.goto(`${base}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Conteúdo não encontrado' }), path).toBeVisible();
      await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Voltar para Meus cursos' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meus cursos' })).toBeVisible();
  });
});
