/**
 * The cross-actor paths replayed in Chromium (./app.e2e.ts), generated from the oracle the
 * Vitest replay uses (test/paths/app-model.ts `studentModel`, `errorScreenModel`), and what the
 * report (./reporter.ts) counts as reached for them — the section 'app'.
 *
 * Student plans: `getShortestPaths` (xstate/graph) gives the shortest way to each situation of
 * the student's world; each is extended by one to three of the actions the rules allow (an
 * action without an effect on the world included — 'an hour passes offline' changes nothing,
 * and must not: xstate's `can`, which the Vitest replay filters with, skips it); from those
 * candidates a few are kept, greedily (most new per second of a replay here), until every
 * situation is visited and every action has been taken from every kind of
 * situation — signed in or not (and /login keeping a place or not), online or not, writes
 * waiting or not, the app reopened late or not. One browser context per plan, so their number
 * and length are the run time.
 *
 * The error-screen plan: the platform lookup fails, the countdown runs, the signal goes (the
 * seconds stop) and comes back (they go on), down to the reload into the app — its steps are
 * `errorScreenModel`'s events, its expectations that model's context.
 */
import { createActor, transition, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  BROWSER_START,
  STUDENT_EVENTS,
  errorScreenModel,
  studentModel,
  type BrowserStudentEvent as StudentEvent,
  type ErrorScreenEvent,
  type ErrorScreenWorld,
  type StudentWorld,
} from '../paths/app-model';

/** The report's section (and the describe block's title). */
export const APP_SECTION_NAME = 'app';
export const APP_SECTION_TITLE =
  "Entre os atores: entrar, 'Sair', a internet cai e volta, concluir, 1 h, reabrir, 401; a consulta da plataforma falha (test/paths/app-model.ts)";

export interface StudentPlan {
  /** `app#<n>`. */
  id: string;
  steps: { event: StudentEvent; before: StudentWorld; after: StudentWorld; situation: string; transition: string }[];
  initial: StudentWorld;
}

/** A situation of the student's world in pt-BR (no '.': the report splits ids on it). */
export function situationOf(c: StudentWorld): string {
  const place = c.signedIn ? 'conectado no módulo' : c.keptPlace ? '/login guardando o módulo' : '/login';
  return [
    place,
    c.reachable ? 'com internet' : 'sem internet',
    `${c.writes} concluído(s), ${c.arrived} no servidor`,
    ...(c.reopenedLate ? ['reaberto após 1 h'] : []),
    ...(c.nameFresh ? [] : ['nome da cópia do aparelho']),
  ].join(', ');
}

/** The kind of a situation, for the action coverage. */
const kindOf = (c: StudentWorld): string =>
  [
    c.signedIn ? 'conectado' : c.keptPlace ? '/login guardando o módulo' : '/login',
    c.reachable ? 'com internet' : 'sem internet',
    c.writes > c.arrived ? 'com envios pendentes' : 'nada pendente',
    ...(c.reopenedLate ? ['reaberto após 1 h'] : []),
  ].join(', ');

/** `<kind>|<action>|0`: an action taken from a kind of situation (the report's transition key). */
const transitionKey = (before: StudentWorld, type: string) => `${kindOf(before)}|${type}|0`;

/** The rules allow `type` in `snapshot` (a guard that holds, with or without an effect). */
const allowed = (snapshot: AnyMachineSnapshot, type: string) =>
  studentModel.getTransitionData(snapshot as never, { type } as never).length > 0;

interface Candidate {
  events: StudentEvent[];
  targets: Set<string>;
  /** The oracle after the events. */
  snapshot: AnyMachineSnapshot;
}

/**
 * Every situation's shortest path (xstate/graph), followed by one to `1 + extraSteps` more
 * actions the rules allow: a longer plan may reach what two shorter ones would, for one start.
 * Each candidate carries what it reaches: the situation before each action, and each action by
 * kind of situation.
 */
function candidates(extraSteps: number): Candidate[] {
  const out: Candidate[] = [];
  const reached = (targets: Set<string>, before: StudentWorld, type: string) =>
    new Set(targets).add(`situation:${situationOf(before)}`).add(`action:${transitionKey(before, type)}`);
  // The browser's start and actions only (the LGPD facet is replayed in Vitest).
  const model = createTestModel(studentModel, { events: STUDENT_EVENTS.map((type) => ({ type })) });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true, input: BROWSER_START })) {
    let targets = new Set<string>();
    path.steps.slice(1).forEach((step, i) => {
      targets = reached(targets, path.steps[i]!.state.context as StudentWorld, (step.event as StudentEvent).type);
    });
    const prefix = path.steps.slice(1).map((step) => step.event as StudentEvent);
    let frontier: Candidate[] = [{ events: prefix, targets, snapshot: path.state as AnyMachineSnapshot }];
    for (let k = 0; k <= extraSteps; k++) {
      const next: Candidate[] = [];
      for (const { events, targets: so, snapshot } of frontier)
        for (const type of STUDENT_EVENTS) {
          if (!allowed(snapshot, type)) continue;
          const event = { type } as StudentEvent;
          const [after] = transition(studentModel, snapshot as never, event) as unknown as [AnyMachineSnapshot];
          next.push({
            events: [...events, event],
            targets: reached(so, snapshot.context as StudentWorld, type),
            snapshot: after,
          });
        }
      out.push(...next);
      frontier = next;
    }
  }
  return out;
}

/** Actions a plan may take after a situation's shortest path (more: fewer, longer plans). */
const EXTRA_STEPS = 3;
/**
 * What the choice weighs, in seconds of a replay in Chromium here (measured, rounded): a plan's
 * start (a fresh context, the sign-in, the module) and each action.
 */
const START_COST = 3;
const ACTION_COST: Record<StudentEvent['type'], number> = {
  SIGN_IN: 1.5,
  SAIR: 0.4,
  SIGNAL_LOST: 0.4,
  SIGNAL_BACK: 0.9,
  FINISH: 1.2,
  HOUR_PASSES: 0.6,
  REOPEN: 1.6,
  EXPIRED_401: 0.9,
};

/** Replays `events` on the oracle: each step's context, situation and transition key. */
function stepsOf(events: StudentEvent[]): StudentPlan['steps'] {
  const oracle = createActor(studentModel, { input: BROWSER_START }).start();
  const steps = events.map((event) => {
    const before = oracle.getSnapshot().context;
    oracle.send(event);
    const after = oracle.getSnapshot().context;
    return { event, before, after, situation: situationOf(after), transition: transitionKey(before, event.type) };
  });
  oracle.stop();
  return steps;
}

let cached: StudentPlan[] | null = null;

/**
 * The student plans: chosen greedily from the candidates, the most new situations and actions by
 * kind per second first, until all are reached. Deterministic: numbered from 1.
 */
export function studentPlans(): StudentPlan[] {
  if (cached) return cached;
  const pool = candidates(EXTRA_STEPS);
  const universe = new Set(pool.flatMap((c) => [...c.targets]));
  const covered = new Set<string>();
  const chosen: Candidate[] = [];
  while (covered.size < universe.size) {
    let best: Candidate | null = null;
    let score = 0;
    for (const c of pool) {
      const gain = [...c.targets].filter((t) => !covered.has(t)).length;
      const s = gain / c.events.reduce((sum, e) => sum + ACTION_COST[e.type], START_COST);
      if (s > score) {
        best = c;
        score = s;
      }
    }
    if (!best) break;
    chosen.push(best);
    best.targets.forEach((t) => covered.add(t));
  }
  const initial = createActor(studentModel, { input: BROWSER_START }).getSnapshot().context;
  cached = chosen.map((c, i) => ({ id: `${APP_SECTION_NAME}#${i + 1}`, initial, steps: stepsOf(c.events) }));
  return cached;
}

// ---------------------------------------------------------------------------------------------
// The error-screen plan.

/** A few seconds, the signal lost for two seconds, back, then every second down to the reload. */
export const ERROR_PLAN_EVENTS: ErrorScreenEvent[] = (() => {
  const events: ErrorScreenEvent[] = [{ type: 'SECOND' }, { type: 'SECOND' }, { type: 'SIGNAL_LOST' }];
  events.push({ type: 'SECOND' }, { type: 'SECOND' }, { type: 'SIGNAL_BACK' });
  const oracle = createActor(errorScreenModel).start();
  events.forEach((event) => oracle.send(event));
  while (oracle.getSnapshot().context.reloads === 0) {
    events.push({ type: 'SECOND' });
    oracle.send({ type: 'SECOND' });
  }
  oracle.stop();
  return events;
})();

export const ERROR_PLAN_ID = `${APP_SECTION_NAME}#tela-de-erro`;

/** What the error-screen plan reaches, in pt-BR (its 'states' in the report). */
export function errorSituationOf(c: ErrorScreenWorld): string {
  if (c.reloads > 0) return 'tela de erro: recarregou e entrou no app';
  if (!c.reachable) return 'tela de erro: contagem parada sem internet';
  return c.resumed ? 'tela de erro: contagem retomada com a internet de volta' : 'tela de erro: contando';
}

/** What the report counts for the section 'app': situations and actions by kind of situation. */
export function appDefinition(): { states: string[]; transitions: string[] } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  // The browser's actions only (the LGPD facet's are replayed in Vitest).
  const browserAction = (key: string) => (STUDENT_EVENTS as readonly string[]).includes(key.split('|')[1]!);
  for (const c of candidates(0))
    for (const target of c.targets) {
      if (target.startsWith('situation:')) states.add(target.slice('situation:'.length));
      else if (browserAction(target.slice('action:'.length))) transitions.add(target.slice('action:'.length));
    }
  const oracle = createActor(errorScreenModel).start();
  states.add(errorSituationOf(oracle.getSnapshot().context));
  for (const event of ERROR_PLAN_EVENTS) {
    const before = oracle.getSnapshot().context;
    oracle.send(event);
    states.add(errorSituationOf(oracle.getSnapshot().context));
    transitions.add(`${errorSituationOf(before)}|${event.type}|0`);
  }
  oracle.stop();
  return { states: [...states], transitions: [...transitions] };
}
