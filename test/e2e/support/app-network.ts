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
  /** The hashed assets (`/assets/…`, immutable) the page has had, in any of its documents. */
  hadAssets: Set<string>;
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
  const requests: AppRequests = { inFlight: new Set(), changed: new Set(), hadAssets: new Set() };
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
  page.on('requestfinished', (request) => {
    if (/\/assets\//.test(new URL(request.url()).pathname)) requests.hadAssets.add(request.url());
    ended(request);
  });
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
 * Takes out of `requests` the GETs the page itself has a finished Resource Timing entry for, and
 * those of a hashed asset an earlier document of the page had already fetched (immutable: served
 * from the cache): such a request — a `<link rel=modulepreload>` of the next screens' chunks, the
 * service worker registration's chunk imported again — was, more than once, never reported
 * finished nor failed to Playwright (no response in the trace) — 15 s of "still under way" in
 * early-reads.spec, in a clean clone's run and here, alone. An asset never fetched before, and
 * every API read or write, still counts until it ends.
 */
async function finishedInPage(page: Page, requests: AppRequests): Promise<void> {
  const urls = [...requests.inFlight].filter((r) => r.method() === 'GET').map((r) => r.url());
  if (urls.length === 0) return;
  const done = await page
    .evaluate(
      (wanted) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.responseEnd > 0 && wanted.includes(entry.name))
          .map((entry) => entry.name),
      urls,
    )
    .catch(() => [] as string[]);
  let changed = false;
  for (const request of requests.inFlight)
    if (request.method() === 'GET' && (done.includes(request.url()) || requests.hadAssets.has(request.url())))
      changed = requests.inFlight.delete(request);
  if (changed) requests.changed.forEach((listener) => listener());
}

/**
 * Resolves once none of `page`'s own requests has been under way for `quietMs` (the 'networkidle'
 * rule; a GET the page has a finished Resource Timing entry for is done, see `finishedInPage`).
 * @throws after `timeoutMs`, naming the requests still under way.
 */
export async function appNetworkIdle(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  const requests = tracked.get(page);
  if (!requests) throw new Error('appNetworkIdle: trackAppRequests(page) was not called');
  let timer: ReturnType<typeof setTimeout> | null = null;
  let deadline: ReturnType<typeof setTimeout> | null = null;
  let check: () => void = () => {};
  // While some are under way, asks the page every 250 ms which of them it has.
  const asking = setInterval(() => {
    if (requests.inFlight.size > 0) void finishedInPage(page, requests);
  }, 250);
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
    clearInterval(asking);
    if (timer) clearTimeout(timer);
    if (deadline) clearTimeout(deadline);
    requests.changed.delete(check);
  }
}
