/**
 * Safe updates in real Chromium: two real builds of the app (v1 and v2, which differ in
 * their version string), deployed one after the other into the folder that the reference server
 * serves — as a CDN deploy replaces the files.
 * - A tab open on v1 (its service worker installed) learns of v2 when it checks again (it checks
 *   whenever it becomes visible, and every hour), offers 'Nova versão disponível', and shows v2
 *   after 'Atualizar agora'.
 * - Downloads survive the update: the new version (whose saved reads start empty) still
 *   marks the downloaded course and, offline, opens a learning object never opened before.
 * - A tab of v1 without a service worker (blocked, or evicted by the browser) whose chunks are
 *   gone after the deploy reloads into v2 when it needs one, instead of a blank screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { serviceWorkerReady } from './support/service-worker';
import { startReferenceServer, type ReferenceServer } from './support/server';
import { buildApp, deploy as deployInto, entryOf, entryScript } from './support/deploy';

test.describe.configure({ mode: 'serial' });

let root: string;
let site: string;
let server: ReferenceServer;

/** Builds the app with `APP_VERSION=version` into `<root>/<name>`. */
const build = (name: string, version: string) => buildApp(join(root, name), version);

/** Replaces everything the server serves with `build` (old hashed files are gone, as on a CDN). */
const deploy = (build: string) => deployInto(build, site);

let v1: string;
let v2: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  root = mkdtempSync(join(tmpdir(), 'e2e-deploy-'));
  site = join(root, 'site');
  v1 = build('v1', '1.0.0-e2e');
  v2 = build('v2', '2.0.0-e2e');
  deploy(v1);
  server = await startReferenceServer({ distDir: site });
});

test.afterAll(async () => {
  await server?.dispose();
  if (root) rmSync(root, { recursive: true, force: true });
});

test.beforeEach(() => deploy(v1));

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('an open tab offers the new version and shows it after Atualizar agora', async ({
    page,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`${server.base}/login`);
    await expect(page.getByText('Versão 1.0.0-e2e')).toBeVisible();
    await serviceWorkerReady(page);
    // v1 keeps working while it is the deployed version: no offer.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForTimeout(1500);
    await expect(page.getByRole('complementary', { name: 'Nova versão disponível' })).toHaveCount(0);

    deploy(v2);
    // The tab checks again when it becomes visible (and every hour while it stays open).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const offer = page.getByRole('complementary', { name: 'Nova versão disponível' });
    await expect(offer).toBeVisible({ timeout: 30_000 });
    // Nothing changed under the student's feet: still v1, still usable, focus untouched.
    await expect(page.getByText('Versão 1.0.0-e2e')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Nova versão disponível' })).toBeAttached();
    await expectNoA11yViolations(page);

    await offer.getByRole('button', { name: 'Atualizar agora' }).click();
    await expect(page.getByText('Versão 2.0.0-e2e')).toBeVisible({ timeout: 15_000 });
    // The static /login shows first; its entry is imported after its chunks, one task each.
    await expect.poll(() => entryScript(page)).toBe(entryOf(v2));
    await expect(page.getByRole('complementary', { name: 'Nova versão disponível' })).toHaveCount(0);
  });

  test('downloads survive a new version: after the update, offline, the downloaded course still opens (issue 20)', async ({
    page,
    context,
    signIn,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`${server.base}/login`);
    await signIn(page, 'demo', 'demo1234');
    await expect(page).toHaveURL(/\/home$/);
    await serviceWorkerReady(page);
    await page.goto(`${server.base}/courses/1`);
    const courseName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('button', { name: 'Baixar para estudar offline' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Baixar' }).click();
    await expect(page.getByText('Disponível offline', { exact: true }).first()).toBeVisible({ timeout: 30_000 });

    deploy(v2);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const offer = page.getByRole('complementary', { name: 'Nova versão disponível' });
    await expect(offer).toBeVisible({ timeout: 30_000 });
    await offer.getByRole('button', { name: 'Atualizar agora' }).click();
    await expect.poll(() => entryScript(page), { timeout: 15_000 }).toBe(entryOf(v2));
    // The new version still knows the download …
    await expect(page.getByText('Disponível offline', { exact: true }).first()).toBeVisible();

    // … and, offline, opens the course and a learning object never opened (reads from the download's record).
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
    const moduleLink = page.locator('.item-title').nth(2);
    const moduleName = (await moduleLink.textContent()) ?? '';
    await moduleLink.click();
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
    const video = page.locator('.item', { hasText: 'Vídeo ·' }).first().locator('.item-title');
    const videoName = (await video.textContent()) ?? '';
    await video.click();
    await expect(page.getByRole('heading', { level: 1, name: videoName })).toBeVisible();
    const played = await page.locator('video').evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      return element.error === null && element.duration > 0;
    });
    expect(played).toBe(true);
    await context.setOffline(false);
  });

  test("'Depois' hides the offer; the tab stays on its version", async ({ page }) => {
    await page.goto(`${server.base}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    deploy(v2);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const offer = page.getByRole('complementary', { name: 'Nova versão disponível' });
    await expect(offer).toBeVisible({ timeout: 30_000 });
    await offer.getByRole('button', { name: 'Depois' }).click();
    await expect(offer).toHaveCount(0);
    await expect(page.getByText('Versão 1.0.0-e2e')).toBeVisible();
  });
});

test('a tab whose chunks are gone after a deploy reloads into the new version, never blank', async ({ page }) => {
  // No service worker (the suite's default): the browser asks the server for every chunk.
  await page.goto(`${server.base}/login`);
  await expect(page.getByText('Versão 1.0.0-e2e')).toBeVisible();
  // A tab that has been open a while: what it loads after its first screen (the service worker's
  // registration) is in, so the chunk the deploy takes away is the next screen's. (Deployed while
  // that was still loading, its 404 used the one reload first, and the click then found the error
  // screen: the test failed 1 in 3 runs on a busy machine.)
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3_000 })));
  await page.waitForLoadState('networkidle');
  deploy(v2);
  // The reset page is a lazily loaded chunk of v1, which the server no longer has.
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/requestResetPassword$/);
  // The static /login shows first; its entry is imported after its chunks, one task each.
  await expect.poll(() => entryScript(page)).toBe(entryOf(v2));
});
