/**
 * App update machine (docs/offline.md "Updates"; docs/product.md §4 Service worker; docs/architecture.md §D2 "workflows are machines"):
 * when a new version of the app has been deployed and its service worker is installed and
 * waiting, offers the student to switch to it ('Nova versão disponível'); the switch happens
 * only when they accept, so nobody loses what they were typing.
 *
 * Events:
 * - `update.available` — a new service worker is installed and waiting (workbox-window
 *   `waiting`, from the registration in services/pwa/register.ts);
 * - `update.accept` — 'Atualizar agora';
 * - `update.dismiss` — 'Depois': the prompt hides and comes back after `remindDelay`
 *   (`UPDATE_REMIND_MS` = 30 min) or at the next `update.available`.
 *
 * Actor (provided by the app; tests pass fakes): `activate` → void — tells the waiting service
 * worker to take over (skipWaiting) and resolves once it controls the page.
 * Action `reloadPage`: a full reload, so every file of the page is of the new version.
 *
 * States: `idle` → `available` → `activating` → `reloading` (final); a failed activation goes
 * back to `available` with `error` set (the view says so). Tags: `prompt` (show the offer), `busy`.
 */
import { assign, fromPromise, setup } from 'xstate';

/** How long 'Depois' hides the offer, ms. */
export const UPDATE_REMIND_MS = 30 * 60_000;

export interface AppUpdateContext {
  /** Why the last activation failed (null: it did not). */
  error: unknown;
}

export type AppUpdateEvent = { type: 'update.available' } | { type: 'update.accept' } | { type: 'update.dismiss' };

export const appUpdateMachine = setup({
  types: {
    context: {} as AppUpdateContext,
    events: {} as AppUpdateEvent,
  },
  actors: {
    activate: fromPromise<void>(() => Promise.reject(new Error('activate not provided'))),
  },
  actions: {
    reloadPage: () => {},
    clearError: assign({ error: null }),
  },
  delays: {
    remindDelay: UPDATE_REMIND_MS,
  },
}).createMachine({
  id: 'appUpdate',
  description: 'Offers a newly deployed version and switches to it when the student accepts.',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'This tab runs the newest version it knows of.',
      on: { 'update.available': 'available' },
    },
    available: {
      description: "A new version waits: 'Nova versão disponível' with 'Atualizar agora' and 'Depois'.",
      tags: 'prompt',
      on: {
        'update.accept': { target: 'activating', actions: 'clearError' },
        'update.dismiss': { target: 'dismissed', actions: 'clearError' },
      },
    },
    activating: {
      description: 'The waiting service worker takes over; then the page reloads.',
      tags: ['prompt', 'busy'],
      invoke: {
        id: 'activate',
        src: 'activate',
        onDone: 'reloading',
        onError: { target: 'available', actions: assign({ error: ({ event }) => event.error ?? 'failed' }) },
      },
    },
    dismissed: {
      description: "'Depois': hidden for remindDelay, or until another version is installed.",
      after: { remindDelay: 'available' },
      on: { 'update.available': 'available' },
    },
    reloading: {
      description: 'The page reloads into the new version.',
      type: 'final',
      entry: 'reloadPage',
    },
  },
});
