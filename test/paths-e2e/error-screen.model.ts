/**
 * The error screen's browser model (errorScreenMachine, docs/product.md §2 Error screen, §4, §9).
 * The app places an error when the platform lookup fails at boot: the page is opened on
 * `desconhecido.localhost` (no such platform: the reference server answers 404) with that first
 * lookup HELD by `page.route` — the machine is `hidden` — and released for `error.show`.
 * Time runs on Playwright's clock, paused once the screen shows: each `countdownTick` is
 * `clock.runFor(1000)`, and the model counts the seconds itself from the spec's 30.
 */
import { expect, type Page } from '@playwright/test';
import { pauseClockSoon } from './clock';
import { errorScreenMachine } from '../../src/machines/error-screen.machine';
import type { MachineModel } from './model';
import { ERROR_SCREEN, SPEC_ERROR_COUNTDOWN_SECONDS, SPEC_ERROR_TICK_MS } from './spec';

interface Notes {
  /** Releases the held platform lookup. */
  release: () => void;
  /** What the countdown must show, counted by the model. */
  secondsLeft: number;
  /** Page loads after the first one (each is a reload). */
  reloads: number;
}

const HOST = 'desconhecido.localhost';
const TICK = 'xstate.after.countdownTick.errorScreen.shown.counting';

const screen = (page: Page) => page.getByRole('alertdialog', { name: ERROR_SCREEN.title });

/**
 * With the clock paused, React reveals a lazily loaded screen only once its Suspense timer runs:
 * the clock moves in 50 ms slices (well under one 1 s tick in all) until the screen shows.
 */
async function settle(page: Page) {
  for (let i = 0; i < 10 && !(await screen(page).isVisible()); i++) {
    await page.clock.runFor(50);
    await page.waitForTimeout(100);
  }
}

export const errorScreenModel: MachineModel<Notes> = {
  name: 'error-screen',
  title: 'Tela de erro bloqueante (contagem de 30 s, pausa sem conexão, Atualizar)',
  machine: errorScreenMachine,
  generate: {
    input: {},
    samples: (type) =>
      type === 'error.show'
        ? [{ type, error: { status: 404, data: { message: 'Plataforma não encontrada.' } } }]
        : [{ type }],
    // The countdown's seconds are part of the state: the last second is another branch.
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
  },
  startSay: () => 'abre /login em desconhecido.localhost (a consulta da plataforma fica retida)',
  async start({ page, baseURL }) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    await page.route(`**/api/v1/platforms/${HOST}`, async (route) => {
      if (first) {
        first = false;
        await held;
      }
      await route.continue();
    });
    await page.clock.install();
    const notes: Notes = { release, secondsLeft: SPEC_ERROR_COUNTDOWN_SECONDS, reloads: 0 };
    await page.goto(`${baseURL.replace('localhost', HOST)}/login`);
    page.on('load', () => notes.reloads++);
    return notes;
  },
  events: {
    'error.show': {
      say: () => 'o servidor responde 404 à consulta da plataforma (desconhecido.localhost)',
      async drive({ page, notes }) {
        // From here the page's time passes only when the model says so.
        await pauseClockSoon(page, 500);
        notes.release();
        await settle(page);
      },
    },
    [TICK]: {
      say: () => `passa 1 segundo (relógio do Playwright)`,
      async drive({ page, notes }) {
        await page.clock.runFor(SPEC_ERROR_TICK_MS);
        notes.secondsLeft -= 1;
      },
    },
    'network.offline': {
      say: () => 'a internet cai (navegador offline)',
      drive: ({ context }) => context.setOffline(true),
    },
    'network.online': {
      say: () => 'a internet volta',
      drive: ({ context }) => context.setOffline(false),
    },
    'countdown.refresh': {
      say: () => "clica em 'Atualizar'",
      drive: ({ page }) => screen(page).getByRole('button', { name: ERROR_SCREEN.refresh }).click(),
    },
  },
  states: {
    'errorScreen.hidden': {
      say: () => 'a tela de login, sem tela de erro',
      async expect({ page }) {
        await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
        await expect(page.getByRole('alertdialog')).toHaveCount(0);
      },
    },
    'errorScreen.shown': {
      say: () => `a tela de erro '${ERROR_SCREEN.title}' com 'Registro de erro: Cód. 404' e o botão 'Atualizar'`,
      async expect({ page }) {
        const dialog = screen(page);
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(ERROR_SCREEN.hint);
        await expect(dialog).toContainText(`${ERROR_SCREEN.code} 404`);
        await expect(dialog.getByRole('button', { name: ERROR_SCREEN.refresh })).toBeVisible();
      },
    },
    'errorScreen.shown.counting': {
      say: ({ notes }) => `'${ERROR_SCREEN.countdown(notes.secondsLeft)}', contando`,
      async expect({ page, notes }) {
        const dialog = screen(page);
        await expect(dialog).toContainText(ERROR_SCREEN.countdown(notes.secondsLeft));
        await expect(dialog).not.toContainText(ERROR_SCREEN.offline);
      },
    },
    'errorScreen.shown.waitingForNetwork': {
      say: ({ notes }) =>
        `'${ERROR_SCREEN.offline}' e a contagem parada em '${ERROR_SCREEN.countdown(notes.secondsLeft)}' (mesmo após 3 s)`,
      async expect({ page, notes }) {
        const dialog = screen(page);
        await expect(dialog).toContainText(ERROR_SCREEN.offline);
        await expect(dialog).toContainText(ERROR_SCREEN.countdown(notes.secondsLeft));
        await page.clock.runFor(3 * SPEC_ERROR_TICK_MS);
        await expect(dialog).toContainText(ERROR_SCREEN.countdown(notes.secondsLeft));
      },
    },
    'errorScreen.reloading': {
      say: () =>
        `a página recarrega uma vez e mostra de novo '${ERROR_SCREEN.countdown(SPEC_ERROR_COUNTDOWN_SECONDS)}'`,
      async expect({ page, notes }) {
        await expect.poll(() => notes.reloads).toBe(1);
        await settle(page);
        await expect(screen(page)).toContainText(ERROR_SCREEN.countdown(SPEC_ERROR_COUNTDOWN_SECONDS));
        expect(notes.reloads, 'the page reloads exactly once').toBe(1);
      },
    },
  },
  // Every transition is driven (the machine has no `error.clear` and no `error.show` self-transition).
  excluded: {},
};
