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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The Vite plugin (build only): sets rolldown's `advancedChunks` group. */
export function vendorChunk(): Plugin {
  const test = new RegExp(`node_modules[\\\\/](${STARTUP_LIBRARIES.map(escape).join('|')})[\\\\/]`);
  return {
    name: 'vendor-chunk',
    apply: 'build',
    config: () => ({
      build: { rolldownOptions: { output: { advancedChunks: { groups: [{ name: 'vendor', test }] } } } },
    }),
  };
}
