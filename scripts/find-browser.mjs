#!/usr/bin/env node
/**
 * Finds a Chromium for the end-to-end tests: CHROMIUM_PATH, else a system
 * Chromium/Chrome, else Playwright's own downloaded browser. With none it throws an
 * error saying how to get one — never a silent skip.
 * CLI: `node scripts/find-browser.mjs` prints the path (exit 1 with the message if none).
 */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
const COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/**
 * Chromium flags verified on the development and CI machines (TOOLCHAIN.md): no sandbox as root,
 * no GPU, and none of the background connections this machine's closed network refuses. Shared by
 * the end-to-end tests (playwright.config.ts) and the bench (scripts/bench/routes.ts).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const HOW_TO_GET_ONE = [
  'No Chromium found for the end-to-end tests. Get one of:',
  '  - Debian/Ubuntu: apt-get install -y chromium',
  '  - where the network allows: npx playwright install chromium',
  '  - or point CHROMIUM_PATH at a Chromium/Chrome executable.',
].join('\n');

/** @returns the absolute path of a Chromium executable. @throws Error with install instructions. */
export async function findBrowser() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.\n${HOW_TO_GET_ONE}`);
    return fromEnv;
  }
  for (const path of SYSTEM_PATHS) if (existsSync(path)) return path;
  for (const command of COMMANDS) {
    try {
      const path = execFileSync('which', [command], { encoding: 'utf8' }).trim();
      if (path && existsSync(path)) return path;
    } catch {
      // not on PATH
    }
  }
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    if (path && existsSync(path)) return path;
  } catch {
    // Playwright has no browser of its own here
  }
  throw new Error(HOW_TO_GET_ONE);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  findBrowser().then(
    (path) => console.log(path),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
