/**
 * A reference server for one fault kind: `node --import tsx server/main.ts` as a child process
 * on a free port, with `CHAOS`, its own data folder and the chaos build (`DIST_DIR`). Ready when
 * `GET /api/v1/platforms/localhost` answers (or, with chaos on, `GET /api/dev/chaos`, which is
 * never faulted).
 */
import { spawn } from 'node:child_process';
import { freePort } from '../support/server';

export interface ReferenceServer {
  /** http://localhost:PORT (brand 1). */
  base: string;
  dataDir: string;
  /** Output so far (stdout and stderr). */
  output: string[];
  /** SIGTERM (the server closes its database), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

export async function startReferenceServer(options: {
  dataDir: string;
  distDir: string;
  chaos: string;
}): Promise<ReferenceServer> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      DIST_DIR: options.distDir,
      CHAOS: options.chaos,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    const done = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 10_000)),
    ]);
    if (!done) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const base = `http://localhost:${port}`;
  const probe = options.chaos ? `${base}/api/dev/chaos` : `${base}/api/v1/platforms/localhost`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`reference server exited early:\n${output.join('')}`);
    try {
      if ((await fetch(probe, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`reference server did not answer in 60 s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, dataDir: options.dataDir, output, stop };
}
