/**
 * Accessibility settings (docs/product.md §3): stored per student on the device with safe defaults,
 * turned into the page presentation, and the settings panel — native controls, each change
 * sent at once, VLibras failure explained with a retry.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise } from 'xstate';
import { accessibilityMachine } from '../../src/machines/accessibility.machine';
import {
  DEFAULT_SETTINGS,
  parseSettings,
  presentationOf,
  readSettings,
  writeSettings,
} from '../../src/services/storage/accessibility-settings';
import { WithAppActors } from '../fixtures/app-actors';
import { AccessibilityButton } from '../../src/views/accessibility/panel';

beforeEach(() => localStorage.clear());

describe('stored settings', () => {
  it('default to docs/product.md §3 and ignore invalid values field by field', () => {
    expect(readSettings(1)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({
      is_dark_mode: false,
      font_size: 1,
      font_spacing: 1,
      language: 'pt-BR',
      volume_of_sounds: 0.6,
      is_libras_enabled: false,
    });
    expect(parseSettings({ font_size: 9, language: 'fr', is_dark_mode: true, volume_of_sounds: 2 })).toEqual({
      ...DEFAULT_SETTINGS,
      is_dark_mode: true,
    });
    localStorage.setItem('a11y:1', '{not json');
    expect(readSettings(1)).toEqual(DEFAULT_SETTINGS);
  });

  it("are kept per student, and a student without their own gets the device's", () => {
    writeSettings(1, { ...DEFAULT_SETTINGS, font_size: 3 });
    expect(readSettings(1).font_size).toBe(3);
    expect(readSettings(null).font_size).toBe(3); // the login screen shows the last used
    expect(readSettings(2).font_size).toBe(3);
    writeSettings(2, { ...DEFAULT_SETTINGS, is_dark_mode: true });
    expect(readSettings(1)).toMatchObject({ font_size: 3, is_dark_mode: false });
  });

  it('become html attributes and CSS properties (WCAG 1.4.12 spacing at level 3)', () => {
    const p = presentationOf({
      ...DEFAULT_SETTINGS,
      is_dark_mode: true,
      font_size: 3,
      font_spacing: 3,
      language: 'es',
    });
    expect(p.attrs).toMatchObject({ lang: 'es', 'data-theme': 'dark', 'data-font-size': '3' });
    expect(p.vars).toEqual({ '--font-scale': '1.5', '--letter-spacing': '0.12em', '--word-spacing': '0.16em' });
    // 'Economia de dados' as chosen, for the inline loader (auto = the browser's Save-Data).
    expect(p.attrs['data-data-saver']).toBe('auto');
    expect(presentationOf({ ...DEFAULT_SETTINGS, data_saver: true }).attrs['data-data-saver']).toBe('on');
    expect(presentationOf({ ...DEFAULT_SETTINGS, data_saver: false }).attrs['data-data-saver']).toBe('off');
  });
});

function renderPanel(loadLibras: () => Promise<void> = () => Promise.reject(new Error('offline'))) {
  const actor = createActor(accessibilityMachine.provide({ actors: { loadLibras: fromPromise(() => loadLibras()) } }), {
    input: { userId: 1, settings: DEFAULT_SETTINGS },
  }).start();
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <WithAppActors actors={{ accessibility: actor }}>
        <AccessibilityButton />
      </WithAppActors>
    </IntlProvider>,
  );
  return actor;
}

describe('settings panel', () => {
  it('opens from its button and changes each setting at once', async () => {
    const ui = userEvent.setup();
    const actor = renderPanel();
    await ui.click(screen.getByRole('button', { name: /Acessibilidade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Acessibilidade' });

    await ui.click(await within(dialog).findByRole('switch', { name: 'Modo escuro' }));
    const size = within(dialog).getByRole('group', { name: 'Tamanho da letra' });
    await ui.click(within(size).getByRole('radio', { name: 'Muito maior' }));
    const spacing = within(dialog).getByRole('group', { name: 'Espaçamento entre letras' });
    await ui.click(within(spacing).getByRole('radio', { name: 'Maior' }));
    await ui.selectOptions(within(dialog).getByRole('combobox', { name: 'Idioma' }), 'English');
    expect(actor.getSnapshot().context.settings).toEqual({
      ...DEFAULT_SETTINGS,
      is_dark_mode: true,
      font_size: 3,
      font_spacing: 2,
      language: 'en',
    });
    expect(within(dialog).getByRole('switch', { name: 'Modo escuro' })).toBeChecked();
    expect(within(dialog).getByRole('slider', { name: 'Volume dos sons' })).toHaveAttribute('aria-valuetext', '60%');

    await ui.click(within(dialog).getByRole('button', { name: 'Restaurar padrões' }));
    expect(actor.getSnapshot().context.settings).toEqual(DEFAULT_SETTINGS);
    expect(within(dialog).getByRole('switch', { name: 'Modo escuro' })).not.toBeChecked();
    await ui.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('explains a VLibras failure and offers to retry, the rest keeps working', async () => {
    const ui = userEvent.setup();
    let fail = true;
    renderPanel(() => (fail ? Promise.reject(new Error('blocked')) : Promise.resolve()));
    await ui.click(screen.getByRole('button', { name: /Acessibilidade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Acessibilidade' });
    await ui.click(await within(dialog).findByRole('switch', { name: 'Tradução em Libras (VLibras)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Não foi possível carregar o VLibras agora.');
    fail = false;
    await ui.click(within(dialog).getByRole('button', { name: 'Tentar de novo' }));
    expect(await within(dialog).findByText('VLibras ativo.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
