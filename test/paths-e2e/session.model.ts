/**
 * The session's browser model (sessionMachine, docs/product.md §2 Navigation, §4 Auth, §8 401 and "Failure
 * fetching the current user: logout and clear stored auth", §9 post-login delay 1 s).
 *
 * Four page loads, as the machine's four inputs: /login without a token; /courses with a token
 * and a fresh cached user (the `user` cookie); with a token only (no cookie, no last known user);
 * with a token and the last known user but no fresh cookie (its hour has passed). The token ones
 * first sign in as `demo` for real (all answers let through), then remove what that input has not
 * and load /courses again: from then on the page's clock is PAUSED (Playwright's clock), so the
 * 1 s post-login delay and the 30 s retry pass only when the model says so.
 *
 * Every answer the machine waits for is HELD with `page.route` and then sent on to the reference
 * server or answered by the model: `POST /auth/token` (a wrong password is sent on as such: the
 * server answers 401), `GET /users/self` (404 "the user is gone", or a 200 that cannot be read —
 * a malformed answer, the failure that keeps the token), the two settings reads of the post-login
 * setup, `POST /auth/logout`. The 401 rule (§8) is a 401 on a main-API read: the held
 * `/users/self` while the page has no user yet, else the held courses read of /courses (or the
 * one 'Cursos' asks for). A 401 on `/users/self` runs the 401 rule before the read fails, so the
 * user-fetch failure (§8) is driven with a 404 (403 and 410 are the same branch).
 * `network.reachable` is the browser going offline and online again. `user.refresh` is 'Tentar
 * novamente' on the waiting screen, or, signed in, 'Minha conta' → 'Salvar' (a saved profile
 * refreshes the session's user) before the paused clock reaches the 1 s post-login delay — whose
 * own user refresh comes only with the model's `after postLoginDelay` step. `session.logout` is
 * the layout's 'Sair', or the waiting screen's 'Sair' while the session waits for its user. The
 * post-login setup fails (`error: postLoginSetup`) when the platform answers both settings reads
 * with a body that cannot be read: the toasts 'Cód: 8' and 'Cód: 7' show (docs/product.md §8), the setup's
 * failure is logged for developers ('[setup] post-login setup failed' on the console) and the
 * student stays signed in.
 */
import { expect, type BrowserContext, type Page, type Request, type Route } from '@playwright/test';
import { pauseClockSoon } from './clock';
import type { EventObject } from 'xstate';
import { sessionMachine } from '../../src/machines/session.machine';
import { ApiError, ContractError } from '../../src/services/http/errors';
import type { MachineModel } from './model';
import { LAYOUT, SESSION, SPEC_POST_LOGIN_SETUP_MS, TOKEN_COOKIE, USER_COOKIE } from './spec';

/** A user as the samples carry it (only the graph reads it: the browser gets the server's). */
const SAMPLE_USER = { id: 1, name: 'Demo' };
/** The server's answers the model fakes. */
const GONE = { status: 404, json: { message: 'Usuário não encontrado.' } };
const MALFORMED = { status: 200, json: { data: { unexpected: true } } };
/** A settings answer that cannot be read (a 5xx would be retried by the HTTP client on the paused clock). */
const MALFORMED_SETTINGS = { status: 200, json: { data: 42 } };
/** What the session logs when the post-login setup failed (src/app/wiring/session.ts). */
const SETUP_FAILED_LOG = '[setup] post-login setup failed';

type Input = { hasToken: boolean; cachedUser: unknown; lastKnownUser?: unknown };

interface Notes {
  /** Held answers by kind, oldest first. */
  held: Record<'token' | 'self' | 'courses' | 'settings' | 'logout', Route[]>;
  /** Session pings (POST /user-session/log) sent since the paused page load. */
  pings: number;
  /** Courses reads are answered 401 (the 401 rule) while true. */
  expire: boolean;
  /** What /login must say after the last step ('' = no alert, no notice). */
  loginSays: { alert: string; notice: string };
  /** ms run on the paused clock since the last page load. */
  elapsed: number;
  /** `elapsed` before the last 50 ms slice of `settle`. */
  sliceStart: number;
  /**
   * `elapsed` at which the page was signed in, at the latest (null: not signed in): the model
   * answered /users/self then, or the page load's platform lookup was asked for in the slice
   * starting then (the session starts just before it, already signed in with a cached user).
   */
  authAt: number | null;
  /** GET /users/self goes through unheld while true (the account page's own read). */
  passSelf: boolean;
  /** The next /users/self follows the login form's accepted sign-in (the model's own record). */
  afterSignIn: boolean;
  /** Console errors saying the post-login setup failed, since the paused page load. */
  setupFailures: number;
}

const isGone = (event: EventObject) => (event as { error?: unknown }).error instanceof ApiError;

const nav = (page: Page) => page.getByRole('navigation', { name: LAYOUT.nav });
/** The layout's 'Sair' (in the header; the waiting screen has its own). */
const signOut = (page: Page) => page.getByRole('banner').getByRole('button', { name: LAYOUT.signOut });
const cookie = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((c) => c.name === name) ?? null;

/** The oldest held answer of `kind`, once the page has asked for it. */
async function heldOf(notes: Notes, kind: keyof Notes['held']): Promise<Route> {
  await expect.poll(() => notes.held[kind].length, { message: `the page asked for ${kind}` }).toBeGreaterThan(0);
  return notes.held[kind].shift()!;
}

/**
 * With the clock paused, the page's entry loader (a 200 ms timer) and React's Suspense timers run
 * only with the clock: it moves in 50 ms slices until `ready` holds. While signed in, never past
 * 800 ms after the sign-in: the 1 s post-login delay is the model's own step.
 */
async function settle(page: Page, notes: Notes, ready: () => Promise<boolean>) {
  for (let i = 0; i < 24 && !(await ready()); i++) {
    const limit = notes.authAt === null ? Infinity : notes.authAt + 800;
    if (notes.elapsed + 50 <= limit) {
      notes.sliceStart = notes.elapsed;
      await page.clock.runFor(50);
      notes.elapsed += 50;
    }
    await page.waitForTimeout(100);
  }
}

async function signInForReal(page: Page) {
  await page.goto('/login?next_route=%2Fcourses');
  await page.getByRole('textbox', { name: LAYOUT.accessCode }).fill('demo');
  await page.getByLabel(LAYOUT.password).fill('demo1234');
  await page.getByRole('button', { name: LAYOUT.signIn }).click();
  await expect(page).toHaveURL(/\/courses$/);
}

async function fillAndSubmit(page: Page) {
  await page.getByRole('textbox', { name: LAYOUT.accessCode }).fill('demo');
  await page.getByLabel(LAYOUT.password).fill('demo1234');
  await page.getByRole('button', { name: LAYOUT.signIn }).click();
}

const sayInput = (input: Input) =>
  !input.hasToken
    ? 'abre /login?next_route=/courses sem token'
    : input.cachedUser
      ? 'entra como demo e abre /courses de novo (token e usuário em cache, cookie user)'
      : input.lastKnownUser
        ? 'entra como demo, o cookie user vence (passou 1 h; fica o último usuário conhecido) e abre /courses de novo'
        : 'entra como demo, apaga o cookie user e o último usuário conhecido e abre /courses de novo (só o token)';

/** Answers a held /users/self as the event says (done: sent on; error: 404 or malformed). */
async function answerSelf(notes: Notes, event: EventObject, done: boolean, refresh = false) {
  await expect.poll(() => notes.held.self.length, { message: 'GET /users/self asked for' }).toBeGreaterThan(0);
  const fromLogin = notes.afterSignIn;
  notes.afterSignIn = false;
  const gone = isGone(event);
  if (!done && fromLogin) notes.loginSays = { alert: gone ? GONE.json.message : SESSION.malformed, notice: '' };
  // A gone user read in the background signs out as an expired session does: /login says so.
  else if (!done && gone) notes.loginSays = { alert: '', notice: refresh ? SESSION.expired : '' };
  // Every held read of the user gets the same answer (a page's own read of it may be held too).
  // Signed in from here (the clock is paused while the answer arrives).
  if (done && notes.authAt === null) notes.authAt = notes.elapsed;
  for (const route of notes.held.self.splice(0)) {
    if (done) await route.continue();
    else await route.fulfill(gone ? GONE : MALFORMED);
  }
}

export const sessionModel: MachineModel<Notes> = {
  name: 'session',
  title: 'Sessão (entrar, 401, sair, falha ao buscar o usuário, atraso de 1 s da configuração pós-login)',
  machine: sessionMachine,
  generate: {
    inputs: [
      // The token-only load first: its 401 on /users/self comes on /courses (on /login, after a
      // sign-in, a 401 is an answer to show, never the 401 rule — docs/product.md §4).
      { hasToken: true, cachedUser: null },
      { hasToken: false, cachedUser: null },
      { hasToken: true, cachedUser: SAMPLE_USER },
      { hasToken: true, cachedUser: null, lastKnownUser: SAMPLE_USER },
    ],
    samples: (type) => {
      if (type === 'session.login')
        return [{ type, username: 'demo', password: 'demo1234', country: 'BRA', nextRoute: '/courses' }];
      if (type === 'xstate.done.actor.login') return [{ type, output: { access_token: 'token' } }];
      if (type === 'xstate.error.actor.login')
        return [{ type, error: new ApiError(401, { message: SESSION.wrongPassword }, '/auth/token') }];
      if (type === 'xstate.done.actor.fetchUser' || type === 'xstate.done.actor.refreshUser')
        return [{ type, output: SAMPLE_USER }];
      if (type === 'xstate.error.actor.fetchUser' || type === 'xstate.error.actor.refreshUser')
        return [
          { type, error: new ApiError(404, GONE.json, '/users/self') },
          { type, error: new ContractError(['data']) },
        ];
      if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('500') }];
      return [{ type }];
    },
  },
  startSay: (plan) => sayInput(plan.input as Input),
  async start({ page, context, plan }) {
    const input = plan.input as Input;
    const notes: Notes = {
      held: { token: [], self: [], courses: [], settings: [], logout: [] },
      pings: 0,
      expire: false,
      loginSays: { alert: '', notice: '' },
      elapsed: 0,
      sliceStart: 0,
      authAt: null,
      afterSignIn: false,
      passSelf: false,
      setupFailures: 0,
    };
    let holding = false;
    const hold = (kind: keyof Notes['held']) => (route: Route) => {
      if (!holding) return route.continue();
      notes.held[kind].push(route);
    };
    await page.route('**/api/v1/auth/token', hold('token'));
    await page.route('**/api/v1/auth/logout', hold('logout'));
    await page.route('**/api/v1/users/self', (route) =>
      route.request().method() === 'GET' && !notes.passSelf ? hold('self')(route) : route.continue(),
    );
    await page.route(/\/api\/v2\/lms\/courses(\?|$)/, (route) => {
      if (notes.expire) return route.fulfill({ status: 401, json: { message: 'Token expirado.' } });
      return hold('courses')(route);
    });
    await page.route(/\/api\/v1\/lms\/settings\/(clarity_key|imbot_key)$/, hold('settings'));
    let platformAsked = false;
    page.on('console', (message) => {
      if (holding && message.type() === 'error' && message.text().startsWith(SETUP_FAILED_LOG)) notes.setupFailures++;
    });
    page.on('request', (request: Request) => {
      if (!holding) return;
      if (request.method() === 'POST' && request.url().endsWith('/api/v2/user-session/log')) notes.pings++;
      if (!platformAsked && request.url().endsWith('/api/v1/platforms/localhost')) {
        platformAsked = true;
        if (input.cachedUser || input.lastKnownUser) notes.authAt = notes.sliceStart;
      }
    });
    await page.clock.install();
    if (input.hasToken) {
      await signInForReal(page);
      if (!input.cachedUser) {
        // No fresh cached user: its cookie is gone (after its hour, or never written)...
        await context.clearCookies({ name: USER_COOKIE });
        // ...and, for the token-only load, no last known user either.
        if (!input.lastKnownUser) await page.evaluate(() => localStorage.removeItem('lms.user.lastKnown'));
      }
    }
    // From here the page's time passes only when the model says so.
    await pauseClockSoon(page, 100);
    holding = true;
    await page.goto(input.hasToken ? '/courses' : '/login?next_route=%2Fcourses');
    if (!input.hasToken) await settle(page, notes, () => page.getByRole('button', { name: LAYOUT.signIn }).isVisible());
    else if (input.cachedUser || input.lastKnownUser) {
      await settle(page, notes, async () => platformAsked);
      await settle(page, notes, () => signOut(page).isVisible());
    } else await settle(page, notes, async () => notes.held.self.length > 0);
    return notes;
  },
  events: {
    'session.login': {
      say: () => "preenche 'demo' / 'demo1234' e clica em 'Entrar' (POST /auth/token fica retido)",
      drive: async ({ page, notes }) => {
        notes.loginSays = { alert: '', notice: '' };
        await fillAndSubmit(page);
      },
    },
    'xstate.done.actor.login': {
      say: () => 'o servidor de referência aceita o acesso (token)',
      async drive({ notes }) {
        notes.afterSignIn = true;
        await (await heldOf(notes, 'token')).continue();
      },
    },
    'xstate.error.actor.login': {
      say: () => 'o pedido segue com a senha errada: o servidor responde 401',
      async drive({ notes }) {
        const route = await heldOf(notes, 'token');
        const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
        notes.loginSays = { alert: SESSION.wrongPassword, notice: '' };
        await route.continue({ postData: JSON.stringify({ ...body, password: 'senha-errada' }) });
      },
    },
    'xstate.done.actor.fetchUser': {
      say: () => 'o servidor responde GET /users/self (200)',
      drive: ({ notes }, event) => answerSelf(notes, event, true),
    },
    'xstate.error.actor.fetchUser': {
      title: (event) => `xstate.error.actor.fetchUser(${isGone(event) ? '404' : 'malformado'})`,
      say: (event) =>
        isGone(event)
          ? "GET /users/self responde 404 'Usuário não encontrado.' (o usuário não existe mais)"
          : 'GET /users/self responde 200 com um corpo que não é um usuário (malformado)',
      drive: ({ notes }, event) => answerSelf(notes, event, false),
    },
    'xstate.done.actor.refreshUser': {
      say: () => 'o servidor responde a nova leitura de GET /users/self (200)',
      drive: ({ notes }, event) => answerSelf(notes, event, true, true),
    },
    'xstate.error.actor.refreshUser': {
      title: (event) => `xstate.error.actor.refreshUser(${isGone(event) ? '404' : 'malformado'})`,
      say: (event) =>
        isGone(event)
          ? "a nova leitura de GET /users/self responde 404 'Usuário não encontrado.'"
          : 'a nova leitura de GET /users/self responde 200 malformado',
      drive: ({ notes }, event) => answerSelf(notes, event, false, true),
    },
    'session.expired': {
      say: () => 'uma leitura da API principal responde 401 (GET /users/self retido, ou a lista de cursos)',
      async drive({ page, notes }) {
        if (notes.held.self.length > 0) {
          // No user on the page yet: Protected sends to /login?next_route=/courses.
          notes.loginSays = { alert: '', notice: '' };
          await notes.held.self.shift()!.fulfill({ status: 401, json: { message: 'Token expirado.' } });
        } else {
          const signedIn = await signOut(page).isVisible();
          notes.loginSays = { alert: '', notice: signedIn ? SESSION.expired : '' };
          notes.expire = true;
          const held = notes.held.courses.splice(0);
          for (const route of held) await route.fulfill({ status: 401, json: { message: 'Token expirado.' } });
          if (held.length === 0) await nav(page).getByRole('link', { name: LAYOUT.courses }).click();
        }
        await expect(page).toHaveURL(/\/login/);
        notes.expire = false;
      },
    },
    'session.logout': {
      say: () =>
        `clica em 'Sair' (no layout: POST /auth/logout fica retido; na tela '${SESSION.waiting}': sai sem esperar a plataforma)`,
      async drive({ page, notes }) {
        notes.loginSays = { alert: '', notice: '' };
        const waiting = page.getByRole('status').filter({ hasText: SESSION.waiting });
        if (await waiting.isVisible()) await waiting.getByRole('button', { name: LAYOUT.signOut }).click();
        else await signOut(page).click();
      },
    },
    'xstate.done.actor.revokeToken': {
      say: () => 'o servidor revoga o token (POST /auth/logout segue)',
      drive: async ({ notes }) => (await heldOf(notes, 'logout')).continue(),
    },
    'xstate.error.actor.revokeToken': {
      say: () => 'POST /auth/logout responde 500',
      drive: async ({ notes }) =>
        (await heldOf(notes, 'logout')).fulfill({ status: 500, json: { message: 'Erro interno do servidor.' } }),
    },
    'user.refresh': {
      say: () =>
        `clica em '${SESSION.retry}' (sem usuário) ou, com o layout, em 'Minha conta' e '${SESSION.save}' (antes de passar 1 s)`,
      async drive({ page, notes }) {
        if (await page.getByRole('button', { name: SESSION.retry }).isVisible()) {
          await page.getByRole('button', { name: SESSION.retry }).click();
          return;
        }
        // The account page's own read of the user goes through; the session's refresh is held.
        notes.passSelf = true;
        await page.getByRole('banner').getByRole('link', { name: SESSION.myAccount }).click();
        const profile = page.getByRole('region', { name: SESSION.profile });
        await settle(page, notes, () => profile.getByRole('button', { name: SESSION.save }).isVisible());
        await expect(profile.getByRole('textbox', { name: 'Nome', exact: true })).not.toHaveValue('');
        notes.passSelf = false;
        await profile.getByRole('button', { name: SESSION.save }).click();
        await expect(profile.getByRole('status').filter({ hasText: SESSION.saved })).toBeVisible();
      },
    },
    'network.reachable': {
      say: () => 'a internet cai e volta (navegador offline, depois online)',
      async drive({ page, context }) {
        await context.setOffline(true);
        await page.waitForTimeout(200);
        await context.setOffline(false);
      },
    },
    'xstate.after.postLoginDelay.session.authenticated.setup.waiting': {
      say: () => `passa o resto de ${SPEC_POST_LOGIN_SETUP_MS / 1000} s (relógio do Playwright)`,
      async drive({ page, notes }) {
        // Up to 50 ms short of 1 s after the sign-in nothing has run yet; then it runs within 300 ms.
        const signedInAt = notes.authAt ?? 0;
        const early = signedInAt + SPEC_POST_LOGIN_SETUP_MS - 50 - notes.elapsed;
        if (early > 0) await page.clock.runFor(early);
        notes.elapsed += Math.max(early, 0);
        await page.waitForTimeout(200);
        expect(notes.pings, `no session ping ${SPEC_POST_LOGIN_SETUP_MS - 50} ms after the sign-in`).toBe(0);
        for (let i = 0; i < 6 && notes.pings === 0; i++) {
          await page.clock.runFor(50);
          notes.elapsed += 50;
          await page.waitForTimeout(150);
        }
      },
    },
    'xstate.after.userRetryDelay.session.waitingForUser': {
      say: () => 'passam 30 s (relógio do Playwright)',
      drive: ({ page }) => page.clock.runFor(30_000),
    },
    'xstate.error.actor.postLoginSetup': {
      title: () => 'xstate.error.actor.postLoginSetup(configurações malformadas)',
      say: () =>
        `clarity_key e imbot_key respondem 200 com um corpo que não é uma configuração: '${SESSION.analyticsFailed}' e '${SESSION.chatbotFailed}', e a falha da configuração pós-login vai para o console`,
      async drive({ page, notes }) {
        await expect.poll(() => notes.held.settings.length, { message: 'both settings reads' }).toBe(2);
        for (const route of notes.held.settings.splice(0)) await route.fulfill(MALFORMED_SETTINGS);
        await expect.poll(() => notes.setupFailures, { message: `'${SETUP_FAILED_LOG}' on the console` }).toBe(1);
        // The toasts appear on a timer (sonner): the paused clock moves in 50 ms slices, at most 1 s.
        const toasts = [page.getByText(SESSION.analyticsFailed), page.getByText(SESSION.chatbotFailed)];
        const shown = async () => (await toasts[0]!.isVisible()) && (await toasts[1]!.isVisible());
        for (let i = 0; i < 20 && !(await shown()); i++) {
          await page.clock.runFor(50);
          notes.elapsed += 50;
          await page.waitForTimeout(100);
        }
        for (const toast of toasts) await expect(toast).toBeVisible();
      },
    },
    'xstate.done.actor.postLoginSetup': {
      say: () => 'as leituras clarity_key e imbot_key da configuração pós-login seguem para o servidor',
      async drive({ notes }) {
        await expect.poll(() => notes.held.settings.length, { message: 'both settings reads' }).toBe(2);
        for (const route of notes.held.settings.splice(0)) await route.continue();
      },
    },
  },
  states: {
    'session.checking': { say: () => '', expect: async () => {} },
    'session.anonymous': {
      say: ({ notes }) =>
        `/login com 'Entrar'${notes.loginSays.alert ? ` e o alerta '${notes.loginSays.alert}'` : ''}${
          notes.loginSays.notice ? ` e o aviso '${notes.loginSays.notice}'` : ''
        }; sem cookie token nem user`,
      async expect({ page, context, notes }) {
        await expect(page).toHaveURL(/\/login/);
        await settle(page, notes, () => page.getByRole('button', { name: LAYOUT.signIn }).isVisible());
        await expect(page.getByRole('button', { name: LAYOUT.signIn })).toBeEnabled();
        if (notes.loginSays.alert) await expect(page.getByRole('alert')).toContainText(notes.loginSays.alert);
        if (notes.loginSays.notice) await expect(page.getByText(notes.loginSays.notice)).toBeVisible();
        else await expect(page.getByText(SESSION.expired)).toHaveCount(0);
        expect(await cookie(context, TOKEN_COOKIE), 'no stored token').toBeNull();
        expect(await cookie(context, USER_COOKIE), 'no cached user').toBeNull();
        notes.authAt = null;
      },
    },
    'session.loggingIn': {
      say: () => `o botão '${SESSION.signingIn}'`,
      expect: ({ page }) => expect(page.getByRole('button', { name: SESSION.signingIn })).toBeVisible(),
    },
    'session.loadingUser': {
      say: () => 'GET /users/self pedido (retido) e nada do layout ainda',
      async expect({ page, notes }) {
        await expect.poll(() => notes.held.self.length, { message: 'GET /users/self asked for' }).toBeGreaterThan(0);
        await expect(signOut(page)).toHaveCount(0);
      },
    },
    'session.waitingForUser': {
      say: () => `'${SESSION.waiting}' com '${SESSION.retry}' e '${LAYOUT.signOut}'; o cookie token continua`,
      async expect({ page, context, notes }) {
        await settle(page, notes, () => page.getByText(SESSION.waiting).isVisible());
        const waiting = page.getByRole('status').filter({ hasText: SESSION.waiting });
        await expect(waiting).toBeVisible();
        await expect(waiting.getByRole('button', { name: SESSION.retry })).toBeVisible();
        await expect(waiting.getByRole('button', { name: LAYOUT.signOut })).toBeVisible();
        expect(await cookie(context, TOKEN_COOKIE), 'the token stays').not.toBeNull();
      },
    },
    'session.authenticated': {
      say: () => "o layout com 'Sair'; cookie token guardado",
      async expect({ page, context, notes }) {
        await settle(page, notes, () => signOut(page).isVisible());
        await expect(signOut(page)).toBeVisible();
        expect(await cookie(context, TOKEN_COOKIE), 'the token is stored').not.toBeNull();
      },
    },
    'session.authenticated.setup': { say: () => '', expect: async () => {} },
    'session.authenticated.setup.waiting': {
      say: () => 'nenhum ping da sessão ainda (POST /user-session/log)',
      async expect({ page, notes }) {
        await page.waitForTimeout(200);
        expect(notes.pings, 'no session ping before the 1 s delay').toBe(0);
      },
    },
    'session.authenticated.setup.settingUp': {
      say: () => 'o ping da sessão foi enviado; clarity_key e imbot_key pedidos (retidos)',
      async expect({ notes }) {
        await expect.poll(() => notes.pings, { message: 'the session ping' }).toBeGreaterThan(0);
        await expect.poll(() => notes.held.settings.length, { message: 'the settings reads' }).toBeGreaterThan(0);
      },
    },
    'session.authenticated.setup.ready': {
      say: () => "o ping da sessão foi enviado; nenhuma leitura da configuração pendente; o layout com 'Sair'",
      async expect({ page, notes }) {
        expect(notes.pings).toBeGreaterThan(0);
        expect(notes.held.settings.length).toBe(0);
        await expect(signOut(page)).toBeVisible();
      },
    },
    'session.authenticated.user': { say: () => '', expect: async () => {} },
    'session.authenticated.user.checkingFreshness': { say: () => '', expect: async () => {} },
    'session.authenticated.user.idle': {
      say: () => 'nenhuma leitura de GET /users/self pendente',
      async expect({ page, notes }) {
        await page.waitForTimeout(200);
        expect(notes.held.self.length, 'no /users/self pending').toBe(0);
      },
    },
    'session.authenticated.user.refreshing': {
      say: () => "GET /users/self pedido de novo (retido), o layout com 'Sair' continua",
      async expect({ page, notes }) {
        await expect.poll(() => notes.held.self.length, { message: 'GET /users/self asked for' }).toBeGreaterThan(0);
        await expect(signOut(page)).toBeVisible();
      },
    },
    'session.signingOut': { say: () => '', expect: async () => {} },
    'session.loggingOut': {
      say: () => 'POST /auth/logout pedido (retido)',
      expect: ({ notes }) =>
        expect.poll(() => notes.held.logout.length, { message: 'POST /auth/logout asked for' }).toBeGreaterThan(0),
    },
  },
  // Every transition is driven (the waiting screen's 'Sair' and the setup's failure included).
  excluded: {},
};
