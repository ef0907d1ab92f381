/**
 * Global setup of `npm run test:paths:e2e`: the end-to-end one (build, fresh reference server,
 * here with the load-test students `aluno001`… for the cross-actor paths), plus a temp folder for what a model builds once per run (`PATHS_E2E_CACHE`: the app-update
 * model's second version, built the first time one of its paths runs and reused by every later
 * one, a restarted worker included). The teardown removes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import e2eGlobalSetup from '../e2e/support/global-setup';

/** Fresh students for the cross-actor paths (./app.e2e.ts): one per path and try, `aluno001`…. */
const APP_STUDENTS = 200;

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The reference server seeds them (server/seed-load.ts); its process gets this environment.
  process.env.LOAD_STUDENTS ??= String(APP_STUDENTS);
  const teardown = await e2eGlobalSetup();
  const cache = mkdtempSync(join(tmpdir(), 'paths-e2e-'));
  process.env.PATHS_E2E_CACHE = cache;
  return async () => {
    rmSync(cache, { recursive: true, force: true });
    await teardown();
  };
}
