/**
 * Global error store + blocking error screen (docs/product.md §2 Error screen, §3 Global error store,
 * §4 "Error screen: hidden or shown", §8, §9: 30 s, ticking every 1 s).
 *
 * The actor IS the store: `showErrorScreen` is the tag `error-screen`, the stored HTTP error
 * is `context.error` (`{ status, data: { message } }` or null).
 *
 * Input `{ countdownFrom?: number }` (seconds, default 30; tests use a small value).
 * Events: `error.show { error }` (place an error: shows the screen; a second error while it is
 * shown changes nothing — the first message and its countdown stay), `countdown.refresh`
 * ('Atualizar'), `network.offline`, `network.online`. Nothing removes the screen: it leaves only
 * by reloading the page (the machine has no `error.clear` event).
 * Delay `countdownTick` = 1000 ms. At zero, or on 'Atualizar', action `reloadPage` runs
 * (a full reload) and the machine waits in `reloading`.
 * Beyond docs/product.md: while offline the countdown pauses (tag `offline`) and resumes online.
 *
 * Tags: `error-screen` (shown), `offline` (paused).
 */
import { assign, setup } from 'xstate';

/** Seconds of the auto-reload countdown (docs/product.md §9). */
export const ERROR_COUNTDOWN_SECONDS = 30;
/** One countdown tick, ms (docs/product.md §9). */
export const COUNTDOWN_TICK_MS = 1000;

/** An error placed in the store: an HTTP status and the server's message, when known. */
export interface StoredError {
  status: number | null;
  data: { message: string | null };
}

export interface ErrorScreenContext {
  error: StoredError | null;
  /** Seconds left before the reload. */
  remaining: number;
  /** Where the countdown starts (the input's, else 30): the screen shows once per page load. */
  countdownFrom: number;
}

export type ErrorScreenEvent =
  | { type: 'error.show'; error: StoredError | null }
  | { type: 'countdown.refresh' }
  | { type: 'network.offline' }
  | { type: 'network.online' };

/** 'Atualizando em: 0:NN' text of `seconds` (two-digit seconds, docs/product.md §2). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export const errorScreenMachine = setup({
  types: {
    input: {} as { countdownFrom?: number },
    context: {} as ErrorScreenContext,
    events: {} as ErrorScreenEvent,
  },
  actions: {
    reloadPage: () => {},
    store: assign({ error: (_, params: { error: StoredError | null }) => params.error }),
    tick: assign({ remaining: ({ context }) => context.remaining - 1 }),
  },
  guards: {
    lastSecond: ({ context }) => context.remaining <= 1,
  },
  delays: {
    countdownTick: COUNTDOWN_TICK_MS,
  },
}).createMachine({
  id: 'errorScreen',
  description: 'Stores the last error and shows the blocking error screen with its reload countdown.',
  context: ({ input }) => {
    const from = input.countdownFrom ?? ERROR_COUNTDOWN_SECONDS;
    return { error: null, remaining: from, countdownFrom: from };
  },
  initial: 'hidden',
  states: {
    hidden: {
      description: 'No error screen.',
      on: {
        'error.show': {
          target: 'shown',
          // The countdown starts from `countdownFrom` (set with the context): the screen shows once a page.
          actions: { type: 'store', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    shown: {
      description: 'The blocking error screen; counts down to a full reload.',
      tags: 'error-screen',
      initial: 'counting',
      states: {
        counting: {
          description: "'Atualizando em: 0:NN' ticks every countdownTick (1000 ms).",
          after: {
            countdownTick: [
              { guard: 'lastSecond', target: '#errorScreen.reloading', actions: 'tick' },
              { target: 'counting', reenter: true, actions: 'tick' },
            ],
          },
          on: { 'network.offline': 'waitingForNetwork' },
        },
        waitingForNetwork: {
          description: 'Offline: the countdown pauses until the connection is back.',
          tags: 'offline',
          on: { 'network.online': 'counting' },
        },
      },
      // A second error while shown is ignored: the first message and its countdown stay.
      on: { 'countdown.refresh': '#errorScreen.reloading' },
    },
    reloading: {
      description: 'Full page reload requested (at zero or on Atualizar).',
      tags: 'error-screen',
      entry: 'reloadPage',
    },
  },
});
