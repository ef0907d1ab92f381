/**
 * The paths replayed in the browser, generated from a machine definition with `xstate/graph`
 * (shared/recipes/model-based-paths.md): never a hand-written list.
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
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { definedStates, definedTransitions, eventTypes } from '../paths/driver';

export interface PlanStep {
  event: EventObject;
  /** Ids of the state nodes active after the step (machine id prefix included). */
  states: string[];
  /** `state id|event type|branch` of every transition the step takes. */
  transitions: string[];
  /** The predicted snapshot's context (the model may read it, e.g. for which branch ran). */
  snapshot: AnyMachineSnapshot;
}

export interface Plan {
  /** `<machine>#<n>`, stable within one generation. */
  id: string;
  /** Active state ids at the start (the machine's initial snapshot). */
  initial: string[];
  steps: PlanStep[];
}

interface TransitionLike {
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] };
  eventType: string;
}

const nodeIds = (snapshot: AnyMachineSnapshot): string[] =>
  (snapshot as unknown as { _nodes: { id: string }[] })._nodes.map((node) => node.id).filter((id) => id.includes('.'));

const keyOf = (t: TransitionLike): string => {
  const branches = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id}|${t.eventType === '' ? 'always' : t.eventType}|${branches.indexOf(t)}`;
};

/** The transitions `event` takes from `snapshot` (the first microstep; no eventless machines here). */
function takenBy(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  return (machine.getTransitionData(snapshot as never, event as never) as unknown as TransitionLike[]).map(keyOf);
}

export interface GenerateOptions {
  machine: AnyStateMachine;
  input?: unknown;
  /** Sample events of one event type (payload variants drive each guarded branch). */
  samples: (eventType: string) => EventObject[];
  /** Transition keys not replayed in the browser (they are listed with the reason). */
  excluded: Record<string, string>;
  /** Keeps the traversal finite when the context grows. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

/** A transition-covering set of event sequences, with each step's predicted states. */
export function generatePlans({ machine, input, samples, excluded, serializeState }: GenerateOptions): Plan[] {
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
      for (const key of takenBy(machine, reached, event)) {
        if (key in excluded) continue;
        const candidate = [...prefix, event];
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
  return kept.map((sequence, n) => {
    let snapshot = initial as AnyMachineSnapshot;
    const steps: PlanStep[] = [];
    for (const event of sequence) {
      const taken = takenBy(machine, snapshot, event);
      [snapshot] = transition(machine, snapshot as never, event as never) as unknown as [AnyMachineSnapshot];
      steps.push({ event, states: nodeIds(snapshot), transitions: taken, snapshot });
    }
    return { id: `${machine.id}#${n + 1}`, initial: nodeIds(initial as AnyMachineSnapshot), steps };
  });
}

/** What the machine defines, for the coverage: state ids and transition keys. */
export function definitionOf(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  return { states: [...definedStates(machine)], transitions: [...definedTransitions(machine)] };
}
