/**
 * Session machine (spec §2 Navigation behaviours, §4 Auth, §8 401 and user-fetch failure,
 * §9 post-login delay 1 s).
 *
 * Input `{ hasToken, cachedUser }`; context `{ user, loginError, nextRoute, fromLogin }`.
 *
 * Events: `session.login { username, password, country, nextRoute }`, `session.logout { reason? }`
 * (`reason: 'accountDeleted'` after `POST /users/self/delete`: same path, /login says why),
 * `session.expired` (a 401 from the main APIs), `user.refresh`.
 *
 * Actors (provided by the app): `login` ({ username, password, scope } → { access_token }),
 * `fetchUser` (→ User), `revokeToken` (best effort), `postLoginSetup` ({ user } → void).
 * Actions: `storeToken { token }`, `storeUser { user }`, `clearAuth`,
 * `navigateAfterLogin { nextRoute }` (the app keeps only safe same-origin targets),
 * `navigateToLogin { reason }` (null, or why the student was signed out). Delay `postLoginDelay` = 1000 ms.
 *
 * Tags: `anonymous`, `busy`, `authenticated`.
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import type { CountryCode, User } from '../services/contract';
import { ApiError, isUnauthorized } from '../services/http/errors';

/** Post-login setup delay, ms (spec §9). */
export const POST_LOGIN_DELAY_MS = 1000;

/** Shown when a sign-in fails without a server message. */
export const LOGIN_FALLBACK_MESSAGE = 'Não foi possível entrar. Tente novamente.';

export interface SessionInput {
  hasToken: boolean;
  cachedUser: User | null;
}

export interface SessionContext {
  user: User | null;
  loginError: string | null;
  nextRoute: string | null;
  /** True while the user being loaded follows a sign-in (then navigate after it). */
  fromLogin: boolean;
  /** A token was stored when the page loaded. */
  hasToken: boolean;
  /** Why the last 'session.logout' signed the student out (null: they chose 'Sair'). */
  logoutReason: LogoutReason | null;
}

/** Why a logout happened, when it is not the student's 'Sair': the account was deleted (issue 6). */
export type LogoutReason = 'accountDeleted';

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string; country: CountryCode; nextRoute: string | null }
  | { type: 'session.logout'; reason?: LogoutReason }
  | { type: 'session.expired' }
  | { type: 'user.refresh' };

/** The text to show for a failed sign-in or user load. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.data.message || LOGIN_FALLBACK_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return LOGIN_FALLBACK_MESSAGE;
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
    postLoginSetup: fromPromise<void, { user: User }>(() => Promise.resolve()),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    storeUser: (_, _params: { user: User }) => {},
    clearAuth: () => {},
    navigateAfterLogin: (_, _params: { nextRoute: string | null }) => {},
    navigateToLogin: (_, _params: { reason: LogoutReason | null }) => {},
    forgetUser: assign({ user: null, fromLogin: false }),
  },
  guards: {
    hasTokenAndUser: ({ context }) => context.hasToken && context.user !== null,
    hasToken: ({ context }) => context.hasToken,
    cameFromLogin: ({ context }) => context.fromLogin,
    isUnauthorized: ({ event }) => isUnauthorized((event as { error?: unknown }).error),
  },
  delays: {
    postLoginDelay: POST_LOGIN_DELAY_MS,
  },
}).createMachine({
  id: 'session',
  description: 'Signs the student in and out; runs the post-login setup; reacts to 401s.',
  context: ({ input }) => ({
    user: input.cachedUser,
    loginError: null,
    nextRoute: null,
    fromLogin: false,
    hasToken: input.hasToken,
    logoutReason: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Page load: a token with a cached user is signed in at once; a token alone loads the user.',
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
          actions: assign({ loginError: ({ event }) => loginErrorMessage(event.error) }),
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
        onError: {
          // spec §8: failure fetching the current user → logout and clear stored auth.
          target: 'anonymous',
          actions: [
            'clearAuth',
            'forgetUser',
            assign({
              loginError: ({ context, event }) => (context.fromLogin ? loginErrorMessage(event.error) : null),
            }),
          ],
        },
      },
      on: {
        'session.expired': { target: 'anonymous', actions: ['clearAuth', 'forgetUser'] },
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
              // The user refresh of the setup (spec §4) runs in the `user` region.
              entry: raise({ type: 'user.refresh' }),
              invoke: {
                id: 'postLoginSetup',
                src: 'postLoginSetup',
                input: ({ context }) => ({ user: context.user as User }),
                onDone: 'ready',
                onError: 'ready',
              },
            },
            ready: { description: 'Post-login setup done.' },
          },
        },
        user: {
          initial: 'idle',
          states: {
            idle: {
              description: 'The user in context is current.',
              on: { 'user.refresh': 'refreshing' },
            },
            refreshing: {
              description: 'GET /users/self in the background; the cached user stays on screen.',
              invoke: {
                id: 'refreshUser',
                src: 'fetchUser',
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ user: ({ event }) => event.output }),
                    { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
                  ],
                },
                onError: [{ guard: 'isUnauthorized', target: '#session.signingOut' }, { target: 'idle' }],
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
      description: 'The session ended on the server (401): clear stored auth and go to /login.',
      always: {
        target: 'anonymous',
        actions: ['clearAuth', 'forgetUser', { type: 'navigateToLogin', params: { reason: null } }],
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
 * `postLoginDelay` (the session ping starts then, spec §4). @param snapshot a session snapshot.
 */
export function postLoginSetupStarted(snapshot: {
  hasTag: (tag: 'authenticated') => boolean;
  matches: (value: { authenticated: { setup: 'waiting' } }) => boolean;
}): boolean {
  return snapshot.hasTag('authenticated') && !snapshot.matches({ authenticated: { setup: 'waiting' } });
}
