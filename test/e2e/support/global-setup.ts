/**
 * Playwright global setup: builds the app, starts the reference server as a child
 * process on a free port with a FRESH database (temp DATA_DIR) serving the build, waits
 * until it answers, and exposes E2E_BASE_URL (brand 1, localhost) and E2E_BASE_URL_BRAND2
 * (brand 2, 127.0.0.1). The returned teardown stops it and removes the data.
 */
import { spawnSync } from 'node:child_process';
import { startReferenceServer } from './server';

/** The environment of the e2e build: the third-party widgets load the server's stand-ins. */
export const E2E_BUILD_ENV = {
  VITE_CLARITY_SRC: '/api/standins/clarity.js?key={key}',
  VITE_CHATBOT_SRC: '/api/standins/chatbot.js?key={key}',
  VITE_SURVEY_SRC: '/api/standins/survey.js',
};

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      // The third-party widgets load the reference server's stand-ins (server/routes/standins.ts).
      env: { ...process.env, ...E2E_BUILD_ENV },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const server = await startReferenceServer({ env: { PLATFORM_LOOKUP_FAIL_HOSTS: 'falha.localhost' } });
  process.env.E2E_BASE_URL = server.base;
  process.env.E2E_BASE_URL_BRAND2 = server.base2;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.dispose();
}
