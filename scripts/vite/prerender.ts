/**
 * Static export of /login into index.html: at build time, renders `src/app/login-shell.tsx`
 * (the app's first render on /login, signed out, pt-BR) in Node through Vite's module runner and
 * puts the markup inside `<div id="root" data-prerendered="login">`. The pre-paint script shows it
 * only where it is right (src/app/prepaint.js: on /login without a session cookie, in pt-BR, without a
 * notice); main.tsx hydrates it, or clears it and renders another route. The markup is the same
 * for every brand: the brand is CSS custom properties applied by the pre-paint script.
 */
import { createServer, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { earlyContentInline } from '../../server/security-headers.ts';
import { EARLY_DOCUMENTS } from '../../src/services/contract/early-documents.ts';
import type { EarlyShells } from '../../src/app/early-shell.tsx';

/**
 * CSS modules' class names, in the build (vite.config.ts) and in the early pages' render here:
 * Vite's defaults differ between its dev server and its build, and an early page's markup must
 * carry the class names of the build's stylesheets.
 */
export const CSS_MODULES = { generateScopedName: '_[local]_[hash:base64:6]' };

/** The root element of index.html, empty, as written in the source. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Puts `markup` into the empty root element of `html`.
 * @throws Error when index.html has no empty `<div id="root"></div>`.
 */
export function injectShell(html: string, markup: string): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error(`prerender: index.html has no ${EMPTY_ROOT}`);
  return html.replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="login">${markup}</div>`);
}

/**
 * A build-only plugin that rewrites index.html last (`order: 'post'`) with `transform`, given the
 * project's root.
 */
function indexHtmlPlugin(name: string, transform: (html: string, root: string) => Promise<string>): Plugin {
  let root = process.cwd();
  return {
    name,
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: { order: 'post', handler: (html) => transform(html, root) },
  };
}

/** The Vite plugin (build only). */
export function prerenderLogin(): Plugin {
  return indexHtmlPlugin('prerender-login', async (html, root) => {
    const { module } = await runnerImport<{ renderLoginShell: () => string }>('/src/app/login-shell.tsx', {
      root,
      configFile: false,
      logLevel: 'error',
      plugins: [react()],
    });
    return injectShell(html, module.renderLoginShell());
  });
}

/** What one screen's early page's build-time render gives (src/app/early-shell.tsx). */
export interface EarlyShell {
  /** The content of the screen's `<main>` with slots. */
  markup: string;
  /** The navigation's marks on its page (`EarlyScreenShell['nav']`). */
  nav: { current: number[]; section: number[] };
  /** The texts its fill in the script needs (JSON). */
  texts: object;
  /** The early read's route pattern (src/app/early-reads.ts) whose answer fills it. */
  route: string;
  /** The screen's content-visible name, and the script's name for its fill. */
  screen: string;
  /**
   * The HTML document of its own that carries this template (`finances.html`: a route without
   * parameters, served at `/finances`), or null: index.html carries it (a route with parameters,
   * whose address no static host maps to a file of its own). See {@link splitEarlyDocuments}.
   */
  document?: string | null;
}

/** A screen's template in the built HTML (`injectEarlyShells`), its screen's name captured. */
const TEMPLATE = /<template data-early-route="[^"]*" data-early-screen="([\w-]+)"[^]*?<\/template>\s*/g;

/**
 * The document of its own of a screen at `path` of the route `route` (its early read's pattern):
 * `finances.html` for `/finances` — a route without parameters, one segment, served at its
 * address by static hosts' clean URLs (docs/deploy.md) —, else null (index.html carries it).
 */
export function earlyDocumentOf(route: string, path: string): string | null {
  const parameters = Object.keys(new RegExp(route).exec(path)?.groups ?? {}).length > 0;
  return !parameters && /^\/[a-z][a-z-]*$/.test(path) ? `${path.slice(1)}.html` : null;
}

/**
 * The documents of the early pages (docs/decisions/0015-a-document-per-screen.md): index.html
 * — which every address of the app falls back to — carries the layout, the script and the
 * templates of the routes with parameters (a course, a module); each screen of a route without
 * parameters gets a copy of index.html of its own with only its template (`finances.html`, served
 * at `/finances`), so that every document stays within TCP's first window (14 KB gzip) whatever
 * the number of screens with an early page.
 * @param html the built index.html with every template (`injectEarlyShells`).
 * @param documents each screen that has a document of its own, and the document's file name.
 * @returns index.html without those screens' templates, and each document.
 * @throws Error when a screen's template is not in `html`.
 */
export function splitEarlyDocuments(
  html: string,
  documents: { screen: string; file: string }[],
  script?: { code: string; of: (screens: string[]) => string },
): { index: string; files: { file: string; html: string }[] } {
  const screens = [...html.matchAll(TEMPLATE)].map((m) => m[1]!);
  for (const { screen } of documents)
    if (!screens.includes(screen)) throw new Error(`prerender: no early template of ${screen} to move`);
  const whole = script && `<script>${script.code}</script>`;
  if (whole && html.split(whole).length !== 2) throw new Error('prerender: not one early pages’ script in index.html');
  // The templates `kept` says, and the script with their screens' fill only.
  const keeping = (kept: (screen: string) => boolean) => {
    const out = html.replace(TEMPLATE, (template, screen: string) => (kept(screen) ? template : ''));
    return whole ? out.replace(whole, () => `<script>${script.of(screens.filter(kept))}</script>`) : out;
  };
  const own = new Set(documents.map((d) => d.screen));
  return {
    index: keeping((screen) => !own.has(screen)),
    files: documents.map(({ screen, file }) => ({ file, html: keeping((other) => other === screen) })),
  };
}

/** `text` as an HTML attribute value in double quotes. */
const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Puts the early pages' templates, one per screen, and their script (src/app/early-content.js,
 * `script`: default minified as the CSP hashes it) at the end of `html`'s <body>
 * (docs/decisions/0014-early-content-before-the-app.md).
 * @throws Error when index.html has no `</body>`.
 */
export function injectEarlyShells(html: string, layout: string, shells: EarlyShell[], script?: string): string {
  if (!html.includes('</body>')) throw new Error('prerender: index.html has no </body>');
  const templates = [
    `<template data-early-layout>${layout}</template>`,
    ...shells.map(
      (shell) =>
        `<template data-early-route="${attribute(shell.route)}" data-early-screen="${attribute(shell.screen)}" ` +
        `data-nav="${attribute(JSON.stringify(shell.nav))}" data-texts="${attribute(JSON.stringify(shell.texts))}">` +
        `${shell.markup}</template>`,
    ),
  ];
  const code = script ?? earlyContentInline().code;
  // A function, not a string: a `$&` or `$'` in a template (a text's pattern) is text, not a pattern.
  return html.replace('</body>', () => `${templates.join('\n    ')}\n    <script>${code}</script>\n  </body>`);
}

/**
 * Renders the early pages with the app's modules in Node: a Vite server in middleware mode
 * (no port), kept open until the render has loaded every lazy part (a module runner closed after
 * its import cannot load them).
 * @throws Error when a screen's route has no early read.
 */
async function renderEarlyShells(root: string): Promise<{ layout: string; shells: EarlyShell[] }> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    appType: 'custom',
    css: { modules: CSS_MODULES },
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const shell = (await server.ssrLoadModule('/src/app/early-shell.tsx')) as {
      renderEarlyShells: () => Promise<EarlyShells>;
    };
    const reads = (await server.ssrLoadModule('/src/app/early-reads.ts')) as {
      earlyReadsData: () => { routes: { pattern: string }[] };
    };
    const routes = reads.earlyReadsData().routes;
    const { layout, screens } = await shell.renderEarlyShells();
    return {
      layout,
      shells: screens.map(({ screen, path, markup, texts, nav }) => {
        const route = routes.find((r) => new RegExp(r.pattern).test(path))?.pattern;
        if (!route) throw new Error(`prerender: ${path} has no early read (src/app/early-reads.ts)`);
        return { markup, texts, nav, route, screen, document: earlyDocumentOf(route, path) };
      }),
    };
  } finally {
    await server.close();
  }
}

/**
 * The Vite plugin of the early pages (build only): every template into index.html, then — once
 * index.html is final (the entry loader in it too) — the screens of routes without parameters
 * moved into documents of their own (`splitEarlyDocuments`).
 */
export function prerenderEarlyContent(): Plugin {
  let documents: { screen: string; file: string }[] = [];
  let indexScreens: string[] = [];
  return {
    ...indexHtmlPlugin('prerender-early-content', async (html, root) => {
      const { layout, shells } = await renderEarlyShells(root);
      documents = shells.flatMap(({ screen, document }) => (document ? [{ screen, file: document }] : []));
      indexScreens = shells.flatMap(({ screen, document }) => (document ? [] : [screen]));
      return injectEarlyShells(html, layout, shells);
    }),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return this.error('prerender: no index.html in the bundle');
        const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
        // The documents the routes give are the ones the CSP hashes (src/services/contract/early-documents.ts).
        const sorted = (record: Readonly<Record<string, readonly string[]>>) =>
          JSON.stringify(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
        const given = Object.fromEntries([
          ['index.html', indexScreens],
          ...documents.map(({ screen, file }) => [file, [screen]]),
        ]) as Record<string, string[]>;
        if (sorted(given) !== sorted(EARLY_DOCUMENTS))
          return this.error(
            `prerender: the early documents ${sorted(given)} are not src/services/contract/early-documents.ts'`,
          );
        const split = splitEarlyDocuments(html, documents, {
          code: earlyContentInline().code,
          of: (screens) => earlyContentInline(screens).code,
        });
        index.source = split.index;
        for (const { file, html: document } of split.files)
          this.emitFile({ type: 'asset', fileName: file, source: document });
      },
    },
  };
}
