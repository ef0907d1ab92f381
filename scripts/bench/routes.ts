/**
 * Step 1 of the bench: loads each key route cold in Chromium (a fresh browser
 * context each: empty cache, no service worker) and sums the bytes of the HTML, JS, CSS, fonts
 * and images it fetched until the network was idle — as transferred, and the JS + CSS as gzip.
 * API answers and media are not counted.
 */
import { chromium, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import type { RouteBytes } from './budgets';
import type { EncodedSizes } from './cdn';
import { CHROMIUM_ARGS as MACHINE_CHROMIUM_ARGS } from '../find-browser.mjs';

/** One route to load. */
export interface RouteToLoad {
  name: string;
  path: string;
  signedIn: boolean;
  /** A locator (CSS/Playwright selector) that is visible once the route's content has rendered. */
  ready: string;
}

/** Chromium flags of the bench: those verified here, and trust in the CDN's self-signed certificate (cdn.ts). */
export const CHROMIUM_ARGS = [...MACHINE_CHROMIUM_ARGS, '--ignore-certificate-errors'];

type Kind = keyof RouteBytes['transferred'];

/** A cookie as Playwright sets it. */
export type Cookie = Parameters<BrowserContext['addCookies']>[0][number];

/**
 * Signs `username` in through the real /login form in `context` (as a student does) and
 * returns the cookies the app set: the session `token` and the cached `user` — what a signed-in
 * student's browser holds. Storage (localStorage, IndexedDB) is left out: every measured load
 * starts without it, like Lighthouse's.
 * @throws when the sign-in does not leave /login within 30 s.
 */
/** How long the page must ask for nothing before its bytes are summed, ms. */
const QUIET_MS = 3_000;

/**
 * Resolves once `page` has started no request for {@link QUIET_MS} (`lastRequestAt()`: the time,
 * ms since the epoch, its last request started), or after 30 s whatever it asks.
 */
async function quiet(page: Page, lastRequestAt: () => number): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() - lastRequestAt() < QUIET_MS && Date.now() < until) await page.waitForTimeout(250);
}

export async function signInCookies(
  context: BrowserContext,
  baseUrl: string,
  credentials: { username: string; password: string },
): Promise<Cookie[]> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-username').fill(credentials.username);
  await page.locator('#login-password').fill(credentials.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  const cookies = (await context.cookies(baseUrl)).filter((c) => c.name === 'token' || c.name === 'user');
  await page.close();
  if (!cookies.some((c) => c.name === 'token')) throw new Error('sign-in set no token cookie');
  return cookies;
}

/** The kind a request is counted as, or null when not counted (API, media, other). */
export function kindOf(resourceType: string, url: string): Kind | null {
  const parsed = new URL(url);
  // The browser's own (chrome-extension: its PDF viewer), data: and blob: URLs are not the app's.
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.pathname.startsWith('/api/')) return null;
  switch (resourceType) {
    case 'document':
      return 'html';
    case 'script':
      return 'js';
    case 'stylesheet':
      return 'css';
    case 'font':
      return 'font';
    case 'image':
      return 'image';
    default:
      return null;
  }
}

/**
 * Loads every route of `routes` cold and measures it.
 * @param baseUrl the CDN (e.g. http://localhost:4180).
 * @param cookies the signed-in student's cookies (`signInCookies`), set for signed-in routes.
 * @param sizes body sizes of a static file the CDN served (for gzip bytes).
 * @throws when a route does not render its `ready` element within 30 s.
 */
export async function measureRoutes(options: {
  executablePath: string;
  baseUrl: string;
  cookies: Cookie[];
  routes: RouteToLoad[];
  sizes: (path: string) => EncodedSizes | undefined;
}): Promise<RouteBytes[]> {
  const browser: Browser = await chromium.launch({ executablePath: options.executablePath, args: CHROMIUM_ARGS });
  try {
    const results: RouteBytes[] = [];
    for (const route of options.routes) {
      const context = await browser.newContext({ serviceWorkers: 'block', locale: 'pt-BR', ignoreHTTPSErrors: true });
      if (route.signedIn) await context.addCookies(options.cookies);
      const page = await context.newPage();
      const finished: Promise<void>[] = [];
      const transferred = { html: 0, js: 0, css: 0, font: 0, image: 0 };
      let jsCssGzip = 0;
      const files: { path: string; gzip: number }[] = [];
      const count = async (request: Request) => {
        const kind = kindOf(request.resourceType(), request.url());
        if (!kind) return;
        const { responseBodySize } = await request.sizes();
        transferred[kind] += responseBodySize;
        if (kind === 'js' || kind === 'css') {
          const sizes = options.sizes(new URL(request.url()).pathname);
          jsCssGzip += sizes ? sizes.gzip : responseBodySize;
          files.push({ path: new URL(request.url()).pathname, gzip: sizes ? sizes.gzip : responseBodySize });
        }
      };
      // A request that ends after the page is measured (its context closed) is not counted.
      page.on('requestfinished', (request) => finished.push(count(request).catch(() => undefined)));
      let lastRequestAt = Date.now();
      page.on('request', () => (lastRequestAt = Date.now()));
      await page.goto(`${options.baseUrl}${route.path}`, { waitUntil: 'load' });
      await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      // What the app starts after the first screen (the platform's widgets' code, a chain of a
      // settings read, an idle period and imports: src/app/wiring/widgets.ts) came before the quiet
      // half-second of 'networkidle' on some loads and after it on others (±2.1 KB): the page is
      // measured once no request has started for QUIET_MS, so that it is always counted.
      await quiet(page, () => lastRequestAt);
      await Promise.all(finished);
      // The next screens' code, asked for ahead of a tap (src/app/prefetch-routes.ts marks its links).
      const ahead = new Set(
        await page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[data-prefetch]')].map((l) => new URL(l.href).pathname),
        ),
      );
      const prefetchedGzip = files.filter((f) => ahead.has(f.path)).reduce((sum, f) => sum + f.gzip, 0);
      results.push({
        name: route.name,
        path: route.path,
        signedIn: route.signedIn,
        transferred,
        jsCssGzip,
        files,
        prefetchedGzip,
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
