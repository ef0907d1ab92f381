#!/usr/bin/env node
/**
 * Prints the generated-path coverage QA reads (written by each test/paths/<machine>.paths.test.ts
 * into .tmp/paths-coverage/<machine id>.json): per machine, states and transitions reached by
 * generated paths out of the total, and the situations of the oracle's rules seen (test/paths/oracle.ts).
 * Exits 1 when there is no coverage or a machine has anything unreached.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dir = '.tmp/paths-coverage';
if (!existsSync(dir)) {
  console.error(`${dir} is missing: run the path tests first (npm run test:paths).`);
  process.exit(1);
}
const rows = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => [name.replace(/[.]json$/, ''), JSON.parse(readFileSync(`${dir}/${name}`, 'utf8'))]);
const pad = (s, n) => String(s).padEnd(n);
/** Width of the machine column: the longest name plus two spaces. */
const nameWidth = Math.max('machine'.length, ...rows.map(([name]) => name.length)) + 2;
console.log('\nGenerated path coverage (xstate/graph shortest paths replayed on real actors)');
console.log(`${pad('machine', nameWidth)}${pad('states', 12)}${pad('transitions', 14)}${pad('situations', 13)}plans`);
let incomplete = false;
for (const [machine, r] of rows) {
  console.log(
    `${pad(machine, nameWidth)}${pad(`${r.states[0]}/${r.states[1]}`, 12)}${pad(`${r.transitions[0]}/${r.transitions[1]}`, 14)}${pad(r.situations ? `${r.situations[0]}/${r.situations[1]}` : '—', 13)}${r.plans}`,
  );
  const situationsMissing = r.situations !== undefined && r.situations[0] !== r.situations[1];
  if (r.states[0] !== r.states[1] || r.transitions[0] !== r.transitions[1] || situationsMissing) {
    incomplete = true;
    console.log(`  not reached: ${r.missing.join(', ')}`);
  }
}
if (rows.length === 0) {
  console.error('no machine in the report');
  process.exit(1);
}
process.exit(incomplete ? 1 : 0);
