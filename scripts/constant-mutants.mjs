#!/usr/bin/env node
/**
 * The constants of the product's rules, mutated one at a time, against the generated path tests
 * alone (`npm run test:mutation` runs this after the two Stryker runs; alone:
 * `node scripts/constant-mutants.mjs [src/machines/<file> …]`).
 *
 * StrykerJS has no mutator for numbers, so a constant such as the error screen's 30 s or its
 * 1000 ms tick is never mutated by it. Each mutant below replaces one text of a machine's source
 * for one Vitest run (vitest.paths-mutation.config.ts, `PATHS_MUTANT`: a transform, no file is
 * written) of the path tests related to that file; the mutant is killed when they fail. A mutant
 * whose text is no longer in the source exactly once is reported `stale` (update this list).
 * Exit code 1 when a mutant survives or is stale.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** `file`: the machine; `from` → `to`: the one edit; `why`: what a student would then see. */
export const CONSTANT_MUTANTS = [
  {
    file: 'src/machines/error-screen.machine.ts',
    from: 'COUNTDOWN_TICK_MS = 1000',
    to: 'COUNTDOWN_TICK_MS = 500',
    why: 'the countdown ticks every 500 ms: the page reloads after 15 s',
  },
  {
    file: 'src/machines/error-screen.machine.ts',
    from: 'ERROR_COUNTDOWN_SECONDS = 30',
    to: 'ERROR_COUNTDOWN_SECONDS = 15',
    why: "'Atualizando em: 0:15', reload after 15 s",
  },
  {
    file: 'src/machines/error-screen.machine.ts',
    from: 'context.remaining <= 1',
    to: 'context.remaining <= 0',
    why: 'the reload one second late (at −1)',
  },
  {
    file: 'src/machines/lgpd-consent.machine.ts',
    from: 'LGPD_PROMPT_DELAY_MS = 1000',
    to: 'LGPD_PROMPT_DELAY_MS = 500',
    why: 'the LGPD prompt 500 ms after arriving',
  },
  {
    file: 'src/machines/lgpd-consent.machine.ts',
    from: 'LGPD_PROMPT_DELAY_MS = 1000',
    to: 'LGPD_PROMPT_DELAY_MS = 1001',
    why: 'the LGPD prompt 1 ms late',
  },
  {
    file: 'src/machines/session.machine.ts',
    from: 'POST_LOGIN_DELAY_MS = 1000',
    to: 'POST_LOGIN_DELAY_MS = 500',
    why: 'the post-login setup 500 ms after signing in',
  },
  {
    file: 'src/machines/session.machine.ts',
    from: 'USER_RETRY_DELAY_MS = 30_000',
    to: 'USER_RETRY_DELAY_MS = 3_000',
    why: 'a user that does not come asked for every 3 s',
  },
  {
    file: 'src/machines/session.machine.ts',
    from: '[401, 403, 404, 410]',
    to: '[401, 403, 410]',
    why: 'a 404 on the user read no longer signs out',
  },
  {
    file: 'src/machines/session.machine.ts',
    from: '[401, 403, 404, 410]',
    to: '[401, 403, 404, 410, 500]',
    why: 'a 500 on the user read signs out (offline/5xx must never)',
  },
  {
    file: 'src/machines/session-ping.machine.ts',
    from: 'SESSION_PING_INTERVAL_MS = 300_000',
    to: 'SESSION_PING_INTERVAL_MS = 150_000',
    why: 'a session ping every 2.5 minutes',
  },
  {
    file: 'src/machines/session-ping.machine.ts',
    from: 'SESSION_PING_INTERVAL_MS = 300_000',
    to: 'SESSION_PING_INTERVAL_MS = 600_000',
    why: 'a session ping every 10 minutes',
  },
  {
    file: 'src/machines/cooldown.machine.ts',
    from: 'COOLDOWN_TICK_MS = 1000',
    to: 'COOLDOWN_TICK_MS = 500',
    why: "'Tente novamente em' counts down twice as fast",
  },
  {
    file: 'src/machines/cooldown.machine.ts',
    from: 'Math.max(1, Math.ceil',
    to: 'Math.max(0, Math.ceil',
    why: 'a Retry-After of 0 does not wait the one second',
  },
  {
    file: 'src/machines/outbox.machine.ts',
    from: 'OUTBOX_MAX_DELAY_MS = 30_000',
    to: 'OUTBOX_MAX_DELAY_MS = 60_000',
    why: 'a write waits up to a minute between tries',
  },
  {
    file: 'src/machines/outbox.machine.ts',
    from: 'Math.min(1000 * 2',
    to: 'Math.min(2000 * 2',
    why: 'the first retry of a write after 2 s',
  },
  {
    file: 'src/machines/platform.machine.ts',
    from: 'RETRY_BASE_MS = 1_000',
    to: 'RETRY_BASE_MS = 2_000',
    why: 'the platform lookup first asked again after 2 s',
  },
  {
    file: 'src/machines/platform.machine.ts',
    from: 'RETRY_MAX_MS = 30_000',
    to: 'RETRY_MAX_MS = 60_000',
    why: 'the platform lookup asked again up to a minute apart',
  },
  {
    file: 'src/machines/app-update.machine.ts',
    from: 'UPDATE_REMIND_MS = 30 * 60_000',
    to: 'UPDATE_REMIND_MS = 15 * 60_000',
    why: "'Depois' hides the update notice for 15 minutes",
  },
  {
    file: 'src/machines/carousel.machine.ts',
    from: 'ADVANCE_MS = 6000',
    to: 'ADVANCE_MS = 5000',
    why: 'the banners advance every 5 s',
  },
  {
    file: 'src/machines/download.machine.ts',
    from: 'STALL_TIMEOUT_MS = 30_000',
    to: 'STALL_TIMEOUT_MS = 60_000',
    why: 'a hung download noticed after a minute',
  },
  {
    file: 'src/machines/pix-payment.machine.ts',
    from: 'COUNTDOWN_TICK_MS = 1000',
    to: 'COUNTDOWN_TICK_MS = 2000',
    why: "'Expira em' changes every 2 s",
  },
  {
    file: 'src/machines/pix-payment.machine.ts',
    from: '[3000, 5000, 8000, 13000, 21000, 30000]',
    to: '[3000, 5000, 8000, 13000, 21000, 60000]',
    why: 'the payment checked every minute after the fifth check',
  },
  {
    file: 'src/machines/pix-payment.machine.ts',
    from: '[3000, 5000, 8000, 13000, 21000, 30000]',
    to: '[2000, 5000, 8000, 13000, 21000, 30000]',
    why: 'the first payment check after 2 s',
  },
  {
    file: 'src/machines/boot.machine.ts',
    from: "['authentication', 'httpClient', 'translations', 'errorReporting', 'eventBus']",
    to: "['httpClient', 'authentication', 'translations', 'errorReporting', 'eventBus']",
    why: 'the HTTP client set up before the authentication step',
  },
  // The root's rules between the actors (src/machines/app.machine.ts), each removed or turned around.
  {
    file: 'src/machines/app.machine.ts',
    from: '[ROUTE_PATHS.index, ROUTE_PATHS.home]',
    to: '[ROUTE_PATHS.index]',
    why: 'no LGPD prompt on /home, where / leads',
  },
  {
    file: 'src/machines/app.machine.ts',
    from: "tell(enqueue, system, APP_ACTORS.session, { type: 'user.refresh' })",
    to: "tell(enqueue, system, APP_ACTORS.session, { type: 'user.refresh.never' })",
    why: 'accepting the LGPD terms does not read the student again',
  },
  {
    file: 'src/machines/app.machine.ts',
    from: "tell(enqueue, system, APP_ACTORS.appUpdate, { type: 'update.available' })",
    to: "tell(enqueue, system, APP_ACTORS.appUpdate, { type: 'update.never' })",
    why: "'Nova versão disponível' never offered",
  },
  {
    file: 'src/machines/app.machine.ts',
    from: 'if (event.userId === null && event.previous !== undefined && accessibility)',
    to: 'if (event.userId === null && event.previous === undefined && accessibility)',
    why: "after 'Sair' /login drops the student's settings (a page opened signed out keeps none either)",
  },
  {
    file: 'src/machines/app.machine.ts',
    from: "if (event.userId !== null) enqueue.raise({ type: 'outbox.load' });",
    to: "enqueue.raise({ type: 'outbox.load' });",
    why: "the outbox's code loaded on /login alone",
  },
  {
    file: 'src/machines/app.machine.ts',
    from: "tell(enqueue, system, APP_ACTORS.lgpdConsent, { type: 'lgpd.reset' });",
    to: '',
    why: "the LGPD prompt not asked again after 'Sair' and a sign-in",
  },
  {
    file: 'src/machines/app.machine.ts',
    from: "tell(enqueue, system, APP_ACTORS.errorStore, { type: 'network.offline' });",
    to: '',
    why: 'the error countdown goes on offline (and reloads into a page that cannot load)',
  },
  {
    file: 'src/machines/app.machine.ts',
    from: "tell(enqueue, system, APP_ACTORS.outbox, { type: 'network.online' });",
    to: '',
    why: 'what waits is not sent when the platform answers again',
  },
  {
    file: 'src/machines/app.machine.ts',
    from: "tell(enqueue, system, APP_ACTORS.session, { type: 'session.expired' })",
    to: "tell(enqueue, system, APP_ACTORS.session, { type: 'session.logout' })",
    why: 'a 401 signs out without keeping the place for after sign-in',
  },
];

const only = process.argv.slice(2).flatMap((arg) => arg.split(','));
const mutants = CONSTANT_MUTANTS.filter((m) => only.length === 0 || only.includes(m.file));

/** @returns 'killed' | 'survived' | 'stale' */
function run(mutant) {
  const source = readFileSync(mutant.file, 'utf8');
  if (source.split(mutant.from).length !== 2) return 'stale';
  const result = spawnSync(
    'npx',
    ['vitest', 'related', mutant.file, '--run', '--config', 'vitest.paths-mutation.config.ts', '--bail', '1'],
    { env: { ...process.env, PATHS_MUTANT: JSON.stringify(mutant) }, encoding: 'utf8' },
  );
  return result.status === 0 ? 'survived' : 'killed';
}

const started = Date.now();
const results = mutants.map((mutant) => {
  const status = run(mutant);
  console.log(
    `${status.padEnd(8)} ${mutant.file.replace('src/machines/', '')}: ${mutant.from} → ${mutant.to} (${mutant.why})`,
  );
  return { ...mutant, status };
});
const killed = results.filter((r) => r.status === 'killed').length;
console.log(
  `\nConstant mutants killed by the generated paths: ${killed} of ${results.length}` +
    ` (${((100 * killed) / Math.max(1, results.length)).toFixed(1)} %) in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exitCode = killed === results.length ? 0 : 1;
