/**
 * Waiting for the app's service worker in a test: installed, active, and controlling the page
 * (the shell precached, requests answered by the worker from now on).
 */
import { expect, type Page } from '@playwright/test';

/** Resolves once the service worker is active and controls `page` (polls `controller`; Playwright's expect timeout). */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
