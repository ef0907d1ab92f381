/**
 * Playwright global setup: builds the app, starts the reference server as a child
 * process on a free port with a FRESH database (temp DATA_DIR) serving the build, waits
 * until it answers, and exposes E2E_BASE_URL (brand 1, localhost) and E2E_BASE_URL_BRAND2
 * (brand 2, 127.0.0.1). The returned teardown stops it and removes the data.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      // The third-party widgets load the reference server's stand-ins (server/routes/standins.ts).
      env: {
        ...process.env,
        VITE_CLARITY_SRC: '/api/standins/clarity.js?key={key}',
        VITE_CHATBOT_SRC: '/api/standins/chatbot.js?key={key}',
        VITE_SURVEY_SRC: '/api/standins/survey.js',
      },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PLATFORM_LOOKUP_FAIL_HOSTS: 'falha.localhost',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`reference server exited early:\n${output.join('')}`);
    }
    try {
      const answer = await fetch(`${base}/api/v1/platforms/localhost`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`reference server did not answer in 90 s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = base;
  process.env.E2E_BASE_URL_BRAND2 = `http://127.0.0.1:${port}`;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([
        new Promise<boolean>((r) => child.once('exit', () => r(true))),
        new Promise<boolean>((r) => setTimeout(() => r(false), 5000)),
      ]);
      if (!stopped) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
