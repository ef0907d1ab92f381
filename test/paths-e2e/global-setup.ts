/**
 * Global setup of `npm run test:paths:e2e`: the end-to-end one (build, fresh reference server),
 * plus a temp folder for what a model builds once per run (`PATHS_E2E_CACHE`: the app-update
 * model's second version, built the first time one of its paths runs and reused by every later
 * one, a restarted worker included). The teardown removes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import e2eGlobalSetup from '../e2e/support/global-setup';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const teardown = await e2eGlobalSetup();
  const cache = mkdtempSync(join(tmpdir(), 'paths-e2e-'));
  process.env.PATHS_E2E_CACHE = cache;
  return async () => {
    rmSync(cache, { recursive: true, force: true });
    await teardown();
  };
}
