/**
 * Step 1 of the bench (issue 9): loads each key route cold in Chromium (a fresh browser
 * context each: empty cache, no service worker) and sums the bytes of the HTML, JS, CSS, fonts
 * and images it fetched until the network was idle — as transferred, and the JS + CSS as gzip.
 * API answers and media are not counted.
 */
import { chromium, type Browser, type Request } from '@playwright/test';
import type { RouteBytes } from './budgets';
import type { EncodedSizes } from './cdn';

/** One route to load. */
export interface RouteToLoad {
  name: string;
  path: string;
  signedIn: boolean;
  /** A locator (CSS/Playwright selector) that is visible once the route's content has rendered. */
  ready: string;
}

/** Chromium flags that work on this machine (TOOLCHAIN.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

type Kind = keyof RouteBytes['transferred'];

/** The kind a request is counted as, or null when not counted (API, media, other). */
export function kindOf(resourceType: string, url: string): Kind | null {
  if (new URL(url).pathname.startsWith('/api/')) return null;
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
 * @param token session token for signed-in routes (cookie `token`, as the app stores it).
 * @param sizes body sizes of a static file the CDN served (for gzip bytes).
 * @throws when a route does not render its `ready` element within 30 s.
 */
export async function measureRoutes(options: {
  executablePath: string;
  baseUrl: string;
  token: string;
  routes: RouteToLoad[];
  sizes: (path: string) => EncodedSizes | undefined;
}): Promise<RouteBytes[]> {
  const browser: Browser = await chromium.launch({ executablePath: options.executablePath, args: CHROMIUM_ARGS });
  try {
    const results: RouteBytes[] = [];
    for (const route of options.routes) {
      const context = await browser.newContext({ serviceWorkers: 'block', locale: 'pt-BR' });
      if (route.signedIn) {
        await context.addCookies([{ name: 'token', value: options.token, url: options.baseUrl }]);
      }
      const page = await context.newPage();
      const finished: Promise<void>[] = [];
      const transferred = { html: 0, js: 0, css: 0, font: 0, image: 0 };
      let jsCssGzip = 0;
      const count = async (request: Request) => {
        const kind = kindOf(request.resourceType(), request.url());
        if (!kind) return;
        const { responseBodySize } = await request.sizes();
        transferred[kind] += responseBodySize;
        if (kind === 'js' || kind === 'css') {
          const sizes = options.sizes(new URL(request.url()).pathname);
          jsCssGzip += sizes ? sizes.gzip : responseBodySize;
        }
      };
      page.on('requestfinished', (request) => finished.push(count(request)));
      await page.goto(`${options.baseUrl}${route.path}`, { waitUntil: 'load' });
      await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      await Promise.all(finished);
      results.push({ name: route.name, path: route.path, signedIn: route.signedIn, transferred, jsCssGzip });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
