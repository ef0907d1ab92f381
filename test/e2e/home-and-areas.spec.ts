/**
 * Home and student areas in real Chromium against the reference server: each demo
 * student sees exactly the area shortcuts their flags allow; a student without the flag is sent
 * to /home; each area shows its own server content; the LXP single sign-on opens the stand-in
 * page that accepts the one-time token (and refuses it reused); the banner carousel pauses and
 * moves with the keyboard. axe-core on /home and on every area.
 */
import { expect, test, type Page } from './support/fixtures';
import { startReferenceServer } from './support/server';
import { DEMO_FEES } from './support/demo-bills';

const areas = (page: Page) => page.getByRole('navigation', { name: 'Áreas do aluno' }).getByRole('link');

async function signInAs(page: Page, who: string, signIn: (p: Page, a: string, b: string) => Promise<void>) {
  await page.goto('/login');
  await signIn(page, who, 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
}

for (const [who, expected] of [
  ['demo', ['Cursos profissionalizantes']],
  ['aprovat', ['Cursos profissionalizantes', 'Educação para o trânsito']],
  ['lxp', ['Cursos profissionalizantes', 'Graduação']],
  ['eja', ['Cursos profissionalizantes', 'Educação de Jovens e Adultos']],
] as const) {
  test(`${who} sees exactly their area shortcuts on /home`, async ({ page, signIn }) => {
    await signInAs(page, who, signIn);
    await expect(page.getByRole('heading', { level: 1, name: 'Página inicial' })).toBeVisible();
    await expect(areas(page)).toHaveText([...expected]);
  });
}

test('home dashboard: courses with Continuar, pending bills, the carousel by keyboard; axe', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await signInAs(page, 'demo', signIn);
  // Other specs may pay one of demo's bills earlier in the same run: any count of pending bills.
  await expect(page.getByText(/Você tem \d+ faturas? pendentes?\.|Nenhuma fatura pendente\./).first()).toBeVisible();
  const cont = page.getByRole('link', { name: 'Continuar: Introdução à Informática' });
  await expect(cont).toHaveAttribute('href', /^\/courses\/\d+\/modules\/\d+\/learningObjects\/\d+$/);

  const carousel = page.getByRole('region', { name: 'Destaques' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carrossel');
  await expect(carousel.getByRole('group', { name: '1 de 3' })).toBeVisible();
  await expectNoA11yViolations(page);

  // Keyboard: focus 'Pausar' (rotation holds while focus is inside), press it, then move.
  const pause = carousel.getByRole('button', { name: 'Pausar' });
  await pause.focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('button', { name: 'Continuar rotação' })).toBeFocused();
  await carousel.getByRole('button', { name: 'Destaque 1: Matrículas abertas' }).focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('group', { name: '1 de 3' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(carousel.getByRole('group', { name: '2 de 3' })).toBeVisible();
  await expect(carousel.getByRole('heading', { name: 'Semana da leitura' })).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Destaque 2: Semana da leitura' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByText('Destaque 2 de 3: Semana da leitura')).toBeAttached();
  await carousel.getByRole('button', { name: 'Anterior' }).focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('group', { name: '1 de 3' })).toBeVisible();
  // Paused: nothing moves on its own.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(6500);
  await expect(carousel.getByRole('group', { name: '1 de 3' })).toBeVisible();
});

for (const [path, allowed] of [
  ['/transito', 'aprovat'],
  ['/graduacao', 'lxp'],
  ['/tecmix', 'eja'],
] as const) {
  test(`a student without the flag going to ${path} lands on /home (${allowed} only)`, async ({ page, signIn }) => {
    await signInAs(page, 'demo', signIn);
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Página inicial' })).toBeVisible();
  });
}

test('/profissionalizante lists the professionalizing courses; axe', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await signInAs(page, 'demo', signIn);
  await areas(page).filter({ hasText: 'Cursos profissionalizantes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cursos profissionalizantes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Introdução à Informática', 'Empreendedorismo']);
  await expectNoA11yViolations(page);
});

test('/transito creates the traffic account, lists the modules and opens the platform; axe', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await signInAs(page, 'aprovat', signIn);
  await areas(page).filter({ hasText: 'Educação para o trânsito' }).click();
  await expect(page.getByText(/^Sua conta na plataforma de trânsito: APV-/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Legislação de trânsito' })).toBeVisible();
  await expectNoA11yViolations(page);
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: /Abrir plataforma de trânsito/ }).click();
  const tab = await popup;
  await expect(tab.getByRole('heading', { level: 1, name: 'Plataforma de trânsito (demonstração)' })).toBeVisible();
  await tab.close();
});

test('/graduacao lists graduation courses; the LXP SSO link is valid once; axe', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await signInAs(page, 'lxp', signIn);
  await areas(page).filter({ hasText: 'Graduação' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Graduação' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Bacharelado em Administração' })).toBeVisible();
  await expect(page.getByText('3º de 8 semestres')).toBeVisible();
  await expectNoA11yViolations(page);

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /Abrir a plataforma de graduação/ }).click();
  const tab = await popup;
  await expect(tab.getByText('Token de acesso válido.')).toBeVisible();
  const url = tab.url();
  expect(url).toContain('/lxp/entrar?token=');
  // The same one-time token again: refused.
  await tab.reload();
  await expect(tab.getByText('Token de acesso inválido, expirado ou já utilizado.')).toBeVisible();
  await tab.close();
});

test('/tecmix shows the EJA stages with progress; axe', async ({ page, signIn, expectNoA11yViolations }) => {
  await signInAs(page, 'eja', signIn);
  await areas(page).filter({ hasText: 'Educação de Jovens e Adultos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Educação de Jovens e Adultos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ensino Fundamental — anos finais' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Língua Portuguesa: 100%' }).first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progresso da etapa Ensino Médio' })).toHaveAttribute(
    'value',
    '19',
  );
  await expectNoA11yViolations(page);
});

test('the streaming brand: the index (/) is the same dashboard, courses in a row of large cards; axe', async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  await page.goto(`${process.env.E2E_BASE_URL_BRAND2!}/login`);
  await signIn(page, 'stream', 'demo1234');
  await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-template', 'streaming');
  await expect(areas(page)).toHaveText(['Cursos profissionalizantes']);
  const row = page.getByRole('region', { name: 'Continue estudando' }).getByRole('list').first();
  await expect(row).toHaveCSS('display', 'flex');
  // Brand 2's options say `show_banners: false`: no carousel.
  await expect(page.getByRole('region', { name: 'Destaques' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('home follows progress made in the same session: after Concluir, home shows it without a reload (issue 23)', async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  // Its own database: the progress written here touches no other spec's student.
  const server = await startReferenceServer();
  try {
    await page.goto(`${server.base}/login`);
    await signIn(page, 'eja', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    // A course eja has not started (the EJA courses, in progress, come first).
    const continueLink = page.getByRole('link', { name: 'Continuar: Introdução à Informática' });
    const label = (await continueLink.getAttribute('aria-label')) ?? '';
    const courseName = label.replace(/^Continuar: /, '');
    const target = await continueLink.getAttribute('href');
    const bar = page.getByRole('progressbar', { name: `${courseName}: 0%` });
    await expect(bar).toBeVisible();
    await continueLink.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    // A text finishes when read to its end (scrolling to 'Concluir' may already do it); else 'Concluir'.
    const finish = page.getByRole('button', { name: 'Concluir' });
    await finish.scrollIntoViewIfNeeded();
    await finish.click({ timeout: 2_000 }).catch(() => undefined);
    await expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible();
    // Back home through the header's brand link (the platform's logo and name), as a
    // student does: the new progress and the next step.
    await page.getByRole('banner').getByRole('link', { name: 'Escola Aprender' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('progressbar', { name: new RegExp(`^${courseName}: [1-9]\\d*%$`) })).toBeVisible();
    await expect(page.getByRole('link', { name: label })).not.toHaveAttribute('href', target ?? '');
  } finally {
    await server.dispose();
  }
});

test('home follows a bill paid with Pix and a progress write sent after being offline, without a reload (issue 23)', async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(90_000);
  // Its own database: the payment and the progress touch no other spec's student.
  const server = await startReferenceServer();
  const home = () => page.getByRole('banner').getByRole('link', { name: 'Escola Aprender' }).click();
  try {
    await page.goto(`${server.base}/login`);
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Você tem 3 faturas pendentes.')).toBeVisible();

    // Pay a bill with Pix (the bank's confirmation is the reference server's demo endpoint).
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Financeiro' })
      .click();
    const payAnswer = page.waitForResponse((r) => /\/api\/erp\/v1\/bills\/\d+\/pay$/.test(r.url()));
    await page.getByRole('button', { name: new RegExp(`^Pagar com Pix: ${DEMO_FEES.open}`) }).click();
    const payResponse = await payAnswer;
    const { txid } = ((await payResponse.json()) as { data: { txid: string } }).data;
    // The demo "mark paid" call needs the student's ERP token: the one the app sent.
    const erpToken = (await payResponse.request().allHeaders())['x-access-token']!;
    const marked = await page.request.post(`${server.base}/api/erp/v1/demo/charges/${txid}/mark-paid`, {
      headers: { 'x-access-token': erpToken },
    });
    expect(marked.status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: `Pagar com Pix: ${DEMO_FEES.open}` });
    await expect(dialog.getByRole('status')).toHaveText('Pagamento confirmado', { timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await home();
    await expect(page.getByText('Você tem 2 faturas pendentes.')).toBeVisible();

    // Finish the 'Continuar' target offline; home shows it once the write has been sent.
    const continueLink = page.getByRole('link', { name: /^Continuar: / }).first();
    const label = (await continueLink.getAttribute('aria-label')) ?? '';
    const courseName = label.replace(/^Continuar: /, '');
    await expect(page.getByRole('progressbar', { name: `${courseName}: 0%` })).toBeVisible();
    await continueLink.click();
    await expect(page).toHaveURL(/learningObjects/);
    // The learning object is on screen (read online) before the network goes.
    const finish = page.getByRole('button', { name: 'Concluir' });
    await expect(finish).toBeVisible({ timeout: 15_000 });
    await context.setOffline(true);
    await finish.scrollIntoViewIfNeeded();
    await finish.click({ timeout: 2_000 }).catch(() => undefined);
    await expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible();
    await home();
    await context.setOffline(false);
    await expect(page.getByRole('progressbar', { name: new RegExp(`^${courseName}: [1-9]\\d*%$`) })).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await server.dispose();
  }
});

test('home follows a saved profile name and an LGPD acceptance, without a reload (issue 23)', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  // Its own database: the name and the acceptance touch no other spec's student.
  const server = await startReferenceServer();
  const home = () => page.getByRole('banner').getByRole('link', { name: 'Escola Aprender' }).click();
  const nav = () => page.getByRole('navigation', { name: 'Navegação principal' });
  try {
    await page.goto(`${server.base}/login`);
    await signIn(page, 'lxp', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Olá, Carla!')).toBeVisible();

    // A new name saved on 'Minha conta' shows on home and in the header when the student goes back.
    await page.getByRole('link', { name: 'Minha conta' }).click();
    const profile = page.getByRole('region', { name: 'Dados pessoais' });
    const name = profile.getByRole('textbox', { name: 'Nome', exact: true });
    await expect(name).toHaveValue('Carla Dias');
    await name.fill('Carolina Dias');
    await profile.getByRole('button', { name: 'Salvar' }).click();
    await expect(profile.getByRole('status').filter({ hasText: 'Dados salvos.' })).toBeVisible();
    await home();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Olá, Carolina!')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Olá, Carolina Dias')).toBeVisible();
    await page.getByRole('link', { name: 'Minha conta' }).click();
    await expect(name).toHaveValue('Carolina Dias');

    // LGPD accepted on home: home's reads are read again (on screen at once, else on the way back).
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, 'novo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Olá, Elisa!')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Privacidade e proteção de dados' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    const dashboardRead = page.waitForRequest((r) => r.url().endsWith('/users/dashboard'));
    await dialog.getByRole('button', { name: 'Aceitar' }).click();
    await expect(dialog).toBeHidden();
    await nav().getByRole('link', { name: 'Cursos' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await home();
    await dashboardRead;
    await expect(page.getByRole('region', { name: 'Continue estudando' })).toBeVisible();
  } finally {
    await server.dispose();
  }
});
