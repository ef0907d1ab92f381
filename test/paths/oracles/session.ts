/**
 * The session (docs/product.md §2 Navigation, §4 Auth, §8 401 and "Failure fetching the current
 * user", §9 post-login delay 1 s; decision 0007 "offline never signs out").
 *
 * - Page load: a token with a known user signs in at once (a user older than its freshness — only
 *   the last known one — is read again at once, in the background); a token alone reads the user;
 *   no token: signed out.
 * - Sign-in: POST /auth/token with the country's scope, the token stored, the user read, then the
 *   student goes to the page they wanted. Right after a sign-in any failure to read the user is
 *   the sign-in's failure: the form says why, nothing is kept.
 * - A user read answered "gone" (401, 403, 404, 410) signs out and clears the stored auth; silence
 *   (offline, timeout, 5xx, an unreadable answer) never does: without a known user the session
 *   waits ('Sem conexão com a plataforma…', the token kept) and asks again when the platform
 *   answers, when asked to, or after 30 s.
 * - Signed in: 1 s later the post-login setup runs once (it also reads the user again); its
 *   failure is logged, never signs out. A user read in the background keeps the user shown; a
 *   "gone" answer signs out with 'Sua sessão expirou' (the page kept).
 * - A 401 from the main APIs (`session.expired`): signed out, stored auth cleared, /login says the
 *   session expired. 'Sair': the token revoked (best effort), stored auth cleared, /login.
 */
import type { EventObject } from 'xstate';
import type { User } from '../../../src/services/contract/session';
import { classifyError } from '../../../src/services/http/errors';
import { SPEC, SpecRun, oracleOf, statusOf } from '../oracle';

export interface SessionInput {
  hasToken: boolean;
  cachedUser: User | null;
  lastKnownUser?: User | null;
}

/** What the app reads of the session: its status, the student shown, the sign-in's failure. */
export interface SessionView {
  /** The router's status: signed in, signed out (the form usable), waiting for the platform, or on its way. */
  status: 'authenticated' | 'anonymous' | 'waiting' | 'pending';
  /** The sign-in form is busy ('Entrando…'): signing in, reading the user, waiting for it, signing out. */
  busy: boolean;
  user: User | null;
  /** The signed-in student the views and the other actors follow: while signed in, and while 'Sair' revokes the token. */
  student: User | null;
  /** The post-login setup has started (signed in, past its 1 s): the session ping may start. */
  setupStarted: boolean;
  /** What the sign-in form says went wrong (the app's classification of the failure). */
  loginError: ReturnType<typeof classifyError> | null;
}

type Phase = 'anonymous' | 'loggingIn' | 'loadingUser' | 'waitingForUser' | 'authenticated' | 'loggingOut';

const userGone = (error: unknown) => SPEC.session.userGoneStatuses.includes(statusOf(error) ?? -1);

class SessionRun extends SpecRun<SessionView> {
  private phase: Phase;
  private user: User | null = null;
  /** The user shown is the last known one, older than its freshness. */
  private stale = false;
  private loginError: ReturnType<typeof classifyError> | null = null;
  private nextRoute: string | null = null;
  /** The user being read follows a sign-in. */
  private fromLogin = false;
  /** Why the student is signing out ('Sair': null). */
  private reason: string | null = null;

  constructor(input: SessionInput) {
    super();
    const known = input.cachedUser ?? input.lastKnownUser ?? null;
    if (input.hasToken && known !== null) {
      this.user = known;
      this.stale = input.cachedUser === null;
      this.signedIn();
      if (this.stale) this.request('fetchUser');
    } else if (input.hasToken) {
      this.phase = 'loadingUser';
      this.request('fetchUser');
    }
    this.phase ??= 'anonymous';
  }

  situation(): string {
    if (this.phase !== 'authenticated') return this.phase;
    if (this.running('postLoginDelay')) return 'signed in, before the setup';
    if (this.pending('postLoginSetup')) return 'signed in, setting up';
    return this.pending('fetchUser') ? 'signed in, reading the user' : 'signed in';
  }

  view(): SessionView {
    const { phase } = this;
    return {
      status:
        phase === 'authenticated'
          ? 'authenticated'
          : phase === 'waitingForUser'
            ? 'waiting'
            : phase === 'anonymous'
              ? 'anonymous'
              : 'pending',
      busy: phase !== 'anonymous' && phase !== 'authenticated',
      user: this.user,
      student: phase === 'authenticated' || phase === 'loggingOut' ? this.user : null,
      setupStarted: phase === 'authenticated' && !this.running('postLoginDelay'),
      loginError: this.loginError,
    };
  }

  private signedIn(): void {
    this.phase = 'authenticated';
    this.startTimer('postLoginDelay', SPEC.session.postLoginDelayMs);
  }

  /** Signed out: every request abandoned, the stored auth cleared (`navigate`: /login with the reason). */
  private signOut(navigate: boolean, reason: string | null = null): void {
    this.phase = 'anonymous';
    this.user = null;
    this.stale = false;
    this.fromLogin = false;
    this.cancel('fetchUser', 'postLoginSetup', 'login', 'revokeToken');
    this.stopTimer('postLoginDelay', 'userRetryDelay');
    this.effect('clearAuth');
    if (navigate) this.effect('navigateToLogin', { reason });
  }

  private loadUser(): void {
    this.phase = 'loadingUser';
    this.stopTimer('userRetryDelay');
    this.request('fetchUser');
  }

  /** A background read of the user, unless one is on its way. */
  private refresh(): void {
    if (!this.pending('fetchUser')) this.request('fetchUser');
  }

  send(event: EventObject): void {
    const { phase } = this;
    switch (event.type) {
      case 'session.login': {
        if (phase !== 'anonymous') return;
        const login = event as unknown as {
          username: string;
          password: string;
          country: string;
          nextRoute: string | null;
        };
        this.nextRoute = login.nextRoute;
        this.loginError = null;
        this.phase = 'loggingIn';
        this.request('login', { username: login.username, password: login.password, scope: login.country });
        return;
      }
      case 'session.logout': {
        const reason = (event as unknown as { reason?: string }).reason ?? null;
        if (phase === 'waitingForUser') this.signOut(true, reason);
        else if (phase === 'authenticated') {
          this.reason = reason;
          this.cancel('fetchUser', 'postLoginSetup');
          this.stopTimer('postLoginDelay');
          this.phase = 'loggingOut';
          this.request('revokeToken');
        }
        return;
      }
      case 'session.expired':
        if (phase === 'loadingUser' || phase === 'waitingForUser') this.signOut(false);
        else if (phase === 'authenticated') this.signOut(true, 'expired');
        return;
      case 'user.refresh':
        if (phase === 'waitingForUser') this.loadUser();
        else if (phase === 'authenticated') this.refresh();
        return;
      case 'network.reachable':
        if (phase === 'waitingForUser') this.loadUser();
        else if (phase === 'authenticated' && this.stale) this.refresh();
        return;
    }
  }

  protected onTimer(name: string): void {
    if (name === 'userRetryDelay') this.loadUser();
    else {
      this.request('postLoginSetup', { user: this.user });
      this.refresh();
    }
  }

  protected onDone(request: string, output: unknown): void {
    if (request === 'login') {
      this.effect('storeToken', { token: (output as { access_token: string }).access_token });
      this.fromLogin = true;
      this.loadUser();
    } else if (request === 'fetchUser') {
      this.user = output as User;
      this.stale = false;
      this.effect('storeUser', { user: output });
      if (this.phase === 'loadingUser') {
        if (this.fromLogin) this.effect('navigateAfterLogin', { nextRoute: this.nextRoute });
        this.fromLogin = false;
        this.signedIn();
      }
    } else if (request === 'revokeToken') this.signOut(true, this.reason);
  }

  protected onError(request: string, error: unknown): void {
    if (request === 'login') {
      this.phase = 'anonymous';
      this.loginError = classifyError(error);
    } else if (request === 'fetchUser' && this.phase === 'loadingUser') {
      if (this.fromLogin) {
        this.loginError = classifyError(error);
        this.signOut(false);
      } else if (userGone(error)) this.signOut(false);
      else {
        this.phase = 'waitingForUser';
        this.startTimer('userRetryDelay', SPEC.session.userRetryMs);
      }
    } else if (request === 'fetchUser') {
      if (userGone(error)) this.signOut(true, 'expired');
    } else if (request === 'postLoginSetup') this.effect('logSetupFailure', { error });
    else if (request === 'revokeToken') this.signOut(true, this.reason);
  }
}

/** Time passes: a minute, twice the wait for a user that does not come. */
export const sessionOracle = oracleOf(
  2 * SPEC.session.userRetryMs,
  ['session.login', 'session.logout', 'session.expired', 'user.refresh', 'network.reachable'],
  [
    'anonymous',
    'loggingIn',
    'loadingUser',
    'waitingForUser',
    'signed in, before the setup',
    'signed in, setting up',
    'signed in, reading the user',
    'signed in',
    'loggingOut',
  ],
  (input) => new SessionRun(input as SessionInput),
);
