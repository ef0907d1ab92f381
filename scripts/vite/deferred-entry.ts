/**
 * Loads the app's JS after the first paint of the pre-rendered /login (issue 9).
 *
 * Vite puts `<script type="module" src=entry>` and `<link rel="modulepreload">` tags in <head>:
 * the JS is then fetched with the HTML and, on a fast connection, runs before the first frame,
 * so the static /login would paint only once the app has started. This plugin replaces those
 * tags with one tiny inline loader at the end of <body> that adds the very same tags — at once on
 * every other page, and on the pre-rendered /login (the pre-paint script set `data-shell`) right
 * after the first frame, so the form paints from HTML + CSS alone and the app hydrates it after.
 *
 * On a deep link (any other path), the loader also preloads the chunks and styles of that route —
 * the routes shell (src/reading-routes.tsx), the outbox (src/wiring-outbox.ts) and the screen
 * src/screens.ts maps the path to — so
 * they download while the entry runs and the session is checked, not one after the other.
 *
 * The loader is an inline script, so its SHA-256 is added to `dist/csp.json` `scriptHashes`
 * (never 'unsafe-inline', DESIGN.md §5).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runnerImport, type Plugin, type Rollup } from 'vite';

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** A route pattern (RegExp source) and the chunk URLs to preload when the path matches it. */
export type RoutePreload = [pattern: string, files: string[]];

/** The loader's code for `entry`, its `preloads` and the per-route preloads (URLs), as inlined. */
export function loaderCode(entry: string, preloads: readonly string[], routes: readonly RoutePreload[] = []): string {
  return [
    '(function () {',
    'var d = document, done = false, files = ' + JSON.stringify(preloads) + ';',
    `${JSON.stringify(routes)}.some(function (r) { return new RegExp(r[0]).test(location.pathname) && (files = files.concat(r[1])); });`,
    'function load() {',
    'if (done) return; done = true;',
    "files.forEach(function (href) { var l = d.createElement('link'); var css = /[.]css$/.test(href); l.rel = css ? 'preload' : 'modulepreload'; if (css) l.as = 'style'; l.crossOrigin = ''; l.href = href; d.head.appendChild(l); });",
    `var s = d.createElement('script'); s.type = 'module'; s.crossOrigin = ''; s.src = ${JSON.stringify(entry)}; d.head.appendChild(s);`,
    '}',
    "if (d.documentElement.hasAttribute('data-shell')) { requestAnimationFrame(function () { setTimeout(load, 0); }); setTimeout(load, 200); } else { load(); }",
    '})();',
  ].join(' ');
}

/** The CSP source of an inline script. */
export const scriptHash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

/**
 * Moves the entry and its preloads of `html` into the inline loader.
 * @returns the new HTML and the loader's code; `html` unchanged (code null) when it has no module entry.
 */
export function deferEntry(html: string, routes: readonly RoutePreload[] = []): { html: string; code: string | null } {
  const entry = ENTRY.exec(html);
  if (!entry) return { html, code: null };
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const known = new Set([entry[1]!, ...preloads]);
  const code = loaderCode(
    entry[1]!,
    preloads,
    routes.map(([pattern, files]) => [pattern, files.filter((f) => !known.has(f))]),
  );
  const out = html.replace(ENTRY, '').replace(PRELOAD, '').replace('</body>', `  <script>${code}</script>\n  </body>`);
  return { html: out, code };
}

const SCREENS_FILE = 'src/screens.ts';
/** What every route but /login loads before its screen shows: the routes shell and the outbox. */
const ROUTES_SHELL = ['src/reading-routes.tsx', 'src/wiring-outbox.ts'];

/**
 * Per route of src/screens.ts, the URLs of the chunks it needs: the routes shell and the
 * screen's chunk, each with the chunks it imports statically.
 * @throws Error when a screen of src/screens.ts has no chunk in `bundle` (a renamed file).
 */
async function routePreloads(root: string, bundle: Rollup.OutputBundle, base: string): Promise<RoutePreload[]> {
  const { module } = await runnerImport<{ ROUTES: [RegExp, string][] }>(`/${SCREENS_FILE}`, {
    root,
    configFile: false,
    logLevel: 'error',
  });
  const source = readFileSync(join(root, SCREENS_FILE), 'utf8');
  const modules = new Map(
    [...source.matchAll(/(\w+): \(\) => import\('\.\/([^']+)'\)/g)].map((m) => [m[1]!, `src/${m[2]}`]),
  );
  const chunks = Object.values(bundle).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkOf = (file: string) =>
    chunks.find(
      (c) =>
        c.facadeModuleId && c.facadeModuleId.replace(/\.(tsx?|jsx?)$/, '').endsWith(file.replace(/\.(tsx?|jsx?)$/, '')),
    );
  const closure = (chunk: Rollup.OutputChunk, into: Set<string>) => {
    if (into.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) closure(next, into);
    }
  };
  const shell = ROUTES_SHELL.map((file) => {
    const chunk = chunkOf(file);
    if (!chunk) throw new Error(`deferred-entry: no chunk for ${file}`);
    return chunk;
  });
  return module.ROUTES.map(([pattern, name]) => {
    const file = modules.get(name);
    const chunk = file ? chunkOf(file) : undefined;
    if (!chunk) throw new Error(`deferred-entry: no chunk for screen "${name}" of ${SCREENS_FILE}`);
    const files = new Set<string>();
    for (const chunk of shell) closure(chunk, files);
    closure(chunk, files);
    // The route's styles too (Vite adds them as stylesheets when the chunk loads): fetched early.
    const css = [...files].flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
    return [pattern.source, [...files, ...new Set(css)].map((f) => `${base}${f}`)];
  });
}

/** The Vite plugin (build only). */
export function deferredEntry(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let base = '/';
  let hash: string | null = null;
  return {
    name: 'deferred-entry',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = join(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const routes = ctx.bundle ? await routePreloads(root, ctx.bundle, base) : [];
        const result = deferEntry(html, routes);
        hash = result.code ? scriptHash(result.code) : null;
        return result.html;
      },
    },
    writeBundle() {
      const file = join(outDir, 'csp.json');
      if (!hash || !existsSync(file)) return;
      const csp = JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes?: string[] };
      csp.scriptHashes = [...new Set([...(csp.scriptHashes ?? []), hash])];
      writeFileSync(file, JSON.stringify(csp));
    },
  };
}
