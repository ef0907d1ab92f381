/**
 * LGPD consent machine (docs/product.md §4 "LGPD: if the user is on / and has not accepted, after 1 s an
 * acceptance prompt event is emitted"; §7 `POST /users/updateAcceptedLgpd`; §9 prompt delay 1 s).
 *
 * Events:
 * - `lgpd.update { due }` — sent by the app (wiring `followLgpdConsent`) whenever the facts
 *   change: `due` = a student is signed in, has not accepted (`accepted_lgpd` false) and is on
 *   an LGPD prompt path (`/`, or `/home` where `/` redirects on platform 1);
 * - `lgpd.accept` ('Aceitar'), `lgpd.postpone` (Escape: asked again on the next visit, i.e.
 *   after a reload or the next sign-in), `lgpd.reset` (sign-out or another student: start over).
 *
 * Flow: `idle` → (due) `waiting` → after `lgpdPromptDelay` (1000 ms) `prompting` (action
 * `emitPrompt`: `lgpd.prompt` on the event bus) → `accepting` (actor `acceptLgpd`) → `accepted`
 * (action `refreshUser`; the prompt never returns for this student) | `failed` (the dialog stays
 * with the error; 'Aceitar' tries again). Leaving the prompt paths while `waiting` cancels.
 *
 * Tags: `prompt` (the dialog shows), `busy` (acceptance in flight), `error` (the last one failed).
 */
import { assign, fromPromise, setup } from 'xstate';

/** LGPD prompt delay, ms (docs/product.md §9). */
export const LGPD_PROMPT_DELAY_MS = 1000;

export interface LgpdConsentContext {
  /** Why the last acceptance failed (shown in the dialog), else null. */
  error: unknown;
}

export type LgpdConsentEvent =
  { type: 'lgpd.update'; due: boolean } | { type: 'lgpd.accept' } | { type: 'lgpd.postpone' } | { type: 'lgpd.reset' };

export const lgpdConsentMachine = setup({
  types: {
    context: {} as LgpdConsentContext,
    events: {} as LgpdConsentEvent,
  },
  actors: {
    acceptLgpd: fromPromise<void>(() => Promise.reject(new Error('acceptLgpd not provided'))),
  },
  actions: {
    emitPrompt: () => {},
    refreshUser: () => {},
  },
  guards: {
    isDue: ({ event }) => event.type === 'lgpd.update' && event.due,
    isNotDue: ({ event }) => event.type === 'lgpd.update' && !event.due,
  },
  delays: {
    lgpdPromptDelay: LGPD_PROMPT_DELAY_MS,
  },
}).createMachine({
  id: 'lgpdConsent',
  description: 'Asks a student who has not accepted the LGPD terms, 1 s after arriving on /, to accept them.',
  context: { error: null },
  initial: 'idle',
  on: {
    'lgpd.reset': { target: '.idle', actions: assign({ error: null }) },
  },
  states: {
    idle: {
      description: 'Nothing to ask (signed out, accepted, or not on /).',
      on: { 'lgpd.update': { guard: 'isDue', target: 'waiting' } },
    },
    waiting: {
      description: 'On / without acceptance: waiting lgpdPromptDelay (1000 ms) before prompting.',
      after: { lgpdPromptDelay: 'prompting' },
      on: { 'lgpd.update': { guard: 'isNotDue', target: 'idle' } },
    },
    prompting: {
      description: "The dialog asks for acceptance ('Aceitar'); Escape postpones.",
      tags: 'prompt',
      entry: 'emitPrompt',
      on: { 'lgpd.accept': 'accepting', 'lgpd.postpone': 'postponed' },
    },
    accepting: {
      description: 'POST /users/updateAcceptedLgpd in flight.',
      tags: ['prompt', 'busy'],
      invoke: {
        id: 'acceptLgpd',
        src: 'acceptLgpd',
        onDone: { target: 'accepted', actions: [assign({ error: null }), 'refreshUser'] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: {
      description: 'The acceptance failed: the dialog stays with the reason; Aceitar tries again.',
      tags: ['prompt', 'error'],
      on: { 'lgpd.accept': 'accepting', 'lgpd.postpone': { target: 'postponed', actions: assign({ error: null }) } },
    },
    accepted: { description: 'Accepted: the user is refreshed and the prompt never returns.' },
    postponed: { description: 'Dismissed with Escape: asked again on the next visit (reload or sign-in).' },
  },
});
