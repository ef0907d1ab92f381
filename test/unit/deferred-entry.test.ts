/**
 * The deferred entry of index.html under the strict CSP (docs/architecture.md §D5):
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

  it("lists the next steps' code for the app, without what the entry already preloads", () => {
    const parts = { payment: ['/assets/payment-dialog-aaa.js', '/assets/vendor-aaa.js'] };
    const { data } = deferEntry(viteHtml('aaa'), routes('aaa'), undefined, undefined, undefined, parts);
    expect(data?.parts).toEqual({ payment: ['/assets/payment-dialog-aaa.js'] });
  });

  it('puts the data block and the loader in <head>, after the pre-paint script and before the stylesheet', () => {
    // A script after a stylesheet still downloading waits for it: at the end of <body>, the
    // app's JS and the early reads started a whole stylesheet download late.
    const { html } = deferEntry(viteHtml('aaa'), routes('aaa'));
    const at = (needle: string) => html.indexOf(needle);
    expect(at(prepaintInline().code)).toBeGreaterThan(-1);
    expect(at(prepaintInline().code)).toBeLessThan(at('id="entry-data"'));
    expect(at('id="entry-data"')).toBeLessThan(at(entryLoaderInline().code));
    expect(at(entryLoaderInline().code)).toBeLessThan(at('<link rel="stylesheet"'));
    expect(at('<link rel="stylesheet"')).toBeLessThan(at('</head>'));
    // Without a stylesheet, at the end of <head>.
    const bare = deferEntry(viteHtml('aaa').replace(/<link rel="stylesheet"[^>]*>/, '')).html;
    expect(bare.indexOf(entryLoaderInline().code)).toBeLessThan(bare.indexOf('</head>'));
    expect(bare.indexOf(entryLoaderInline().code)).toBeGreaterThan(bare.indexOf(prepaintInline().code));
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
  const run = (path: string, early?: EarlyReadsData, kinds?: Record<string, string[]>) => {
    history.replaceState(null, '', path);
    const { html } = deferEntry(viteHtml('aaa'), routes('aaa'), undefined, early, kinds);
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
      headers: {
        main: { 'x-user-environment': 'WEB', 'x-access-token': '{token}' },
        hub: { Authorization: '{token}' },
        erp: { 'X-Access-Token': '{token}' },
      },
      routes: [
        {
          pattern: '^\\/courses\\/?$',
          url: '/api/v2/lms/courses?page=1&per_page=12',
          auth: 'main',
          onlyWithoutQuery: true,
        },
        { pattern: '^\\/courses\\/(?<course>[^/]+)\\/?$', url: '/api/v1/lms/courses/{course}', auth: 'main' },
        {
          pattern: '^\\/m\\/(?<module>[^/]+)\\/lo\\/(?<learningObject>[^/]+)\\/?$',
          url: '/api/v1/lms/modules/{module}',
          auth: 'main',
          then: {
            kind: 'lesson',
            url: '/api/v1/lms/learningObjects/{learningObject}?lesson_id={lesson}',
            param: 'learningObject',
            providerHosts: ['www.youtube.com', 'youtu.be', '*.h5p.com'],
          },
        },
        { pattern: '^\\/home\\/?$', url: '/api/v1/users/dashboard', auth: 'main' },
        { pattern: '^\\/attachments\\/?$', url: '/api/v1/attachments/authorized', auth: 'main' },
        {
          pattern: '^\\/attachments\\/?$',
          url: '/api/v1/documents/attachments?page=1&per_page=10',
          auth: 'main',
          onlyWithoutQuery: true,
        },
        {
          pattern: '^\\/finances\\/?$',
          url: '/api/hub/security/student/erp/',
          auth: 'hub',
          then: { kind: 'erpToken', url: '/api/erp/v1/bills' },
        },
      ],
      lookup: '/api/v1/platforms/{host}',
      banners: ['/api/v1/content/banners?isVisibleEad=1', ['^\\/home\\/?$']],
    };
    const lookup = `${location.origin}/api/v1/platforms/${location.hostname}`;
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    /** The URLs fetched, in order. */
    const asked = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([url]) => String(url));
    afterEach(() => {
      document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      delete window.__earlyReads;
    });

    it('signed in on a route with a first read, asks for it, then the platform, with the token before the app loads', () => {
      document.cookie = 'token=tok%201; path=/';
      const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(json({}));
      run('/courses/42', early);
      expect(asked(fetchSpy)).toEqual([`${location.origin}/api/v1/lms/courses/42`, lookup]);
      for (const [, init] of fetchSpy.mock.calls) {
        expect(init).toEqual({ headers: { 'x-user-environment': 'WEB', 'x-access-token': 'tok 1' } });
      }
      expect(window.__earlyReads).toEqual([
        expect.objectContaining({ url: `${location.origin}/api/v1/lms/courses/42`, token: 'tok 1' }),
        expect.objectContaining({ url: lookup, token: 'tok 1' }),
      ]);
    });

    it('asks nothing signed out; only the platform on a route without a read or for the list with a query', () => {
      const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(json({}));
      run('/courses', early);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(window.__earlyReads ?? []).toEqual([]);
      document.cookie = 'token=t; path=/';
      run('/conta', early);
      run('/courses?q=matem', early);
      expect(asked(fetchSpy)).toEqual([lookup, lookup]);
    });

    it('on a route whose screen starts with several reads, asks for each — the list’s page only without a query', () => {
      document.cookie = 'token=t; path=/';
      const fetchSpy = vi.spyOn(window, 'fetch').mockResolvedValue(json({}));
      run('/attachments', early);
      expect(asked(fetchSpy)).toEqual([
        `${location.origin}/api/v1/attachments/authorized`,
        `${location.origin}/api/v1/documents/attachments?page=1&per_page=10`,
        lookup,
      ]);
      expect(window.__earlyReads!.map((read) => read.url)).toEqual(asked(fetchSpy));
      fetchSpy.mockClear();
      run('/attachments?q=edital', early);
      expect(asked(fetchSpy)).toEqual([`${location.origin}/api/v1/attachments/authorized`, lookup]);
    });

    it('on /finances, asks the hub for the ERP token with the session token, then the bills with the ERP token', async () => {
      document.cookie = 'token=t; path=/';
      const hub = `${location.origin}/api/hub/security/student/erp/`;
      const bills = `${location.origin}/api/erp/v1/bills`;
      const fetchSpy = vi
        .spyOn(window, 'fetch')
        .mockImplementation(async (input) =>
          String(input) === hub ? json({ data: { token: 'erp-1', expires_at: '2026-11-26T12:00:00Z' } }) : json({}),
        );
      run('/finances', early);
      expect(asked(fetchSpy)).toEqual([hub, lookup]);
      expect(fetchSpy.mock.calls[0]![1]).toEqual({ headers: { Authorization: 't' } });
      await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(3));
      expect(fetchSpy).toHaveBeenLastCalledWith(bills, { headers: { 'X-Access-Token': 'erp-1' } });
      // Each read is kept with the token it was asked with, for the request that carries the same.
      expect(window.__earlyReads!.map((r) => [r.url, r.token])).toEqual([
        [hub, 't'],
        [lookup, 't'],
        [bills, 'erp-1'],
      ]);
      // The hub's answer is still whole for the app.
      await expect((await window.__earlyReads![0]!.response)!.json()).resolves.toMatchObject({
        data: { token: 'erp-1' },
      });
      // The screen's early page shows the bills: the hub's read carries their answer.
      expect(await window.__earlyReads![0]!.shown).toBe(await window.__earlyReads![2]!.response);
    });

    it('asks for no bills when the hub did not answer 200 with a token', async () => {
      document.cookie = 'token=t; path=/';
      const answers = [json({ message: 'Token inválido' }, 401), json({ data: { token: '' } }), json({ data: null })];
      const fetchSpy = vi
        .spyOn(window, 'fetch')
        .mockImplementation(async (input) => (String(input).includes('/api/hub/') ? answers.shift()! : json({})));
      const shown: (Promise<Response | null> | undefined)[] = [];
      for (let i = 0; i < 3; i++) {
        run('/finances', early);
        shown.push(window.__earlyReads![0]!.shown);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(asked(fetchSpy).filter((url) => url.includes('/bills'))).toEqual([]);
      // No bills to show early either.
      expect(await Promise.all(shown)).toEqual([null, null, null]);
    });

    it('a failed early request leaves null, for the app to ask again', async () => {
      document.cookie = 'token=t; path=/';
      vi.spyOn(window, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
      run('/courses', early);
      await expect(window.__earlyReads![0]!.response).resolves.toBeNull();
    });

    const moduleAnswer = (lessons: { id: number; learning_objects: { id: number }[] }[], status = 200) =>
      json({ data: { id: 5, lessons } }, status);

    it('on a learning object, asks for its read with its lesson as soon as its module has answered', async () => {
      document.cookie = 'token=t; path=/';
      const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation(async (input) =>
        String(input).includes('/modules/')
          ? moduleAnswer([
              { id: 11, learning_objects: [{ id: 1 }, { id: 2 }] },
              { id: 12, learning_objects: [{ id: 3 }] },
            ])
          : json({}),
      );
      run('/m/5/lo/3', early);
      expect(asked(fetchSpy)).toEqual([`${location.origin}/api/v1/lms/modules/5`, lookup]);
      await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(3));
      expect(fetchSpy).toHaveBeenLastCalledWith(`${location.origin}/api/v1/lms/learningObjects/3?lesson_id=12`, {
        headers: { 'x-user-environment': 'WEB', 'x-access-token': 't' },
      });
      expect(window.__earlyReads!.map((r) => r.url)).toEqual([
        `${location.origin}/api/v1/lms/modules/5`,
        lookup,
        `${location.origin}/api/v1/lms/learningObjects/3?lesson_id=12`,
      ]);
      // The module's answer is still whole for the app.
      await expect((await window.__earlyReads![0]!.response)!.json()).resolves.toMatchObject({ data: { id: 5 } });
      // The early page's answers on the route's read: the learning object's own, and the platform's.
      expect(await window.__earlyReads![0]!.followed).toBe(await window.__earlyReads![2]!.response);
      await expect(window.__earlyReads![0]!.platform).resolves.toEqual({});
    });

    it('preloads the code of the learning object’s type as soon as its module says it — none for a type without its own', async () => {
      document.cookie = 'token=t; path=/';
      const kinds = {
        text: ['/assets/rich-text-aaa.js', '/assets/vendor-aaa.js', '/assets/content-aaa.css'],
        quiz: ['/assets/quiz-aaa.js'],
      };
      const types = ['text', 'video', 'constructor', 'quiz'];
      vi.spyOn(window, 'fetch').mockImplementation(async (input) =>
        String(input).includes('/modules/')
          ? json({ data: { id: 5, lessons: [{ id: 11, learning_objects: [{ id: 3, type: types.shift() }] }] } })
          : json({}),
      );
      const kindPreloads = () => preloads().filter((l) => !/(vendor|index|reading-routes|courses)-aaa/.test(l));
      run('/m/5/lo/3', early, kinds);
      // The entry's own preloads (vendor) are not listed again.
      await vi.waitFor(() =>
        expect(kindPreloads()).toEqual([
          'modulepreload /assets/rich-text-aaa.js',
          'preload:style /assets/content-aaa.css',
        ]),
      );
      document.head.replaceChildren();
      // A video, and a type the API should never send but that names a property of every object.
      run('/m/5/lo/3', early, kinds);
      run('/m/5/lo/3', early, kinds);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(kindPreloads()).toEqual([]);
      run('/m/5/lo/3', early, kinds);
      await vi.waitFor(() => expect(kindPreloads()).toEqual(['modulepreload /assets/quiz-aaa.js']));
    });

    it('once the learning object’s answer gives its URL, preloads a provider’s code for a provider’s page, the file player for a file', async () => {
      document.cookie = 'token=t; path=/';
      const kinds = {
        provider: ['/assets/provider-embed-aaa.js', '/assets/provider-embed-aaa.css'],
        media: ['/assets/media-player-aaa.js'],
      };
      let type = 'video';
      let url: string | null = '';
      vi.spyOn(window, 'fetch').mockImplementation(async (input) =>
        String(input).includes('/modules/')
          ? json({ data: { id: 5, lessons: [{ id: 11, learning_objects: [{ id: 3, type }] }] } })
          : json({ data: { id: 3, type, content: { url, html: null, quiz: null } } }),
      );
      const partPreloads = () => preloads().filter((l) => /provider-embed|media-player/.test(l));
      const after = async (expected: string[], label: string) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(partPreloads().sort(), label).toEqual([...expected].sort());
      };
      const provider = ['modulepreload /assets/provider-embed-aaa.js', 'preload:style /assets/provider-embed-aaa.css'];
      for (const [t, page] of [
        ['video', 'https://www.youtube.com/watch?v=M7lc1UVf-VE'],
        ['embed', 'https://escola.h5p.com/content/12'],
        ['pdf', 'https://escola.h5p.com/content/13'],
      ] as const) {
        document.head.replaceChildren();
        [type, url] = [t, page];
        run('/m/5/lo/3', early, kinds);
        await after(provider, page);
      }
      // A file's video or audio: its player, never the provider's code (a host that only looks like
      // one's) — a video only the provider's facade's stylesheet, asked for with the module's answer
      // (a video may be a provider's: the early page waits for it).
      for (const [t, file, css] of [
        ['video', '/media/aula-1.mp4', true],
        ['video', 'https://cdn.escola.com.br/www.youtube.com.mp4', true],
        ['audio', '/media/podcast.ogg', false],
      ] as const) {
        document.head.replaceChildren();
        [type, url] = [t, file];
        run('/m/5/lo/3', early, kinds);
        await after(
          [
            ...(css ? ['preload:style /assets/provider-embed-aaa.css'] : []),
            'modulepreload /assets/media-player-aaa.js',
          ],
          file,
        );
      }
      // No player for a video without a URL, nor for another type's file.
      for (const [t, other] of [
        ['video', null],
        ['pdf', '/media/apostila.pdf'],
        ['link', 'https://www.gov.br/'],
      ] as const) {
        document.head.replaceChildren();
        [type, url] = [t, other];
        run('/m/5/lo/3', early, kinds);
        await after(t === 'video' ? ['preload:style /assets/provider-embed-aaa.css'] : [], `${t} ${other}`);
      }
    });

    it('once a text lesson’s answer is in, preloads the extras its HTML looks like it needs: a provider’s code, the colour names', async () => {
      document.cookie = 'token=t; path=/';
      const kinds = {
        text: ['/assets/rich-text-aaa.js'],
        provider: ['/assets/provider-embed-aaa.js'],
        colourNames: ['/assets/colour-names-aaa.js'],
      };
      let html = '';
      vi.spyOn(window, 'fetch').mockImplementation(async (input) =>
        String(input).includes('/modules/')
          ? json({ data: { id: 5, lessons: [{ id: 11, learning_objects: [{ id: 3, type: 'text' }] }] } })
          : json({ data: { id: 3, type: 'text', content: { url: null, html, quiz: null } } }),
      );
      const extras = () => preloads().filter((l) => /provider-embed|colour-names/.test(l));
      const cases: [string, string[]][] = [
        ['<p>Só texto, <a href="https://www.gov.br/">um link</a> e <img src="/a.png"></p>', []],
        // Google Docs writes these on every span: no colour word among them.
        ['<span style="color:#000000;background-color:transparent">colado</span>', []],
        [
          '<iframe src="https://www.youtube.com/embed/M7lc1UVf-VE"></iframe>',
          ['modulepreload /assets/provider-embed-aaa.js'],
        ],
        ['<iframe src="//escola.h5p.com/content/12"></iframe>', ['modulepreload /assets/provider-embed-aaa.js']],
        ['<p style="color: red">vermelho</p>', ['modulepreload /assets/colour-names-aaa.js']],
        ['<font color="navy">azul</font>', ['modulepreload /assets/colour-names-aaa.js']],
      ];
      for (const [lesson, expected] of cases) {
        document.head.replaceChildren();
        html = lesson;
        run('/m/5/lo/3', early, kinds);
        await vi.waitFor(() => expect(preloads()).toContain('modulepreload /assets/rich-text-aaa.js'));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(extras(), lesson).toEqual(expected);
      }
    });

    it('on a page the service worker controls (a returning student), preloads every type’s code at once, from its cache', () => {
      document.cookie = 'token=t; path=/';
      vi.spyOn(window, 'fetch').mockResolvedValue(json({}));
      Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
      try {
        run('/m/5/lo/3', early, { text: ['/assets/rich-text-aaa.js'], pdf: ['/assets/pdf-document-aaa.js'] });
        expect(preloads()).toEqual(
          expect.arrayContaining([
            'modulepreload /assets/rich-text-aaa.js',
            'modulepreload /assets/pdf-document-aaa.js',
          ]),
        );
      } finally {
        delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      }
    });

    it('asks for no learning object when its module does not hold it, or did not answer 200', async () => {
      document.cookie = 'token=t; path=/';
      const answers = [moduleAnswer([{ id: 11, learning_objects: [{ id: 1 }] }]), moduleAnswer([], 401)];
      const fetchSpy = vi
        .spyOn(window, 'fetch')
        .mockImplementation(async (input) => (String(input).includes('/modules/') ? answers.shift()! : json({})));
      run('/m/5/lo/3', early);
      run('/m/5/lo/3', early);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(asked(fetchSpy).filter((url) => !url.includes('/modules/') && url !== lookup)).toEqual([]);
    });

    it('on /home, asks for the banners once the platform says it shows them — and not when it does not', async () => {
      document.cookie = 'token=t; path=/';
      const platform = (options: Record<string, unknown>) => json({ data: { id: 1, name: 'Escola', options } });
      const banners = `${location.origin}/api/v1/content/banners?isVisibleEad=1`;
      const shows = vi
        .spyOn(window, 'fetch')
        .mockImplementation(async (input) => (String(input) === lookup ? platform({ show_banners: true }) : json({})));
      run('/home', early);
      await vi.waitFor(() => expect(asked(shows)).toContain(banners));
      expect(asked(shows)).toEqual([`${location.origin}/api/v1/users/dashboard`, lookup, banners]);
      // The lookup's answer is still whole for the app.
      await expect((await window.__earlyReads![1]!.response)!.json()).resolves.toMatchObject({ data: { id: 1 } });
      // The dashboard's read carries the banners' answer, for the screen's early page.
      await expect(window.__earlyReads![0]!.banners).resolves.toEqual({});
      shows.mockRestore();

      const hides = vi
        .spyOn(window, 'fetch')
        .mockImplementation(async (input) => (String(input) === lookup ? platform({ show_banners: false }) : json({})));
      run('/home', early);
      // None to show: false.
      await expect(window.__earlyReads![0]!.banners).resolves.toBe(false);
      run('/courses/42', early);
      expect(window.__earlyReads![0]!.banners).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(asked(hides)).not.toContain(banners);
      hides.mockRestore();

      // A lookup that failed: not known.
      vi.spyOn(window, 'fetch').mockImplementation(async (input) =>
        String(input) === lookup ? json({ message: 'Erro' }, 500) : json({}),
      );
      run('/home', early);
      await expect(window.__earlyReads![0]!.banners).resolves.toBeNull();
    });

    it('on /home, preloads the first banner’s image once the banners are in — unless Economia de dados is on', async () => {
      document.cookie = 'token=t; path=/';
      const imagePreloads = () =>
        [...document.head.querySelectorAll('link[rel=preload][as=image]')].map((l) => [
          l.getAttribute('href'),
          l.getAttribute('fetchpriority'),
        ]);
      vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
        const url = String(input);
        if (url === lookup) return json({ data: { id: 1, options: { show_banners: true } } });
        if (url.includes('/content/banners'))
          return json({
            data: [
              { id: 7, image_url: '/media/first.webp' },
              { id: 8, image_url: '/media/second.webp' },
            ],
          });
        return json({});
      });
      run('/home', early);
      await vi.waitFor(() => expect(imagePreloads()).toEqual([['/media/first.webp', 'high']]));

      for (const saver of ['on', 'auto-with-save-data']) {
        document.head.innerHTML = '';
        if (saver === 'on') document.documentElement.setAttribute('data-data-saver', 'on');
        else {
          document.documentElement.setAttribute('data-data-saver', 'auto');
          vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
        }
        run('/home', early);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(imagePreloads(), saver).toEqual([]);
        document.documentElement.removeAttribute('data-data-saver');
        vi.unstubAllGlobals();
      }
    });
  });
});
