#!/usr/bin/env node
/**
 * `npm run dev`: the reference API on API_PORT (default 4174) and the Vite dev server
 * (hot reload, `/api` proxied to the API — see vite.config.ts). Ctrl-C stops both.
 * The API runs with the dev mail outbox on (`DEV_MAIL=1`, GET /api/dev/mail) unless the
 * environment says otherwise.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '4174';
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { DEV_MAIL: '1', ...process.env, PORT: apiPort, SERVE_DIST: '0' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
