/**
 * Generated path tests for machines with `after` and `invoke`
 * (shared/recipes/model-based-paths.md, verified with xstate 5.33).
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
  transition,
  type AnyActorLogic,
  type AnyStateMachine,
  type EventObject,
  type Snapshot,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';

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
