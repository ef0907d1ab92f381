import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompiledMessages } from './scripts/vite/precompiled-messages';
import { bundleReport } from './scripts/vite/bundle-report';
import { prerenderLogin } from './scripts/vite/prerender';
import { deferredEntry } from './scripts/vite/deferred-entry';
import { vendorChunk } from './scripts/vite/vendor-chunk';

/**
 * Inlines `src/prepaint.js` (cached brand and accessibility settings applied before first
 * paint) into index.html's <head>, and writes its CSP hash to `dist/csp.json`
 * (`{ "scriptHashes": ["'sha256-…'"] }`), which the server adds to `script-src` — the one
 * inline script the strict CSP allows (DESIGN.md §5).
 */
function prepaint(): Plugin {
  const code = readFileSync(new URL('./src/prepaint.js', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//') && !line.startsWith('/*'))
    .join(' ');
  const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
  return {
    name: 'prepaint',
    transformIndexHtml: () => [{ tag: 'script', children: code, injectTo: 'head-prepend' }],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'csp.json', source: JSON.stringify({ scriptHashes: [hash] }) });
    },
  };
}

/**
 * Vite build of the statically exported SPA (DESIGN.md §1). In development the
 * reference API runs on API_PORT (default 4174) and `/api` is proxied to it.
 */
/**
 * Service worker (issue 8, spec §4): Workbox precaches the app shell so the app and deep links
 * open offline (navigation fallback to index.html — never for API paths, files or SSO
 * callbacks); media of the file repository is cached as played (range requests). Registered by
 * the app itself from the fixed root path `/sw.js` (src/services/pwa/register.ts), so no inline
 * registration script is added. The manifest is served per brand by the server.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  filename: 'sw.js',
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,json,woff2}'],
    globIgnores: ['**/csp.json'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [
      /^\/api\//,
      /^\/sw\.js$/,
      /^\/manifest\.webmanifest$/,
      /\/[^/?]+\.[a-z0-9]{2,5}$/i,
      /[?&](access_token|code|state)=/,
    ],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Course media already played (same-origin file repository); never the token-bearing proxy.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/files/media/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'media',
          rangeRequests: true,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [precompiledMessages(), vendorChunk(), react(), prepaint(), prerenderLogin(), deferredEntry(), pwa, bundleReport()],
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? '4174'}`,
    },
  },
});
