/**
 * Course content as schools publish it (docs/content.md), in real Chromium against the reference
 * server and its demo content host (`conteudo.localhost`, another origin): the `escola` student's
 * course 'Conteúdo como as escolas publicam' — a text lesson with a content-host image, a YouTube
 * iframe, an 8-column table, MathML, code and hostile URLs; a YouTube video learning object; a
 * Vimeo embed; a Slides embed; a PDF, a video and an audio on the content host; an embed of a site
 * that is not allowed; a `javascript:` link.
 *
 * At 320 and 390 px: no CSP violation, no sideways scrolling, the hostile URLs nowhere in the DOM,
 * axe finds nothing; a provider video's facade makes no request to the provider's player before
 * the tap and completes the learning object on the stand-in player's 'ended'. Downloaded, the
 * course opens offline with its content-host image and PDF.
 *
 * The providers are stood in for with Playwright routes (no test needs the internet): the
 * stand-in players speak the providers' postMessage APIs (YouTube's `infoDelivery` with
 * `playerState` 0, only after the page said 'listening'; Vimeo's `ready` and `ended` events).
 */
import { expect, test, type Page } from './support/fixtures';
import { watchViolations } from './support/violations';
import { holdAppCode } from './support/hold-app-code';

const COURSE = 'Conteúdo como as escolas publicam';
const MODULE = 'Módulo 1: Conteúdo real';
const LO = {
  text: 'Texto com imagem, vídeo, tabela, fórmula e código',
  youtube: 'Vídeo do YouTube: o ciclo da água',
  vimeo: 'Vídeo no Vimeo',
  slides: 'Apresentação no Google Slides',
  pdf: 'Apostila no CDN da escola',
  video: 'Vídeo no CDN da escola',
  audio: 'Podcast no CDN da escola',
  disallowed: 'Atividade em site não permitido',
  hostile: 'Link perigoso',
} as const;

/** The providers' hosts: nothing may be asked of them before the student taps play (no thumbnail either). */
const PROVIDER_HOSTS = [
  'www.youtube-nocookie.com',
  'www.youtube.com',
  'i.ytimg.com',
  'img.youtube.com',
  'player.vimeo.com',
];

/** A stand-in player page: `message` is what it posts to its parent when 'Terminar vídeo' is pressed. */
const standInPlayer = (name: string, onLoad: string, ended: string, onMessage = '') => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${name} (stand-in)</title></head>
<body><p>Player de teste do ${name}</p><button type="button" id="end">Terminar vídeo</button>
<script>
  ${onLoad}
  window.addEventListener('message', (event) => { ${onMessage} });
  document.getElementById('end').addEventListener('click', () => { ${ended} });
</script></body></html>`;

/** Routes every provider and foreign host the course names; records each request's host. */
async function standInProviders(page: Page): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (!host.endsWith('localhost') && host !== '127.0.0.1') requested.push(host);
  });
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: standInPlayer(
        'YouTube',
        // As YouTube's player does: it sends its states only to a page that said it listens.
        'let listening = false;',
        `if (listening) parent.postMessage(JSON.stringify({ event: 'infoDelivery', info: { playerState: 0, currentTime: 3, duration: 3 } }), '*');`,
        `if (String(event.data).includes('listening')) {
           listening = true;
           parent.postMessage(JSON.stringify({ event: 'onReady', info: {} }), '*');
         }`,
      ),
    }),
  );
  await page.route('https://player.vimeo.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: standInPlayer(
        'Vimeo',
        `parent.postMessage({ event: 'ready' }, '*');`,
        `parent.postMessage({ event: 'ended', data: { seconds: 3, percent: 1, duration: 3 } }, '*');`,
        `const data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
         if (data && data.method === 'ping') parent.postMessage({ event: 'ready' }, '*');
         else if (data && data.method) parent.postMessage({ method: data.method, value: null }, '*');`,
      ),
    }),
  );
  await page.route('https://docs.google.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="pt-BR"><title>Slides</title><body><h1>Slides de teste</h1></body></html>',
    }),
  );
  // Hosts that are not content hosts nor allowed providers: the app must never load them.
  await page.route(/^https:\/\/(widgets|imagens)\.exemplo\.net\//, (route) => route.fulfill({ status: 404 }));
  return requested;
}

/** Signs in as `escola` and opens the course's module; @returns the module page's URL. */
async function openModule(page: Page, signIn: (page: Page, code: string, password: string) => Promise<void>) {
  await page.goto('/login');
  await signIn(page, 'escola', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/courses');
  await page.getByRole('link', { name: COURSE }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await page.getByRole('link', { name: MODULE }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: MODULE })).toBeVisible();
  // Each test finishes the learning objects itself: what an earlier one finished is reset first.
  await expect(page.locator('.item').first()).toBeVisible();
  const reset = page.getByRole('button', { name: 'Reiniciar a aula Aula 1' });
  if (await reset.isVisible()) {
    await reset.click();
    await page
      .getByRole('dialog', { name: 'Reiniciar a aula Aula 1?' })
      .getByRole('button', { name: 'Reiniciar' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'foi reiniciado' })).toBeVisible();
  }
  return page.url();
}

/** Opens the learning object `name` from the module page. */
async function openLo(page: Page, moduleUrl: string, name: string) {
  await page.goto(moduleUrl);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** What a student must never get: a URL of a scheme that is not http(s)/mailto/tel in any href or src. */
const hostileAttributes = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[href], [src], [data], [action], [formaction], [poster]'))
      .flatMap((el) =>
        ['href', 'src', 'data', 'action', 'formaction', 'poster'].map((name) => el.getAttribute(name) ?? ''),
      )
      .filter((value) => /^\s*(javascript|vbscript|data:text|data:image\/svg)/i.test(value.replace(/[\t\n\r]/g, ''))),
  );

const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

const done = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'Concluído' })).toBeVisible();

for (const viewport of [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px every case of the course shows safely, fits and completes`, async ({
    page,
    signIn,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const violations = watchViolations(page);
    const requested = await standInProviders(page);
    const moduleUrl = await openModule(page, signIn);

    const check = async (what: string) => {
      const width = await pageWidth(page);
      expect(width.scroll, `${what}: page ${width.scroll} px wide in ${width.inner} px`).toBeLessThanOrEqual(
        width.inner,
      );
      expect(await hostileAttributes(page), `${what}: hostile URLs`).toEqual([]);
      expect(await violations.events(), `${what}: CSP violations`).toEqual([]);
      await expectNoA11yViolations(page);
    };

    // The text lesson: everything the teacher wrote is there, in its own regions, safely.
    await openLo(page, moduleUrl, LO.text);
    const article = page.locator('article.lo-text');
    const image = article.getByRole('img', { name: 'Diagrama do ciclo da água' });
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const box = await image.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(viewport.width);
    expect(box!.height / box!.width).toBeCloseTo(360 / 640, 1);
    await expect(article.getByText('Figura 1 — O ciclo da água.')).toBeVisible();
    await expect(article.getByRole('button', { name: /Reproduzir vídeo no YouTube/ })).toBeVisible();
    await expect(article.getByRole('button', { name: /Reproduzir vídeo no Vimeo/ })).toBeVisible();
    await expect(article.getByRole('link', { name: 'Abrir em widgets.exemplo.net' })).toBeVisible();
    await expect(article.getByRole('link', { name: 'Abrir imagem em imagens.exemplo.net' })).toBeVisible();
    await expect(article.locator('math mfrac')).toHaveCount(1);
    const table = article.getByRole('region', { name: 'Tabela 1' });
    await expect(table.getByRole('columnheader')).toHaveCount(8);
    await table.focus();
    await expect(table).toBeFocused();
    await expect(article.getByRole('region', { name: 'Código 1' })).toBeVisible();
    await expect(article.getByText('link perigoso')).toBeVisible();
    await expect(article.getByRole('link', { name: 'link perigoso' })).toHaveCount(0);
    await expect(article.locator('details summary')).toHaveText('Resposta do exercício');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await check('text');

    // The YouTube video learning object: a facade until the tap, then the end completes it.
    await openLo(page, moduleUrl, LO.youtube);
    const play = page.getByRole('button', { name: /Reproduzir vídeo no YouTube/ });
    await expect(play).toBeVisible();
    await check('youtube facade');
    expect(requested.filter((host) => PROVIDER_HOSTS.includes(host))).toEqual([]);
    await play.click();
    // The button pressed is gone: the focus is on the player, not lost on the page.
    await expect(page.locator('iframe[title="Vídeo do YouTube: o ciclo da água"]')).toBeFocused();
    const youtube = page.frameLocator('iframe[title="Vídeo do YouTube: o ciclo da água"]');
    await youtube.getByRole('button', { name: 'Terminar vídeo' }).click();
    await done(page);
    expect(await violations.events()).toEqual([]);

    // The Vimeo embed: the same, through @vimeo/player.
    await openLo(page, moduleUrl, LO.vimeo);
    await page.getByRole('button', { name: /Reproduzir vídeo no Vimeo/ }).click();
    await expect(page.locator('iframe[title="Vídeo no Vimeo"]')).toBeFocused();
    await page.frameLocator('iframe[title="Vídeo no Vimeo"]').getByRole('button', { name: 'Terminar vídeo' }).click();
    await done(page);

    // Slides: the provider's embed in a sandboxed frame; 'Concluir' finishes it.
    await openLo(page, moduleUrl, LO.slides);
    const slides = page.locator('iframe[title="Apresentação no Google Slides"]');
    await expect(slides).toHaveAttribute('src', /^https:\/\/docs\.google\.com\/presentation\/d\/e\/.+\/embed$/);
    await expect(slides).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(page.frameLocator('iframe[title="Apresentação no Google Slides"]').getByRole('heading')).toHaveText(
      'Slides de teste',
    );
    await check('slides');
    await page.getByRole('button', { name: 'Concluir' }).click();
    await done(page);

    // The PDF on the content host, in its frame.
    await openLo(page, moduleUrl, LO.pdf);
    await expect(page.locator('iframe.lo-frame')).toHaveAttribute(
      'src',
      /^http:\/\/conteudo\.localhost:\d+\/files\/apostila-escola\.pdf$/,
    );
    await check('pdf');

    // The video on the content host plays.
    await openLo(page, moduleUrl, LO.video);
    const played = await page.locator('video').evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
      return video.error?.code ?? null;
    });
    expect(played).toBeNull();
    await check('content-host video');

    // A site that is not allowed: a named link out, no frame.
    await openLo(page, moduleUrl, LO.disallowed);
    await expect(page.getByRole('link', { name: 'Abrir em widgets.exemplo.net' })).toBeVisible();
    await expect(page.locator('main iframe')).toHaveCount(0);
    await check('disallowed embed');

    // A `javascript:` link: never a link.
    await openLo(page, moduleUrl, LO.hostile);
    await expect(page.getByText('Este conteúdo está indisponível no momento.')).toBeVisible();
    await check('hostile link');

    expect(requested.filter((host) => host.endsWith('exemplo.net'))).toEqual([]);
    expect(violations.console).toEqual([]);
  });
}

test('a text lesson appears whole: its styles, its providers’ facades and its colours are there in the frame it is inserted, opened or reloaded', async ({
  page,
  signIn,
}) => {
  // Its styles, the providers' code and the colour names are chunks of their own, loaded only for a
  // text that needs them (docs/performance.md): the viewer waits for them, so nothing is shown
  // first without them (a link out in place of the video, no colour, unstyled text) and changed.
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    const shifts: number[] = [];
    Object.assign(window, { textInserted: seen, layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    // Run after the commit that inserts the text (its layout effects included), before its paint.
    new MutationObserver(() => {
      const article = document.querySelector<HTMLElement>('#root article.lo-text');
      if (!article || article.dataset.seen) return;
      article.dataset.seen = '1';
      // The teacher's highlight (its red is refused: under 4.5:1 on white).
      const coloured = article.querySelector<HTMLElement>('[data-rt-bg]');
      seen.push({
        padding: getComputedStyle(article).paddingTop,
        facades: article.querySelectorAll('.rt-embed').length,
        linkOutsToYouTube: article.querySelectorAll('.rt-link-out a[href*="youtube.com"]').length,
        colour: coloured ? coloured.style.backgroundColor : null,
      });
    }).observe(document, { childList: true, subtree: true });
  });
  await standInProviders(page);
  const moduleUrl = await openModule(page, signIn);
  const inserted = () => page.evaluate(() => (window as unknown as { textInserted: unknown[] }).textInserted.at(-1));
  const whole = expect.objectContaining({ facades: 2, linkOutsToYouTube: 0, colour: expect.stringMatching(/^rgb/) });
  // Opened from its module (the app's code already running)…
  await openLo(page, moduleUrl, LO.text);
  await expect(
    page.locator('article.lo-text').getByRole('button', { name: /Reproduzir vídeo no YouTube/ }),
  ).toBeVisible();
  expect(await inserted()).toEqual(whole);
  expect((await inserted()) as { padding: string }).not.toMatchObject({ padding: '0px' });
  // …and reloaded (the HTML's loader asks for what it needs beside its read).
  await page.reload();
  await expect(
    page.locator('article.lo-text').getByRole('button', { name: /Reproduzir vídeo no Vimeo/ }),
  ).toBeVisible();
  expect(await inserted()).toEqual(whole);
  expect((await inserted()) as { padding: string }).not.toMatchObject({ padding: '0px' });
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});

test.describe('downloaded', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the course opens offline with its content-host image and PDF; providers say they need the internet', async ({
    page,
    context,
    signIn,
  }) => {
    test.setTimeout(120_000);
    await standInProviders(page);
    const moduleUrl = await openModule(page, signIn);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.getByRole('link', { name: COURSE }).first().click();
    await page.getByRole('button', { name: 'Baixar para estudar offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Baixar para estudar offline?' });
    await dialog.getByRole('button', { name: 'Baixar' }).click();
    await expect(page.getByText('Disponível offline', { exact: true }).first()).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await page.goto(moduleUrl);
    await expect(page.getByRole('heading', { level: 1, name: MODULE })).toBeVisible();

    await openLo(page, moduleUrl, LO.text);
    const image = page.locator('article.lo-text').getByRole('img', { name: 'Diagrama do ciclo da água' });
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(
      page.getByText('Este conteúdo está no YouTube e precisa de internet. Conecte-se para abri-lo.'),
    ).toBeVisible();

    await openLo(page, moduleUrl, LO.youtube);
    await expect(
      page.getByText('Este conteúdo está no YouTube e precisa de internet. Conecte-se para abri-lo.'),
    ).toBeVisible();
    await expect(page.locator('main iframe')).toHaveCount(0);

    await openLo(page, moduleUrl, LO.pdf);
    await expect(page.getByText('Você está offline: este é o PDF baixado neste aparelho.')).toBeVisible();
    const frame = page.locator('iframe.lo-frame');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    // The frame's document is the stored PDF (the app's CSP keeps the page itself from reading a blob).
    const src = (await frame.getAttribute('src'))!;
    await expect
      .poll(() =>
        page
          .frames()
          .find((f) => f.url() === src)
          ?.evaluate(() => document.contentType),
      )
      .toBe('application/pdf');
  });
});

test('a YouTube video’s facade shows before the app’s code has run; a tap on it there plays once the app runs, and its end completes it', async ({
  page,
  signIn,
}) => {
  const requested = await standInProviders(page);
  const moduleUrl = await openModule(page, signIn);
  await openLo(page, moduleUrl, LO.youtube);
  const path = new URL(page.url()).pathname;

  const code = await holdAppCode(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-early', 'shown');
  const play = page.getByRole('button', { name: /Reproduzir vídeo no YouTube/ });
  await expect(play).toContainText(LO.youtube);
  // The facade asks the provider for nothing, early or not.
  expect(requested.filter((host) => PROVIDER_HOSTS.includes(host))).toEqual([]);
  await play.click();
  await code.release();
  await expect(page.locator('html')).toHaveAttribute('data-early', 'done');
  const youtube = page.frameLocator('iframe[title="Vídeo do YouTube: o ciclo da água"]');
  await youtube.getByRole('button', { name: 'Terminar vídeo' }).click();
  await done(page);
});
