/**
 * Data with the HTML (docs/performance.md): a page load of a signed-in route asks for its first
 * API read from the inline loader, before the app's JS has downloaded, and the app uses that
 * answer instead of asking again. Seen from the network: the read is sent exactly once, before
 * the entry chunk has even been requested, and the screen shows its data. A stale token's early
 * answer (401) signs out as any read would.
 */
import { expect, test, type Page } from './support/fixtures';
import { appNetworkIdle, trackAppRequests } from './support/app-network';

/**
 * Waits until the current page has no request of its own under way (`appNetworkIdle`), then for
 * one more idle period of its main thread and the network again, so that nothing it still asks
 * for — the service worker's code, or the next screens' code it asks for in an idle period once
 * its reads have answered (src/app/prefetch-routes.ts) — is counted as the next page's.
 */
async function settle(page: Page): Promise<void> {
  // The page's own document, not Playwright's 'load' state: that one waits for every frame's, and
  // the PDF viewer's inner frame never reported it (a 30 s timeout in a clean clone's run).
  await page.waitForFunction(() => document.readyState === 'complete');
  await appNetworkIdle(page);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3_000 })));
  await appNetworkIdle(page);
}

/**
 * Records the API and script requests of the document `page` shows, in order, as 'METHOD
 * path?query': each main-frame navigation starts a new list, and only the requests of that
 * navigation's document are kept (Chrome DevTools Protocol's `loaderId`). A page being left runs
 * until the next one commits: its late requests (the post-login setup, 1 s after its load, may
 * come after `settle`) are not the next page's.
 */
async function recordRequests(page: Page): Promise<string[]> {
  const seen: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const mainFrame = frameTree.frame.id;
  let document: string | null = null;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && event.frameId === mainFrame) {
      document = event.loaderId;
      seen.length = 0;
      return;
    }
    if (event.loaderId !== document) return;
    const url = new URL(event.request.url);
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/assets/'))
      seen.push(`${event.request.method} ${url.pathname}${url.search}`);
  });
  await cdp.send('Network.enable');
  return seen;
}

/** The early reads the loader left untaken in `window.__earlyReads` (path + query); null while the page is replaced. */
const earlyReadsLeft = (page: Page) =>
  page
    .evaluate(() => (window.__earlyReads ?? []).map((r) => new URL(r.url).pathname + new URL(r.url).search))
    .catch(() => null);

/** How many times the page fetched `path` (path + query), from Resource Timing (cached answers included). */
const fetchedCount = (page: Page, path: string) =>
  page.evaluate(
    (wanted) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname + new URL(e.name).search === wanted).length,
    path,
  );

/** Holds back the app's entry chunk until the returned function is called (then lets it through). */
async function holdEntry(page: Page): Promise<() => Promise<void>> {
  const entry = /\/assets\/index-[\w-]+\.js$/;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(entry, async (route) => {
    await held;
    await route.continue();
  });
  return async () => release();
}

test.beforeEach(async ({ page, signIn }) => {
  trackAppRequests(page);
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
});

test('the course list and the app’s code are asked for while the stylesheet is still downloading', async ({ page }) => {
  // The loader sits before the stylesheet in <head>: a script after a stylesheet still
  // downloading would wait for it, and so would the reads and the code it starts.
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Meus cursos', level: 1 })).toBeVisible();
  await settle(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const duringStylesheet: string[] = [];
  let stylesheetHeld = false;
  await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
    stylesheetHeld = true;
    await held;
    await route.continue();
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (stylesheetHeld && (url.pathname.startsWith('/api/') || /\/assets\/.*\.js$/.test(url.pathname)))
      duringStylesheet.push(url.pathname + url.search);
  });
  const reload = page.reload();
  await expect.poll(() => duringStylesheet).toContain('/api/v2/lms/courses?page=1&per_page=12');
  await expect.poll(() => duringStylesheet.some((path) => /^\/assets\/vendor-[\w-]+\.js$/.test(path))).toBe(true);
  release();
  await reload;
  await expect(page.getByRole('link', { name: 'Introdução à Informática' })).toBeVisible();
});

test('a reload of /courses reads the course list once, asked for before the app’s JS', async ({ page }) => {
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Meus cursos', level: 1 })).toBeVisible();
  const seen = await recordRequests(page);
  await settle(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Meus cursos', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Introdução à Informática' })).toBeVisible();
  const reads = seen.filter((r) => r.startsWith('GET /api/v2/lms/courses?'));
  expect(reads).toEqual(['GET /api/v2/lms/courses?page=1&per_page=12']);
  const firstScript = seen.findIndex((r) => r.startsWith('GET /assets/') && r.endsWith('.js'));
  expect(seen.indexOf(reads[0]!)).toBeLessThan(firstScript);
});

test('a reload asks for the saved reads’ restore (downloads included) with the route’s chunks, before the app’s own first request', async ({
  page,
}) => {
  // The restore holds the screen back: its modules used to be found one after the other
  // (student-data → seed → downloads-store), after the app had started (docs/performance.md).
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Meus cursos', level: 1 })).toBeVisible();
  const seen = await recordRequests(page);
  await settle(page);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Introdução à Informática' })).toBeVisible();
  // The platform's settings: asked for by the app itself once its platform lookup has answered.
  await expect.poll(() => seen.indexOf('GET /api/v1/platforms/1/settings')).toBeGreaterThan(0);
  const appsOwn = seen.indexOf('GET /api/v1/platforms/1/settings');
  for (const module of ['student-data', 'seed', 'downloads-store', 'query-persistence']) {
    const at = seen.findIndex((r) => new RegExp(`^GET /assets/${module}-[\\w-]+\\.js$`).test(r));
    expect(at, module).toBeGreaterThanOrEqual(0);
    expect(at, module).toBeLessThan(appsOwn);
  }
});

test('a reload of /home, a module and a learning object each read their data once', async ({ page }) => {
  const seen = await recordRequests(page);
  await settle(page);
  const lookup = `/api/v1/platforms/${new URL(page.url()).hostname}`;
  const banners = '/api/v1/content/banners?isVisibleEad=1';
  const image = '/api/files/media/banner-1.svg';
  // The platform lookup and the banners (this platform shows them) are asked for by the inline
  // loader, with the dashboard, and the first banner's image preloaded: here while the app's entry
  // is held back, so the answers wait, untaken, in window.__earlyReads (the lookup may come from
  // the HTTP cache, which sends no request the test could see).
  const release = await holdEntry(page);
  const reload = page.reload();
  const waiting = () => earlyReadsLeft(page);
  await expect.poll(waiting).toEqual(['/api/v1/users/dashboard', lookup, banners]);
  await expect(page.locator(`link[rel=preload][as=image][href="${image}"]`)).toHaveCount(1);
  await release();
  await reload;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Introdução à Informática').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Faixa azul com formas geométricas' })).toBeVisible();
  // The app took every answer, and asked for none of them again.
  await expect.poll(waiting).toEqual([]);
  const fetched = (path: string) => fetchedCount(page, path);
  for (const path of ['/api/v1/users/dashboard', lookup, banners, image]) expect(await fetched(path), path).toBe(1);

  await settle(page);
  await page.goto('/courses/1/modules/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(seen.filter((r) => r === 'GET /api/v1/lms/modules/1')).toHaveLength(1);

  // A learning object's lesson is in its module's read: the module is asked for early, before any
  // script, and the learning object as soon as the module has answered, without the app: it is
  // asked for while the app's entry is held back. Each is read once (the app takes both answers).
  await settle(page);
  const releaseLo = await holdEntry(page);
  const navigation = page.goto('/courses/1/modules/1/learningObjects/1');
  await expect.poll(() => seen.includes('GET /api/v1/lms/learningObjects/1?lesson_id=1')).toBe(true);
  await releaseLo();
  await navigation;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Introdução à Informática: parte 1').first()).toBeVisible();
  const loRead = seen.indexOf('GET /api/v1/lms/learningObjects/1?lesson_id=1');
  const beforeLo = seen.slice(0, loRead);
  expect(beforeLo.filter((r) => r === 'GET /api/v1/lms/modules/1')).toHaveLength(1);
  expect(beforeLo.indexOf('GET /api/v1/lms/modules/1')).toBeLessThan(
    beforeLo.findIndex((r) => r.startsWith('GET /assets/') && r.endsWith('.js')),
  );
  // Until the learning object's start (after which its reads are refreshed), each was read once.
  const start = seen.findIndex((r) => r.startsWith('PUT /api/v1/lms/learningObjects/1/start'));
  const untilStart = start < 0 ? seen : seen.slice(0, start);
  expect(untilStart.filter((r) => r.startsWith('GET /api/v1/lms/learningObjects/1?'))).toHaveLength(1);
  expect(untilStart.filter((r) => r === 'GET /api/v1/lms/modules/1')).toHaveLength(1);
  // The opening (its start) refreshes the module's read — the status it lists — but not the
  // learning object's own: its content is not downloaded a second time.
  await expect.poll(() => seen.filter((r) => r === 'GET /api/v1/lms/modules/1').length).toBeGreaterThanOrEqual(2);
  expect(seen.filter((r) => r.startsWith('PUT /api/v1/lms/learningObjects/1/start'))).toHaveLength(1);
  expect(seen.filter((r) => r.startsWith('GET /api/v1/lms/learningObjects/1?'))).toHaveLength(1);
});

test('a text’s or a PDF’s own code is asked for with the module’s early answer, a file video’s player with its own, before the app runs', async ({
  page,
}) => {
  // Lesson 1 of the first module: a text (1), a video (2), a PDF (3). The loader reads the
  // learning object's type in its module's early answer and preloads that type's chunk beside
  // the learning object's read; a video's player once that read says its URL is a file (not a
  // provider's page): here while the app's entry is held back. No other type's code is asked for,
  // nor a text's extras its lesson does not need (a provider's code, the colour names).
  const seen = await recordRequests(page);
  const asked = (chunk: string) => seen.some((r) => new RegExp(`^GET /assets/${chunk}-[\\w-]+\\.js$`).test(r));
  const chunks = ['rich-text', 'pdf-document', 'media-player', 'quiz', 'provider-embed', 'colour-names'];
  const cases = [
    {
      id: 1,
      chunk: 'rich-text',
      shown: () => expect(page.getByText('Introdução à Informática: parte 1').first()).toBeVisible(),
    },
    {
      id: 3,
      chunk: 'pdf-document',
      shown: () => expect(page.getByRole('link', { name: /Abrir o PDF/ })).toBeVisible(),
    },
    { id: 2, chunk: 'media-player', shown: () => expect(page.locator('video')).toBeVisible() },
  ];
  for (const { id, chunk, shown } of cases) {
    await settle(page);
    const release = await holdEntry(page);
    const navigation = page.goto(`/courses/1/modules/1/learningObjects/${id}`);
    await expect.poll(() => seen.includes(`GET /api/v1/lms/learningObjects/${id}?lesson_id=1`)).toBe(true);
    await expect.poll(() => asked(chunk), `${chunk} asked for while the entry is held back`).toBe(true);
    for (const other of chunks.filter((c) => c !== chunk)) expect(asked(other), other).toBe(false);
    await release();
    await navigation;
    await shown();
    await page.unrouteAll();
  }
});

test('a reload of /grades, /attachments, /finances and /conta asks for their data with the HTML, and reads each once', async ({
  page,
}) => {
  // Their reads used to wait for the app to start and render the screen: one round trip after the
  // JS — two on /finances, whose bills need the ERP token the hub gives (docs/performance.md "Data
  // with the HTML"). Now the inline loader asks for them — here while the app's entry is held
  // back — and the app takes the answers.
  test.setTimeout(60_000);
  const lookup = `/api/v1/platforms/${new URL(page.url()).hostname}`;
  const waiting = () => earlyReadsLeft(page);
  const fetched = (path: string) => fetchedCount(page, path);
  const screens = [
    {
      path: '/grades',
      reads: ['/api/v1/lms/student/grades?page=1&per_page=10&sort=course_name&order=asc'],
      shown: () =>
        expect(page.getByRole('table', { name: 'Notas por curso' }).getByRole('rowheader').first()).toBeVisible(),
    },
    {
      path: '/attachments',
      reads: [
        '/api/v1/attachments/authorized',
        '/api/v1/documents/categories',
        '/api/v1/documents/attachments?page=1&per_page=10',
      ],
      shown: () =>
        expect(
          page
            .getByRole('region', { name: 'Documentos da instituição' })
            .getByRole('status')
            .filter({ hasText: /encontrad/ }),
        ).toHaveText(/documentos? encontrados?/),
    },
    {
      // The hub's ERP token first; the bills as soon as it has answered, with that token (the
      // loader's follow-up, after the lookup it asks for meanwhile).
      path: '/finances',
      reads: ['/api/hub/security/student/erp/', '/api/erp/v1/bills'],
      order: ['/api/hub/security/student/erp/', lookup, '/api/erp/v1/bills'],
      shown: () => expect(page.getByRole('button', { name: /^Pagar com Pix: / }).first()).toBeVisible(),
    },
    {
      path: '/conta',
      reads: ['/api/v1/users/self'],
      // The session refreshes the student (`GET /users/self`) on a page load too, after the first
      // screen (post-login setup): whichever of the two asks first takes the early answer, the
      // other asks the platform — unless the profile's saved read, restored, is still fresh.
      readTwice: ['/api/v1/users/self'],
      shown: () =>
        expect(
          page.getByRole('region', { name: 'Dados pessoais' }).getByRole('textbox', { name: 'Nome', exact: true }),
        ).not.toHaveValue(''),
    },
  ];
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settle(page);
    const release = await holdEntry(page);
    const reload = page.reload();
    await expect.poll(waiting).toEqual(screen.order ?? [...screen.reads, lookup]);
    await release();
    await reload;
    await screen.shown();
    // The app took every answer, and asked for none of them again (but where another part of the
    // app reads the same).
    await expect.poll(waiting).toEqual([]);
    await settle(page);
    for (const read of screen.reads) {
      const count = await fetched(read);
      // Read twice at most: once (the early answer), and again only by the other reader.
      if (screen.readTwice?.includes(read)) expect([1, 2], read).toContain(count);
      else expect(count, read).toBe(1);
    }
    await page.unrouteAll();
  }
});

test('with Economia de dados on, the first banner’s image is not fetched before the app shows it', async ({ page }) => {
  await page.getByRole('button', { name: 'Acessibilidade' }).first().click();
  await page.getByRole('switch', { name: 'Economia de dados' }).check();
  await page.keyboard.press('Escape');
  const seen = await recordRequests(page);
  await settle(page);
  const release = await holdEntry(page);
  // With a query, no early page (src/app/early-content.js): the image is asked for only when a page
  // shows the banner — the early page's own lazy image is checked in test/unit/early-content.test.ts.
  const reload = page.goto('/home?economia');
  await expect.poll(() => seen.includes('GET /api/v1/content/banners?isVisibleEad=1')).toBe(true);
  // Once the loader has had the banners' answer (the page reads the same answer after it)…
  await page.evaluate(async () => {
    const read = window.__earlyReads?.find((r) => r.url.includes('/content/banners'));
    await (await read?.response)?.clone().json();
  });
  // …no image was asked for while the app was held back.
  expect(seen.filter((r) => r.startsWith('GET /api/files/media/'))).toEqual([]);
  expect(await page.locator('link[rel=preload][as=image]').count()).toBe(0);
  await release();
  await reload;
  await expect(page.getByRole('img', { name: 'Faixa azul com formas geométricas' })).toBeVisible();
});

test('with a token the platform no longer knows, the early answer (401) sends the student to /login', async ({
  page,
  context,
}) => {
  const url = new URL(page.url());
  await context.addCookies([{ name: 'token', value: 'expired-token', domain: url.hostname, path: '/' }]);
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});
