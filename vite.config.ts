import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

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
 * Service worker (issue 8, spec §4): `src/service-worker/sw.ts` built by Workbox's
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
    globPatterns: ['**/*.{js,css,html,svg,png,json,woff2}'],
    // Not the CSP hashes, and not the error-reporting SDK (only fetched with a Sentry DSN).
    globIgnores: ['**/csp.json', '**/sentry-*.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), prepaint(), pwa],
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
