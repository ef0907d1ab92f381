/**
 * The next screen's code before the tap (docs/performance.md, src/app/prefetch-routes.ts): once a
 * screen has its data, the code of the screens its links open is asked for — so opening a course
 * from /courses waits for the course's data only; the next learning object's data is read before
 * 'Próximo conteúdo' is tapped. Not with 'Economia de dados' on.
 *
 * Which files a route needs is the build's own list (the `#entry-data` block the inline loader
 * reads): the test reads it from the page, so it follows every rebuild.
 */
import { expect, test, type Page } from './support/fixtures';

test.beforeEach(async ({ page, signIn }) => {
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
});

/** The chunks and styles the build lists for `path` and not for `from` (what opening `path` from `from` needs). */
const filesToOpen = (page: Page, path: string, from: string) =>
  page.evaluate(
    ({ path, from }) => {
      const routes = (
        JSON.parse(document.getElementById('entry-data')!.textContent!) as { routes: [string, string[]][] }
      ).routes;
      const filesOf = (p: string) => routes.find(([pattern]) => new RegExp(pattern).test(p))?.[1] ?? [];
      const have = new Set(filesOf(from));
      return filesOf(path).filter((file) => !have.has(file));
    },
    { path, from },
  );

/** Of `files`, those the page has asked for (a `<link>` with that href: a modulepreload or preload). */
const linked = (page: Page, files: string[]) =>
  page.evaluate(
    (wanted) => wanted.filter((href) => document.head.querySelector(`link[href="${href}"]`) !== null),
    files,
  );

test('on /courses, the course screen’s code is asked for before a course is opened', async ({ page }) => {
  await page.goto('/courses');
  const course = page.getByRole('link', { name: 'Introdução à Informática' });
  await expect(course).toBeVisible();
  const href = (await course.getAttribute('href'))!;
  const files = await filesToOpen(page, href, '/courses');
  expect(files.length).toBeGreaterThan(0);
  await expect.poll(() => linked(page, files)).toEqual(files);
  await course.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Introdução à Informática' })).toBeVisible();
});

test('with Economia de dados on, nothing is asked for before the tap', async ({ page }) => {
  await page.getByRole('button', { name: 'Acessibilidade' }).first().click();
  await page.getByRole('switch', { name: 'Economia de dados' }).check();
  await page.keyboard.press('Escape');
  await page.goto('/courses');
  const course = page.getByRole('link', { name: 'Introdução à Informática' });
  await expect(course).toBeVisible();
  const files = await filesToOpen(page, (await course.getAttribute('href'))!, '/courses');
  await page.waitForLoadState('networkidle');
  expect(await linked(page, files)).toEqual([]);
  await course.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Introdução à Informática' })).toBeVisible();
});

/**
 * Opens the first learning object, waits for the next one's data to be read ahead, taps 'Próximo
 * conteúdo' and checks that the next screen asked for that data no more until its own start.
 * With `startAnsweredLate`, the opening's start is answered only after the read ahead (the order
 * on a slow network): the start must not make the next one's data stale.
 */
async function nextStepUsesReadAhead(page: Page, { startAnsweredLate }: { startAnsweredLate: boolean }) {
  const log: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/lms/learningObjects/')) log.push(`${request.method()} ${url.pathname}`);
  });
  let readAhead = () => {};
  const readAheadDone = new Promise<void>((resolve) => (readAhead = resolve));
  if (startAnsweredLate) {
    await page.route('**/api/v1/lms/learningObjects/1/start*', async (route) => {
      await readAheadDone;
      await route.continue();
    });
  }
  await page.goto('/courses/1/modules/1/learningObjects/1');
  const next = page.getByRole('link', { name: 'Próximo conteúdo' });
  await expect(next).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  const nextId = (await next.getAttribute('href'))!.split('/').pop()!;
  const read = `GET /api/v1/lms/learningObjects/${nextId}`;
  await expect.poll(() => log.filter((r) => r === read)).toEqual([read]);
  if (startAnsweredLate) {
    // Once the start is answered, the reads it touches are refreshed: the module's on screen.
    const refreshed = page.waitForRequest((r) => /\/api\/v1\/lms\/modules\/1$/.test(r.url()));
    readAhead();
    await refreshed;
  }
  log.length = 0;
  await next.click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading!);
  await expect.poll(() => log.some((r) => r.startsWith(`PUT /api/v1/lms/learningObjects/${nextId}/start`))).toBe(true);
  // Until its start (after which its reads are refreshed), the next screen asked for nothing more.
  const start = log.findIndex((r) => r.startsWith(`PUT /api/v1/lms/learningObjects/${nextId}/start`));
  expect(log.slice(0, start).filter((r) => r === read)).toEqual([]);
}

test('on a learning object, the next one’s data is read before Próximo conteúdo, and the tap uses it', async ({
  page,
}) => {
  await nextStepUsesReadAhead(page, { startAnsweredLate: false });
});

test('the tap uses the data read ahead even when the opening’s start was answered after it', async ({ page }) => {
  await nextStepUsesReadAhead(page, { startAnsweredLate: true });
});
