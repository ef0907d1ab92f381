#!/usr/bin/env node
/**
 * Prints the generated-path coverage QA reads (written by test/paths/machines.paths.test.ts):
 * per machine, states and transitions reached by generated paths out of the total.
 * Exits 1 when the file is missing or a machine has anything unreached.
 */
import { existsSync, readFileSync } from 'node:fs';

const file = '.tmp/paths-coverage.json';
if (!existsSync(file)) {
  console.error(`${file} is missing: run the path tests first (npm run test:paths).`);
  process.exit(1);
}
const data = JSON.parse(readFileSync(file, 'utf8'));
const rows = Object.entries(data).filter(([key]) => key !== 'generatedAt');
const pad = (s, n) => String(s).padEnd(n);
/** Width of the machine column: the longest name plus two spaces. */
const nameWidth = Math.max('machine'.length, ...rows.map(([name]) => name.length)) + 2;
console.log('\nGenerated path coverage (xstate/graph shortest paths replayed on real actors)');
console.log(`${pad('machine', nameWidth)}${pad('states', 12)}${pad('transitions', 14)}plans`);
let incomplete = false;
for (const [machine, r] of rows) {
  console.log(
    `${pad(machine, nameWidth)}${pad(`${r.states[0]}/${r.states[1]}`, 12)}${pad(`${r.transitions[0]}/${r.transitions[1]}`, 14)}${r.plans}`,
  );
  if (r.states[0] !== r.states[1] || r.transitions[0] !== r.transitions[1]) {
    incomplete = true;
    console.log(`  not reached: ${r.missing.join(', ')}`);
  }
}
if (rows.length === 0) {
  console.error('no machine in the report');
  process.exit(1);
}
process.exit(incomplete ? 1 : 0);
