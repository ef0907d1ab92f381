/**
 * 'Baixar para estudar offline' in real Chromium with the service worker allowed:
 * - course 1 downloaded online (the progress bar reaches 100 %), marked in the lists; offline
 *   after a reload, learning objects of every type never opened before show their content (the
 *   video seeks to its middle and plays, from the downloads cache through the service worker),
 *   a link says it needs the internet; 'Minha conta' shows the storage figures and the download;
 *   'Remover download' frees the space and the marks go;
 * - the connection drops mid-download (or the device is full): a clear message, nothing marked available and no file
 *   left; 'Tentar novamente' online completes it.
 */
import { serviceWorkerReady } from './support/service-worker';
import { expect, test, type Page } from './support/fixtures';
import { cacheNames, cachedUrls } from './support/caches';

test.use({ serviceWorkers: 'allow' });

/** Signs in as `demo` through /login and waits until the service worker controls the page. */
async function signInWithServiceWorker(
  page: Page,
  signIn: (page: Page, code: string, password: string) => Promise<void>,
) {
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await serviceWorkerReady(page);
}

/** Cache Storage: cache name → URLs it holds. */
/** Files in the downloads caches (`downloads:<id>`), all students. */
const downloadedFiles = async (page: Page) => Object.values(await cachedUrls(page, 'downloads:')).flat();

/** Records the highest share of the download progress bar seen (value / max), in the page. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __maxProgress: number };
    w.__maxProgress = 0;
    const check = () => {
      for (const bar of document.querySelectorAll('progress')) {
        if (bar.getAttribute('aria-label') !== 'Progresso do download') continue;
        w.__maxProgress = Math.max(w.__maxProgress, bar.max > 0 ? bar.value / bar.max : 0);
      }
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { __maxProgress: number }).__maxProgress);
}

const courseCard = (page: Page, name: string) => page.locator('.card', { has: page.getByRole('link', { name }) });

/**
 * Opens 'Minha conta' and scrolls to its end, as a student does to manage the downloads: the
 * storage section, below the first screen, loads only once the student gets near it.
 */
async function openStorage(page: Page): Promise<void> {
  await page.goto('/conta');
  await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('region', { name: 'Armazenamento neste aparelho' })).toBeVisible();
}

test('a downloaded course works offline; storage figures; removing frees the space', async ({
  page,
  context,
  signIn,
  expectNoA11yViolations,
}) => {
  test.setTimeout(120_000);
  await signInWithServiceWorker(page, signIn);

  await page.goto('/courses/1');
  const courseName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const maxProgress = await watchProgress(page);
  await page.getByRole('button', { name: 'Baixar para estudar offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Baixar para estudar offline?' });
  await expect(dialog).toContainText(/\d+(,\d)? (kB|MB) no total \(\d+ itens\)/);
  await expect(dialog).toContainText('precisando de internet');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Baixar' }).click();
  await expect(page.getByText('Disponível offline', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Baixado em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  expect(await maxProgress()).toBe(1);
  await expectNoA11yViolations(page);
  expect((await downloadedFiles(page)).some((url) => url.endsWith('/aula.webm'))).toBe(true);

  // Marked in the lists: the course list and the course's modules.
  await page.goto('/courses');
  await expect(courseCard(page, courseName).getByText('Disponível offline')).toBeVisible();
  await page.getByRole('link', { name: courseName }).click();
  const modules = page.locator('.item');
  await expect(modules.first().getByText('Disponível offline')).toBeVisible();
  const moduleLink = modules.first().locator('.item-title');
  const moduleName = (await moduleLink.textContent()) ?? '';

  // Offline, after a reload: every type opens from the device, never opened before.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
  await page.getByRole('link', { name: moduleName }).click();
  await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
  await expect(page.getByText(/Baixado com o curso em/)).toBeVisible();
  const moduleUrl = page.url();
  const open = async (type: string) => {
    await page.goto(moduleUrl);
    const item = page.locator('.item', { hasText: `${type} ·` }).first();
    const name = (await item.locator('.item-title').textContent()) ?? '';
    await item.locator('.item-title').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  };

  await open('Texto');
  await expect(page.locator('article.lo-text')).toContainText('parte 1');

  await open('Vídeo');
  const seeked = await page.locator('video').evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    if (!(video.duration > 0))
      await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
    const middle = video.duration / 2;
    video.currentTime = middle;
    await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { middle, at: video.currentTime, paused: video.paused, error: video.error?.code ?? null };
  });
  expect(seeked.error).toBeNull();
  expect(seeked.paused).toBe(false);
  expect(seeked.at).toBeGreaterThanOrEqual(seeked.middle);

  await open('PDF');
  const pdfUrl = await page.locator('iframe.lo-frame').getAttribute('src');
  const pdf = await page.evaluate(async (url) => {
    const answer = await fetch(url!);
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      start: (await answer.text()).slice(0, 5),
    };
  }, pdfUrl);
  expect(pdf).toEqual({ status: 200, type: 'application/pdf', start: '%PDF-' });

  await open('Áudio');
  const audio = await page.locator('audio').evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    await element.play();
    return element.duration > 0 && element.error === null;
  });
  expect(audio).toBe(true);

  await open('Página incorporada');
  const frame = page.frameLocator('iframe.lo-frame');
  await expect(frame.locator('body')).not.toBeEmpty();

  await open('Questionário');
  await expect(page.getByRole('radio').first()).toBeVisible();

  await open('Link externo');
  await expect(page.getByText('Este conteúdo precisa de internet')).toBeVisible();

  // 'Minha conta': the storage figures and the download.
  await openStorage(page);
  const usage = page.getByTestId('storage-usage');
  await expect(usage).toContainText(/^Usado: .+ · Disponível: .+$/);
  expect(Number(await usage.getAttribute('data-usage'))).toBeGreaterThan(0);
  const downloads = page.getByRole('region', { name: 'Armazenamento neste aparelho' });
  await expect(downloads.getByText(courseName)).toBeVisible();
  await expect(downloads.getByRole('button', { name: `Remover ${courseName}` })).toBeVisible();
  await expectNoA11yViolations(page);

  // 'Remover download' frees the space (the estimate drops); the course is no longer marked.
  await context.setOffline(false);
  await page.goto('/courses/1');
  const remove = page.getByRole('button', { name: 'Remover download' });
  await expect(remove).toBeVisible();
  const estimate = () => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  const before = await estimate();
  await remove.click();
  await expect(page.getByRole('button', { name: 'Baixar para estudar offline' })).toBeVisible();
  expect(await downloadedFiles(page)).toEqual([]);
  await expect.poll(estimate, { timeout: 15_000 }).toBeLessThan(before);
  await openStorage(page);
  await expect(downloads.getByText('Nenhum curso ou módulo baixado neste aparelho.')).toBeVisible();
  await page.goto('/courses');
  await expect(courseCard(page, courseName).getByText('Disponível offline')).toHaveCount(0);
});

test('the connection drops mid-download: a clear message, nothing marked; "Tentar novamente" completes it', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signInWithServiceWorker(page, signIn);

  // The audio file's transfer fails as a lost connection would (its size was read with HEAD).
  let dropping = true;
  await page.route('**/api/files/media/podcast.ogg', (route) =>
    dropping && route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.goto('/courses/1');
  await page.getByRole('button', { name: 'Baixar para estudar offline' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Baixar' }).click();
  await expect(page.getByRole('alert')).toContainText('A conexão caiu durante o download');
  const retry = page.getByRole('button', { name: 'Tentar novamente' });
  await expect(retry).toBeVisible();
  // Nothing is marked available and no file is left on the device.
  await expect(page.getByText('Disponível offline', { exact: true })).toHaveCount(0);
  expect(await downloadedFiles(page)).toEqual([]);

  dropping = false;
  await retry.click();
  await expect(page.getByText('Disponível offline', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  expect((await downloadedFiles(page)).some((url) => url.endsWith('/podcast.ogg'))).toBe(true);
  // Clean up for the next tests on this server's browser profile.
  await page.getByRole('button', { name: 'Remover download' }).click();
  await expect(page.getByRole('button', { name: 'Baixar para estudar offline' })).toBeVisible();
});

test('"Sair" removes the downloads; a second student on the same browser finds none of them', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signInWithServiceWorker(page, signIn);
  await page.goto('/courses/1');
  const courseName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page.getByRole('button', { name: 'Baixar para estudar offline' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Baixar' }).click();
  await expect(page.getByText('Disponível offline', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  expect(await downloadedFiles(page)).not.toEqual([]);

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => downloadedFiles(page)).toEqual([]);
  // The files and the owner are deleted one after the other (the owner after the files): wait for both.
  await expect.poll(() => cacheNames(page)).not.toContain('downloads-owner');
  const records = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('portal-downloads');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('downloads')) return resolve(0);
            const count = db.transaction('downloads').objectStore('downloads').count();
            count.onsuccess = () => resolve(count.result);
          };
          open.onerror = () => resolve(0);
        }),
    );
  await expect.poll(records).toBe(0);

  // Another student of the same platform: nothing of the first one's downloads.
  await signIn(page, 'eja', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/courses');
  await expect(courseCard(page, courseName)).toBeVisible();
  await expect(page.getByText('Disponível offline', { exact: true })).toHaveCount(0);
  await openStorage(page);
  await expect(page.getByText('Nenhum curso ou módulo baixado neste aparelho.')).toBeVisible();
});

test('a module alone: downloaded from its page, marked on the course page, not the course', async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  await signInWithServiceWorker(page, signIn);
  await page.goto('/courses/1');
  const courseName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const second = page.locator('.item').nth(1);
  const moduleName = (await second.locator('.item-title').textContent()) ?? '';
  await second.locator('.item-title').click();
  await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
  await page.getByRole('button', { name: 'Baixar para estudar offline' }).click();
  await expect(page.getByRole('dialog')).toContainText(`${moduleName}:`);
  await page.getByRole('dialog').getByRole('button', { name: 'Baixar' }).click();
  await expect(page.getByText('Disponível offline', { exact: true }).first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('link', { name: courseName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
  await expect(page.locator('.item').nth(1).getByText('Disponível offline')).toBeVisible();
  await expect(page.locator('.item').first().getByText('Disponível offline')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Baixar para estudar offline' })).toBeVisible();
  await page.goto('/courses');
  await expect(courseCard(page, courseName).getByText('Disponível offline')).toHaveCount(0);

  await openStorage(page);
  const section = page.getByRole('region', { name: 'Armazenamento neste aparelho' });
  await expect(section.getByText(moduleName)).toBeVisible();
  await section.getByRole('button', { name: `Remover ${moduleName}` }).click();
  await expect(section.getByText('Nenhum curso ou módulo baixado neste aparelho.')).toBeVisible();
  expect(await downloadedFiles(page)).toEqual([]);
});

test('a full device: the space is checked first, a clear message, nothing stored; with space "Tentar novamente" completes it', async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  await signInWithServiceWorker(page, signIn);
  await page.goto('/courses/1');
  // A full phone: the browser grants this site almost nothing more (Chromium's own quota cannot be
  // lowered per test, so its estimate answers as a full device's would).
  await page.evaluate(() => {
    Object.defineProperty(navigator.storage, 'estimate', {
      configurable: true,
      value: async () => ({ quota: 2_000_000, usage: 1_990_000 }),
    });
  });
  await page.getByRole('button', { name: 'Baixar para estudar offline' }).click();
  await expect(page.getByRole('alert')).toContainText('Não há espaço suficiente neste aparelho');
  await expect(page.getByText('Disponível offline', { exact: true })).toHaveCount(0);
  expect(await downloadedFiles(page)).toEqual([]);

  // Space freed.
  await page.evaluate(() => delete (navigator.storage as { estimate?: unknown }).estimate);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Baixar' }).click();
  await expect(page.getByText('Disponível offline', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Remover download' }).click();
  await expect(page.getByRole('button', { name: 'Baixar para estudar offline' })).toBeVisible();
});

test('offline, the next learning object is a video that was not downloaded: it says so, offers the download, and plays when the connection returns', async ({
  page,
  context,
  signIn,
  expectNoA11yViolations,
}) => {
  test.setTimeout(60_000);
  await signInWithServiceWorker(page, signIn);
  // Online: a course that was never downloaded, its first module, the text before a video.
  await page.goto('/courses/2');
  const courseName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page.locator('.item-title').first().click();
  const text = page.locator('.item', { hasText: 'Texto ·' }).first().locator('.item-title');
  const textName = (await text.textContent()) ?? '';
  const textId = /learningObjects\/(\d+)/.exec((await text.getAttribute('href')) ?? '')?.[1];
  // The text's screen reads the next learning object ahead of the tap: waited for, not slept on.
  const readAhead = page.waitForResponse((response) => {
    const id = /\/lms\/learningObjects\/(\d+)\?/.exec(response.url())?.[1];
    return response.request().method() === 'GET' && id !== undefined && id !== textId && response.ok();
  });
  await text.click();
  await expect(page.getByRole('heading', { level: 1, name: textName })).toBeVisible();
  await (await readAhead).finished();
  const videoName = textName.replace(/^Leitura:/, 'Vídeo:');
  expect(videoName).not.toBe(textName);

  // The signal goes; 'Próximo conteúdo' opens the video, whose data was read ahead.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Próximo conteúdo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: videoName })).toBeVisible();
  await expect(
    page.getByRole('status').filter({
      hasText: 'Este vídeo precisa de internet: ele não foi baixado neste aparelho. Conecte-se para assisti-lo.',
    }),
  ).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.getByText(/“Baixar para estudar offline” na página do módulo ou do curso/)).toBeVisible();
  // The module and course pages offer 'Baixar para estudar offline' for next time.
  const courseHref = new URL(page.url()).pathname.replace(/\/modules\/.*$/, '');
  await expect(page.getByRole('link', { name: 'Ir para o módulo' })).toHaveAttribute(
    'href',
    new URL(page.url()).pathname.replace(/\/learningObjects\/.*$/, ''),
  );
  await expect(page.getByRole('link', { name: 'Ir para o curso' })).toHaveAttribute('href', courseHref);
  await expectNoA11yViolations(page);

  // The connection returns: the player comes back without a reload and plays.
  await context.setOffline(false);
  await expect(page.locator('video')).toBeVisible();
  await expect(page.getByText(/Este vídeo precisa de internet/)).toHaveCount(0);
  expect(
    await page.locator('video').evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
      return video.duration > 0;
    }),
  ).toBe(true);
  await page.getByRole('link', { name: courseName }).first().click();
  await expect(page.getByRole('button', { name: 'Baixar para estudar offline' })).toBeVisible();
});
