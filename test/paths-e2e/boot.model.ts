/**
 * The startup's browser model (bootMachine, docs/product.md §4 Startup; §2 "If a URL carries an access_token
 * query parameter, it is stored as the session token, the user is fetched, and the user goes to
 * /courses"; §8 "Failure fetching the current user: logout and clear stored auth").
 *
 * The machine runs the five steps in one state, `runningStep` (the step running is
 * `context.steps[context.index]`), and decides once on each outcome. Three page loads of /courses,
 * signed out:
 * - with `?access_token=` (a real token of `demo`, read after a sign-in whose cookies are then
 *   cleared): the authentication step's `GET /users/self` is HELD by `page.route` — nothing mounted,
 *   the token already out of the address bar — then sent on: the step asks for /courses
 *   (`done [outputRedirects]` → `redirected`: a full load of /courses, signed in);
 * - with `?access_token=` of a token the server does not know: the same read HELD, then sent on —
 *   the server answers 401, the step clears the stored auth and throws `BootRedirectError('/login')`
 *   (`error [errorRedirects]` → `redirected`: /login, no `token` cookie);
 * - with the device's accessibility settings in Spanish (`a11y:device`): the translations step
 *   loads the `es` catalogue chunk, HELD — nothing mounted — then sent on: the remaining steps run
 *   and the app mounts; /courses sends the signed-out student to /login, in Spanish.
 * `httpClient`, `errorReporting` and `eventBus` resolve at once (no call, no timer): the page has
 * nothing to show between them, so their steps are "the step ends by itself". An error without a
 * target is taken by no transition (the actor stops in its error status: a step's bug; see the
 * machine's docstring), so every state and transition of the machine is reached here.
 */
import { expect, type Page, type Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { BootRedirectError, bootMachine } from '../../src/machines/boot.machine';
import type { Driver, MachineModel } from './model';
import { LAYOUT, TOKEN_COOKIE } from './spec';

/** The Spanish sign-in button (src/i18n/es.json `login.submit.button`). */
const ES_SIGN_IN = 'Iniciar sesión';
/** docs/product.md §3 accessibility defaults, with the language the device chose. */
const DEVICE_SETTINGS = {
  is_dark_mode: false,
  font_size: 1,
  font_spacing: 1,
  language: 'es',
  volume_of_sounds: 0.6,
  is_libras_enabled: false,
};
/** A token the reference server never issued (its `GET /users/self` answers 401). */
const UNKNOWN_TOKEN = 'token-que-o-servidor-nao-conhece';

/** docs/product.md §4: the startup steps, in order. */
const STEPS = ['authentication', 'httpClient', 'translations', 'errorReporting', 'eventBus'] as const;

interface Notes {
  held: Route[];
  /** The path's page load: a valid access_token, an unknown one, or none (device in Spanish). */
  load: 'token' | 'unknownToken' | 'device';
}

const redirects = (event: EventObject) => Boolean((event as { output?: { redirect?: string } }).output?.redirect);

/** The step running before the path's current event: events are the steps' outcomes, one each. */
const stepBefore = ({ plan, step }: Driver<Notes>) => (step ? plan.steps.indexOf(step) : 0);
/** The step running after the path's current event (the predicted context's index). */
const stepNow = ({ step }: Driver<Notes>) => (step ? (step.snapshot.context as { index: number }).index : 0);

/**
 * Nothing of the app is mounted: still on /courses, the static page of index.html in place
 * (`#root[data-prerendered]`, replaced when the app mounts on any page but /login), no layout.
 */
async function notMounted(page: Page) {
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: LAYOUT.signOut })).toHaveCount(0);
}

async function heldStep(notes: Notes): Promise<Route> {
  await expect.poll(() => notes.held.length, { message: 'the step asked the network' }).toBeGreaterThan(0);
  return notes.held.shift()!;
}

/** Sends on what the step `index` holds on this page load (nothing for the steps that never wait). */
async function release(notes: Notes, index: number) {
  const holds = notes.load === 'device' ? STEPS[index] === 'translations' : STEPS[index] === 'authentication';
  if (holds) await (await heldStep(notes)).continue();
}

const doneSay = (event: EventObject) =>
  redirects(event)
    ? 'GET /users/self (com o access_token) segue para o servidor: o passo pede /courses'
    : "o passo atual termina sem pedir redirecionamento (o de idiomas quando o catálogo 'es' chega; os outros sozinhos)";

export const bootModel: MachineModel<Notes> = {
  name: 'boot',
  title: 'Início do app (passos em ordem; access_token → /courses ou /login; catálogo de idioma; montagem)',
  machine: bootMachine,
  generate: {
    samples: (type) => {
      if (type === 'xstate.done.actor.step')
        return [
          { type, output: { redirect: '/courses' } },
          { type, output: undefined },
        ];
      if (type === 'xstate.error.actor.step')
        return [
          { type, error: new BootRedirectError('/login') },
          { type, error: new Error('falhou') },
        ];
      return [];
    },
  },
  startSay: (plan) => {
    const first = plan.steps[0]?.event;
    if (first?.type === 'xstate.error.actor.step')
      return 'abre /courses?access_token=<token que o servidor não conhece> sem cookies (GET /users/self fica retido)';
    return first && redirects(first)
      ? 'abre /courses?access_token=<token do demo> sem cookies (GET /users/self fica retido)'
      : "abre /courses sem token, com o aparelho em espanhol (o catálogo 'es' fica retido)";
  },
  async start({ page, context, plan }) {
    const first = plan.steps[0]?.event;
    const load: Notes['load'] =
      first?.type === 'xstate.error.actor.step' ? 'unknownToken' : first && redirects(first) ? 'token' : 'device';
    const notes: Notes = { held: [], load };
    if (load === 'device') {
      await page.addInitScript((json) => localStorage.setItem('a11y:device', json), JSON.stringify(DEVICE_SETTINGS));
      await page.route(/\/assets\/es-[^/]*\.js$/, (route) => {
        notes.held.push(route);
      });
      await page.goto('/courses');
      return notes;
    }
    let token = UNKNOWN_TOKEN;
    if (load === 'token') {
      await page.goto('/login');
      await page.getByRole('textbox', { name: LAYOUT.accessCode }).fill('demo');
      await page.getByLabel(LAYOUT.password).fill('demo1234');
      await page.getByRole('button', { name: LAYOUT.signIn }).click();
      await expect(page).toHaveURL(/\/home$/);
      token = (await context.cookies()).find((c) => c.name === TOKEN_COOKIE)!.value;
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
    let heldOnce = false;
    await page.route('**/api/v1/users/self', (route) => {
      if (heldOnce) return route.continue();
      heldOnce = true;
      notes.held.push(route);
    });
    await page.goto(`/courses?access_token=${encodeURIComponent(token)}`);
    return notes;
  },
  events: {
    'xstate.done.actor.step': {
      title: (event) => `done.step${redirects(event) ? '(redirect)' : ''}`,
      say: doneSay,
      async drive(driver) {
        await release(driver.notes, stepBefore(driver));
      },
    },
    'xstate.error.actor.step': {
      title: (event) =>
        `error.step${(event as { error?: unknown }).error instanceof BootRedirectError ? '(target)' : ''}`,
      say: () =>
        'GET /users/self (com o token desconhecido) segue para o servidor, que responde 401: o passo limpa o login e falha pedindo /login',
      async drive(driver) {
        await release(driver.notes, stepBefore(driver));
      },
    },
  },
  states: {
    'boot.runningStep': {
      say: (driver) => {
        const step = STEPS[stepNow(driver)];
        if (step === 'authentication' && driver.notes.load !== 'device')
          return `passo ${step}: nada montado; o access_token já saiu da barra de endereço; GET /users/self pedido (retido)`;
        if (step === 'translations') return `passo ${step}: nada montado; o catálogo 'es' pedido (retido)`;
        if (step === 'authentication' || step === 'httpClient') return `passo ${step}: nada montado`;
        return `passo ${step}: termina sozinho (nada a ver na página)`;
      },
      async expect(driver) {
        const { page, notes } = driver;
        const step = STEPS[stepNow(driver)];
        if (step === 'authentication' && notes.load !== 'device') {
          await notMounted(page);
          await expect.poll(() => notes.held.length, { message: 'GET /users/self asked for' }).toBeGreaterThan(0);
        } else if (step === 'translations') {
          await expect.poll(() => notes.held.length, { message: "the 'es' catalogue asked for" }).toBeGreaterThan(0);
          await notMounted(page);
        } else if (step === 'authentication' || step === 'httpClient') {
          // Held further on (the catalogue): nothing mounted yet.
          await notMounted(page);
        }
        // errorReporting, eventBus: they end at once after the held catalogue; nothing to see between.
      },
    },
    'boot.redirected': {
      say: ({ notes }) =>
        notes.load === 'token'
          ? "/courses carrega de novo, com o cookie token, e o layout com 'Sair'"
          : "/login carrega, sem cookie token e sem o access_token no endereço, com 'Entrar'",
      async expect({ page, context, notes }) {
        if (notes.load === 'token') {
          await expect(page).toHaveURL(/\/courses$/);
          await expect(page.getByRole('button', { name: LAYOUT.signOut })).toBeVisible();
          expect((await context.cookies()).some((c) => c.name === TOKEN_COOKIE)).toBe(true);
        } else {
          await expect(page).toHaveURL(/\/login$/);
          await expect(page.getByRole('button', { name: LAYOUT.signIn })).toBeVisible();
          expect((await context.cookies()).some((c) => c.name === TOKEN_COOKIE)).toBe(false);
          expect(page.url()).not.toContain(UNKNOWN_TOKEN);
        }
      },
    },
    'boot.mounted': {
      say: () => `o app montado: /courses leva a /login, em espanhol ('${ES_SIGN_IN}')`,
      async expect({ page }) {
        await expect(page).toHaveURL(/\/login\?next_route=%2Fcourses$/);
        await expect(page.getByRole('button', { name: ES_SIGN_IN })).toBeVisible();
      },
    },
  },
  excluded: {},
};
