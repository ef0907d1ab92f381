/**
 * Cooldown machine: after the platform answers 429 'too many requests' with a
 * `Retry-After`, the form that was refused waits that long before it can be sent again, and shows
 * how long is left ('Muitas tentativas. Tente novamente em M:SS').
 *
 * Context `{ remainingS }`: whole seconds left (0 when idle).
 * Events: `cooldown.start { seconds }` — start (or restart) counting down from `seconds` (≥ 1;
 * a smaller value is taken as 1).
 * Delay `cooldownTick` = 1000 ms: one second off each tick; at 0 → `idle`.
 * Tags: `cooling` while the form must wait.
 */
import { assign, setup } from 'xstate';

/** One tick of the countdown, ms. */
export const COOLDOWN_TICK_MS = 1000;

export interface CooldownContext {
  remainingS: number;
}

export type CooldownEvent = { type: 'cooldown.start'; seconds: number };

export const cooldownMachine = setup({
  types: {
    context: {} as CooldownContext,
    events: {} as CooldownEvent,
  },
  actions: {
    startFrom: assign({
      remainingS: ({ event }) => Math.max(1, Math.ceil((event as CooldownEvent).seconds)),
    }),
    tick: assign({ remainingS: ({ context }) => context.remainingS - 1 }),
  },
  guards: {
    lastSecond: ({ context }) => context.remainingS <= 1,
  },
  delays: {
    cooldownTick: COOLDOWN_TICK_MS,
  },
}).createMachine({
  id: 'cooldown',
  description: 'Counts down the Retry-After of a 429 before a refused form can be sent again.',
  context: { remainingS: 0 },
  initial: 'idle',
  on: {
    'cooldown.start': { target: '.cooling', reenter: true, actions: 'startFrom' },
  },
  states: {
    idle: { description: 'Nothing to wait for: the form can be sent.' },
    cooling: {
      description: 'The platform asked to wait: the form waits remainingS seconds.',
      tags: 'cooling',
      after: {
        cooldownTick: [
          { guard: 'lastSecond', target: 'idle', actions: assign({ remainingS: 0 }) },
          { target: 'cooling', reenter: true, actions: 'tick' },
        ],
      },
    },
  },
});

/** `seconds` as M:SS (e.g. 75 → '1:15'). */
export function formatMinutesSeconds(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
