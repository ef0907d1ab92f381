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
 * The loader is an inline script, so its SHA-256 is added to `dist/csp.json` `scriptHashes`
 * (never 'unsafe-inline', DESIGN.md §5).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The loader's code for `entry` and its `preloads` (URLs), as inlined. */
export function loaderCode(entry: string, preloads: readonly string[]): string {
  return [
    '(function () {',
    'var d = document, done = false;',
    'function load() {',
    'if (done) return; done = true;',
    `${JSON.stringify(preloads)}.forEach(function (href) { var l = d.createElement('link'); l.rel = 'modulepreload'; l.crossOrigin = ''; l.href = href; d.head.appendChild(l); });`,
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
export function deferEntry(html: string): { html: string; code: string | null } {
  const entry = ENTRY.exec(html);
  if (!entry) return { html, code: null };
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const code = loaderCode(entry[1]!, preloads);
  const out = html.replace(ENTRY, '').replace(PRELOAD, '').replace('</body>', `  <script>${code}</script>\n  </body>`);
  return { html: out, code };
}

/** The Vite plugin (build only). */
export function deferredEntry(): Plugin {
  let outDir = 'dist';
  let hash: string | null = null;
  return {
    name: 'deferred-entry',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const result = deferEntry(html);
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
