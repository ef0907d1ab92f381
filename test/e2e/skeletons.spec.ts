/**
 * Skeletons of the final size (docs/performance.md CLS budget):
 * while a screen's main read is held back by the test, the screen shows its loading status;
 * when the answer is let through, the content takes the skeleton's place and nothing moves —
 * the layout shifts the browser reports over the whole load (PerformanceObserver
 * 'layout-shift', buffered) add up to at most 0.01, the signed-in CLS budget. On a phone
 * (390×844), brand 1, as `demo`. No timing is asserted: the test decides when the answer arrives.
 */
import { expect, test, type Page } from './support/fixtures';
import { appNetworkIdle, trackAppRequests } from './support/app-network';

const CLS_BUDGET = 0.01;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page, context, signIn }) => {
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: { value: number; nodes: string[] }[] };
    w.__cls = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls.push({
          value: entry.value,
          nodes: (entry.sources ?? []).map((s) =>
            s.node instanceof Element
              ? `${s.node.tagName.toLowerCase()}.${s.node.className}`
              : String(s.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  trackAppRequests(page);
  await page.goto('/login');
  await signIn(page, 'demo', 'demo1234');
  await expect(page).toHaveURL(/\/home$/);
});

/** Holds every request matching `pattern` until the returned function is called. */
async function holdReads(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const SCREENS: { path: string; read: RegExp; content: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  {
    path: '/courses',
    read: /\/api\/v2\/lms\/courses\?/,
    content: (page) => page.getByRole('link', { name: 'Introdução à Informática' }),
  },
  {
    path: '/finances',
    read: /\/api\/erp\/v1\/bills(\?|$)/,
    content: (page) => page.getByRole('heading', { level: 2 }).first(),
  },
  {
    path: '/grades',
    read: /\/api\/v1\/lms\/student\/grades(\?|$)/,
    content: (page) => page.getByText('Introdução à Informática').first(),
  },
  {
    path: '/attachments',
    read: /\/api\/v1\/(attachments\/authorized|documents\/attachments)/,
    content: (page) => page.getByRole('heading', { name: 'Seus arquivos' }),
  },
  {
    path: '/home',
    read: /\/api\/v1\/users\/dashboard$/,
    content: (page) => page.getByRole('link', { name: 'Continuar: Introdução à Informática' }),
  },
];

for (const screen of SCREENS) {
  test(`${screen.path}: the content takes the skeleton's place without moving anything`, async ({ page }) => {
    const release = await holdReads(page, screen.read);
    await page.goto(screen.path);
    await expect(page.getByRole('status').filter({ hasText: 'Carregando' }).first()).toBeAttached();
    release();
    await expect(screen.content(page)).toBeVisible();
    // The page's own requests done (not Playwright's 'networkidle', which counts the browser's own
    // and once never came on /home in a clean clone's run: support/app-network.ts).
    await appNetworkIdle(page);
    // Two frames after the content and its reads: any shift they caused has been reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    const shifts = await page.evaluate(
      () => (window as unknown as { __cls: { value: number; nodes: string[] }[] }).__cls,
    );
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, `layout shifts on ${screen.path}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(CLS_BUDGET);
  });
}
