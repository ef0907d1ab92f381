/**
 * `npm run screenshots`: phone screenshots of the product for the README, taken with
 * Playwright in Chromium (scripts/find-browser.mjs) against a fresh reference server (its own
 * temporary database, demo data): login, home, courses, a course, a learning object, grades,
 * finances with the Pix dialog open, for both brands (`demo` on localhost, `stream` on 127.0.0.1),
 * and the blocking error screen (a host whose platform lookup answers 500); then brand 1's home, a
 * course and a learning object again with a phone on its side (844×390) and with the largest text
 * and spacing of the accessibility settings (font_size 3, font_spacing 3, docs/product.md §3).
 *
 * Output: `docs/screenshots/<brand>-<screen>.png`, 390×844 CSS px (a common phone), reduced motion;
 * `brand1-landscape-<screen>.png` (844×390) and `brand1-largest-text-<screen>.png` (390×844).
 * Builds the app first unless `SCREENSHOTS_SKIP_BUILD=1`. Exits non-zero, naming the screen, when a
 * screen cannot be reached — a broken journey is not photographed as if it worked.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './find-browser.mjs';
import { startReferenceServer } from '../test/e2e/support/server';
import { applySettings, LARGEST_TEXT } from '../test/e2e/support/settings';

const OUT_DIR = 'docs/screenshots';
const VIEWPORT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };
const FAIL_HOST = 'falha.localhost';

/** Signs in with the login form (fields by their ids: any language). */
async function signIn(page: Page, user: string): Promise<void> {
  await page.locator('#login-username').fill(user);
  await page.locator('#login-password').fill('demo1234');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

/** Waits until the page's h1 shows and the network is quiet, then writes `<name>.png`. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Every read on screen has arrived (no 'Carregando…' left).
  await page.waitForFunction(() => !document.body.innerText.includes('Carregando…'), undefined, { timeout: 15_000 });
  await page.screenshot({ path: join(OUT_DIR, `${name}.png`) });
  console.log(`  ${name}.png`);
}

async function brandTour(page: Page, base: string, brand: string, user: string): Promise<void> {
  await page.goto(`${base}/login`);
  await shoot(page, `${brand}-login`);
  await signIn(page, user);
  await shoot(page, `${brand}-home`);
  await page.goto(`${base}/courses`);
  await shoot(page, `${brand}-courses`);
  await page.locator('.card-title a').first().click();
  await shoot(page, `${brand}-course`);
  await page.locator('.item-title').first().click();
  await page.locator('.lesson .item-title').first().click();
  await page.waitForURL(/learningObjects/);
  await shoot(page, `${brand}-learning-object`);
  await page.goto(`${base}/grades`);
  await shoot(page, `${brand}-grades`);
  await page.goto(`${base}/finances`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .getByRole('button', { name: /Pagar com Pix/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Pix Copia e Cola' }).waitFor({ timeout: 15_000 });
  await page.screenshot({ path: join(OUT_DIR, `${brand}-finances-pix.png`) });
  console.log(`  ${brand}-finances-pix.png`);
}

/** Home, the first course and its first learning object of the student signed in on `page`, as `<prefix>-<screen>.png`. */
async function studyTour(page: Page, base: string, prefix: string): Promise<void> {
  await page.goto(`${base}/home`);
  await shoot(page, `${prefix}-home`);
  await page.goto(`${base}/courses`);
  await page.locator('.card-title a').first().click();
  await shoot(page, `${prefix}-course`);
  await page.locator('.item-title').first().click();
  await page.locator('.lesson .item-title').first().click();
  await page.waitForURL(/learningObjects/);
  await shoot(page, `${prefix}-learning-object`);
}

async function main(): Promise<void> {
  if (process.env.SCREENSHOTS_SKIP_BUILD !== '1') {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const server = await startReferenceServer({ env: { PLATFORM_LOOKUP_FAIL_HOSTS: FAIL_HOST } });
  const browser = await chromium.launch({ executablePath: await findBrowser(), args: CHROMIUM_ARGS });
  let current = 'setup';
  try {
    for (const [base, brand, user] of [
      [server.base, 'brand1', 'demo'],
      [server.base2, 'brand2', 'stream'],
    ] as const) {
      current = brand;
      const context = await browser.newContext({
        viewport: VIEWPORT,
        isMobile: true,
        hasTouch: true,
        locale: 'pt-BR',
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
      });
      await brandTour(await context.newPage(), base, brand, user);
      await context.close();
    }
    for (const [name, viewport, largest] of [
      ['landscape', LANDSCAPE, false],
      ['largest-text', VIEWPORT, true],
    ] as const) {
      current = `brand1 ${name}`;
      const context = await browser.newContext({
        viewport,
        isMobile: true,
        hasTouch: true,
        locale: 'pt-BR',
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
      });
      if (largest) await applySettings(context, LARGEST_TEXT);
      const page = await context.newPage();
      await page.goto(`${server.base}/login`);
      await signIn(page, 'demo');
      await studyTour(page, server.base, `brand1-${name}`);
      await context.close();
    }
    current = 'error screen';
    const context = await browser.newContext({
      viewport: VIEWPORT,
      isMobile: true,
      locale: 'pt-BR',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(`http://${FAIL_HOST}:${server.port}/login`);
    await page.getByRole('alertdialog').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(OUT_DIR, 'error-screen.png') });
    console.log('  error-screen.png');
    await context.close();
  } catch (error) {
    console.error(`screenshots: could not photograph ${current}:`, error);
    process.exitCode = 1;
  } finally {
    await browser.close();
    await server.dispose();
  }
}

await main();
