/**
 * Static export of /login into index.html: at build time, renders `src/app/login-shell.tsx`
 * (the app's first render on /login, signed out, pt-BR) in Node through Vite's module runner and
 * puts the markup inside `<div id="root" data-prerendered="login">`. The pre-paint script shows it
 * only where it is right (src/app/prepaint.js: on /login without a session cookie, in pt-BR, without a
 * notice); main.tsx hydrates it, or clears it and renders another route. The markup is the same
 * for every brand: the brand is CSS custom properties applied by the pre-paint script.
 */
import { runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The root element of index.html, empty, as written in the source. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Puts `markup` into the empty root element of `html`.
 * @throws Error when index.html has no empty `<div id="root"></div>`.
 */
export function injectShell(html: string, markup: string): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error(`prerender: index.html has no ${EMPTY_ROOT}`);
  return html.replace(EMPTY_ROOT, `<div id="root" data-prerendered="login">${markup}</div>`);
}

/** The Vite plugin (build only). */
export function prerenderLogin(): Plugin {
  let root = process.cwd();
  return {
    name: 'prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const { module } = await runnerImport<{ renderLoginShell: () => string }>('/src/app/login-shell.tsx', {
          root,
          configFile: false,
          logLevel: 'error',
          plugins: [react()],
        });
        return injectShell(html, module.renderLoginShell());
      },
    },
  };
}
