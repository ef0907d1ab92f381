#!/usr/bin/env node
/**
 * `npm run test:mutation`: mutation testing of the machines (src/machines), scored twice.
 *
 * 1. The hand-written machine tests (stryker.config.mjs: test/machines) → reports/mutation/.
 * 2. The generated path tests alone (stryker.paths.config.mjs: test/paths) → reports/mutation-paths/.
 * 3. The constants of the rules, which Stryker does not mutate, against the paths alone
 *    (scripts/constant-mutants.mjs).
 * Then both scores, per machine and in all, from the two JSON reports.
 *
 * Arguments go to both Stryker runs (e.g. `-- --mutate src/machines/cooldown.machine.ts`; the
 * constant mutants then only of those files), except `--only machines|paths|constants` (one part;
 * repeat it for two) and `--only report` (runs nothing: prints both scores from the reports the
 * last runs left, e.g. after running the parts one at a time — check their dates).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename } from 'node:path';

const args = process.argv.slice(2);
const parts = [];
const strykerArgs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--only') parts.push(args[++i]);
  else strykerArgs.push(args[i]);
}
const runs = (part) => parts.length === 0 || parts.includes(part);
const mutateIndex = strykerArgs.indexOf('--mutate');
const mutated = mutateIndex >= 0 ? strykerArgs[mutateIndex + 1].split(',') : [];

const REPORTS = {
  machines: 'reports/mutation/mutation.json',
  paths: 'reports/mutation-paths/mutation.json',
};

function step(title, command, commandArgs) {
  console.log(`\n=== ${title}: ${command} ${commandArgs.join(' ')}\n`);
  const started = Date.now();
  const { status } = spawnSync(command, commandArgs, { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n=== ${title}: ${Math.floor(seconds / 60)} min ${seconds % 60} s, exit ${status}`);
  return status;
}

/** Per machine file: mutants that count, detected (killed + timeout), survived, no coverage. */
function scores(report) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const rows = {};
  for (const [file, { mutants }] of Object.entries(json.files)) {
    const row = { valid: 0, detected: 0, survived: 0, noCoverage: 0 };
    for (const { status } of mutants) {
      if (['Ignored', 'CompileError', 'RuntimeError'].includes(status)) continue;
      row.valid += 1;
      if (status === 'Killed' || status === 'Timeout') row.detected += 1;
      if (status === 'Survived') row.survived += 1;
      if (status === 'NoCoverage') row.noCoverage += 1;
    }
    rows[basename(file).replace('.machine.ts', '')] = row;
  }
  return rows;
}

const percent = (row) => (row && row.valid ? `${((100 * row.detected) / row.valid).toFixed(1)} %` : '—');
const total = (rows) =>
  Object.values(rows).reduce(
    (sum, row) => ({
      valid: sum.valid + row.valid,
      detected: sum.detected + row.detected,
      survived: sum.survived + row.survived,
      noCoverage: sum.noCoverage + row.noCoverage,
    }),
    { valid: 0, detected: 0, survived: 0, noCoverage: 0 },
  );

// Each part runs whatever the one before did (a failed part must not hide the next one's score),
// and its report is removed first: a part that fails before writing one prints no stale score.
let failed = false;
for (const [part, title, config] of [
  ['machines', 'machine tests', 'stryker.config.mjs'],
  ['paths', 'generated paths', 'stryker.paths.config.mjs'],
]) {
  if (!runs(part)) continue;
  rmSync(REPORTS[part], { force: true });
  if (step(title, 'npx', ['stryker', 'run', config, ...strykerArgs]) !== 0) failed = true;
}
if (runs('constants')) step('constant mutants', 'node', ['scripts/constant-mutants.mjs', ...mutated]);

const reported = (part) => (runs(part) || parts.includes('report')) && existsSync(REPORTS[part]);
const machines = reported('machines') ? scores(REPORTS.machines) : {};
const paths = reported('paths') ? scores(REPORTS.paths) : {};
const names = [...new Set([...Object.keys(machines), ...Object.keys(paths)])].sort();
if (names.length > 0) {
  console.log('\nMutation score of src/machines (killed + timeout) / mutants:\n');
  console.log(
    `${'machine'.padEnd(16)}${'machine tests'.padStart(16)}${'generated paths'.padStart(18)}  paths: survived, no coverage`,
  );
  for (const name of names) {
    const p = paths[name];
    console.log(
      `${name.padEnd(16)}${percent(machines[name]).padStart(16)}${percent(p).padStart(18)}  ${p ? `${p.survived}, ${p.noCoverage}` : ''}`,
    );
  }
  const m = total(machines);
  const p = total(paths);
  console.log(
    `${'all'.padEnd(16)}${percent(m).padStart(16)}${percent(p).padStart(18)}  ${p.valid ? `${p.survived}, ${p.noCoverage}` : ''}`,
  );
  console.log(`\nmachine tests: ${m.detected}/${m.valid} · generated paths alone: ${p.detected}/${p.valid}`);
}
process.exitCode = failed ? 1 : 0;
