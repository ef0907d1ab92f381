/**
 * Two versions of the app under one server (the safe updates of docs/offline.md "Updates"; the app-update paths):
 * real builds of the app that differ in their version string, deployed one after the other into
 * the folder the reference server serves — as a CDN deploy replaces the files — and how a test
 * tells which build a page runs. Used by test/e2e/pwa-update.spec.ts and
 * test/paths-e2e/app-update.model.ts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_BUILD_ENV } from './global-setup';

/**
 * Builds the app with `APP_VERSION=version` (the e2e environment) into `outDir`.
 * @throws Error when the build fails.
 */
export function buildApp(outDir: string, version: string): string {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'],
    { stdio: 'inherit', env: { ...process.env, ...E2E_BUILD_ENV, APP_VERSION: version } },
  );
  if (result.status !== 0) throw new Error(`vite build of ${version} failed`);
  return outDir;
}

/** Replaces everything in `site` (the served folder) with `build`: old hashed files are gone, as on a CDN. */
export function deploy(build: string, site: string): void {
  rmSync(site, { recursive: true, force: true });
  cpSync(build, site, { recursive: true });
}

/** The entry script of an index.html (its hash names the build): in the deferred loader's data block. */
export const entryIn = (html: string) =>
  (
    JSON.parse(/<script type="application\/json" id="entry-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
      entry?: string;
    }
  ).entry;

/** The entry script the document loaded (null while the page is being replaced by a reload). */
export const entryScript = (page: Page) =>
  page
    .evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .find((path) => path === JSON.parse(document.getElementById('entry-data')?.textContent ?? '{}').entry),
    )
    .catch(() => null);

/** The entry script of the build in folder `build`. */
export const entryOf = (build: string) => entryIn(readFileSync(join(build, 'index.html'), 'utf8'));
