/**
 * A cheap phone on a weak mobile network, applied to a real Chromium page over CDP — for the bench
 * steps Lighthouse does not cover (interactions, warm reloads, traces). The figures are
 * Lighthouse's own mobile profile (`constants.throttling.mobileSlow4G` in lighthouse-core) in its
 * "devtools" form: 4× CPU slowdown, 562.5 ms request latency (150 ms RTT × 3.75, Lighthouse's
 * adjustment for packet-level vs request-level throttling), 1474.6 Kbps down, 675 Kbps up.
 * Never calibrate these to the machine: the point is a fixed yardstick.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import type { Cookie } from './routes';

/** Lighthouse mobileSlow4G, devtools throttling. Kbps = 1024 bits/s as Lighthouse counts. */
export const MOBILE = {
  cpuSlowdownMultiplier: 4,
  requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9,
  uploadThroughputKbps: 750 * 0.9,
} as const;

/** Lighthouse's mobile viewport (Moto G Power), CSS px. */
export const PHONE_VIEWPORT = { width: 412, height: 823 } as const;

/**
 * A fresh phone-sized browser context (Moto G Power viewport, touch, pt-BR, the CDN's self-signed
 * certificate trusted) holding the signed-in student's `cookies`.
 * @param serviceWorkers 'block' for a first visit, 'allow' for warm reloads.
 */
export async function phoneContext(
  browser: Browser,
  cookies: Cookie[],
  serviceWorkers: 'allow' | 'block',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers,
    locale: 'pt-BR',
    ignoreHTTPSErrors: true,
    viewport: PHONE_VIEWPORT,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies(cookies);
  return context;
}

/**
 * Applies {@link MOBILE} to `page` (CPU and network) and returns its CDP session.
 * @param network false to throttle the CPU only (e.g. a warm reload served by the service worker
 *   still goes through the network emulation; keep it true unless measuring CPU alone).
 */
export async function throttle(context: BrowserContext, page: Page, network = true): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdownMultiplier });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.requestLatencyMs,
      downloadThroughput: (MOBILE.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (MOBILE.uploadThroughputKbps * 1024) / 8,
    });
  }
  return cdp;
}

/**
 * Resolves once the app's service worker is installed (its precache filled) and controls `page`.
 * @throws when no service worker takes control within 60 s (a build without one?).
 */
export async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve, reject) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      setTimeout(() => reject(new Error('no service worker took control within 60 s')), 60_000);
    });
  });
}
