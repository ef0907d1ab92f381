/**
 * The app's own network in an e2e page: Playwright's 'networkidle' counts the browser's internal
 * requests too, and some of them are never reported finished (Chromium's PDF viewer, a blocked
 * service worker's script): 'networkidle' then never comes. These follow the page's main-frame
 * http(s) requests only, and name the ones still under way when they time out.
 */
import type { Frame, Page, Request } from '@playwright/test';

/** The app's own requests under way in a page (its main frame's, http(s) only). */
interface AppRequests {
  inFlight: Set<Request>;
  changed: Set<() => void>;
}
const tracked = new WeakMap<Page, AppRequests>();

/**
 * Follows `page`'s own requests from now on (call it before the page loads anything): Playwright's
 * 'networkidle' counts the browser's internal ones too, and Chromium's PDF viewer (a PDF learning
 * object) fetches chrome:// and chrome-extension:// resources one of which is never reported
 * finished — 'networkidle' then never came (a 30 s timeout in a CI run, 1 of 5 runs here under load);
 * nor, in a later run, did its 'load' state, which waits for every frame's. Only the main frame's
 * requests count: the viewer's frame loads the PDF itself over http, and a later clean clone's run
 * waited 25 s for the app's network to be idle after a PDF learning object (the requests of the
 * main document are the ones `recordRequests` keeps, too).
 */
export function trackAppRequests(page: Page): void {
  const requests: AppRequests = { inFlight: new Set(), changed: new Set() };
  const tell = () => requests.changed.forEach((listener) => listener());
  page.on('request', (request) => {
    if (!/^https?:/.test(request.url()) || frameOf(request) !== page.mainFrame()) return;
    // The service worker's script: this spec blocks service workers, and the browser's fetch of
    // /sw.js for a registration Playwright blocked was once never reported finished (a clean
    // clone's run: 'still under way after 15000 ms: GET /sw.js', after the PDF learning object).
    if (request.headers()['service-worker'] === 'script') return;
    requests.inFlight.add(request);
    tell();
  });
  const ended = (request: Request) => {
    if (requests.inFlight.delete(request)) tell();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  tracked.set(page, requests);
}

/** The frame of `request`; null for a service worker's (it has none). */
function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null;
  }
}

/**
 * Resolves once none of `page`'s own requests has been under way for `quietMs` (the 'networkidle'
 * rule). @throws after `timeoutMs`, naming the requests still under way.
 */
export async function appNetworkIdle(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  const requests = tracked.get(page);
  if (!requests) throw new Error('appNetworkIdle: trackAppRequests(page) was not called');
  let timer: ReturnType<typeof setTimeout> | null = null;
  let deadline: ReturnType<typeof setTimeout> | null = null;
  let check: () => void = () => {};
  try {
    await new Promise<void>((resolve, reject) => {
      check = () => {
        if (timer) clearTimeout(timer);
        timer = requests.inFlight.size === 0 ? setTimeout(resolve, quietMs) : null;
      };
      deadline = setTimeout(() => {
        const left = [...requests.inFlight].map((r) => `${r.method()} ${r.url()}`);
        reject(new Error(`appNetworkIdle: still under way after ${timeoutMs} ms: ${left.join(', ')}`));
      }, timeoutMs);
      requests.changed.add(check);
      check();
    });
  } finally {
    if (timer) clearTimeout(timer);
    if (deadline) clearTimeout(deadline);
    requests.changed.delete(check);
  }
}
