/**
 * Offline-tolerant PWA in real Chromium against the reference server, with the
 * service worker allowed (the rest of the suite blocks it, playwright.config.ts):
 * - after one online visit (own server), with the platform unreachable (server stopped: the
 *   page's and the service worker's requests all fail) and then with `context.setOffline`:
 *   reloads and deep links show the shell and the course, module, learning object and grades
 *   already seen, with 'Você está offline — dados de <hora>'; a page never opened says so
 *   clearly; the video already played plays; when the platform answers again the banner goes;
 * - student A signs out, student B signs in on the same browser: none of A's reads, media or
 *   writes are left in IndexedDB or Cache Storage;
 * - the app is installable (Chromium's own installability check, which Lighthouse's PWA audit
 *   used) with each brand's manifest.
 */
import { serviceWorkerReady } from './support/service-worker';
import { expect, test, type Page } from './support/fixtures';
import { startReferenceServer, type ReferenceServer } from './support/server';
import { watchViolations } from './support/violations';
import { cacheNames, cachedUrls } from './support/caches';

test.use({ serviceWorkers: 'allow' });

/** Keys and values of the offline reads store (`portal-offline` / `queries`), read in the page. */
const savedReads = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve) => {
        const open = indexedDB.open('portal-offline');
        open.onupgradeneeded = () => open.result.createObjectStore('queries');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve({});
          const store = db.transaction('queries').objectStore('queries');
          const out: Record<string, string> = {};
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (!c) {
              db.close();
              return resolve(out);
            }
            out[String(c.key)] = String(c.value);
            c.continue();
          };
        };
      }),
  );

/** The outbox's stored writes (IndexedDB `lms-outbox`), whoever they belong to. */
const outboxWrites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open('lms-outbox');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('writes')) return resolve([]);
          const all = db.transaction('writes').objectStore('writes').getAll();
          all.onsuccess = () => resolve(all.result as unknown[]);
        };
        open.onerror = () => resolve([]);
      }),
  );

const OFFLINE_BANNER = /^Você está offline — dados de \d{2}:\d{2}$/;

test.describe('offline after one online visit', () => {
  // Its own server: stopping it makes the network unreachable for the service worker too.
  let server: ReferenceServer;
  test.beforeAll(async () => {
    server = await startReferenceServer();
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test('what was seen opens offline with the banner; deep links work; unseen pages say so', async ({
    page,
    context,
    signIn,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`${server.base}/login`);
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    // The first page registered the service worker; it controls the page once active.
    await serviceWorkerReady(page);

    // One online visit: a course, a module, a video learning object (played), grades.
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await nav.getByRole('link', { name: 'Cursos' }).click();
    const courseLink = page.locator('.card-title a').first();
    const courseName = (await courseLink.textContent()) ?? '';
    await courseLink.click();
    await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
    const moduleLink = page.locator('.item-title').first();
    const moduleName = (await moduleLink.textContent()) ?? '';
    await moduleLink.click();
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
    const moduleUrl = page.url();
    const videoItem = page.locator('.item', { hasText: 'Vídeo ·' }).first();
    const videoName = (await videoItem.locator('.item-title').textContent()) ?? '';
    await videoItem.locator('.item-title').click();
    await expect(page.getByRole('heading', { level: 1, name: videoName })).toBeVisible();
    await page.locator('video').evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
    });
    // The played file is kept for offline playback (the whole file, in the background).
    await expect
      .poll(async () => (await cachedUrls(page, 'media')).media?.some((u) => u.endsWith('/aula.webm')) ?? false, {
        timeout: 10_000,
      })
      .toBe(true);
    await nav.getByRole('link', { name: 'Notas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Minhas notas' })).toBeVisible();
    await expect(page.locator('main table')).toBeVisible();
    const gradesText = (await page.getByRole('main').textContent()) ?? '';
    // Saved on the device for this student (one write a second at most), grades included.
    await expect
      .poll(async () => Object.values(await savedReads(page)).join(' '), { timeout: 10_000 })
      .toContain('"queryKey":["grades"');
    expect(Object.values(await savedReads(page)).join(' ')).toContain(moduleName);

    // The platform unreachable (the server stopped: nothing answers the page or its service
    // worker, while the device stays "online" — the lie-fi of a weak mobile network): a deep link
    // to the seen module opens, the video plays from the device, a page never opened says so.
    await server.stop();
    await page.goto(moduleUrl);
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
    await page.getByRole('link', { name: videoName }).click();
    await expect(page.getByRole('heading', { level: 1, name: videoName })).toBeVisible();
    const played = await page.locator('video').evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      try {
        await video.play();
        return video.duration > 0;
      } catch {
        return false;
      }
    });
    expect(played, 'the video already played plays with the server down').toBe(true);
    await page.goto(`${server.base}/finances`);
    await expect(page.getByRole('status').filter({ hasText: 'ainda não foi aberta neste aparelho' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
    await expectNoA11yViolations(page);

    // The platform answers again: within a probe interval (10 s) the page loads, the banner goes.
    await server.restart();
    await expect(page.getByRole('button', { name: /Pagar com Pix/ }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: /Você está offline/ })).toHaveCount(0);

    // Offline (context.setOffline): a reload opens from the device, with the banner …
    await nav.getByRole('link', { name: 'Notas' }).click();
    await expect(page.getByRole('main')).toHaveText(gradesText);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Minhas notas' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
    await expect(page.getByRole('main')).toHaveText(gradesText);
    await expectNoA11yViolations(page);
    // … and so do the course, the module and the learning object, through the app's links.
    await nav.getByRole('link', { name: 'Cursos' }).click();
    await page.getByRole('link', { name: courseName }).click();
    await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
    await page.getByRole('link', { name: moduleName }).click();
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
    await page.getByRole('link', { name: videoName }).click();
    await expect(page.getByRole('heading', { level: 1, name: videoName })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test("'Minha conta' opened online, then offline: its data is not kept here — never 'ainda não foi aberta'", async ({
  page,
  context,
  signIn,
  expectNoA11yViolations,
}) => {
  test.setTimeout(60_000);
  // Remembers, across reloads, whether the page ever said it was never opened here.
  await page.addInitScript(() => {
    const seen = () => {
      if (document.body?.textContent?.includes('ainda não foi aberta')) sessionStorage.setItem('saidUnseen', '1');
    };
    new MutationObserver(seen).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const saidUnseen = () => page.evaluate(() => sessionStorage.getItem('saidUnseen') === '1');
  const notKept = page
    .getByRole('region', { name: 'Dados pessoais' })
    .getByRole('status')
    .filter({ hasText: 'seus dados pessoais não ficam salvos neste aparelho' });
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await serviceWorkerReady(page);
  await page.getByRole('link', { name: 'Minha conta' }).click();
  await expect(page.getByRole('textbox', { name: 'CPF', exact: true })).toBeVisible();

  // The platform stops answering while the device says it is online (a weak mobile network): a
  // reload reads the profile, the read fails under way; offline the whole time, it says why.
  await context.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(notKept).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  // And with the device offline.
  await context.unroute('**/api/**');
  await context.setOffline(true);
  await page.reload();
  await expect(notKept).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await saidUnseen(), "'ainda não foi aberta' on a page that was opened").toBe(false);

  // The connection returns: the profile is read again.
  await context.setOffline(false);
  await expect(page.getByRole('textbox', { name: 'CPF', exact: true })).toBeVisible();
});

test('a second student on the same browser finds none of the first one’s data', async ({ page, signIn }) => {
  // The service worker registers and works under the CSP and Trusted Types, without a report.
  const violations = watchViolations(page);
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await serviceWorkerReady(page);
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('link', { name: 'Notas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notas' })).toBeVisible();
  await nav.getByRole('link', { name: 'Cursos' }).click();
  await expect(page.locator('.card-title a').first()).toBeVisible();
  // A media file of the file repository, played through the service worker.
  await page.evaluate(() => fetch('/api/files/media/podcast.ogg').then((r) => r.arrayBuffer()));
  await expect
    .poll(async () => (await cachedUrls(page, 'media')).media?.length ?? 0, { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect.poll(async () => Object.keys(await savedReads(page))).toEqual([expect.stringMatching(/^student:\d+$/)]);
  const [studentA] = Object.keys(await savedReads(page));
  // Saved one write a second at most: the course list arrives with a later write.
  await expect.poll(async () => Object.values(await savedReads(page)).join(' ')).toContain('Introdução');

  // A signs out: their reads, media and writes leave the device.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(async () => Object.keys(await savedReads(page))).toEqual([]);
  expect(await cacheNames(page)).not.toContain('media');
  expect(await outboxWrites(page)).toEqual([]);

  // B signs in on the same browser and works: only B's reads are on the device.
  await signIn(page, 'eja', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Notas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notas' })).toBeVisible();
  await expect.poll(async () => Object.keys(await savedReads(page)).length).toBe(1);
  const saved = await savedReads(page);
  expect(Object.keys(saved)).not.toContain(studentA);
  const everything = JSON.stringify([saved, await cachedUrls(page), await outboxWrites(page)]);
  expect(everything).not.toContain('Ana Souza');
  expect(everything).not.toContain('podcast.ogg');
  expect(violations.console).toEqual([]);
  expect(await violations.events()).toEqual([]);
});

test('installable: Chromium finds no installability error; each brand has its own manifest', async ({
  playwright,
}, testInfo) => {
  // Chromium never offers installation in an incognito-like context: a real profile is needed.
  const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...testInfo.project.use.launchOptions,
    locale: 'pt-BR',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    for (const [base, name, colour] of [
      [process.env.E2E_BASE_URL!, 'Escola Aprender', '#0B57D0'],
      [process.env.E2E_BASE_URL_BRAND2!, 'Academia Stream', '#7A1FA2'],
    ] as const) {
      await page.goto(`${base}/login`);
      await serviceWorkerReady(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors, `${base}: ${JSON.stringify(installabilityErrors)}`).toEqual([]);
      const { url } = (await cdp.send('Page.getAppManifest')) as { url: string };
      expect(url).toBe(`${base}/manifest.webmanifest`);
      await cdp.detach();
      const manifest = (await (await page.request.get(`${base}/manifest.webmanifest`)).json()) as {
        name: string;
        theme_color: string;
        start_url: string;
        display: string;
        icons: { src: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({ name, theme_color: colour, start_url: '/', display: 'standalone' });
      expect(manifest.icons.map((i) => i.purpose)).toContain('maskable');
      for (const icon of manifest.icons) {
        const answer = await page.request.get(new URL(icon.src, base).href);
        expect(answer.status(), icon.src).toBe(200);
        expect(answer.headers()['content-type'], icon.src).toMatch(/^image\/(png|svg\+xml)/);
      }
    }
  } finally {
    await context.close();
  }
});
