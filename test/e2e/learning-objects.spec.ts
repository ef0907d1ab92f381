/**
 * Every learning-object type finished in real Chromium against the reference server
 *: text, video, PDF, audio, embedded page, external link and quiz; keyboard
 * shortcuts; the public preview signed out (nothing recorded); and a hostile HTML
 * learning object that renders without executing anything.
 */
import { expect, test, type Page } from './support/fixtures';
import { outboxText } from './support/progress';

/** Opens the learning object of the module page whose type label is `label` (e.g. 'Vídeo'). */
async function open(page: Page, moduleUrl: string, label: string) {
  await page.goto(moduleUrl);
  const link = page
    .locator('.item', { hasText: `${label} ·` })
    .first()
    .locator('.item-title');
  const name = (await link.textContent()) ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Em andamento|Concluído/ })).toBeVisible();
  return name;
}

const done = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible();

test('a student finishes every type of learning object and the module shows it complete', async ({
  page,
  context,
  signIn,
  expectNoA11yViolations,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await signIn(page, 'aprovat', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/courses/2');
  await page.locator('.item-title').first().click();
  await expect(page.locator('.lesson').first()).toBeVisible();
  const moduleUrl = page.url();

  // Rich text: finished by reading to its end (or 'Concluir').
  await open(page, moduleUrl, 'Texto');
  await page.locator('.lo-text-end').scrollIntoViewIfNeeded();
  await done(page);

  // Video and audio: finished when they end.
  for (const label of ['Vídeo', 'Áudio']) {
    await open(page, moduleUrl, label);
    await page.locator('video, audio').evaluate(async (media: HTMLMediaElement) => {
      media.muted = true;
      await media.play();
    });
    await expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible({ timeout: 15_000 });
  }

  // PDF and embedded page: 'Concluir' once read.
  for (const label of ['PDF', 'Página incorporada']) {
    await open(page, moduleUrl, label);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Concluir' }).click();
    await done(page);
  }

  // External link: opening it (a new tab) finishes it.
  await open(page, moduleUrl, 'Link externo');
  const popup = context.waitForEvent('page');
  await page.getByRole('link', { name: /Abrir o conteúdo externo/ }).click();
  await (await popup).close();
  await done(page);

  // Quiz: every question answered, then 'Enviar respostas'; the server grades it.
  await open(page, moduleUrl, 'Questionário');
  await expect(page.getByRole('button', { name: 'Concluir' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(page.getByRole('alert')).toContainText('Faltam responder 3 perguntas.');
  await expect(page.getByRole('radio').first()).toBeFocused();
  await expectNoA11yViolations(page);
  const answer = async (question: number, option: string) =>
    page
      .getByRole('group', { name: new RegExp(`^Pergunta ${question}\\.`) })
      .getByRole('radio', { name: option })
      .check();
  await answer(1, 'Estudar um pouco por dia e revisar');
  await answer(2, 'Anotar a dúvida e pesquisar depois');
  await answer(3, 'atrapalham a concentração');
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await done(page);
  await expect(page.getByText('Você acertou 2 de 3 perguntas.')).toBeVisible();
  await expect(outboxText(page)).toHaveText('');
  await page.reload();
  await expect(page.getByText('Você acertou 2 de 3 perguntas.')).toBeVisible();
  await expect(
    page.getByRole('group', { name: /^Pergunta 3\./ }).getByRole('radio', { name: 'atrapalham a concentração' }),
  ).toBeChecked();

  // The module: every object completed, both lessons ticked, 100 %.
  await page.goto(moduleUrl);
  const items = page.locator('.item');
  await expect(items).toHaveCount(7);
  for (const item of await items.all()) await expect(item).toContainText('concluído');
  await expect(page.getByText('Aula concluída')).toHaveCount(2);
  await expect(page.locator('.progress-text').first()).toHaveText(/^100\s?%/);
});

test('keyboard shortcuts move between learning objects and back to the module', async ({ page, signIn }) => {
  await page.goto('/login');
  await signIn(page, 'lxp', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/courses/3');
  await page.locator('.item-title').first().click();
  await expect(page.locator('.lesson').first()).toBeVisible();
  const moduleUrl = page.url();
  const first = page.locator('.item-title').first();
  const second = page.locator('.item-title').nth(1);
  const secondName = (await second.textContent()) ?? '';
  const firstName = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await page.getByText('Atalhos de teclado').click();
  await expect(page.getByText('Alt + Shift + seta para a direita: próximo conteúdo')).toBeVisible();

  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect(page.getByRole('heading', { level: 1, name: secondName })).toBeVisible();
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await page.keyboard.press('Alt+Shift+ArrowUp');
  await expect(page).toHaveURL(moduleUrl);
});

test("the video plays at the 'Volume dos sons' setting: 60 % by default, 20 % once the student sets it", async ({
  page,
  signIn,
}) => {
  await page.goto('/login');
  await signIn(page, 'lxp', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/courses/3');
  await page.locator('.item-title').first().click();
  await expect(page.locator('.lesson').first()).toBeVisible();
  await open(page, page.url(), 'Vídeo');
  const video = page.locator('video');
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.volume)).toBeCloseTo(0.6);

  // 'Acessibilidade' → 'Volume dos sons' from 60 % down to 20 % with the keyboard (steps of 10 %).
  await page.getByRole('button', { name: 'Acessibilidade' }).first().click();
  const panel = page.getByRole('dialog');
  const slider = panel.getByRole('slider', { name: 'Volume dos sons' });
  await slider.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveValue('20');
  // Live: the open video follows without a reload.
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.volume)).toBeCloseTo(0.2);
  await panel.getByRole('button', { name: 'Fechar' }).click();

  // And the next load starts there.
  await page.reload();
  await expect(video).toBeAttached();
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.volume)).toBeCloseTo(0.2);
});

test('a preview link works signed out and records nothing', async ({ page, expectNoA11yViolations }) => {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
  });
  // A quiz of brand 1, found with public reads (no token).
  const quizId = await findQuizId(page);

  await page.goto(`/lo/preview/${quizId}`);
  await expect(page).toHaveURL(new RegExp(`/lo/preview/${quizId}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Questionário:/ })).toBeVisible();
  await expect(page.getByText(/Você está vendo uma pré-visualização/)).toBeVisible();
  await page.getByRole('radio').first().check();
  await expect(page.getByRole('button', { name: 'Enviar respostas' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.goto('/lo/preview/1');
  await expect(page.getByRole('heading', { level: 1, name: /^Leitura:/ })).toBeVisible();
  await page.locator('.lo-text-end').scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Concluir' })).toHaveCount(0);

  await page.goto('/lo/preview/999999');
  await expect(page.getByText('Este conteúdo não existe ou não está disponível para pré-visualização.')).toBeVisible();
  await expect(page).toHaveURL(/\/lo\/preview\/999999$/); // not sent to /login
  expect(writes).toEqual([]);
});

/** Id of a quiz on brand 1, found through the public preview reads (ids are sequential). */
async function findQuizId(page: Page): Promise<number> {
  for (let id = 1; id < 400; id++) {
    const answer = await page.request.get(`/api/v1/lms/learningObjects/${id}`);
    if (answer.status() !== 200) continue;
    const { data } = (await answer.json()) as { data: { type: string } };
    if (data.type === 'quiz') return id;
  }
  throw new Error('no quiz found');
}

const HOSTILE_HTML = `
<h2>Conteúdo hostil</h2>
<p>Texto que deve continuar legível.</p>
<script>window.__xss = 'script'</script>
<img src="x" onerror="window.__xss = 'img'" alt="">
<a id="js-link" href="javascript:window.__xss='link'">link perigoso</a>
<a id="js-link-2" href="  JaVaScRiPt:window.__xss='link2'">outro link</a>
<svg><script>window.__xss = 'svg-script'</script><circle r="5" onload="window.__xss = 'svg-circle'"></circle></svg>
<svg onload="window.__xss = 'svg-onload'"></svg>
<iframe srcdoc="<script>parent.__xss = 'iframe'</script>"></iframe>
<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 'mxss'"></style></mglyph></table></mtext></math>
<form action="javascript:window.__xss='form'"><button id="form-button">enviar</button></form>
<details open ontoggle="window.__xss = 'details'"><summary>detalhes</summary>x</details>
<object data="javascript:window.__xss='object'"></object>
<p id="last">Fim do conteúdo.</p>`;

test('a hostile HTML learning object renders without executing anything', async ({ page, signIn }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route(/\/api\/v1\/lms\/learningObjects\/\d+\?lesson_id=/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { type: string; content: { html: string | null } } };
    body.data.type = 'text';
    body.data.content.html = HOSTILE_HTML;
    await route.fulfill({ response, json: body });
  });
  await page.goto('/login');
  await signIn(page, 'lxp', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/courses/3');
  await page.locator('.item-title').first().click();
  await expect(page.locator('.lesson').first()).toBeVisible();
  await page.locator('.item-title').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Conteúdo hostil' })).toBeVisible();
  await expect(page.getByText('Texto que deve continuar legível.')).toBeVisible();

  const article = page.locator('.lo-text');
  await expect(article.locator('script, iframe, object, form, [onerror], [onload], [ontoggle]')).toHaveCount(0);
  for (const link of await article.locator('a').all()) {
    expect((await link.getAttribute('href')) ?? '').not.toMatch(/javascript:/i);
    await link.click({ noWaitAfter: true }).catch(() => {});
  }
  // Teacher ids are prefixed (DOMPurify SANITIZE_NAMED_PROPS): they cannot clobber the app's globals.
  await page.locator('#user-content-last').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
