/**
 * The deferred entry of index.html (issue 9) under the strict CSP (issue 10, DESIGN.md §5):
 * - the loader's code is the same whatever the build's file names (they go into a JSON data
 *   block), so its hash in deploy/_headers stays right;
 * - the build's CSP hashes exactly the inline scripts the browser runs (not the data block);
 * - the loader adds the entry's preloads, and a deep link's route chunks, and imports the entry;
 *   on the pre-rendered /login it waits for the first frame.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferEntry, type RoutePreload } from '../../scripts/vite/deferred-entry';
import type { EarlyReadsData } from '../../src/app/early-reads';
import { inlineScriptHashesOf, inlineScriptsOf } from '../../scripts/vite/inline-scripts';
import { entryLoaderInline, prepaintInline, scriptHash } from '../../server/security-headers';

/** index.html as Vite writes it for a build whose files carry `tag` in their names. */
const viteHtml = (tag: string) => `<!doctype html>
<html lang="pt-BR">
  <head>
    <script>${prepaintInline().code}</script>
    <script type="module" crossorigin src="/assets/index-${tag}.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-${tag}.js">
    <link rel="stylesheet" crossorigin href="/assets/index-${tag}.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const routes = (tag: string): RoutePreload[] => [
  ['^\\/courses\\/?$', [`/assets/reading-routes-${tag}.js`, `/assets/courses-${tag}.js`, `/assets/vendor-${tag}.js`]],
];

describe('the deferred entry in index.html', () => {
  it('moves the entry into a data block; the loader is the same code in every build', () => {
    const one = deferEntry(viteHtml('aaa'), routes('aaa'));
    const two = deferEntry(viteHtml('bbb'), routes('bbb'));
    for (const { html } of [one, two]) {
      expect(html).not.toMatch(/<script type="module"/);
      expect(html).not.toMatch(/<link rel="modulepreload"/);
      expect(html).toContain('<script type="application/json" id="entry-data">');
    }
    expect(one.data).toEqual({
      entry: '/assets/index-aaa.js',
      preloads: ['/assets/vendor-aaa.js'],
      // What the entry already preloads is not listed again for the route.
      routes: [['^\\/courses\\/?$', ['/assets/reading-routes-aaa.js', '/assets/courses-aaa.js']]],
    });
    const loaderOf = (html: string) => inlineScriptsOf(html).filter((code) => code !== prepaintInline().code);
    expect(loaderOf(one.html)).toEqual([entryLoaderInline().code]);
    expect(loaderOf(two.html)).toEqual([entryLoaderInline().code]);
  });

  it('the CSP hashes are those of the pre-paint script and the loader, never of the data block', () => {
    const { html } = deferEntry(viteHtml('aaa'), routes('aaa'));
    expect(inlineScriptHashesOf(html).sort()).toEqual([prepaintInline().hash, entryLoaderInline().hash].sort());
  });

  it('counts every inline script the browser runs (module, import map), skips data blocks and files', () => {
    const html = `<html><head>
      <script>a()</script><script type="module">b()</script><script type="importmap">{"imports":{}}</script>
      <script type="application/json">{"c":1}</script><script src="/d.js"></script><script type="text/plain">e</script>
      <template><script>f()</script></template>
    </head><body></body></html>`;
    expect(inlineScriptsOf(html)).toEqual(['a()', 'b()', '{"imports":{}}', 'f()']);
    expect(inlineScriptHashesOf(html)).toContain(scriptHash('a()'));
  });

  it('a data block cannot be ended early by a file name', () => {
    const { html } = deferEntry(viteHtml('x</script><script>alert(1)//'));
    expect(inlineScriptsOf(html)).toHaveLength(2);
  });
});

describe('the loader in the page', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-shell');
    history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  /** Puts the data block of a build in the page and runs the loader (its import() fails here: no server). */
  const run = (path: string, early?: EarlyReadsData) => {
    history.replaceState(null, '', path);
    const { html } = deferEntry(viteHtml('aaa'), routes('aaa'), undefined, early);
    const block = /<script type="application\/json" id="entry-data">[^<]*<\/script>/.exec(html)![0];
    document.body.insertAdjacentHTML('beforeend', block);
    new Function(entryLoaderInline().code)();
  };
  const preloads = () =>
    [...document.head.querySelectorAll('link')].map(
      (l) => `${l.rel}${l.getAttribute('as') ? `:${l.getAttribute('as')}` : ''} ${l.getAttribute('href')}`,
    );

  it('on a deep link, preloads the entry, its chunks and the route’s at once', () => {
    run('/courses');
    // The entry downloads beside its libraries, not after they have run (one round trip less).
    expect(preloads()).toEqual([
      'modulepreload /assets/vendor-aaa.js',
      'modulepreload /assets/index-aaa.js',
      'modulepreload /assets/reading-routes-aaa.js',
      'modulepreload /assets/courses-aaa.js',
    ]);
  });

  it('on the pre-rendered /login, waits for the first frame', async () => {
    document.documentElement.setAttribute('data-shell', 'login');
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    run('/login');
    expect(preloads()).toEqual([]);
    frames.forEach((callback) => callback(0));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The form is painted: the libraries download first, alone (the entry is imported after them).
    expect(preloads()).toEqual(['modulepreload /assets/vendor-aaa.js']);
  });

  describe('early reads', () => {
    const early: EarlyReadsData = {
      cookie: 'token',
      headers: { 'x-user-environment': 'WEB', 'x-access-token': '{token}' },
      routes: [
        ['^\\/courses\\/?$', '/api/v2/lms/courses?page=1&per_page=12', true],
        ['^\\/courses\\/(?<course>[^/]+)\\/?$', '/api/v1/lms/courses/{course}', false],
      ],
    };
    afterEach(() => {
      document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      delete window.__earlyRead;
    });

    it('signed in on a route with a first read, asks for it with the token before the app loads', () => {
      document.cookie = 'token=tok%201; path=/';
      const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}'));
      run('/courses/42', early);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      expect(fetchSpy).toHaveBeenCalledWith(`${location.origin}/api/v1/lms/courses/42`, {
        headers: { 'x-user-environment': 'WEB', 'x-access-token': 'tok 1' },
      });
      expect(window.__earlyRead).toMatchObject({ url: `${location.origin}/api/v1/lms/courses/42`, token: 'tok 1' });
    });

    it('asks nothing signed out, on a route without a read, or for the list with a query', () => {
      const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}'));
      run('/courses', early);
      document.cookie = 'token=t; path=/';
      run('/finances', early);
      run('/courses?q=matem', early);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(window.__earlyRead).toBeUndefined();
    });

    it('a failed early request leaves null, for the app to ask again', async () => {
      document.cookie = 'token=t; path=/';
      vi.spyOn(window, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
      run('/courses', early);
      await expect(window.__earlyRead!.response).resolves.toBeNull();
    });
  });
});
