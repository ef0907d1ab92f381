#!/usr/bin/env node
/**
 * Licences of the runtime dependencies (what the built app ships, and what the reference server
 * runs with: `npm install --omit=dev && npm run server`): every package of
 * `npm ls --omit=dev --all`, with the `license` field of its installed package.json.
 *
 *   node scripts/licenses.mjs           prints the Markdown table
 *   node scripts/licenses.mjs --write   rewrites it in docs/deploy.md (between the markers)
 *   node scripts/licenses.mjs --check   exits 1 when docs/deploy.md is out of date, or when a
 *                                       package has no licence or one outside ALLOWED
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Permissive licences accepted for code shipped to students' browsers or run by the server. */
const ALLOWED = new Set([
  'MIT',
  'ISC',
  'Apache-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'MPL-2.0',
  'Unlicense',
  'Zlib',
]);
const DOC = 'docs/deploy.md';
const START = '<!-- licenses:start -->';
const END = '<!-- licenses:end -->';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const paths = execFileSync(npm, ['ls', '--omit=dev', '--all', '--parseable'], { encoding: 'utf8' })
  .split('\n')
  .map((p) => p.trim())
  .filter((p) => p.includes('node_modules'));

/** `(MIT OR Apache-2.0)` → ['MIT', 'Apache-2.0']; the legacy `licenses` array too. */
const licenceOf = (pkg) => {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ');
  return '';
};

const rows = new Map();
for (const path of paths) {
  const pkg = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
  rows.set(`${pkg.name}@${pkg.version}`, { name: pkg.name, version: pkg.version, license: licenceOf(pkg) });
}
const sorted = [...rows.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
/** `A OR (B AND C)`: allowed when one alternative has every one of its licences allowed. */
const problems = sorted.filter((r) => {
  const options = r.license.replace(/[()]/g, '').split(/\s+OR\s+/);
  return !r.license || !options.some((o) => o.split(/\s+AND\s+/).every((part) => ALLOWED.has(part.trim())));
});

const byLicence = new Map();
for (const r of sorted) byLicence.set(r.license || '(none)', (byLicence.get(r.license || '(none)') ?? 0) + 1);
const table = [
  `${sorted.length} packages (${[...byLicence].map(([l, n]) => `${l}: ${n}`).join(', ')}).`,
  '',
  '| package | version | licence |',
  '| ------- | ------- | ------- |',
  ...sorted.map((r) => `| ${r.name} | ${r.version} | ${r.license || '(none)'} |`),
].join('\n');

if (process.argv.includes('--write') || process.argv.includes('--check')) {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`${DOC} has no ${START} … ${END} markers`);
  const next = `${doc.slice(0, start + START.length)}\n${table}\n${doc.slice(end)}`;
  if (process.argv.includes('--write')) {
    writeFileSync(DOC, next);
    console.log(`wrote the licences of ${sorted.length} runtime packages to ${DOC}`);
  } else {
    let failed = false;
    if (next !== doc) {
      console.error(`${DOC}: the licence table is out of date (node scripts/licenses.mjs --write)`);
      failed = true;
    }
    for (const p of problems) {
      console.error(`${p.name}@${p.version}: licence "${p.license || 'none'}" is not in the allowed list`);
      failed = true;
    }
    if (failed) process.exit(1);
    console.log(`${sorted.length} runtime packages, all with allowed licences; ${DOC} up to date`);
  }
} else {
  console.log(table);
  for (const p of problems) console.error(`not allowed: ${p.name}@${p.version} (${p.license || 'none'})`);
}
