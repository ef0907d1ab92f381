/**
 * The accessibility settings' browser model (accessibilityMachine, docs/product.md §3 Accessibility
 * settings): the 'Acessibilidade' dialog of the login page and of the signed-in layout.
 * `settings.change` is a control of the dialog (the VLibras switch, 'Tamanho da letra'),
 * `settings.reset` is 'Restaurar padrões', `settings.user` is signing in as `demo` (student 1)
 * with that student's settings stored on the device. The VLibras script (https://vlibras.gov.br)
 * is HELD by `page.route` — `loading` is visible — and then answered with a stand-in that
 * defines `window.VLibras` (done) or aborted (error). Two starts: the device's settings with
 * VLibras off, and with it on (the page then loads VLibras at once).
 */
import { expect, type Page, type Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { accessibilityMachine } from '../../src/machines/accessibility.machine';
import type { MachineModel } from './model';
import { LAYOUT } from './spec';

/** The dialog's texts (src/views/accessibility/messages.ts and controls-messages.ts, the product's wording). */
const A11Y = {
  open: 'Acessibilidade',
  libras: 'Tradução em Libras (VLibras)',
  loading: 'Carregando o VLibras…',
  on: 'VLibras ativo.',
  failed: 'Não foi possível carregar o VLibras agora. O portal continua funcionando normalmente.',
  retry: 'Tentar de novo',
  reset: 'Restaurar padrões',
  fontSize: 'Tamanho da letra',
  close: 'Fechar',
} as const;

/** docs/product.md §3 defaults: font size 1, VLibras off. */
const DEFAULTS = {
  is_dark_mode: false,
  font_size: 1,
  font_spacing: 1,
  language: 'pt-BR',
  volume_of_sounds: 0.6,
  is_libras_enabled: false,
};
const WITH_LIBRAS = { ...DEFAULTS, is_libras_enabled: true };

interface Notes {
  held: Route[];
  /** The font size level the page must show (the model's own count). */
  fontSize: number;
}

type Patch = { is_libras_enabled?: boolean; font_size?: number };
const patchOf = (event: EventObject) => (event as unknown as { patch: Patch }).patch;
const userSettingsOf = (event: EventObject) => (event as unknown as { settings: typeof DEFAULTS }).settings;

const dialog = (page: Page) => page.getByRole('dialog', { name: A11Y.open });

/** The dialog, opened when it is not. */
async function panel(page: Page) {
  if (!(await dialog(page).isVisible())) await page.getByRole('button', { name: A11Y.open }).first().click();
  await expect(dialog(page)).toBeVisible();
  return dialog(page);
}

async function heldScript(notes: Notes): Promise<Route> {
  await expect.poll(() => notes.held.length, { message: 'the VLibras script was asked for' }).toBeGreaterThan(0);
  return notes.held.shift()!;
}

export const accessibilityModel: MachineModel<Notes> = {
  name: 'accessibility',
  title: 'Configurações de acessibilidade (aplicar, restaurar, trocar de estudante, VLibras carregando/ativo/falhou)',
  machine: accessibilityMachine,
  generate: {
    inputs: [
      { userId: null, settings: DEFAULTS },
      { userId: null, settings: WITH_LIBRAS },
    ],
    samples: (type) => {
      if (type === 'settings.change')
        return [{ is_libras_enabled: true }, { is_libras_enabled: false }, { font_size: 2 }].map((patch) => ({
          type,
          patch,
        }));
      if (type === 'settings.user') return [DEFAULTS, WITH_LIBRAS].map((settings) => ({ type, userId: 1, settings }));
      if (type === 'xstate.error.actor.loadLibras') return [{ type, error: new Error('VLibras') }];
      return [{ type }];
    },
  },
  startSay: (plan) =>
    `abre /login com as configurações do aparelho ${(plan.input as { settings: typeof DEFAULTS }).settings.is_libras_enabled ? 'com' : 'sem'} VLibras`,
  async start({ page, plan }) {
    const notes: Notes = { held: [], fontSize: 1 };
    await page.route('https://vlibras.gov.br/**', (route) => {
      notes.held.push(route);
    });
    const { settings } = plan.input as { settings: typeof DEFAULTS };
    if (settings.is_libras_enabled)
      await page.addInitScript((json) => localStorage.setItem('a11y:device', json), JSON.stringify(settings));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: LAYOUT.signIn })).toBeVisible();
    return notes;
  },
  events: {
    'settings.change': {
      title: (event) => `settings.change(${JSON.stringify(patchOf(event)).replace(/[{}"]/g, '')})`,
      say: (event) => {
        const patch = patchOf(event);
        if (patch.font_size) return `em 'Acessibilidade', escolhe '${A11Y.fontSize}: Maior'`;
        return `em 'Acessibilidade', ${patch.is_libras_enabled ? 'liga' : 'desliga'} '${A11Y.libras}'`;
      },
      async drive({ page, notes }, event) {
        const patch = patchOf(event);
        const dialog = await panel(page);
        if (patch.font_size) {
          await dialog
            .getByRole('group', { name: A11Y.fontSize })
            .getByRole('radio', { name: 'Maior', exact: true })
            .check();
          notes.fontSize = patch.font_size;
        } else {
          await dialog.getByRole('switch', { name: A11Y.libras }).setChecked(patch.is_libras_enabled!);
        }
      },
    },
    'settings.reset': {
      say: () => `em 'Acessibilidade', clica em '${A11Y.reset}'`,
      async drive({ page, notes }) {
        await (await panel(page)).getByRole('button', { name: A11Y.reset }).click();
        notes.fontSize = 1;
      },
    },
    'settings.user': {
      title: (event) => `settings.user(demo, is_libras_enabled:${userSettingsOf(event).is_libras_enabled})`,
      say: (event) =>
        `entra como demo, que tem neste aparelho VLibras ${userSettingsOf(event).is_libras_enabled ? 'ligado' : 'desligado'}`,
      async drive({ page, notes }, event) {
        const settings = userSettingsOf(event);
        if (await dialog(page).isVisible()) await dialog(page).getByRole('button', { name: A11Y.close }).click();
        await expect(
          page.getByRole('button', { name: LAYOUT.signIn }),
          'only a signed-out page can sign in',
        ).toBeVisible();
        await page.evaluate((json) => localStorage.setItem('a11y:1', json), JSON.stringify(settings));
        const self = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/self') && r.ok());
        await page.getByRole('textbox', { name: LAYOUT.accessCode }).fill('demo');
        await page.getByLabel(LAYOUT.password).fill('demo1234');
        await page.getByRole('button', { name: LAYOUT.signIn }).click();
        expect(((await (await self).json()) as { data: { id: number } }).data.id, 'demo is student 1').toBe(1);
        await expect(page).toHaveURL(/\/home$/);
        notes.fontSize = settings.font_size;
      },
    },
    'libras.retry': {
      say: () => `clica em '${A11Y.retry}'`,
      drive: async ({ page }) => (await panel(page)).getByRole('button', { name: A11Y.retry }).click(),
    },
    'xstate.done.actor.loadLibras': {
      say: () => 'o script do VLibras chega (substituto de teste que define window.VLibras)',
      drive: async ({ notes }) =>
        (await heldScript(notes)).fulfill({
          contentType: 'text/javascript',
          body: 'window.VLibras = { Widget: function () {} };',
        }),
    },
    'xstate.error.actor.loadLibras': {
      say: () => 'o script do VLibras não carrega (conexão recusada)',
      drive: async ({ notes }) => (await heldScript(notes)).abort('connectionrefused'),
    },
  },
  states: {
    'accessibility.settings': { say: () => '', expect: async () => {} },
    'accessibility.settings.applied': {
      say: ({ notes }) => `a letra no tamanho ${notes.fontSize}`,
      async expect({ page, notes }) {
        const size = await page.locator('html').getAttribute('data-font-size');
        expect(Number(size ?? '1'), 'the font size on the page').toBe(notes.fontSize);
      },
    },
    'accessibility.libras': { say: () => '', expect: async () => {} },
    'accessibility.libras.off': {
      say: () => `'${A11Y.libras}' desligado, sem aviso do VLibras`,
      async expect({ page }) {
        const dialog = await panel(page);
        await expect(dialog.getByRole('switch', { name: A11Y.libras })).not.toBeChecked();
        await expect(dialog).not.toContainText(A11Y.loading);
        await expect(dialog).not.toContainText(A11Y.on);
        await expect(dialog.getByRole('alert')).toHaveCount(0);
      },
    },
    'accessibility.libras.loading': {
      say: () => `'${A11Y.loading}'`,
      async expect({ page }) {
        const dialog = await panel(page);
        await expect(dialog.getByRole('switch', { name: A11Y.libras })).toBeChecked();
        await expect(dialog).toContainText(A11Y.loading);
      },
    },
    'accessibility.libras.on': {
      say: () => `'${A11Y.on}'`,
      async expect({ page }) {
        const dialog = await panel(page);
        await expect(dialog).toContainText(A11Y.on);
        await expect(dialog.getByRole('alert')).toHaveCount(0);
      },
    },
    'accessibility.libras.failed': {
      say: () => `o alerta '${A11Y.failed}' com '${A11Y.retry}'`,
      async expect({ page }) {
        const dialog = await panel(page);
        await expect(dialog.getByRole('alert')).toContainText(A11Y.failed);
        await expect(dialog.getByRole('alert').getByRole('button', { name: A11Y.retry })).toBeVisible();
      },
    },
  },
  excludedStates: {},
  excluded: {},
};
