import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
export default defineConfig({
  plugins: [react(), prepaint()],
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
