/**
 * One `vendor` chunk for the libraries every page starts with (issue 9): React, XState,
 * react-intl, wouter, ky, valibot, js-cookie, colord. Left to itself the bundler splits them
 * into a dozen small chunks (each also used by lazy routes); gzip compresses one file better
 * than twelve (−3.6 KB on /login, measured with scripts/bench/bundle.ts) and the browser makes
 * fewer requests. Libraries only lazy screens use (TanStack Query, DOMPurify, sonner, lottie,
 * qrcode…) stay in their own lazy chunks.
 */
import type { Plugin } from 'vite';

/** node_modules packages of the first screen. */
export const STARTUP_LIBRARIES = [
  'react',
  'react-dom',
  'scheduler',
  'xstate',
  '@xstate',
  'use-sync-external-store',
  'use-isomorphic-layout-effect',
  'react-intl',
  '@formatjs',
  'intl-messageformat',
  'wouter',
  'regexparam',
  'ky',
  'js-cookie',
  'valibot',
  'colord',
  'react-error-boundary',
];

/**
 * The app's own modules of the first request, kept in one `clients` chunk: the HTTP clients and
 * the contract of the first request (platform, sign-in, user). Lazy routes import them too (API
 * calls, the user schema), and left to itself the bundler would split the contract part into
 * small chunks of their own, each one more request before the first paint.
 */
export const STARTUP_MODULES =
  /[\\/]src[\\/]services[\\/](http[\\/]clients|config|storage[\\/]token|contract[\\/](bases|session|profile-fields))\.ts$/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The Vite plugin (build only): sets rolldown's `advancedChunks` groups (`vendor`, `clients`). */
export function vendorChunk(): Plugin {
  const test = new RegExp(`node_modules[\\\\/](${STARTUP_LIBRARIES.map(escape).join('|')})[\\\\/]`);
  return {
    name: 'vendor-chunk',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            advancedChunks: {
              groups: [
                { name: 'vendor', test },
                { name: 'clients', test: STARTUP_MODULES },
              ],
            },
          },
        },
      },
    }),
  };
}
