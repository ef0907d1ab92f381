/**
 * What a machine's browser model says (one `<machine>.model.ts` per machine, next to this file):
 * - `start`: brings a fresh page to the machine's initial state, returns the model's own notes
 *   (e.g. the seconds the countdown must show — counted by the model from the spec, never read
 *   from the machine);
 * - `events[eventType]`: how the browser makes that event happen (a click, a server answer held
 *   or failed with `page.route`, a fault of the reference server, `page.clock` for time,
 *   `context.setOffline`) and how QA says it in pt-BR;
 * - `states[stateId]`: what the page shows in that state, queried by role and accessible name
 *   with the spec's values (test/paths-e2e/spec.ts), and how QA says it;
 * - `excluded`: transitions (`state id|event type|branch`) and states that cannot be driven in
 *   the browser, each with the reason (listed in the report; the coverage accepts only these).
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { AnyStateMachine, EventObject } from 'xstate';
import type { GenerateOptions, Plan, PlanStep } from './plans';

export interface Driver<N> {
  page: Page;
  context: BrowserContext;
  /** Brand 1 (localhost) of the fresh reference server. */
  baseURL: string;
  plan: Plan;
  /** The step being driven / checked (undefined for the initial state). */
  step: PlanStep | undefined;
  /** The model's own notes for this path. */
  notes: N;
}

export interface MachineModel<N = unknown> {
  /** The docs page name (docs/machines/<name>.md) and the report's section. */
  name: string;
  /** What the machine is about, in pt-BR, for the report. */
  title: string;
  machine: AnyStateMachine;
  generate: Omit<GenerateOptions, 'machine' | 'excluded'>;
  start: (driver: Omit<Driver<N>, 'notes'>) => Promise<N>;
  /** How the path starts, in pt-BR (the report's first step). */
  startSay: (plan: Plan) => string;
  events: Record<
    string,
    {
      say: (event: EventObject) => string;
      drive: (driver: Driver<N>, event: EventObject) => Promise<void>;
      /** The event in a test title, when its type alone does not say which sample it is. */
      title?: (event: EventObject) => string;
    }
  >;
  states: Record<string, { say: (driver: Driver<N>) => string; expect: (driver: Driver<N>) => Promise<void> }>;
  /** Transition keys not replayed in the browser, with the reason. */
  excluded: Record<string, string>;
  /** State ids not reachable in the browser, with the reason. */
  excludedStates?: Record<string, string>;
  /** Browser context options of this machine's paths (e.g. a real service worker). */
  use?: { serviceWorkers?: 'allow' | 'block' };
  /** Prepares what all of this machine's paths share (a build, a server), once per worker. */
  beforeAll?: { timeoutMs: number; run: () => Promise<void> };
  /** Undoes `beforeAll`. */
  afterAll?: () => Promise<void>;
  /**
   * Runs when each path ends, passed or failed, while its page is still open: undoes what must not
   * outlive it (a request held by `page.route` must never reach the shared server later).
   */
  finish?: (driver: Driver<N>) => Promise<void>;
}

/** Any machine's model (their notes differ). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyMachineModel = MachineModel<any>;

/** The plain-language form of an event type for the report's titles (`after` events included). */
export function eventKey(model: AnyMachineModel, type: string): string {
  if (model.events[type]) return type;
  const match = Object.keys(model.events).find((key) => key.endsWith('*') && type.startsWith(key.slice(0, -1)));
  if (!match) throw new Error(`${model.name}: the model does not say how to drive ${type}`);
  return match;
}
