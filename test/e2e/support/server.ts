/**
 * Starts the reference server (`node --import tsx server/main.ts`) as a child process for the
 * end-to-end tests, and stops or restarts it — a stopped server is how a test makes the network
 * truly unreachable for the page AND its service worker (Playwright's offline emulation does not
 * cover the service worker's own requests, and refuses new navigations the worker would answer).
 *
 *   startReferenceServer({ port?, dataDir?, distDir?, env? }) →
 *     { base, base2, port, dataDir, stop(), restart(), dispose() }
 * `base` is brand 1 (localhost), `base2` brand 2 (127.0.0.1). `dispose()` stops it and removes a
 * data folder it created. Rejects with the server's output when it exits early or does not
 * answer in 90 s. The dev mail outbox is on (`DEV_MAIL=1`: the password-reset tests read the
 * e-mailed codes there); `env` may override it. A new data folder starts from the dump of the
 * seeded demo database (server/db/template.ts, made once per version of the server and day):
 * ~1 s instead of ~5 s per server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_ENV, ensureSeedTemplate } from '../../../server/db/template';

/** A free TCP port on this machine. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export interface ReferenceServer {
  base: string;
  base2: string;
  port: number;
  dataDir: string;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data folder. */
  restart(): Promise<void>;
  /** Stops it and removes the data folder when it was created here. */
  dispose(): Promise<void>;
}

export async function startReferenceServer(
  options: { port?: number; dataDir?: string; distDir?: string; env?: Record<string, string> } = {},
): Promise<ReferenceServer> {
  const port = options.port ?? (await freePort());
  const ownData = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const base = `http://localhost:${port}`;
  let child: ChildProcess | null = null;

  const template = await ensureSeedTemplate();
  const start = async () => {
    const output: string[] = [];
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEV_MAIL: '1',
        // Used only while the data folder holds no database yet (not on `restart()`).
        [TEMPLATE_ENV]: template,
        ...(options.distDir ? { DIST_DIR: options.distDir } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`reference server exited early:\n${output.join('')}`);
      try {
        const answer = await fetch(`${base}/api/v1/platforms/localhost`);
        if (answer.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`reference server did not answer in 90 s:\n${output.join('')}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGTERM');
    const stopped = await Promise.race([
      new Promise<boolean>((r) => running.once('exit', () => r(true))),
      new Promise<boolean>((r) => setTimeout(() => r(false), 5000)),
    ]);
    if (!stopped) running.kill('SIGKILL');
  };

  try {
    await start();
  } catch (error) {
    if (ownData) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    base2: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    dispose: async () => {
      await stop();
      if (ownData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
