/**
 * Session ping machine (docs/product.md §4 post-login setup "session ping", §7 v2 `POST /user-session/log`,
 * §9 "every 5 minutes (300000 ms) when enforce_session_throttle is set").
 *
 * Follows two facts, sent by the app (wiring `followSessionPing`):
 * - `ping.session { signedIn }`: a student is signed in and the post-login setup has started;
 * - `ping.platform { throttle }`: the platform's `enforce_session_throttle`.
 * While both are true it pings at once, then every `pingInterval` (default
 * `SESSION_PING_INTERVAL_MS` = 300 000 ms; the app may provide a shorter one by configuration).
 * Either becoming false (logout, 401, another platform) stops it.
 *
 * A failed ping is retried at the next tick and never signs the student out by itself; a 401
 * answer signs out through the HTTP client's 401 rule (docs/product.md §8), which sends `ping.session
 * { signedIn: false }` here.
 *
 * Actor: `ping` (→ void). Tags: `active` (pinging or waiting), `pinging`.
 */
import { assign, fromPromise, setup } from 'xstate';

/** Session ping interval, ms (docs/product.md §9). */
export const SESSION_PING_INTERVAL_MS = 300_000;

export interface SessionPingContext {
  signedIn: boolean;
  throttle: boolean;
  /** Pings that failed in a row (for developers; never shown). */
  failures: number;
}

export type SessionPingEvent =
  { type: 'ping.session'; signedIn: boolean } | { type: 'ping.platform'; throttle: boolean };

export const sessionPingMachine = setup({
  types: {
    context: {} as SessionPingContext,
    events: {} as SessionPingEvent,
  },
  actors: {
    ping: fromPromise<void>(() => Promise.resolve()),
  },
  actions: {
    rememberSession: assign({
      signedIn: ({ event }) => (event.type === 'ping.session' ? event.signedIn : false),
    }),
    rememberPlatform: assign({
      throttle: ({ event }) => (event.type === 'ping.platform' ? event.throttle : false),
    }),
    resetFailures: assign({ failures: 0 }),
  },
  guards: {
    /** Both facts hold after the event that just arrived. */
    shouldPing: ({ context, event }) =>
      (event.type === 'ping.session' ? event.signedIn : context.signedIn) &&
      (event.type === 'ping.platform' ? event.throttle : context.throttle),
  },
  delays: {
    pingInterval: SESSION_PING_INTERVAL_MS,
  },
}).createMachine({
  id: 'sessionPing',
  description: 'Logs the session every pingInterval while signed in on a platform with enforce_session_throttle.',
  context: { signedIn: false, throttle: false, failures: 0 },
  initial: 'off',
  states: {
    off: {
      description: 'Nobody signed in, or the platform does not enforce the session throttle.',
      on: {
        'ping.session': [
          { guard: 'shouldPing', target: 'active', actions: 'rememberSession' },
          { actions: 'rememberSession' },
        ],
        'ping.platform': [
          { guard: 'shouldPing', target: 'active', actions: 'rememberPlatform' },
          { actions: 'rememberPlatform' },
        ],
      },
    },
    active: {
      description: 'Signed in on a throttled platform: ping now, then every pingInterval.',
      tags: 'active',
      initial: 'pinging',
      on: {
        'ping.session': [
          { guard: 'shouldPing', actions: 'rememberSession' },
          { target: 'off', actions: ['rememberSession', 'resetFailures'] },
        ],
        'ping.platform': [
          { guard: 'shouldPing', actions: 'rememberPlatform' },
          { target: 'off', actions: ['rememberPlatform', 'resetFailures'] },
        ],
      },
      states: {
        pinging: {
          description: 'v2 POST /user-session/log in flight.',
          tags: 'pinging',
          invoke: {
            id: 'ping',
            src: 'ping',
            onDone: { target: 'waiting', actions: assign({ failures: 0 }) },
            // Retried at the next tick; a 401 signs out through the HTTP client, not here.
            onError: { target: 'waiting', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
          },
        },
        waiting: {
          description: 'Waiting pingInterval (300 000 ms by default) for the next ping.',
          after: { pingInterval: 'pinging' },
        },
      },
    },
  },
});
