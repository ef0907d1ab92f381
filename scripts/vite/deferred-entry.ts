/**
 * Loads the app's JS after the first paint of the pre-rendered /login.
 *
 * Vite puts `<script type="module" src=entry>` and `<link rel="modulepreload">` tags in <head>:
 * the JS is then fetched with the HTML and, on a fast connection, runs before the first frame,
 * so the static /login would paint only once the app has started. This plugin replaces those
 * tags with one tiny inline loader (src/app/entry-loader.js) that adds the same preloads and imports
 * the entry — at once on every other page, and on the pre-rendered /login (the pre-paint script
 * set `data-shell`) right after the first frame, so the form paints from HTML + CSS alone and the
 * app hydrates it after. The loader sits in <head> before the stylesheet: a script after a
 * stylesheet that is still downloading waits for it, and at the end of <body> the loader — the
 * app's JS and the early API reads it starts — waited for the whole CSS, a round trip and more on
 * a phone (docs/performance.md "The loader before the stylesheet").
 *
 * On a deep link (any other path), the loader also preloads the chunks and styles of that route —
 * the routes shell (src/app/lazy-routes.tsx), the outbox (src/app/wiring/learning.ts), the saved reads'
 * restore (`ROUTES_SHELL` below) and the screen
 * src/app/route-table.ts maps the path to — so they download while the entry runs and the session is
 * checked, not one after the other.
 *
 * The loader's code is the same in every build: the build's file names go into a JSON data block
 * (`<script type="application/json" id="entry-data">`, data, not script) that it reads. So its
 * SHA-256 is stable and listed in the checked-in deploy/_headers; the build's own CSP hashes every
 * inline script of the emitted index.html (vite.config.ts `securityHeaders`). Never 'unsafe-inline'
 * (docs/architecture.md §D5).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runnerImport, type Plugin, type Rollup } from 'vite';
import { entryLoaderInline } from '../../server/security-headers.ts';
import type { EarlyReadsData } from '../../src/app/early-reads.ts';

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** The first stylesheet of <head>: the loader goes before it. */
const STYLESHEET = /<link rel="stylesheet"[^>]*>/;

/** The id of the JSON data block the loader reads. */
export const ENTRY_DATA_ID = 'entry-data';

/** A route pattern (RegExp source) and the chunk URLs to preload when the path matches it. */
export type RoutePreload = [pattern: string, files: string[]];

/** What the loader reads from the data block: the entry's URL, its preloads, the per-route preloads. */
export interface EntryData {
  entry: string;
  preloads: string[];
  routes: RoutePreload[];
  /** The first API read of each signed-in route, asked for with the HTML (src/app/early-reads.ts). */
  early?: EarlyReadsData;
  /**
   * Per learning-object type whose code is a chunk of its own (`KIND_PARTS`), the URLs to preload
   * once the module's early answer says that the learning object is of that type; `provider` and
   * `media`, once the learning object's own early answer gives its URL (a provider's page; a
   * video's or an audio's file).
   */
  kinds?: Record<string, string[]>;
  /**
   * Per next step of a screen whose code is a chunk of its own (`NEXT_STEP_PARTS`), the URLs the
   * app asks for in idle time once the screen shows that step can be taken
   * (src/app/prefetch-routes.ts `prefetchPart`); never by the loader.
   */
  parts?: Record<string, string[]>;
}

/** `data` as the text of a JSON data block: `<` escaped so that no `</script>` can end it early. */
export function entryDataBlock(data: EntryData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${ENTRY_DATA_ID}">${json}</script>`;
}

/**
 * Moves the entry and its preloads of `html` into the data block read by the inline loader.
 * @param loader the loader's inline code (default: src/app/entry-loader.js as inlined).
 * @returns the new HTML and the data block's content; `html` unchanged (data null) when it has no module entry.
 */
export function deferEntry(
  html: string,
  routes: readonly RoutePreload[] = [],
  loader: string = entryLoaderInline().code,
  early?: EarlyReadsData,
  kinds?: Record<string, string[]>,
  parts?: Record<string, string[]>,
): { html: string; data: EntryData | null } {
  const entry = ENTRY.exec(html);
  if (!entry) return { html, data: null };
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const known = new Set([entry[1]!, ...preloads]);
  const unknown = (lists: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(lists).map(([k, files]) => [k, files.filter((f) => !known.has(f))]));
  const data: EntryData = {
    entry: entry[1]!,
    preloads,
    routes: routes.map(([pattern, files]) => [pattern, files.filter((f) => !known.has(f))]),
    ...(early ? { early } : {}),
    ...(kinds ? { kinds: unknown(kinds) } : {}),
    ...(parts ? { parts: unknown(parts) } : {}),
  };
  const stripped = html.replace(ENTRY, '').replace(PRELOAD, '');
  const block = `${entryDataBlock(data)}\n    <script>${loader}</script>\n    `;
  const stylesheet = STYLESHEET.exec(stripped);
  const out = stylesheet
    ? `${stripped.slice(0, stylesheet.index)}${block}${stripped.slice(stylesheet.index)}`
    : stripped.replace('</head>', () => `  ${block}</head>`);
  return { html: out, data };
}

const SCREENS_FILE = 'src/app/route-table.ts';
/**
 * What every route but /login loads before its screen shows: the routes shell, the outbox, the
 * startup reads, and the student's saved reads — the persisted ones and those of their downloads
 *, whose restore holds the screens back. Preloaded with the HTML: the
 * downloads' modules were found one after the other (student-data → seed → downloads-store),
 * three round trips before a signed-in screen could render (docs/performance.md).
 */
const ROUTES_SHELL = [
  'src/app/lazy-routes.tsx',
  'src/app/wiring/learning.ts',
  'src/app/startup-reads.ts',
  'src/services/storage/query-persistence.ts',
  'src/services/downloads/student-data.ts',
  'src/services/downloads/seed.ts',
  'src/services/storage/downloads-store.ts',
];

/**
 * Parts a screen (by its name in src/app/route-table.ts) imports dynamically but shows in its first
 * render, so the student waits for them: preloaded with the route like its static imports (a part
 * asked for only once the screen has rendered comes a round trip after the rest of the JS). None
 * now: 'Minha conta''s profile form is in its screen's chunk, and its input masks' library loads
 * when a masked field is first used (src/views/account/masked-input.tsx), not with the screen.
 */
const FIRST_RENDER_PARTS: Readonly<Record<string, readonly string[]>> = {};

/**
 * The learning-object types whose code only they load (src/views/learning-object/content.tsx
 * `KIND_CODE`): preloaded by the loader as soon as the module's early answer gives the learning
 * object's type, beside its read — not once the app has started and rendered the viewer. Two
 * more are known only with the learning object's own early answer, its URL: `provider` (a URL on
 * a provider's host: its recognition and embed; a text lesson's frame or link on one too) and
 * `media` (a video's or an audio's file: the app's own player), so that a provider's video does not
 * download the file player, nor a file's video the provider's code; and `colourNames`, a text
 * lesson's colours written as words.
 */
const KIND_PARTS: Readonly<Record<string, string>> = {
  text: 'src/views/learning-object/rich-text.tsx',
  quiz: 'src/views/learning-object/quiz.tsx',
  pdf: 'src/views/learning-object/pdf-document.tsx',
  // An embed is mostly a provider's page.
  embed: 'src/views/learning-object/provider-embed.tsx',
  provider: 'src/views/learning-object/provider-embed.tsx',
  media: 'src/views/learning-object/media-player.tsx',
  // A text lesson's extra: its colours written as words (src/services/content/rich-text.ts).
  colourNames: 'src/services/content/colour-names.ts',
};

/**
 * The next steps of a screen whose code only they load, by name (src/app/prefetch-routes.ts
 * `NextStepPart`): asked for in idle time once the screen shows the step can be taken, not with
 * the screen — on /finances, 'Pagar com Pix' (its dialog and the payment effects it loads) while a
 * bill to pay is shown. Counted by the bench with the next screens' code (`data-prefetch`).
 */
const NEXT_STEP_PARTS: Readonly<Record<string, readonly string[]>> = {
  payment: ['src/views/finances/payment-dialog.tsx', 'src/app/wiring/payments.ts'],
};

/**
 * Per route of src/app/route-table.ts, the URLs of the chunks it needs: the routes shell, the
 * screen's chunk and its first-render parts, each with the chunks it imports statically.
 * @throws Error when a screen of src/app/route-table.ts has no chunk in `bundle` (a renamed file).
 */
async function routePreloads(
  root: string,
  bundle: Rollup.OutputBundle,
  base: string,
): Promise<{ routes: RoutePreload[]; kinds: Record<string, string[]>; parts: Record<string, string[]> }> {
  const { module } = await runnerImport<{ SCREEN_PATTERNS: [RegExp, string][] }>(`/${SCREENS_FILE}`, {
    root,
    configFile: false,
    logLevel: 'error',
  });
  const source = readFileSync(join(root, SCREENS_FILE), 'utf8');
  const modules = new Map(
    [...source.matchAll(/(\w+): \(\) => import\('\.\.\/([^']+)'\)/g)].map((m) => [m[1]!, `src/${m[2]}`]),
  );
  const chunks = Object.values(bundle).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const stem = (id: string) => id.replace(/\.(tsx?|jsx?)$/, '');
  // The chunk made for `file`, or — a lazily loaded module placed in a group chunk has none (the
  // viewer in `learning-object`: scripts/vite/vendor-chunk.ts) — the chunk holding it.
  const chunkOf = (file: string) =>
    chunks.find((c) => c.facadeModuleId && stem(c.facadeModuleId).endsWith(stem(file))) ??
    chunks.find((c) => c.moduleIds.some((id) => stem(id).endsWith(stem(file))));
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
  // With its styles (Vite adds them as stylesheets when the chunk loads): fetched early too.
  const withCss = (files: Set<string>) => {
    const css = [...files].flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
    return [...files, ...new Set(css)].map((f) => `${base}${f}`);
  };
  const shellFiles = new Set<string>();
  for (const chunk of shell) closure(chunk, shellFiles);
  const kinds = Object.fromEntries(
    Object.entries(KIND_PARTS).map(([type, file]) => {
      const chunk = chunkOf(file);
      if (!chunk) throw new Error(`deferred-entry: no chunk for ${file}, the code of "${type}" learning objects`);
      const files = new Set<string>();
      closure(chunk, files);
      for (const f of shellFiles) files.delete(f);
      return [type, withCss(files)];
    }),
  );
  const parts = Object.fromEntries(
    Object.entries(NEXT_STEP_PARTS).map(([name, sources]) => {
      const files = new Set<string>();
      for (const file of sources) {
        const chunk = chunkOf(file);
        if (!chunk) throw new Error(`deferred-entry: no chunk for ${file}, a part of the next step "${name}"`);
        closure(chunk, files);
      }
      for (const f of shellFiles) files.delete(f);
      return [name, withCss(files)];
    }),
  );
  const routes = module.SCREEN_PATTERNS.map(([pattern, name]): RoutePreload => {
    const file = modules.get(name);
    const chunk = file ? chunkOf(file) : undefined;
    if (!chunk) throw new Error(`deferred-entry: no chunk for screen "${name}" of ${SCREENS_FILE}`);
    const files = new Set<string>();
    for (const chunk of shell) closure(chunk, files);
    closure(chunk, files);
    for (const part of FIRST_RENDER_PARTS[name] ?? []) {
      const partChunk = chunkOf(part);
      if (!partChunk) throw new Error(`deferred-entry: no chunk for ${part}, a first-render part of "${name}"`);
      closure(partChunk, files);
    }
    return [pattern.source, withCss(files)];
  });
  return { routes, kinds, parts };
}

/** The early reads of this build (src/app/early-reads.ts, evaluated with the build's env). */
async function earlyReads(root: string): Promise<EarlyReadsData> {
  const { module } = await runnerImport<{ earlyReadsData: () => EarlyReadsData }>('/src/app/early-reads.ts', {
    root,
    configFile: false,
    logLevel: 'error',
  });
  return module.earlyReadsData();
}

/** The Vite plugin (build only). */
export function deferredEntry(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'deferred-entry',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return deferEntry(html).html;
        const { routes, kinds, parts } = await routePreloads(root, ctx.bundle, base);
        return deferEntry(html, routes, undefined, await earlyReads(root), kinds, parts).html;
      },
    },
  };
}
