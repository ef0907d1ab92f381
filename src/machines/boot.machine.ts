/**
 * Boot machine (docs/product.md §4 Startup).
 *
 * Runs the startup steps in the order of `context.steps` (`BOOT_STEPS`: `authentication` →
 * `httpClient` → `translations` → `errorReporting` → `eventBus`) in one state, `runningStep`:
 * it invokes the actor `step` with the current step's name (`context.steps[context.index]`),
 * and decides once, for every step, on its outcome. The app provides `step` with
 * `bootStepActor({ authentication, httpClient, … })`; each step's output is `BootStepResult`
 * (`{ redirect?: string }` or nothing).
 *
 * - A step that asks for a redirect, or throws an error carrying a string `target` (e.g.
 *   `BootRedirectError`) → action `redirect` `{ target }`, final state `redirected`; the app
 *   is not mounted. Where the target leads is the redirect allowlist's decision in the app's
 *   `redirect` (docs/product.md §4: an absolute http(s) address sends the browser there, anything else is
 *   resolved through the router — src/app/wiring/boot.ts, `bootRedirect`).
 * - Any other error: no transition takes it, so the actor stops in XState's `error` status with
 *   that error and nothing is mounted (docs/product.md §4 "Any other thrown error is logged and the app is
 *   not mounted"). `bootOutcome` turns that into `{ kind: 'failed', step, error }`, which the app
 *   logs for developers only (docs/product.md §8; src/app/wiring/boot.ts `runBoot`). No step of the app
 *   throws such an error (each handles its failures), so the machine has no state for it: a
 *   state no real path could reach — only a step's bug ends here.
 * - A step done without a redirect → the next step; after the last one → action `mount`,
 *   final state `mounted`.
 *
 * Output: `{ kind: 'mounted' } | { kind: 'redirected', target }`; `bootOutcome` adds
 * `{ kind: 'failed', step, error }`.
 */
import { assign, fromPromise, setup, toPromise, type ActorRefFrom } from 'xstate';

export { BootRedirectError } from '../services/boot/redirect-error';

export const BOOT_STEPS = ['authentication', 'httpClient', 'translations', 'errorReporting', 'eventBus'] as const;
export type BootStepName = (typeof BOOT_STEPS)[number];
export type BootStepResult = { redirect?: string } | void | undefined;
/** The app's implementation of every startup step, by name. */
export type BootStepImplementations = Record<BootStepName, () => Promise<BootStepResult>>;
export type BootOutcome =
  { kind: 'mounted' } | { kind: 'redirected'; target: string } | { kind: 'failed'; step: BootStepName; error: unknown };

/** The redirect target a step's output or error carries, or null. */
export function redirectTargetOf(value: unknown): string | null {
  if (value && typeof value === 'object') {
    const candidate =
      (value as { redirect?: unknown; target?: unknown }).redirect ?? (value as { target?: unknown }).target;
    if (typeof candidate === 'string' && candidate.length > 0) return candidate;
  }
  return null;
}

interface BootContext {
  /** The startup steps, in the order they run (docs/product.md §4). */
  steps: readonly BootStepName[];
  /** Index in `steps` of the step running (or the last one run). */
  index: number;
  target: string | null;
}

/**
 * The `step` actor of `bootMachine` from the app's step implementations: runs the step named by
 * its input (`{ step }`) and settles as that step does.
 */
export function bootStepActor(steps: BootStepImplementations) {
  return fromPromise<BootStepResult, { step: BootStepName }>(({ input }) => steps[input.step]());
}

const notProvided = fromPromise<BootStepResult, { step: BootStepName }>(({ input }) =>
  Promise.reject(new Error(`boot step "${input.step}" not provided`)),
);

const currentStep = (context: BootContext): BootStepName => context.steps[context.index]!;

export const bootMachine = setup({
  types: {
    context: {} as BootContext,
    output: {} as BootOutcome,
  },
  actors: {
    step: notProvided,
  },
  actions: {
    redirect: (_, _params: { target: string }) => {},
    mount: () => {},
    rememberOutputTarget: assign({ target: ({ event }) => redirectTargetOf((event as { output?: unknown }).output) }),
    rememberErrorTarget: assign({ target: ({ event }) => redirectTargetOf((event as { error?: unknown }).error) }),
    nextStep: assign({ index: ({ context }) => context.index + 1 }),
  },
  guards: {
    outputRedirects: ({ event }) => redirectTargetOf((event as { output?: unknown }).output) !== null,
    errorRedirects: ({ event }) => redirectTargetOf((event as { error?: unknown }).error) !== null,
    hasNextStep: ({ context }) => context.index + 1 < context.steps.length,
  },
}).createMachine({
  id: 'boot',
  description: 'Startup steps of docs/product.md §4, in order; mounts the app only when every step passes.',
  context: { steps: BOOT_STEPS, index: 0, target: null },
  initial: 'runningStep',
  states: {
    runningStep: {
      description:
        'Runs the current startup step (context.steps[context.index]: authentication → httpClient → translations → errorReporting → eventBus).',
      tags: 'booting',
      invoke: {
        id: 'step',
        src: 'step',
        input: ({ context }) => ({ step: currentStep(context) }),
        onDone: [
          { guard: 'outputRedirects', target: 'redirected', actions: 'rememberOutputTarget' },
          { guard: 'hasNextStep', target: 'runningStep', reenter: true, actions: 'nextStep' },
          { target: 'mounted' },
        ],
        // Any other error is taken by no transition: the actor stops in its `error` status.
        onError: { guard: 'errorRedirects', target: 'redirected', actions: 'rememberErrorTarget' },
      },
    },
    redirected: {
      type: 'final',
      description:
        'A step asked for a redirect (or threw one): the app goes to the target through the allowlist; not mounted.',
      tags: ['redirected'],
      entry: { type: 'redirect', params: ({ context }) => ({ target: context.target ?? '/' }) },
    },
    mounted: {
      type: 'final',
      description: 'Every step passed; the app is mounted.',
      tags: ['mounted'],
      entry: 'mount',
    },
  },
  output: ({ context }): BootOutcome => {
    if (context.target !== null) return { kind: 'redirected', target: context.target };
    return { kind: 'mounted' };
  },
});

/**
 * How a started boot actor ended: its output once it reaches `mounted` or `redirected`, or
 * `{ kind: 'failed', step, error }` when a step threw an error without a target (the actor is then
 * in XState's `error` status; `step` is the step that was running). Never rejects.
 */
export function bootOutcome(actor: ActorRefFrom<typeof bootMachine>): Promise<BootOutcome> {
  return toPromise(actor).then(
    (output) => output,
    (error: unknown): BootOutcome => ({ kind: 'failed', step: currentStep(actor.getSnapshot().context), error }),
  );
}
