/**
 * The paths replayed in the browser, generated from a machine definition with `xstate/graph`
 * (docs/testing.md "Generated paths for machines with `after` and `invoke`"): never a
 * hand-written list.
 *
 * 1. `getShortestPaths(machine, { events })` gives the shortest event sequence to every reachable
 *    snapshot (value + context), the events being the model's samples of every event type the
 *    machine defines (user events, `xstate.after.*`, `xstate.done/error.actor.*`).
 * 2. For every reached snapshot and every sample event, `machine.getTransitionData` says which
 *    defined transition (branch) that event takes there; each transition keeps the SHORTEST
 *    sequence that takes it (a transition-covering set, not all simple paths).
 * 3. Transitions the model excludes (with its reason) are not replayed; a sequence that is a
 *    prefix of another is dropped (the longer one replays it too).
 * 4. Each step carries what the model predicts: the snapshot after it (pure `transition`), the
 *    state node ids active there, and the transition keys it takes (for the coverage).
 */
import {
  SimulatedClock,
  createActor,
  fromPromise,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { definedStates, definedTransitions, eventTypes } from '../paths/driver';

export interface PlanStep {
  event: EventObject;
  /** Ids of the state nodes active after the step (machine id prefix included). */
  states: string[];
  /** States entered and left within the step (eventless transitions): reached, not checked. */
  passed: string[];
  /** `state id|event type|branch` of every transition the step takes. */
  transitions: string[];
  /** The predicted snapshot's context (the model may read it, e.g. for which branch ran). */
  snapshot: AnyMachineSnapshot;
}

export interface Plan {
  /** `<machine>#<n>`, stable within one generation. */
  id: string;
  /** The machine's input (the model's start brings the page there). */
  input: unknown;
  /** Active state ids at the start (the machine's initial snapshot). */
  initial: string[];
  /** States passed through at the start (eventless transitions of the initial state). */
  initialPassed: string[];
  /** Eventless transitions taken at the start. */
  initialTransitions: string[];
  steps: PlanStep[];
}

interface TransitionLike {
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] };
  eventType: string;
}

const nodeIds = (snapshot: AnyMachineSnapshot): string[] =>
  (snapshot as unknown as { _nodes: { id: string }[] })._nodes.map((node) => node.id).filter((id) => id.includes('.'));

/** States entered but left again within the same step (transient states). */
const passedThrough = (entered: string[], after: AnyMachineSnapshot) =>
  entered.filter((id) => id.includes('.') && !nodeIds(after).includes(id));

const keyOf = (t: TransitionLike): string => {
  const branches = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id}|${t.eventType === '' ? 'always' : t.eventType}|${branches.indexOf(t)}`;
};

/** The transitions `event` takes from `snapshot` (its first microstep only). */
function takenBy(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  return (machine.getTransitionData(snapshot as never, event as never) as unknown as TransitionLike[]).map(keyOf);
}

/**
 * Every transition (eventless ones included) and every state id entered, at the start and by
 * each event of `sequence`: the sequence is sent to a real actor whose invoked actors never
 * settle and whose clock never runs (done/error/after events are sent as the graph sends them),
 * watched with the inspection API (`@xstate.microstep`).
 */
export function trace(
  machine: AnyStateMachine,
  input: unknown,
  sequence: EventObject[],
): { transitions: string[]; entered: string[] }[] {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, never]));
  const steps: { transitions: Set<string>; entered: Set<string> }[] = [{ transitions: new Set(), entered: new Set() }];
  const actor = createActor(machine.provide({ actors: actors as never }), {
    input: input as never,
    clock: new SimulatedClock(),
    inspect: (event) => {
      // Only machines emit microsteps, and the invoked actors here are promises: all are the root's.
      if (event.type !== '@xstate.microstep') return;
      const step = steps.at(-1)!;
      for (const t of (event as unknown as { _transitions: (TransitionLike & { target?: { id: string }[] })[] })
        ._transitions) {
        step.transitions.add(keyOf(t));
        step.entered.add(t.source.id); // a transient state is only seen as a transition's source
        t.target?.forEach((node) => step.entered.add(node.id));
      }
    },
  });
  actor.start();
  for (const event of sequence) {
    steps.push({ transitions: new Set(), entered: new Set() });
    actor.send(event as never);
  }
  actor.stop();
  return steps.map((step) => ({ transitions: [...step.transitions], entered: [...step.entered] }));
}

export interface GenerateOptions {
  machine: AnyStateMachine;
  input?: unknown;
  /** Several starting inputs: each next one only adds paths for what the earlier ones missed. */
  inputs?: unknown[];
  /** Sample events of one event type (payload variants drive each guarded branch). */
  samples: (eventType: string) => EventObject[];
  /** Transition keys not replayed in the browser (they are listed with the reason). */
  excluded: Record<string, string>;
  /** Keeps the traversal finite when the context grows. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

/** A transition-covering set of event sequences, with each step's predicted states. */
export function generatePlans(options: GenerateOptions): Plan[] {
  if (!options.inputs) return plansFrom(options, 1);
  const plans: Plan[] = [];
  for (const input of options.inputs) {
    const covered = new Set(plans.flatMap((p) => [...p.initialTransitions, ...p.steps.flatMap((s) => s.transitions)]));
    const excluded = { ...options.excluded, ...Object.fromEntries([...covered].map((key) => [key, 'covered'])) };
    plans.push(...plansFrom({ ...options, input, excluded }, plans.length + 1));
  }
  return plans;
}

function plansFrom(
  { machine, input, samples, excluded, serializeState }: GenerateOptions,
  firstNumber: number,
): Plan[] {
  const events = [...eventTypes(machine)].flatMap(samples);
  const paths = getShortestPaths(machine, {
    input,
    events,
    ...(serializeState ? { serializeState: serializeState as never } : {}),
  } as never);
  const best = new Map<string, EventObject[]>();
  for (const path of paths) {
    const prefix = path.steps.slice(1).map((step) => step.event as EventObject);
    const reached = path.state as unknown as AnyMachineSnapshot;
    for (const event of events) {
      if (takenBy(machine, reached, event).length === 0) continue;
      const candidate = [...prefix, event];
      // The last step's transitions, eventless ones included.
      for (const key of trace(machine, input, candidate).at(-1)!.transitions) {
        if (key in excluded) continue;
        const known = best.get(key);
        if (!known || candidate.length < known.length) best.set(key, candidate);
      }
    }
  }
  const sequences = [...best.values()].sort((a, b) => b.length - a.length);
  const same = (a: EventObject, b: EventObject) => JSON.stringify(a) === JSON.stringify(b);
  const kept: EventObject[][] = [];
  for (const sequence of sequences) {
    const covered = kept.some((longer) =>
      sequence.every((event, i) => longer[i] !== undefined && same(event, longer[i]!)),
    );
    if (!covered) kept.push(sequence);
  }
  kept.sort((a, b) => a.length - b.length || JSON.stringify(a).localeCompare(JSON.stringify(b)));

  const [initial] = initialTransition(machine, input as never);
  if ((initial as AnyMachineSnapshot).status === 'error')
    throw new Error(`${machine.id}: the initial state fails with this input`);
  const initialKeys = trace(machine, input, [])[0]!.transitions;
  // Another input's start is a path of its own when its eventless transitions are new.
  if (kept.length === 0 && initialKeys.some((key) => !(key in excluded))) kept.push([]);
  return kept.map((sequence, n) => {
    let snapshot = initial as AnyMachineSnapshot;
    const traced = trace(machine, input, sequence);
    const steps: PlanStep[] = [];
    for (const [i, event] of sequence.entries()) {
      [snapshot] = transition(machine, snapshot as never, event as never) as unknown as [AnyMachineSnapshot];
      const { transitions, entered } = traced[i + 1]!;
      steps.push({ event, states: nodeIds(snapshot), passed: passedThrough(entered, snapshot), transitions, snapshot });
    }
    const start = initial as AnyMachineSnapshot;
    return {
      id: `${machine.id}#${firstNumber + n}`,
      input,
      initial: nodeIds(start),
      initialPassed: passedThrough(traced[0]!.entered, start),
      initialTransitions: traced[0]!.transitions,
      steps,
    };
  });
}

/** What the machine defines, for the coverage: state ids and transition keys. */
export function definitionOf(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  return { states: [...definedStates(machine)], transitions: [...definedTransitions(machine)] };
}
