import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { buildHeaders, prepaintInline } from './server/security-headers.ts';
import { headersFile } from './src/services/contract/security-policy.ts';
import { precompiledMessages } from './scripts/vite/precompiled-messages';
import { machineDescriptions } from './scripts/vite/machine-descriptions';
import { bundleReport } from './scripts/vite/bundle-report';
import { CSS_MODULES, prerenderEarlyContent, prerenderLogin } from './scripts/vite/prerender';
import { deferredEntry } from './scripts/vite/deferred-entry';
import { vendorChunk } from './scripts/vite/vendor-chunk';
import { preloadDeps } from './scripts/vite/preload-deps';
import { inlineScriptHashesOf } from './scripts/vite/inline-scripts';

/**
 * The version students see (`APP_VERSION`, else package.json's) and the build id (version +
 * git commit) that discards offline reads saved by another build (src/services/config.ts).
 */
function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'local';
  }
}
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
process.env.VITE_APP_VERSION = process.env.APP_VERSION || pkg.version;
process.env.VITE_APP_BUILD = `${process.env.VITE_APP_VERSION}+${gitCommit()}`;

/**
 * Inlines `src/app/prepaint.js` (cached brand and accessibility settings applied before first
 * paint) into index.html's <head>, and writes the app's security headers for this build's
 * configuration (src/services/contract/security-policy.ts, with the `VITE_*` API bases and widget
 * sources) once index.html is final:
 * - `dist/csp.json` `{ scriptHashes: ["'sha256-…'"], headers: { … } }`, applied by the
 *   reference server to the HTML it serves (`npm start`);
 * - `dist/_headers`, the same headers in the CDN header-file format (docs/deploy.md).
 * `scriptHashes` are the hashes of every inline script the emitted documents carry (index.html and
 * the screens' own, ADR 0015) — the
 * pre-paint script and the deferred-entry loader (scripts/vite/deferred-entry.ts), whatever adds
 * one — so the CSP allows exactly them and never drifts from the HTML (docs/architecture.md §D5).
 */
function securityHeaders(): Plugin {
  const { code } = prepaintInline();
  let env: Record<string, string | undefined> = {};
  return {
    name: 'security-headers',
    enforce: 'post',
    configResolved(config) {
      env = config.env;
    },
    transformIndexHtml: () => [{ tag: 'script', children: code, injectTo: 'head-prepend' }],
    generateBundle: {
      // After Vite's HTML plugin has emitted index.html with every transform applied.
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') this.error('security-headers: no index.html in the bundle');
        // Every document's inline scripts: index.html's and the screens' own documents'
        // (docs/decisions/0015-a-document-per-screen.md), each hash once.
        const documents = Object.values(bundle).flatMap((file) =>
          file.type === 'asset' && file.fileName.endsWith('.html')
            ? [typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source)]
            : [],
        );
        const hashes = [...new Set(documents.flatMap((text) => inlineScriptHashesOf(text)))];
        if (!hashes.includes(prepaintInline().hash)) this.error('security-headers: the pre-paint script is missing');
        const record = buildHeaders(env, hashes);
        this.emitFile({ type: 'asset', fileName: 'csp.json', source: JSON.stringify(record) });
        this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(record.headers) });
      },
    },
  };
}

/**
 * Libraries that inject their CSS as an inline <style> at run time, which `style-src 'self'`
 * refuses (docs/architecture.md §D5). The app ships their CSS as files instead and these rewrites remove the
 * injection; the build fails if a library changes so that its injection is no longer found
 * (rather than silently violating the CSP):
 * - sonner (toasts): `__insertCSS(...)` becomes a no-op; src/views/components/toaster.tsx imports `sonner/dist/styles.css`;
 * - lottie-react (error-screen animation): the React 19 `<style href precedence>` beside its display
 *   element is dropped; its rules are in src/styles/global.css (`@layer lottie-react`).
 */
const RUNTIME_STYLES: { module: RegExp; find: RegExp; replace: string; name: string }[] = [
  {
    name: 'sonner',
    module: /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/,
    find: /function __insertCSS\(code\) \{/,
    replace: 'function __insertCSS(code) { return;',
  },
  {
    name: 'lottie-react',
    module: /[\\/]node_modules[\\/]lottie-react[\\/]build[\\/]animation[\\/]renderStyledElement\.js$/,
    find: /,\s*\/\* @__PURE__ \*\/ jsx\("style", \{[\s\S]*?\}\)\] \}\);/,
    replace: '] });',
  },
];

function withoutRuntimeStyles(): Plugin {
  return {
    name: 'without-runtime-styles',
    enforce: 'pre',
    transform(source, id) {
      const rule = RUNTIME_STYLES.find((r) => r.module.test(id));
      if (!rule) return null;
      if (!rule.find.test(source)) {
        this.error(`${rule.name} no longer injects its styles as expected: check it against the CSP (style-src)`);
      }
      return { code: source.replace(rule.find, rule.replace), map: null };
    },
  };
}

/**
 * Source maps of the build, from `SOURCEMAPS`: unset, `0` or `off` → none (the default);
 * `hidden` → written beside the JS but never referenced from it. Anything else stops the build
 * (a referenced map would publish the sources).
 */
function sourceMaps(): false | 'hidden' {
  const value = (process.env.SOURCEMAPS ?? '').trim().toLowerCase();
  if (value === '' || value === '0' || value === 'off' || value === 'false') return false;
  if (value === 'hidden') return 'hidden';
  throw new Error(`SOURCEMAPS=${value}: use "hidden" (maps for error reporting, not referenced) or leave it unset`);
}

/**
 * Vite build of the statically exported SPA (docs/architecture.md §D1). In development the
 * reference API runs on API_PORT (default 4174) and `/api` is proxied to it.
 */
/**
 * Service worker (docs/product.md §4): `src/service-worker/sw.ts` built by Workbox's
 * injectManifest into `/sw.js` at the site root, with the precache list of the app shell
 * (every hashed chunk, so each route opens offline). Registered by the app itself
 * (src/services/pwa/register.ts), so no inline registration script is added (strict CSP).
 * The manifest is per brand: `/manifest.webmanifest`, served by the platform's host
 * (server/routes/manifest.ts).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    // The app shell's one document (every navigation is answered with it, src/service-worker/sw.ts);
    // not the screens' own documents (finances.html…: their early pages are for a first visit,
    // docs/decisions/0015-a-document-per-screen.md).
    globPatterns: ['index.html', '**/*.{js,css,svg,png,json,woff2}'],
    // Not the CSP hashes, and not the error-reporting SDK (only fetched with a Sentry DSN).
    globIgnores: ['**/csp.json', '**/_headers', '**/sentry-*.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [
    machineDescriptions(),
    precompiledMessages(),
    vendorChunk(),
    react(),
    securityHeaders(),
    withoutRuntimeStyles(),
    prerenderLogin(),
    prerenderEarlyContent(),
    deferredEntry(),
    preloadDeps(),
    pwa,
    bundleReport(),
  ],
  // The same class names in the build and in the early pages' render (scripts/vite/prerender.ts).
  css: { modules: CSS_MODULES },
  build: {
    target: 'es2022',
    // Every browser of the es2022 target but Safari < 17 knows <link rel="modulepreload">; there
    // the preloads are skipped and the modules load when imported (slower, still correct). The
    // polyfill was 0.5 KB gzip in the entry of every screen (docs/performance.md).
    modulePreload: { polyfill: false },
    // No source maps in what is published (docs/deploy.md "Source maps"): off by
    // default; SOURCEMAPS=hidden writes them to dist/ WITHOUT a `sourceMappingURL` comment in the
    // JS, to upload to error reporting and delete before publishing (the reference server never
    // serves *.map either).
    sourcemap: sourceMaps(),
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? '4174'}`,
    },
  },
});
