/**
 * Platform machine (spec §1 "looked up by the site host", §4 "500 or 404 on platform lookup
 * shows the error screen", §8).
 *
 * Input `{ host }` (the site's hostname). Looks the platform up (`lookupPlatform`), applies
 * its brand (`applyPlatform { platform }`), then loads its settings (`loadSettings`) and
 * stores them (`storeSettings { settings }`).
 * - 404 or 500 on the lookup → action `showErrorScreen { error }` (the blocking error
 *   screen with that status), final state `failed`.
 * - Any other lookup failure (offline, timeout, malformed answer) → `unavailable`: the
 *   app keeps the brand it already shows; `platform.retry` looks it up again.
 * - A settings failure never blocks: the platform is `ready` without settings.
 *
 * Tags: `loading`, `ready`, `unavailable`, `failed`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Platform, PlatformSetting } from '../services/contract';
import { ApiError } from '../services/http/errors';

export interface PlatformContext {
  host: string;
  platform: Platform | null;
  settings: Record<string, string | null>;
  error: unknown;
}

export type PlatformEvent = { type: 'platform.retry' };

/** True for the lookup failures spec §4 sends to the error screen: HTTP 404 or 500. */
export function isBlockingLookupFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 500);
}

export const platformMachine = setup({
  types: {
    input: {} as { host: string },
    context: {} as PlatformContext,
    events: {} as PlatformEvent,
  },
  actors: {
    lookupPlatform: fromPromise<Platform, { host: string }>(() =>
      Promise.reject(new Error('lookupPlatform not provided')),
    ),
    loadSettings: fromPromise<PlatformSetting[], { id: number }>(() => Promise.resolve([])),
  },
  actions: {
    applyPlatform: (_, _params: { platform: Platform }) => {},
    storeSettings: (_, _params: { settings: Record<string, string | null> }) => {},
    showErrorScreen: (_, _params: { error: unknown }) => {},
  },
  guards: {
    blockingFailure: ({ event }) => isBlockingLookupFailure((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'platform',
  description: 'Finds the brand of this site host, applies it and loads its settings.',
  context: ({ input }) => ({ host: input.host, platform: null, settings: {}, error: null }),
  initial: 'lookingUp',
  states: {
    lookingUp: {
      description: 'GET /platforms/{host}.',
      tags: 'loading',
      invoke: {
        id: 'lookupPlatform',
        src: 'lookupPlatform',
        input: ({ context }) => ({ host: context.host }),
        onDone: {
          target: 'loadingSettings',
          actions: [
            assign({ platform: ({ event }) => event.output, error: null }),
            { type: 'applyPlatform', params: ({ event }) => ({ platform: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'blockingFailure',
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => event.error }),
              { type: 'showErrorScreen', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          { target: 'unavailable', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    loadingSettings: {
      description: 'GET /platforms/{id}/settings.',
      tags: 'loading',
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ id: context.platform?.id ?? 0 }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ settings: ({ event }) => Object.fromEntries(event.output.map((s) => [s.key, s.value])) }),
            { type: 'storeSettings', params: ({ context }) => ({ settings: context.settings }) },
          ],
        },
        onError: 'ready',
      },
    },
    ready: { description: 'Brand applied; settings known (or empty).', tags: 'ready' },
    unavailable: {
      description: 'The lookup did not answer (offline, timeout, malformed): the current brand stays.',
      tags: 'unavailable',
      on: { 'platform.retry': 'lookingUp' },
    },
    failed: { type: 'final', description: 'Lookup answered 404 or 500: the error screen shows it.', tags: 'failed' },
  },
});
