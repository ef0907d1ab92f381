import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { buildHeaders, prepaintInline } from './server/security-headers.ts';
import { headersFile } from './src/services/contract/security-policy.ts';

/**
 * Inlines `src/prepaint.js` (cached brand and accessibility settings applied before first
 * paint) into index.html's <head> — the one inline script the strict CSP allows, by its hash
 * (DESIGN.md §5) — and writes the app's security headers for this build's configuration
 * (src/services/contract/security-policy.ts, with the `VITE_*` API bases and widget sources):
 * - `dist/csp.json` `{ scriptHashes: ["'sha256-…'"], headers: { … } }`, applied by the
 *   reference server to the HTML it serves (`npm start`);
 * - `dist/_headers`, the same headers in the CDN header-file format (docs/deploy.md).
 */
function securityHeaders(): Plugin {
  const { code, hash } = prepaintInline();
  let env: Record<string, string | undefined> = {};
  return {
    name: 'security-headers',
    configResolved(config) {
      env = config.env;
    },
    transformIndexHtml: () => [{ tag: 'script', children: code, injectTo: 'head-prepend' }],
    generateBundle() {
      const record = buildHeaders(env, [hash]);
      this.emitFile({ type: 'asset', fileName: 'csp.json', source: JSON.stringify(record) });
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(record.headers) });
    },
  };
}

/**
 * Libraries that inject their CSS as an inline <style> at run time, which `style-src 'self'`
 * refuses (DESIGN.md §5). The app ships their CSS as files instead and these rewrites remove the
 * injection; the build fails if a library changes so that its injection is no longer found
 * (rather than silently violating the CSP):
 * - sonner (toasts): `__insertCSS(...)` becomes a no-op; src/app.tsx imports `sonner/dist/styles.css`;
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
    globIgnores: ['**/csp.json', '**/_headers'],
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
  plugins: [react(), securityHeaders(), withoutRuntimeStyles(), pwa],
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
