/**
 * `npm run headers`: rewrites the checked-in CDN header file `deploy/_headers` for the default
 * configuration (same-origin API bases, production widget hosts) from the one source of the
 * policy (src/services/contract/security-policy.ts) and the current src/app/prepaint.js hash.
 * `npm run headers -- --check` exits 1 when the file differs (server/security-headers.test.ts
 * checks the same in `npm test`). Builds with other `VITE_*` settings write their own
 * `dist/_headers`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DEPLOY_HEADERS_FILE, defaultHeadersFile } from '../server/security-headers';

const expected = defaultHeadersFile();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(DEPLOY_HEADERS_FILE, 'utf8');
  } catch {
    // missing: differs
  }
  if (current !== expected) {
    console.error(`${DEPLOY_HEADERS_FILE} is out of date: run \`npm run headers\``);
    process.exit(1);
  }
  console.log(`${DEPLOY_HEADERS_FILE} is up to date`);
} else {
  writeFileSync(DEPLOY_HEADERS_FILE, expected);
  console.log(`wrote ${DEPLOY_HEADERS_FILE}`);
}
