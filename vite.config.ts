import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Vite build of the statically exported SPA (DESIGN.md §1). In development the
 * reference API runs on API_PORT (default 4174) and `/api` is proxied to it.
 */
export default defineConfig({
  plugins: [react()],
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
