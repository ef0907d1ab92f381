/**
 * Boot machine (spec §4 Startup).
 *
 * Runs the startup steps in order — `authentication` → `httpClient` → `translations` →
 * `errorReporting` → `eventBus` — each an invoked promise actor of that name whose output
 * is `BootStepResult` (`{ redirect?: string }` or nothing).
 *
 * - A step that asks for a redirect: an absolute http(s) address → action `assignLocation`
 *   `{ url }`; anything else → action `navigateRoute` `{ path }`; final state `redirected`;
 *   the app is not mounted.
 * - A step that throws an error carrying a string `target` (e.g. `BootRedirectError`) →
 *   the same redirect handling with that target.
 * - Any other error → action `logError` `{ step, error }`, final state `failed`.
 * - All steps done → action `mount`, final state `mounted`.
 *
 * Output (`BootOutcome`): `{ kind: 'mounted' } | { kind: 'redirected', target } |
 * { kind: 'failed', step, error }`.
 */
import { assign, fromPromise, setup } from 'xstate';

export const BOOT_STEPS = ['authentication', 'httpClient', 'translations', 'errorReporting', 'eventBus'] as const;
export type BootStepName = (typeof BOOT_STEPS)[number];
export type BootStepResult = { redirect?: string } | void | undefined;
export type BootOutcome =
  { kind: 'mounted' } | { kind: 'redirected'; target: string } | { kind: 'failed'; step: BootStepName; error: unknown };

/** Thrown by a step to send the browser to `target` instead of mounting (spec §4). */
export class BootRedirectError extends Error {
  readonly target: string;
  constructor(target: string, message = `redirect to ${target}`) {
    super(message);
    this.name = 'BootRedirectError';
    this.target = target;
  }
}

/** True for an absolute http: or https: URL (the browser goes there); false for anything else. */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

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
  target: string | null;
  failedStep: BootStepName | null;
  error: unknown;
}

const notProvided = (name: BootStepName) =>
  fromPromise<BootStepResult>(() => Promise.reject(new Error(`boot step "${name}" not provided`)));

/** Step name of a `xstate.done.actor.<step>` / `xstate.error.actor.<step>` event. */
const stepOf = (event: { type: string }): BootStepName => event.type.split('.').pop() as BootStepName;

/** One step state: invoke the step; go on to `next`, redirect, or fail. */
function stepState<S extends BootStepName>(step: S, next: string) {
  return {
    description: `Runs the "${step}" startup step.`,
    tags: 'booting',
    invoke: {
      id: step,
      src: step,
      onDone: [{ guard: 'outputRedirects', target: 'redirecting', actions: 'rememberOutputTarget' }, { target: next }],
      onError: [
        { guard: 'errorRedirects', target: 'redirecting', actions: 'rememberErrorTarget' },
        { target: 'failed', actions: 'rememberFailure' },
      ],
    },
  } as const;
}

export const bootMachine = setup({
  types: {
    context: {} as BootContext,
    output: {} as BootOutcome,
  },
  actors: {
    authentication: notProvided('authentication'),
    httpClient: notProvided('httpClient'),
    translations: notProvided('translations'),
    errorReporting: notProvided('errorReporting'),
    eventBus: notProvided('eventBus'),
  },
  actions: {
    assignLocation: (_, _params: { url: string }) => {},
    navigateRoute: (_, _params: { path: string }) => {},
    logError: (_, _params: { step: BootStepName; error: unknown }) => {},
    mount: () => {},
    rememberOutputTarget: assign({ target: ({ event }) => redirectTargetOf((event as { output?: unknown }).output) }),
    rememberErrorTarget: assign({ target: ({ event }) => redirectTargetOf((event as { error?: unknown }).error) }),
    rememberFailure: assign({
      failedStep: ({ event }) => stepOf(event),
      error: ({ event }) => (event as { error?: unknown }).error,
    }),
  },
  guards: {
    outputRedirects: ({ event }) => redirectTargetOf((event as { output?: unknown }).output) !== null,
    errorRedirects: ({ event }) => redirectTargetOf((event as { error?: unknown }).error) !== null,
    isAbsoluteTarget: ({ context }) => context.target !== null && isAbsoluteHttpUrl(context.target),
  },
}).createMachine({
  id: 'boot',
  description: 'Startup steps of spec §4, in order; mounts the app only when every step passes.',
  context: { target: null, failedStep: null, error: null },
  initial: 'authentication',
  states: {
    authentication: stepState('authentication', 'httpClient'),
    httpClient: stepState('httpClient', 'translations'),
    translations: stepState('translations', 'errorReporting'),
    errorReporting: stepState('errorReporting', 'eventBus'),
    eventBus: stepState('eventBus', 'mounted'),
    redirecting: {
      description:
        'A step asked for a redirect: absolute http(s) → the browser goes there; else the router resolves it.',
      always: [
        {
          guard: 'isAbsoluteTarget',
          target: 'redirected',
          actions: { type: 'assignLocation', params: ({ context }) => ({ url: context.target ?? '/' }) },
        },
        {
          target: 'redirected',
          actions: { type: 'navigateRoute', params: ({ context }) => ({ path: context.target ?? '/' }) },
        },
      ],
    },
    redirected: { type: 'final', description: 'Redirect requested; the app is not mounted.', tags: ['redirected'] },
    failed: {
      type: 'final',
      description: 'A step failed; logged for developers; the app is not mounted.',
      tags: ['failed'],
      entry: {
        type: 'logError',
        params: ({ context }) => ({ step: context.failedStep ?? 'authentication', error: context.error }),
      },
    },
    mounted: {
      type: 'final',
      description: 'Every step passed; the app is mounted.',
      tags: ['mounted'],
      entry: 'mount',
    },
  },
  output: ({ context }): BootOutcome => {
    if (context.failedStep) return { kind: 'failed', step: context.failedStep, error: context.error };
    if (context.target !== null) return { kind: 'redirected', target: context.target };
    return { kind: 'mounted' };
  },
});
