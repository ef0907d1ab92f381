/**
 * Session machine (docs/product.md §2 Navigation behaviours, §4 Auth, §8 401 and user-fetch failure,
 * §9 post-login delay 1 s).
 *
 * Input `{ hasToken, cachedUser, lastKnownUser? }`; context `{ user, userStale, loginError,
 * nextRoute, fromLogin }`.
 *
 * Offline never signs out (docs/decisions/0007-offline-keeps-the-last-known-user.md): docs/product.md §8
 * "failure fetching the current user → logout" is applied to *answers* that say the session or
 * the user is gone (401, 403, 404, 410), never to
 * silence (offline, timeout, 5xx, malformed). A page load whose fresh cached user (1 h) expired
 * signs in at once with the last known user (`lastKnownUser`, kept on the device while the token
 * lives) and refreshes it in the background — when the platform answers again if it does not now.
 * Without any known user, a transient failure waits (`waitingForUser`, token kept) and tries again
 * when the platform answers (`network.reachable`) or after `userRetryDelay`.
 *
 * Events: `session.login { username, password, country, nextRoute }`, `session.logout { reason? }`
 * (`reason: 'accountDeleted'` after `POST /users/self/delete`: same path, /login says why),
 * `session.expired` (a 401 from the main APIs), `user.refresh`, `network.reachable` (the platform
 * answers again, services/http/connectivity.ts).
 *
 * Actors (provided by the app): `login` ({ username, password, scope } → { access_token }),
 * `fetchUser` (→ User), `revokeToken` (best effort), `postLoginSetup` ({ user } → void; rejects
 * once all its steps ran when one failed).
 * Actions: `storeToken { token }`, `storeUser { user }`, `clearAuth`,
 * `navigateAfterLogin { nextRoute }` (the app keeps only safe same-origin targets),
 * `navigateToLogin { reason }` (null: 'Sair'; 'accountDeleted'; 'expired': a 401 — /login then
 * says so and keeps the page as `next_route`), `logSetupFailure { error }` (the post-login setup
 * rejected: a step failed; logged for developers, the student stays signed in). Delays `postLoginDelay` = 1000 ms,
 * `userRetryDelay` = 30 000 ms.
 *
 * Tags: `anonymous`, `busy`, `authenticated`, `waitingForNetwork`.
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import type { CountryCode, SessionUser, User } from '../services/contract/session';
import { ApiError, classifyError, type ClassifiedError } from '../services/http/errors';

/** Post-login setup delay, ms (docs/product.md §9). */
export const POST_LOGIN_DELAY_MS = 1000;

/** How long a page load without any known user waits before asking for it again, ms. */
export const USER_RETRY_DELAY_MS = 30_000;

export interface SessionInput {
  hasToken: boolean;
  /** The cached user while fresh (docs/product.md §9: 1 hour), else null. */
  cachedUser: SessionUser | null;
  /** The last user read on this device for this token, however old (null: none). */
  lastKnownUser?: SessionUser | null;
}

export interface SessionContext {
  /**
   * The signed-in student: the session user of the device's cache on a page load, the
   * `GET /users/self` answer once it arrives. Typed as the SessionUser either way: the personal
   * data of the profile is read from the `GET /users/self` query, never from here.
   */
  user: SessionUser | null;
  /** The user in context is older than its freshness and not yet refreshed. */
  userStale: boolean;
  /** Why the last sign-in failed (the view translates it), or null. */
  loginError: ClassifiedError | null;
  nextRoute: string | null;
  /** True while the user being loaded follows a sign-in (then navigate after it). */
  fromLogin: boolean;
  /** A token was stored when the page loaded. */
  hasToken: boolean;
  /** Why the last 'session.logout' signed the student out (null: they chose 'Sair'). */
  logoutReason: LogoutReason | null;
}

/**
 * Why a logout happened, when it is not the student's 'Sair': the account was deleted,
 * or the platform ended the session (401).
 */
export type LogoutReason = 'accountDeleted' | 'expired';

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string; country: CountryCode; nextRoute: string | null }
  | { type: 'session.logout'; reason?: LogoutReason }
  | { type: 'session.expired' }
  | { type: 'user.refresh' }
  | { type: 'network.reachable' };

/** Statuses of `GET /users/self` that say the session or the user is gone (sign out). */
const USER_GONE_STATUSES: readonly number[] = [401, 403, 404, 410];

/** True when `error` is an answer saying the session or the user is gone (not a transient failure). */
export function isUserGone(error: unknown): boolean {
  return error instanceof ApiError && USER_GONE_STATUSES.includes(error.status);
}

/** `navigateToLogin` with the reason of the 'session.logout' that started the sign-out. */
const navigateWithReason = {
  type: 'navigateToLogin',
  params: ({ context }: { context: SessionContext }) => ({ reason: context.logoutReason }),
} as const;

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    login: fromPromise<{ access_token: string }, { username: string; password: string; scope: CountryCode }>(() =>
      Promise.reject(new Error('login not provided')),
    ),
    fetchUser: fromPromise<User>(() => Promise.reject(new Error('fetchUser not provided'))),
    revokeToken: fromPromise<void>(() => Promise.resolve()),
    postLoginSetup: fromPromise<void, { user: SessionUser }>(() => Promise.resolve()),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    storeUser: (_, _params: { user: SessionUser }) => {},
    clearAuth: () => {},
    navigateAfterLogin: (_, _params: { nextRoute: string | null }) => {},
    navigateToLogin: (_, _params: { reason: LogoutReason | null }) => {},
    logSetupFailure: (_, _params: { error: unknown }) => {},
    forgetUser: assign({ user: null, fromLogin: false, userStale: false }),
  },
  guards: {
    hasTokenAndUser: ({ context }) => context.hasToken && context.user !== null,
    hasToken: ({ context }) => context.hasToken,
    cameFromLogin: ({ context }) => context.fromLogin,
    userGone: ({ event }) => isUserGone((event as { error?: unknown }).error),
    userStale: ({ context }) => context.userStale,
  },
  delays: {
    postLoginDelay: POST_LOGIN_DELAY_MS,
    userRetryDelay: USER_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'session',
  description: 'Signs the student in and out; runs the post-login setup; reacts to 401s.',
  context: ({ input }) => ({
    user: input.cachedUser ?? input.lastKnownUser ?? null,
    userStale: input.cachedUser === null && (input.lastKnownUser ?? null) !== null,
    loginError: null,
    nextRoute: null,
    fromLogin: false,
    hasToken: input.hasToken,
    logoutReason: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description:
        'Page load: a token with a cached (or last known, then stale) user is signed in at once; a token alone loads the user.',
      tags: 'busy',
      always: [
        { guard: 'hasTokenAndUser', target: 'authenticated' },
        { guard: 'hasToken', target: 'loadingUser' },
        { target: 'anonymous', actions: 'forgetUser' },
      ],
    },
    anonymous: {
      description: 'Signed out: the login screen is usable.',
      tags: 'anonymous',
      on: {
        'session.login': {
          target: 'loggingIn',
          actions: assign({ nextRoute: ({ event }) => event.nextRoute, loginError: null }),
        },
      },
    },
    loggingIn: {
      description: 'POST /auth/token in flight.',
      tags: ['anonymous', 'busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          const login = event as Extract<SessionEvent, { type: 'session.login' }>;
          return { username: login.username, password: login.password, scope: login.country };
        },
        onDone: {
          target: 'loadingUser',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.output.access_token }) },
            assign({ fromLogin: true }),
          ],
        },
        onError: {
          target: 'anonymous',
          actions: assign({ loginError: ({ event }) => classifyError(event.error) }),
        },
      },
    },
    loadingUser: {
      description: 'GET /users/self after a sign-in or on a page load without a cached user.',
      tags: 'busy',
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          {
            guard: 'cameFromLogin',
            target: 'authenticated',
            actions: [
              assign({ user: ({ event }) => event.output, fromLogin: false }),
              { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
              { type: 'navigateAfterLogin', params: ({ context }) => ({ nextRoute: context.nextRoute }) },
            ],
          },
          {
            target: 'authenticated',
            actions: [
              assign({ user: ({ event }) => event.output }),
              { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
            ],
          },
        ],
        onError: [
          {
            // Right after a sign-in, any failure to read the user is the sign-in's failure: the
            // form says why (in the student's language) and stays usable; nothing is kept.
            guard: 'cameFromLogin',
            target: 'anonymous',
            actions: [assign({ loginError: ({ event }) => classifyError(event.error) }), 'clearAuth', 'forgetUser'],
          },
          {
            // docs/product.md §8: failure fetching the current user → logout and clear stored auth — when the
            // answer says the session or the user is gone.
            guard: 'userGone',
            target: 'anonymous',
            actions: ['clearAuth', 'forgetUser'],
          },
          // Offline, timeout, 5xx, malformed: the token stays; try again when the platform answers.
          { target: 'waitingForUser' },
        ],
      },
      on: {
        'session.expired': { target: 'anonymous', actions: ['clearAuth', 'forgetUser'] },
      },
    },
    waitingForUser: {
      description:
        'A token but no known user, and the platform does not answer: the token is kept; the user is asked for again when the platform answers or after userRetryDelay (30 000 ms).',
      tags: ['busy', 'waitingForNetwork'],
      after: { userRetryDelay: 'loadingUser' },
      on: {
        'network.reachable': 'loadingUser',
        'user.refresh': 'loadingUser',
        'session.expired': { target: 'anonymous', actions: ['clearAuth', 'forgetUser'] },
        // 'Sair' on the waiting screen: nothing to revoke while the platform does not answer;
        // the stored auth is cleared as with the layout's 'Sair' and /login shows.
        'session.logout': {
          target: 'anonymous',
          actions: [
            assign({ logoutReason: ({ event }) => event.reason ?? null }),
            'clearAuth',
            'forgetUser',
            navigateWithReason,
          ],
        },
      },
    },
    authenticated: {
      description: 'Signed in. After 1 s the post-login setup runs; the user can be refreshed.',
      tags: 'authenticated',
      type: 'parallel',
      states: {
        setup: {
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Waiting postLoginDelay (1000 ms) before the post-login setup.',
              after: { postLoginDelay: 'settingUp' },
            },
            settingUp: {
              description: 'Accessibility, chatbot, analytics, LGPD, ping, user refresh; failures never log out.',
              // The user refresh of the setup (docs/product.md §4) runs in the `user` region.
              entry: raise({ type: 'user.refresh' }),
              invoke: {
                id: 'postLoginSetup',
                src: 'postLoginSetup',
                input: ({ context }) => ({ user: context.user as SessionUser }),
                onDone: 'ready',
                // A failed step never signs out nor shows more than the step itself did: logged.
                onError: {
                  target: 'ready',
                  actions: { type: 'logSetupFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            ready: { description: 'Post-login setup done.' },
          },
        },
        user: {
          initial: 'checkingFreshness',
          states: {
            checkingFreshness: {
              description: 'A stale user (page load after its 1 h freshness) is refreshed at once.',
              always: [{ guard: 'userStale', target: 'refreshing' }, { target: 'idle' }],
            },
            idle: {
              description: 'The user in context is current, or waits for the platform to answer to be refreshed.',
              on: {
                'user.refresh': 'refreshing',
                'network.reachable': { guard: 'userStale', target: 'refreshing' },
              },
            },
            refreshing: {
              description: 'GET /users/self in the background; the cached user stays on screen.',
              invoke: {
                id: 'refreshUser',
                src: 'fetchUser',
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ user: ({ event }) => event.output, userStale: false }),
                    { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
                  ],
                },
                // Only an answer that the session or user is gone signs out; silence keeps the student in.
                onError: [{ guard: 'userGone', target: '#session.signingOut' }, { target: 'idle' }],
              },
            },
          },
        },
      },
      on: {
        'session.logout': {
          target: 'loggingOut',
          actions: assign({ logoutReason: ({ event }) => event.reason ?? null }),
        },
        'session.expired': 'signingOut',
      },
    },
    signingOut: {
      description:
        "The session ended on the server (401, or the user is gone): clear stored auth and go to /login, which says 'Sua sessão expirou' and keeps the page.",
      always: {
        target: 'anonymous',
        actions: ['clearAuth', 'forgetUser', { type: 'navigateToLogin', params: { reason: 'expired' } }],
      },
    },
    loggingOut: {
      description: "'Sair': revoke the token (best effort), clear stored auth, go to /login.",
      tags: 'busy',
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        onDone: { target: 'anonymous', actions: ['clearAuth', 'forgetUser', navigateWithReason] },
        onError: { target: 'anonymous', actions: ['clearAuth', 'forgetUser', navigateWithReason] },
      },
    },
  },
});

/**
 * True once the post-login setup of this sign-in (or page load) has started: signed in and past
 * `postLoginDelay` (the session ping starts then, docs/product.md §4). @param snapshot a session snapshot.
 */
export function postLoginSetupStarted(snapshot: {
  hasTag: (tag: 'authenticated') => boolean;
  matches: (value: { authenticated: { setup: 'waiting' } }) => boolean;
}): boolean {
  return snapshot.hasTag('authenticated') && !snapshot.matches({ authenticated: { setup: 'waiting' } });
}

/**
 * The signed-in student: the one answer to "who is signed in" for the app's root actor
 * (src/machines/app.machine.ts: outbox, saved reads and downloads, settings, LGPD) and the
 * views (src/views/session-context.tsx, the downloads' marks) alike (docs/product.md §4 Auth).
 *
 * - `authenticated` (any sub-state, a stale or last known user included: offline never signs
 *   out, docs/decisions/0007-offline-keeps-the-last-known-user.md) → the user in context;
 * - `loggingOut` ('Sair' in progress) → still the user: until the token is revoked the student
 *   is signed in. Their token still works and the outbox sends their waiting writes with it
 *   before it is revoked; their saved reads and downloads are deleted only after it
 *   (docs/offline.md "Signing out and another student"), and the layout keeps their name until
 *   /login shows. Wiring and views switch to null on the same snapshot: the one in `anonymous`;
 * - `checking`, `loggingIn`, `loadingUser`, `waitingForUser` (a token may be stored, but no user
 *   is known yet) and `anonymous` → null. `signingOut` (a 401) passes at once to `anonymous`.
 *
 * @param snapshot a session snapshot (or anything with its `hasTag`, `matches` and `context.user`).
 * @returns the signed-in student, or null when nobody is.
 */
export function signedInStudent(snapshot: {
  hasTag: (tag: 'authenticated') => boolean;
  matches: (value: 'loggingOut') => boolean;
  context: { user: SessionUser | null };
}): SessionUser | null {
  return snapshot.hasTag('authenticated') || snapshot.matches('loggingOut') ? snapshot.context.user : null;
}
