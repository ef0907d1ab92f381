/**
 * The next screens' code before the tap (src/app/prefetch-routes.ts): the routes a screen links to
 * on the learning path are matched against the build's per-route chunk lists, and what the page has
 * not asked for yet is preloaded (chunks as modulepreload, styles as preload) — each file once,
 * nothing for other screens or sites, nothing without the build's data block.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  filesOfLinkedRoutes,
  forgetRouteFiles,
  prefetchAllowed,
  prefetchLinkedRoutes,
  prefetchPart,
} from '../../src/app/prefetch-routes';

const ROUTES = [
  ['^\\/courses\\/?$', ['/assets/lazy-routes-a.js', '/assets/courses-a.js', '/assets/signed-in-a.css']],
  ['^\\/courses\\/(?<course>[^/]+)\\/?$', ['/assets/lazy-routes-a.js', '/assets/course-a.js', '/assets/course-a.css']],
  ['^\\/finances\\/?$', ['/assets/lazy-routes-a.js', '/assets/finances-a.js']],
];

/** A page with the build's data block, `links` in its <main>, and `loaded` already linked in <head>. */
function page(links: string[], loaded: string[] = [], data: unknown = { entry: '/assets/index-a.js', routes: ROUTES }) {
  forgetRouteFiles();
  document.head.innerHTML = loaded.map((href) => `<link rel="modulepreload" href="${href}">`).join('');
  document.body.innerHTML = `
    <script type="application/json" id="entry-data">${JSON.stringify(data)}</script>
    <main>${links.map((href) => `<a href="${href}">x</a>`).join('')}</main>`;
  return document.querySelector('main')!;
}
const headLinks = () =>
  [...document.head.querySelectorAll('link')].map(
    (l) => `${l.rel}${l.getAttribute('as') ? `:${l.getAttribute('as')}` : ''} ${l.getAttribute('href')}`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  forgetRouteFiles();
});

describe('the code of the screens a screen links to', () => {
  it('is preloaded once per file, styles as styles, what the page already has left out', async () => {
    const main = page(['/courses/5', '/courses/7?tab=1', '/courses/5#top'], ['/assets/lazy-routes-a.js']);
    expect(await prefetchLinkedRoutes(main)).toEqual(['/assets/course-a.js', '/assets/course-a.css']);
    expect(headLinks()).toEqual([
      'modulepreload /assets/lazy-routes-a.js',
      'modulepreload /assets/course-a.js',
      'preload:style /assets/course-a.css',
    ]);
    // Asked for: a second pass adds nothing.
    expect(await prefetchLinkedRoutes(main)).toEqual([]);
  });

  it('covers the learning path only (the first pattern that matches): not other screens, other sites or unknown paths', () => {
    const main = page(['/finances', 'https://example.com/courses/1', '/nowhere', '/courses', '/courses/3']);
    expect(filesOfLinkedRoutes(main)).toEqual([
      '/assets/lazy-routes-a.js',
      '/assets/courses-a.js',
      '/assets/signed-in-a.css',
      '/assets/course-a.js',
      '/assets/course-a.css',
    ]);
    // A screen off the learning path (here /finances) is left to the tap.
    expect(filesOfLinkedRoutes(page(['/finances', '/grades', '/conta']))).toEqual([]);
  });

  it('adds the links over idle periods, as many as each has time for, and no more once the screen is left', async () => {
    const periods: ((deadline: IdleDeadline) => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: (deadline: IdleDeadline) => void) => periods.push(callback));
    const idleFor = (ms: number) => periods.shift()!({ didTimeout: false, timeRemaining: () => ms } as IdleDeadline);
    const main = page(['/courses', '/courses/3']);
    const left = new AbortController();
    const asked = prefetchLinkedRoutes(main, document, { signal: left.signal });
    expect(headLinks()).toEqual([]); // nothing in the task that found the links
    idleFor(0); // an idle period with no time left still takes one
    expect(headLinks()).toEqual(['modulepreload /assets/lazy-routes-a.js']);
    idleFor(0);
    expect(headLinks()).toHaveLength(2);
    left.abort(); // the student opened another screen
    idleFor(50);
    expect(headLinks()).toHaveLength(2);
    expect(periods).toHaveLength(0);
    await expect(asked).resolves.toHaveLength(5);
  });

  it('does nothing without the build’s data block or with a broken one', async () => {
    const main = page(['/courses/1']);
    document.getElementById('entry-data')!.remove();
    forgetRouteFiles();
    expect(await prefetchLinkedRoutes(main)).toEqual([]);
    const broken = page(['/courses/1']);
    document.getElementById('entry-data')!.textContent = '{';
    forgetRouteFiles();
    expect(await prefetchLinkedRoutes(broken)).toEqual([]);
    expect(headLinks()).toEqual([]);
  });
});

describe("the code of a screen's next step ('Pagar com Pix')", () => {
  const PARTS = { payment: ['/assets/payment-dialog-a.js', '/assets/payments-a.js', '/assets/payment-dialog-a.css'] };
  const withParts = { entry: '/assets/index-a.js', routes: ROUTES, parts: PARTS };

  it('is downloaded without running, marked as the next screens’ code, what the page has left out', async () => {
    page([], ['/assets/payments-a.js'], withParts);
    expect(await prefetchPart('payment')).toEqual(['/assets/payment-dialog-a.js', '/assets/payment-dialog-a.css']);
    expect(headLinks()).toEqual([
      'modulepreload /assets/payments-a.js',
      'modulepreload /assets/payment-dialog-a.js',
      'preload:style /assets/payment-dialog-a.css',
    ]);
    // The bench counts these bytes on the next screens' line (scripts/bench/routes.ts).
    expect(document.head.querySelectorAll('link[data-prefetch]')).toHaveLength(2);
    expect(await prefetchPart('payment')).toEqual([]);
  });

  it('is left to the tap on a 2G-class connection, without the build’s data block, or when the build lists no such step', async () => {
    page([], [], withParts);
    vi.stubGlobal('navigator', { ...navigator, connection: { effectiveType: '2g' } });
    expect(await prefetchPart('payment')).toEqual([]);
    vi.unstubAllGlobals();
    page([], [], { entry: '/assets/index-a.js', routes: ROUTES });
    expect(await prefetchPart('payment')).toEqual([]);
    page([], [], withParts);
    document.getElementById('entry-data')!.remove();
    forgetRouteFiles();
    expect(await prefetchPart('payment')).toEqual([]);
    expect(headLinks()).toEqual([]);
  });

  it('stops adding links once the screen is left', async () => {
    const periods: ((deadline: IdleDeadline) => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: (deadline: IdleDeadline) => void) => periods.push(callback));
    page([], [], withParts);
    const left = new AbortController();
    const asked = prefetchPart('payment', document, { signal: left.signal });
    expect(headLinks()).toEqual([]);
    periods.shift()!({ didTimeout: false, timeRemaining: () => 0 } as IdleDeadline);
    expect(headLinks()).toEqual(['modulepreload /assets/payment-dialog-a.js']);
    left.abort();
    expect(periods.length).toBeLessThanOrEqual(1);
    periods.shift()?.({ didTimeout: false, timeRemaining: () => 50 } as IdleDeadline);
    expect(headLinks()).toHaveLength(1);
    await expect(asked).resolves.toHaveLength(3);
  });
});

describe('the connections the idle-time prefetch runs on', () => {
  it('not on a 2G-class connection; on 3G, 4G and where the browser does not say', () => {
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({})).toBe(true);
    expect(prefetchAllowed(undefined)).toBe(true);
  });
});
