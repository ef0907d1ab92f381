/**
 * Generated path tests for machines with `after` and `invoke`
 * (docs/testing.md "Generated paths for machines with `after` and `invoke`", verified with xstate 5.33).
 *
 * 1. `definedTransitions(machine)` lists every transition the machine defines, one key per
 *    branch: `<source state id>|<event type>|<branch index>` (eventless: event type `always`).
 * 2. `generatePlans` asks `getShortestPaths` for the shortest path to every reachable state
 *    (per input), then makes one plan per (reached state × sample event): the path plus
 *    that event. This reaches self-transitions and loops back to visited states too.
 * 3. `replay` runs a plan on a REAL actor whose invoked actors are deferred promises and
 *    whose clock is simulated: `xstate.after.*` → clock.increment(delay ms);
 *    `xstate.done.actor.<id>` / `xstate.error.actor.<id>` → resolve / reject that child's
 *    promise; anything else → `actor.send`. After every step the actor must be in the state
 *    the model predicted, with the same tags (what the UI shows).
 * 4. Coverage is measured with the inspection API (`@xstate.microstep` `_transitions`).
 */
import {
  SimulatedClock,
  createActor,
  fromPromise,
  initialTransition,
  transition,
  type AnyActorLogic,
  type AnyStateMachine,
  type EventObject,
  type Snapshot,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { deepStrictEqual } from 'node:assert/strict';
import type { LogEntry, Oracle, OracleRun } from './oracle';

interface NodeLike {
  id: string;
  transitions: Map<string, unknown[]>;
  always?: unknown[];
  states: Record<string, NodeLike>;
}

interface TransitionLike {
  source: NodeLike;
  eventType: string;
}

/** Every transition branch the machine defines, as `state|event|index` keys. */
export function definedTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  const walk = (node: NodeLike) => {
    for (const [eventType, branches] of node.transitions)
      branches.forEach((_, i) => keys.add(`${node.id}|${eventType}|${i}`));
    node.always?.forEach((_, i) => keys.add(`${node.id}|always|${i}`));
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root as unknown as NodeLike);
  return keys;
}

/** Every state node id of the machine (the root excluded). */
export function definedStates(machine: AnyStateMachine): Set<string> {
  const ids = new Set<string>();
  const walk = (node: NodeLike, isRoot: boolean) => {
    if (!isRoot) ids.add(node.id);
    Object.values(node.states).forEach((child) => walk(child, false));
  };
  walk(machine.root as unknown as NodeLike, true);
  return ids;
}

/** The event types the machine reacts to (user events, after, done/error of invokes). */
export function eventTypes(machine: AnyStateMachine): Set<string> {
  const types = new Set<string>();
  for (const key of definedTransitions(machine)) {
    const eventType = key.split('|')[1]!;
    if (eventType !== 'always') types.add(eventType);
  }
  return types;
}

export interface Plan {
  input: unknown;
  events: EventObject[];
  description: string;
}

export interface ModelOptions {
  machine: AnyStateMachine;
  /** Inputs to start from (one traversal each). */
  inputs: unknown[];
  /** Sample events for one event type (payload variants drive guarded branches). */
  samples: (eventType: string) => EventObject[];
  /** Keeps traversal finite when context grows (e.g. counters). */
  serializeState?: (snapshot: Snapshot<unknown> & { value: unknown; context: unknown }) => string;
  /**
   * The product's rules for this machine (test/paths/oracle.ts): with it, every step is checked
   * against the oracle (`replayAgainstOracle`), never against the machine's own `transition`.
   */
  oracle?: Oracle;
  /** What the app reads of the actor (machines without a rendered view), compared with the oracle's view. */
  observe?: (
    snapshot: ReturnType<ReturnType<typeof createActor>['getSnapshot']>,
    actor: ReturnType<typeof createActor>,
  ) => unknown;
  /** The real actor's input for a plan's input (e.g. a wall clock that follows the simulated one). */
  replayInput?: (input: unknown, clock: { now: () => number }) => unknown;
  /**
   * How many events deep the oracle's own paths go (default 3; 0: none): the plans the machine's
   * graph gives are completed with the shortest event sequence to every (state of the rules,
   * event) they do not try — a mutant that merges states of the machine still meets them.
   */
  oracleDepth?: number;
  /** Makes both logs comparable (e.g. a random id replaced by its order of appearance). */
  normalizeLog?: (log: LogEntry[]) => unknown[];
  /**
   * Plans with the same key are replayed once (the first, i.e. the shortest); null: not replayed.
   * Decide on `prefix` (the events that led there) rather than on the machine's context when
   * leaving plans out: a mutant changes its context, not which events were sent.
   */
  planKey?: (
    reached: Snapshot<unknown> & { value: unknown; context: unknown },
    event: EventObject,
    input: unknown,
    prefix: readonly EventObject[],
  ) => string | null | undefined;
}

/** One plan per (reachable state × sample event), from the shortest paths of `getShortestPaths`. */
export function generatePlans({ machine, inputs, samples, serializeState }: ModelOptions): Plan[] {
  const allEvents = [...eventTypes(machine)].flatMap(samples);
  const plans: Plan[] = [];
  for (const input of inputs) {
    const paths = getShortestPaths(machine, {
      input,
      events: allEvents,
      ...(serializeState ? { serializeState: serializeState as never } : {}),
    });
    for (const path of paths) {
      const prefix = path.steps.slice(1).map((step) => step.event as EventObject);
      const reached = path.state as unknown as { can: (event: EventObject) => boolean };
      for (const event of allEvents) {
        if (!reached.can(event)) continue; // no enabled transition: nothing to test
        plans.push({
          input,
          events: [...prefix, event],
          description: `${JSON.stringify(input)}: ${[...prefix, event].map((e) => e.type).join(' → ')}`,
        });
      }
    }
  }
  return plans;
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** The oracle's situations reached while replaying, per machine id (filled by `replayAgainstOracle`). */
export const situationsSeen = new Map<string, Set<string>>();

/** Transition keys covered while replaying, per machine id (filled by `replay`). */
export const coverage = new Map<string, { transitions: Set<string>; states: Set<string> }>();

function coverageOf(machine: AnyStateMachine) {
  let entry = coverage.get(machine.id);
  if (!entry) {
    entry = { transitions: new Set(), states: new Set() };
    coverage.set(machine.id, entry);
  }
  return entry;
}

/** Delay in ms of `xstate.after.<delay>.<state id>` for the current snapshot. */
function delayOf(machine: AnyStateMachine, eventType: string, snapshot: { context: unknown }): number {
  const name = eventType.slice('xstate.after.'.length).split('.')[0]!;
  if (/^\d+$/.test(name)) return Number(name);
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return (delay as (a: { context: unknown }) => number)({ context: snapshot.context });
  throw new Error(`unknown delay ${name}`);
}

/**
 * Replays `plan` on a real actor and checks each step against the model.
 * @param onStep optional extra check after each step (e.g. a rendered view).
 * @throws when the actor's state value or tags differ from the model's.
 */
export interface ReplayHooks {
  /** Called once the actor runs (e.g. render a view subscribed to it); may return a cleanup. */
  onStart?: (actor: ReturnType<typeof createActor>) => (() => void) | void;
  /** Wraps the delivery of each step (e.g. React's `act` when a view is rendered). */
  run?: (step: () => Promise<void>) => Promise<void>;
  /** With an oracle: checks what the view shows against the oracle's view, at the start and after each step. */
  see?: (expected: never, step: string) => void | Promise<void>;
  /** Extra check after the initial state and after each step (e.g. what the view shows). */
  onStep?: (snapshot: ReturnType<ReturnType<typeof createActor>['getSnapshot']>, step: string) => void | Promise<void>;
}

export async function replay(machine: AnyStateMachine, plan: Plan, hooks: ReplayHooks = {}): Promise<void> {
  const pending = new Map<string, Deferred>();
  const actorNames = Object.keys(machine.implementations.actors);
  const fakes = Object.fromEntries(
    actorNames.map((name) => [
      name,
      fromPromise(
        ({ self }) =>
          new Promise((resolve, reject) => {
            pending.set(self.id, { resolve, reject });
          }),
      ),
    ]),
  ) as Record<string, AnyActorLogic>;
  const model = machine.provide({ actors: fakes });
  const clock = new SimulatedClock();
  const seen = coverageOf(machine);
  const actor = createActor(model, {
    input: plan.input,
    clock,
    inspect: (event) => {
      if (event.type === '@xstate.microstep') {
        for (const t of (event as unknown as { _transitions: TransitionLike[] })._transitions) {
          const branches = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
          const index = branches.indexOf(t);
          seen.transitions.add(`${t.source.id}|${t.eventType === '' ? 'always' : t.eventType}|${index}`);
          seen.states.add(t.source.id); // transient (eventless) states are only ever passed through
          (t as unknown as { target?: { id: string }[] }).target?.forEach((node) => seen.states.add(node.id));
        }
      }
      if (event.type === '@xstate.snapshot' && event.actorRef === actorRefHolder.ref) {
        const snapshot = event.snapshot as unknown as { _nodes?: { id: string }[] };
        snapshot._nodes?.forEach((node) => seen.states.add(node.id));
      }
    },
  });
  const actorRefHolder: { ref: unknown } = { ref: actor };
  actor.start();
  const cleanup = hooks.onStart?.(actor);
  await flush();
  await hooks.onStep?.(actor.getSnapshot(), 'start');
  (actor.getSnapshot() as unknown as { _nodes: { id: string }[] })._nodes.forEach((node) => seen.states.add(node.id));

  // Expected states come from the pure model (xstate's `transition`), step by step.
  for (const event of plan.events) {
    const before = actor.getSnapshot();
    const [predicted] = transition(machine, before as never, event as never);
    /** Delivers the step to the real actor; false when the model ignores it here. */
    const deliver = (): boolean => {
      if (event.type.startsWith('xstate.after.')) {
        const stateId = event.type.slice('xstate.after.'.length).split('.').slice(1).join('.');
        const active = (before as unknown as { _nodes: { id: string }[] })._nodes.some((node) => node.id === stateId);
        if (!active) return false; // no such timer here: the model ignores it too
        clock.increment(delayOf(machine, event.type, before));
      } else if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
        const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
        const deferred = pending.get(id);
        if (!deferred || before.children[id] === undefined) return false; // not running: ignored by the model too
        pending.delete(id);
        if (event.type.startsWith('xstate.done')) deferred.resolve((event as { output?: unknown }).output);
        else deferred.reject((event as { error?: unknown }).error);
      } else {
        actor.send(event);
      }
      return true;
    };
    let delivered = false;
    await (hooks.run ?? ((fn) => fn()))(async () => {
      delivered = deliver();
      if (delivered) await flush();
    });
    if (!delivered) continue;
    const after = actor.getSnapshot();
    if (JSON.stringify(after.value) !== JSON.stringify(predicted.value)) {
      throw new Error(
        `${plan.description}: after ${event.type} expected ${JSON.stringify(predicted.value)}, got ${JSON.stringify(after.value)}`,
      );
    }
    const tags = (s: { tags: Set<string> }) => [...s.tags].sort().join(',');
    if (tags(after) !== tags(predicted)) {
      throw new Error(
        `${plan.description}: after ${event.type} expected tags [${tags(predicted)}], got [${tags(after)}]`,
      );
    }
    await hooks.onStep?.(after, `${plan.description} @ ${event.type}`);
  }
  cleanup?.();
  actor.stop();
}

/* ------------------------------------------------------------------------------------------------
 * Replay against the oracle (test/paths/oracle.ts).
 *
 * The machine under test only says WHICH paths to walk (`generateOraclePlans`: its graph, every
 * sample event at every state it reaches). What must be seen after each step comes from the
 * oracle, a model of the product's rules written in the test code with the product's own
 * constants: the observable facts (`view`), the requests and effects with their simulated time
 * (`log`), and how long each wait lasts (`timers`). A mutated constant, guard or target of the
 * machine makes the real actor disagree with the oracle, whatever the mutant's own graph says.
 * ---------------------------------------------------------------------------------------------- */

/** A pseudo event of the plans: time passes (the oracle's `quietMs`); whatever is due fires. */
export const TIME_PASSES = 'time.passes';

/** Invoke id → the name of the actor it runs (`src`), for every invoke the machine defines. */
export function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (node: { invoke?: { id: string; src: unknown }[]; states: Record<string, unknown> }) => {
    for (const invoke of node.invoke ?? []) if (typeof invoke.src === 'string') sources.set(invoke.id, invoke.src);
    Object.values(node.states).forEach((child) => walk(child as never));
  };
  walk(machine.root as never);
  return sources;
}

/** The names of the machine's effect actions (the app provides them): not XState's built-ins. */
export function effectNames(machine: AnyStateMachine): string[] {
  return Object.entries(machine.implementations.actions as Record<string, unknown>)
    .filter(([, impl]) => typeof impl === 'function' && (impl as { type?: unknown }).type === undefined)
    .map(([name]) => name);
}

/**
 * The plans to replay against the oracle: from `getShortestPaths` of the machine (per input), the
 * shortest path to every reached state followed by every sample event of the oracle's event types
 * and the machine's — the ones the machine ignores there, or does not know, too (the oracle may
 * disagree) — by an answer to every request the machine
 * has in flight there, by every timer the machine has running there, and by `time passes`. A plan
 * that is the start of another is dropped (the longer one checks the same steps); `planKey`
 * keeps one plan per key (none for `null`).
 */
export function generateOraclePlans(model: ModelOptions): Plan[] {
  const { machine, inputs, samples, serializeState, planKey, oracle } = model;
  // The student's and the app's events: the oracle's, and any other the machine knows.
  const types = [...new Set([...(oracle?.events ?? []), ...eventTypes(machine)])];
  const allEvents = types.flatMap(samples);
  const userEvents = types.filter((t) => !t.startsWith('xstate.')).flatMap(samples);
  const plans: Plan[] = [];
  const keys = new Set<string>();
  for (const input of inputs) {
    const paths = getShortestPaths(machine, {
      input,
      events: allEvents,
      ...(serializeState ? { serializeState: serializeState as never } : {}),
    });
    for (const path of paths) {
      const prefix = path.steps.slice(1).map((step) => step.event as EventObject);
      const reached = path.state as unknown as {
        can: (event: EventObject) => boolean;
        _nodes: { invoke?: { id: string }[] }[];
      };
      // The invokes running there (the graph's snapshots hold no children to ask).
      const running = new Set(reached._nodes.flatMap((node) => (node.invoke ?? []).map((invoke) => invoke.id)));
      const answers = allEvents.filter((event) => {
        if (event.type.startsWith('xstate.after.')) return reached.can(event);
        // Every answer to a request running there: those it takes, and those it leaves unhandled
        // (e.g. a boot step's error without a target).
        const child = /^xstate\.(done|error)\.actor\.(.*)$/.exec(event.type)?.[2];
        return child !== undefined && running.has(child);
      });
      for (const event of [...userEvents, ...answers, { type: TIME_PASSES }]) {
        const key = planKey?.(path.state as never, event, input, prefix);
        if (key === null) continue;
        if (key !== undefined) {
          if (keys.has(key)) continue;
          keys.add(key);
        }
        plans.push({
          input,
          events: [...prefix, event],
          description: `${JSON.stringify(input)}: ${[...prefix, event].map((e) => e.type).join(' → ')}`,
        });
      }
    }
  }
  if (oracle && (model.oracleDepth ?? 3) > 0) plans.push(...oraclePlans(model, plans, userEvents, samples));
  // Drop every plan that another one starts with.
  const serialize = (events: EventObject[]) => events.map((e) => JSON.stringify(e));
  const starts = new Set<string>();
  for (const plan of plans) {
    const parts = serialize(plan.events);
    for (let n = 1; n < parts.length; n++) starts.add(`${JSON.stringify(plan.input)}|${parts.slice(0, n).join(',')}`);
  }
  return plans.filter((plan) => !starts.has(`${JSON.stringify(plan.input)}|${serialize(plan.events).join(',')}`));
}

const ANSWER = /^xstate\.(done|error)\.actor\.(.*)$/;

/** What one step of a plan does to the oracle's run (the replay does the same, in two halves for a timer). */
function applyToOracle(run: OracleRun, oracle: Oracle, event: EventObject, sources: Map<string, string>): void {
  if (event.type === TIME_PASSES) advanceOracle(run, run.now + oracle.quietMs);
  else if (event.type.startsWith('xstate.after.')) {
    const due = run.timers().get(event.type.slice('xstate.after.'.length).split('.')[0]!);
    advanceOracle(run, due ?? run.now + oracle.quietMs);
  } else if (ANSWER.test(event.type)) {
    const id = ANSWER.exec(event.type)![2]!;
    const src = sources.get(id) ?? id;
    if (!run.pending(src)) return;
    run.settle(
      src,
      event.type.startsWith('xstate.done.')
        ? { output: (event as { output?: unknown }).output }
        : { error: (event as { error?: unknown }).error },
    );
  } else run.send(event);
}

/** An event as the rules see it: an answer by the actor it answers, a timer by its name. */
function ruleEventKey(event: EventObject, sources: Map<string, string>): string {
  const answer = ANSWER.exec(event.type);
  if (answer) {
    const outcome =
      answer[1] === 'done' ? (event as { output?: unknown }).output : (event as { error?: unknown }).error;
    return `${answer[1]} ${sources.get(answer[2]!) ?? answer[2]} ${JSON.stringify(outcome) ?? ''} ${String(outcome)}`;
  }
  if (event.type.startsWith('xstate.after.')) return `after ${event.type.slice('xstate.after.'.length).split('.')[0]}`;
  return JSON.stringify(event);
}

/**
 * The oracle's own plans: breadth first over the pairs (state of the rules, state of the machine)
 * — `OracleRun.key` and the machine's pure `transition` (its `serializeState`) — up to
 * `oracleDepth` events, the shortest sequence to each pair followed by every event there: every
 * sample event, an answer to every request in flight, every timer of the rules, time passing —
 * unless a plan of the machine's graph already sends exactly that sequence. Where the machine
 * agrees with the rules the pairs are the states of the rules; a mutant that forgets a fact
 * splits them, and the sequence that shows it is walked.
 */
function oraclePlans(
  model: ModelOptions,
  machinePlans: Plan[],
  userEvents: EventObject[],
  samples: ModelOptions['samples'],
): Plan[] {
  const { machine, inputs, serializeState } = model;
  const oracle = model.oracle!;
  const depth = model.oracleDepth ?? 3;
  const sources = invokeSources(machine);
  const afterTypes = [...eventTypes(machine)].filter((type) => type.startsWith('xstate.after.'));
  const idsOf = (src: string) => {
    const ids = [...sources].filter(([, s]) => s === src).map(([id]) => id);
    return ids.length > 0 ? ids : [src];
  };
  const simulate = (input: unknown, events: readonly EventObject[]) => {
    const run = oracle.start(input);
    for (const event of events) applyToOracle(run, oracle, event, sources);
    return run;
  };
  type Snap = ReturnType<typeof initialTransition>[0] & { can: (event: EventObject) => boolean };
  /** The machine after `event`, as its graph sees it (time passing: unchanged). */
  const step = (snapshot: Snap, event: EventObject): Snap => {
    try {
      if (event.type === TIME_PASSES) return snapshot;
      if (event.type.startsWith('xstate.after.') && event.type.split('.').length === 3) {
        const timer = afterTypes.find((type) => type.startsWith(`${event.type}.`) && snapshot.can({ type }));
        return timer ? (transition(machine, snapshot as never, { type: timer } as never)[0] as Snap) : snapshot;
      }
      return transition(machine, snapshot as never, event as never)[0] as Snap;
    } catch {
      return snapshot;
    }
  };
  const machineKey = (snapshot: Snap) =>
    serializeState
      ? serializeState(snapshot as never)
      : JSON.stringify([snapshot.value, (snapshot as unknown as { context: unknown }).context]);
  const sequenceOf = (input: unknown, events: readonly EventObject[]) =>
    JSON.stringify([input, events.map((event) => ruleEventKey(event, sources))]);
  // Every sequence the machine's plans already send (and each of their beginnings).
  const sent = new Set<string>();
  for (const plan of machinePlans) {
    for (let n = 1; n <= plan.events.length; n++) sent.add(sequenceOf(plan.input, plan.events.slice(0, n)));
  }
  const extra: Plan[] = [];
  for (const input of inputs) {
    let first: Snap;
    try {
      first = initialTransition(machine, input as never)[0] as Snap;
    } catch {
      continue;
    }
    const seen = new Set([`${oracle.start(input).key()}|${machineKey(first)}`]);
    let frontier: { events: EventObject[]; snapshot: Snap }[] = [{ events: [], snapshot: first }];
    for (let level = 0; level < depth && frontier.length > 0; level++) {
      const next: typeof frontier = [];
      for (const { events: sequence, snapshot } of frontier) {
        const run = simulate(input, sequence);
        const candidates = [
          ...userEvents,
          ...run
            .requests()
            .flatMap((src) =>
              idsOf(src).flatMap((id) => [
                ...samples(`xstate.done.actor.${id}`),
                ...samples(`xstate.error.actor.${id}`),
              ]),
            ),
          ...[...run.timers().keys()].map((name) => ({ type: `xstate.after.${name}` })),
          { type: TIME_PASSES },
        ];
        for (const event of candidates) {
          const events = [...sequence, event];
          const key = sequenceOf(input, events);
          if (!sent.has(key)) {
            sent.add(key);
            extra.push({
              input,
              events,
              description: `${JSON.stringify(input)} (the rules' path): ${events.map((e) => e.type).join(' → ')}`,
            });
          }
          const after = step(snapshot, event);
          const reached = `${simulate(input, events).key()}|${machineKey(after)}`;
          if (!seen.has(reached)) {
            seen.add(reached);
            next.push({ events, snapshot: after });
          }
        }
      }
      frontier = next;
    }
  }
  return extra;
}

/** `value` with the `undefined` properties of its plain objects left out (absent = undefined). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, canonical(v)]),
  );
}

/** @throws an AssertionError with a diff when `actual` and `expected` differ (undefined = absent). */
function assertSame(actual: unknown, expected: unknown, message: string): void {
  deepStrictEqual(canonical(actual), canonical(expected), message);
}

/** Sorts a log by time, then kind and name (a stable sort: the order within one name stays). */
const ordered = (log: readonly LogEntry[]): LogEntry[] =>
  [...log].sort((a, b) => a.at - b.at || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));

/** Moves `clock` to `target` one due timer at a time (SimulatedClock jumps and fires each once). */
function advanceClock(clock: SimulatedClock, target: number): void {
  const timeouts = (clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> }).timeouts;
  for (let fired = 0; ; fired++) {
    if (fired > 20_000) throw new Error('more than 20 000 timers fired in one step: a timer loop');
    let next = Infinity;
    for (const t of timeouts.values()) next = Math.min(next, t.start + t.timeout);
    if (next > target) break;
    clock.set(Math.max(next, clock.now()));
  }
  if (clock.now() < target) clock.set(target);
}

/** Moves the oracle to `target`, firing its timers in the order they are due. */
function advanceOracle(run: OracleRun, target: number): void {
  for (;;) {
    let name: string | undefined;
    let due = Infinity;
    for (const [timer, at] of run.timers()) if (at < due) [name, due] = [timer, at];
    if (name === undefined || due > target) break;
    run.now = Math.max(run.now, due);
    run.fire(name);
  }
  run.now = Math.max(run.now, target);
}

/**
 * Replays `plan` on a real actor (fake requests that settle when the plan says so, recorded
 * effects, a simulated clock) and, at the start and after each step, checks it against a run of
 * `model.oracle`: the requests and effects made so far with their times (`normalizeLog` applied
 * to both), what the app reads of the actor (`model.observe`, for machines without a view), and
 * what the view shows (`hooks.see`, given the oracle's view). A timer step moves the clock to
 * 1 ms before the oracle's due time (nothing may have happened yet), then to it. Every plan ends
 * with time passing (`oracle.quietMs`), so that a wait its last step started, or failed to start,
 * shows.
 * @throws on the first disagreement, naming the plan, the step and the simulated time.
 */
export async function replayAgainstOracle(model: ModelOptions, plan: Plan, hooks: ReplayHooks = {}): Promise<void> {
  const { machine, oracle } = model;
  if (!oracle) throw new Error('replayAgainstOracle needs model.oracle');
  const clock = new SimulatedClock();
  const log: LogEntry[] = [];
  const pending = new Map<string, Deferred & { src: string }>();
  const fakes = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [
      name,
      fromPromise(
        ({ self, input }) =>
          new Promise((resolve, reject) => {
            log.push({ kind: 'request', name, at: clock.now(), ...(input === undefined ? {} : { detail: input }) });
            pending.set(self.id, { resolve, reject, src: name });
          }),
      ),
    ]),
  ) as Record<string, AnyActorLogic>;
  const effects = Object.fromEntries(
    effectNames(machine).map((name) => [
      name,
      (_: unknown, params: unknown) =>
        log.push({ kind: 'effect', name, at: clock.now(), ...(params === undefined ? {} : { detail: params }) }),
    ]),
  );
  const sources = invokeSources(machine);
  const seen = coverageOf(machine);
  const actor = createActor(machine.provide({ actors: fakes, actions: effects as never }), {
    input: model.replayInput ? model.replayInput(plan.input, clock) : plan.input,
    clock,
    inspect: (event) => {
      if (event.type !== '@xstate.microstep') return;
      for (const t of (event as unknown as { _transitions: TransitionLike[] })._transitions) {
        const branches = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
        seen.transitions.add(`${t.source.id}|${t.eventType === '' ? 'always' : t.eventType}|${branches.indexOf(t)}`);
        seen.states.add(t.source.id);
        (t as unknown as { target?: { id: string }[] }).target?.forEach((node) => seen.states.add(node.id));
      }
    },
  });
  // A step's error that no transition takes stops the actor in its `error` status (the boot):
  // an observable outcome, not an unhandled error.
  actor.subscribe({ error: () => {} });
  const run = oracle.start(plan.input);
  const wrap = hooks.run ?? ((fn) => fn());
  const normalize = model.normalizeLog ?? ((entries: LogEntry[]) => entries);

  const situations = situationsSeen.get(machine.id) ?? new Set<string>();
  situationsSeen.set(machine.id, situations);
  const check = async (label: string) => {
    situations.add(run.situation());
    const snapshot = actor.getSnapshot() as unknown as { _nodes?: { id: string }[] };
    snapshot._nodes?.forEach((node) => seen.states.add(node.id));
    const where = `${plan.description}\n  at ${label} (t = ${clock.now()} ms)`;
    assertSame(normalize(ordered(log)), normalize(ordered(run.log)), `${where}: requests and effects`);
    if (model.observe) {
      const seen = await model.observe(actor.getSnapshot() as never, actor as never);
      assertSame(seen, run.view(), `${where}: what the app reads`);
    }
    await hooks.see?.(run.view() as never, where);
  };
  /** Both clocks to `target`; `label` names the check after it. */
  const advance = async (target: number, label: string) => {
    await wrap(async () => {
      advanceClock(clock, target);
      await flush();
    });
    advanceOracle(run, target);
    await check(label);
  };

  actor.start();
  const cleanup = hooks.onStart?.(actor);
  await flush();
  await check('start');
  for (const [index, event] of plan.events.entries()) {
    const label = `step ${index + 1} (${event.type})`;
    if (event.type === TIME_PASSES) {
      await advance(clock.now() + oracle.quietMs, `${label}: ${oracle.quietMs} ms later`);
    } else if (event.type.startsWith('xstate.after.')) {
      const timer = event.type.slice('xstate.after.'.length).split('.')[0]!;
      const due = run.timers().get(timer);
      if (due === undefined) {
        // The machine waits for a timer the product does not have here: time passes instead.
        await advance(clock.now() + oracle.quietMs, `${label}: no '${timer}' due, ${oracle.quietMs} ms later`);
      } else {
        if (due - 1 > clock.now()) await advance(due - 1, `${label}: 1 ms before '${timer}' is due`);
        await advance(due, `${label}: '${timer}' due`);
      }
    } else if (/^xstate\.(done|error)\.actor\./.test(event.type)) {
      const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
      const src = sources.get(id) ?? id;
      const outcome = event.type.startsWith('xstate.done.')
        ? { output: (event as { output?: unknown }).output }
        : { error: (event as { error?: unknown }).error };
      // The running request of that actor: the child of that id, else any child running it.
      const children = actor.getSnapshot().children;
      const child =
        children[id] !== undefined && pending.has(id)
          ? id
          : [...pending].find(([childId, d]) => d.src === src && children[childId] !== undefined)?.[0];
      const deferred = child === undefined ? undefined : pending.get(child);
      await wrap(async () => {
        if (deferred) {
          pending.delete(child!);
          if ('error' in outcome) deferred.reject(outcome.error);
          else deferred.resolve(outcome.output);
        }
        await flush();
      });
      if (run.pending(src)) run.settle(src, outcome);
      await check(`${label}: the ${src} request answered`);
    } else {
      await wrap(async () => {
        actor.send(event);
        await flush();
      });
      run.send(event);
      await check(label);
    }
  }
  // Then time passes: a wait started (or not) by the last step shows now.
  if (plan.events.at(-1)?.type !== TIME_PASSES) {
    await advance(clock.now() + oracle.quietMs, `then ${oracle.quietMs} ms later`);
  }
  cleanup?.();
  actor.stop();
}
