/**
 * The startup's browser model (bootMachine, spec §4 Startup, §2 "If a URL carries an access_token
 * query parameter, it is stored as the session token, the user is fetched, and the user goes to
 * /courses").
 *
 * Two page loads of /courses, signed out:
 * - with `?access_token=` (a real token of `demo`, read after a sign-in whose cookies are then
 *   cleared): the authentication step's `GET /users/self` is HELD by `page.route` — `authentication`
 *   is visible: nothing mounted, the token already out of the address bar — and then sent on: the
 *   step asks for a redirect to /courses (`redirecting` → `redirected`: a full load of /courses,
 *   signed in);
 * - with the device's accessibility settings in Spanish (`a11y:device`): the translations step
 *   loads the `es` catalogue chunk, HELD — `translations` is visible: nothing mounted — then sent on:
 *   the app mounts and /courses sends the signed-out student to /login, in Spanish.
 * `httpClient`, `errorReporting` and `eventBus` resolve at once (no call, no timer): the page has
 * nothing to show between them, so their steps are "the step ends by itself" and their states say
 * only that nothing is mounted while an earlier step is held. The transitions no real step takes
 * are in `excluded` (docs/testing.md "Transitions the app never takes").
 */
import { expect, type Page, type Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { bootMachine } from '../../src/machines/boot.machine';
import type { MachineModel } from './model';
import { LAYOUT, TOKEN_COOKIE } from './spec';

/** The Spanish sign-in button (src/i18n/es.json `login.submit.button`). */
const ES_SIGN_IN = 'Iniciar sesión';
/** spec §3 accessibility defaults, with the language the device chose. */
const DEVICE_SETTINGS = {
  is_dark_mode: false,
  font_size: 1,
  font_spacing: 1,
  language: 'es',
  volume_of_sounds: 0.6,
  is_libras_enabled: false,
};

const STEPS = ['authentication', 'httpClient', 'translations', 'errorReporting', 'eventBus'] as const;

interface Notes {
  held: Route[];
  /** The path's page load carries an access_token. */
  withToken: boolean;
}

const redirects = (event: EventObject) => Boolean((event as { output?: { redirect?: string } }).output?.redirect);

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

const stepEvents = Object.fromEntries(
  STEPS.flatMap((step) => [
    [
      `xstate.done.actor.${step}`,
      {
        title: (event: EventObject) => `done.${step}${redirects(event) ? '(redirect)' : ''}`,
        say: (event: EventObject) =>
          step === 'authentication'
            ? redirects(event)
              ? 'GET /users/self (com o access_token) segue para o servidor: o passo pede /courses'
              : 'o passo de autenticação termina sem access_token'
            : step === 'translations'
              ? "o catálogo 'es' chega"
              : `o passo ${step} termina sozinho (sem chamada nem timer)`,
        async drive({ notes }: { notes: Notes }, event: EventObject) {
          if ((step === 'authentication' && redirects(event)) || step === 'translations')
            await (await heldStep(notes)).continue();
        },
      },
    ],
  ]),
) as MachineModel<Notes>['events'];

const neverTaken = (what: string) =>
  `${what}. Transição que o app nunca toma (docs/testing.md); coberta na máquina em test/paths e test/machines.`;

export const bootModel: MachineModel<Notes> = {
  name: 'boot',
  title: 'Início do app (passos em ordem; access_token → /courses; catálogo de idioma; montagem)',
  machine: bootMachine,
  generate: {
    samples: (type) => {
      if (type === 'xstate.done.actor.authentication')
        return [
          { type, output: { redirect: '/courses' } },
          { type, output: undefined },
        ];
      if (type.startsWith('xstate.done.actor.')) return [{ type, output: undefined }];
      return [];
    },
  },
  startSay: (plan) =>
    plan.steps[0] && redirects(plan.steps[0].event)
      ? 'abre /courses?access_token=<token do demo> sem cookies (GET /users/self fica retido)'
      : "abre /courses sem token, com o aparelho em espanhol (o catálogo 'es' fica retido)",
  async start({ page, context, plan }) {
    const withToken = Boolean(plan.steps[0] && redirects(plan.steps[0].event));
    const notes: Notes = { held: [], withToken };
    if (withToken) {
      await page.goto('/login');
      await page.getByRole('textbox', { name: LAYOUT.accessCode }).fill('demo');
      await page.getByLabel(LAYOUT.password).fill('demo1234');
      await page.getByRole('button', { name: LAYOUT.signIn }).click();
      await expect(page).toHaveURL(/\/home$/);
      const token = (await context.cookies()).find((c) => c.name === TOKEN_COOKIE)!.value;
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      let first = true;
      await page.route('**/api/v1/users/self', (route) => {
        if (!first) return route.continue();
        first = false;
        notes.held.push(route);
      });
      await page.goto(`/courses?access_token=${encodeURIComponent(token)}`);
    } else {
      await page.addInitScript((json) => localStorage.setItem('a11y:device', json), JSON.stringify(DEVICE_SETTINGS));
      await page.route(/\/assets\/es-[^/]*\.js$/, (route) => {
        notes.held.push(route);
      });
      await page.goto('/courses');
    }
    return notes;
  },
  events: stepEvents,
  states: {
    'boot.authentication': {
      say: ({ notes }) =>
        notes.withToken
          ? 'nada montado; o access_token já saiu da barra de endereço; GET /users/self pedido (retido)'
          : 'nada montado',
      async expect({ page, notes }) {
        await notMounted(page);
        if (notes.withToken) {
          await expect.poll(() => notes.held.length, { message: 'GET /users/self asked for' }).toBeGreaterThan(0);
        }
      },
    },
    'boot.httpClient': { say: () => 'nada montado', expect: ({ page }) => notMounted(page) },
    'boot.translations': {
      say: () => "nada montado; o catálogo 'es' pedido (retido)",
      async expect({ page, notes }) {
        await expect.poll(() => notes.held.length, { message: "the 'es' catalogue asked for" }).toBeGreaterThan(0);
        await notMounted(page);
      },
    },
    'boot.errorReporting': { say: () => '', expect: async () => {} },
    'boot.eventBus': { say: () => '', expect: async () => {} },
    'boot.redirecting': { say: () => '', expect: async () => {} },
    'boot.redirected': {
      say: () => "/courses carrega de novo, com o cookie token, e o layout com 'Sair'",
      async expect({ page, context }) {
        await expect(page).toHaveURL(/\/courses$/);
        await expect(page.getByRole('button', { name: LAYOUT.signOut })).toBeVisible();
        expect((await context.cookies()).some((c) => c.name === TOKEN_COOKIE)).toBe(true);
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
  excludedStates: {
    'boot.failed': neverTaken(
      'Nenhum passo real rejeita (src/services/boot/steps.ts), então o app nunca chega a failed',
    ),
  },
  excluded: {
    ...Object.fromEntries(
      STEPS.flatMap((step) => [
        [
          `boot.${step}|xstate.error.actor.${step}|0`,
          neverTaken(
            `O passo ${step} nunca rejeita (a autenticação trata a falha da leitura e pede /login; o catálogo que falha cai no pt-BR, que vem no pacote; os outros terminam na hora)`,
          ),
        ],
        [
          `boot.${step}|xstate.error.actor.${step}|1`,
          neverTaken(`O passo ${step} nunca rejeita, nem com um endereço de destino`),
        ],
        ...(step === 'authentication'
          ? []
          : [
              [
                `boot.${step}|xstate.done.actor.${step}|0`,
                neverTaken(`Só o passo de autenticação pede redirecionamento; ${step} nunca`),
              ],
            ]),
      ]),
    ),
    'boot.redirecting|always|0': neverTaken(
      'Os únicos redirecionamentos são os caminhos /courses e /login; nenhum passo pede um endereço http(s) absoluto',
    ),
  },
};
