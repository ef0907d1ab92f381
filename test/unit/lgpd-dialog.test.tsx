/**
 * The LGPD acceptance dialog (docs/product.md §4 LGPD) on a real consent actor with a fake acceptance:
 * a modal dialog named by its title with the platform's terms (or the pt-BR default) and the
 * policy link; focus on 'Aceitar'; Enter/click accepts; Escape and 'Decidir depois' postpone;
 * a failed acceptance stays in the dialog as an alert with the reason, focus back on 'Aceitar'.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SimulatedClock, createActor, fromPromise } from 'xstate';

vi.mock('../../src/services/api/platforms', () => ({
  getLmsSettings: vi.fn(),
  getPlatform: vi.fn(),
  getPlatformSettings: vi.fn(),
}));
import * as platforms from '../../src/services/api/platforms';
import { LGPD_PROMPT_DELAY_MS, lgpdConsentMachine } from '../../src/machines/lgpd-consent.machine';
import { LgpdDialog } from '../../src/views/lgpd/dialog';
import { ApiError } from '../../src/services/http/errors';

afterEach(() => vi.mocked(platforms.getLmsSettings).mockReset());

function setup(accept: () => Promise<void> = async () => {}) {
  const acceptCalls = vi.fn(accept);
  const clock = new SimulatedClock();
  const actor = createActor(lgpdConsentMachine.provide({ actors: { acceptLgpd: fromPromise(() => acceptCalls()) } }), {
    clock,
  }).start();
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <button type="button">Outro controle</button>
        <LgpdDialog consent={actor} />
      </QueryClientProvider>
    </IntlProvider>,
  );
  const prompt = () =>
    act(() => {
      actor.send({ type: 'lgpd.update', due: true });
      clock.increment(LGPD_PROMPT_DELAY_MS);
    });
  return { actor, acceptCalls, prompt };
}

const terms = (values: Record<string, string | null>) => vi.mocked(platforms.getLmsSettings).mockResolvedValue(values);

describe('LGPD dialog', () => {
  it('shows nothing until the prompt, then a modal with the platform terms and the policy link', async () => {
    terms({
      lgpd_terms: 'Tratamos seus dados conforme a LGPD.',
      lgpd_policy_url: 'https://exemplo.com.br/privacidade',
    });
    const { prompt } = setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    await prompt();
    const dialog = screen.getByRole('dialog', { name: 'Privacidade e proteção de dados' });
    expect(await screen.findByText('Tratamos seus dados conforme a LGPD.')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Tratamos seus dados conforme a LGPD.');
    const link = screen.getByRole('link', { name: 'Ler a política de privacidade completa (abre em uma nova aba)' });
    expect(link).toHaveAttribute('href', 'https://exemplo.com.br/privacidade');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Aceitar' })).toHaveFocus();
    expect(platforms.getLmsSettings).toHaveBeenCalledWith(['lgpd_terms', 'lgpd_policy_url']);
  });

  it('falls back to the pt-BR default terms (no link) when the platform has none or the read fails', async () => {
    vi.mocked(platforms.getLmsSettings).mockRejectedValue(new Error('falhou'));
    const { prompt } = setup();
    await prompt();
    expect(screen.getByRole('dialog')).toHaveTextContent('Lei Geral de Proteção de Dados (Lei nº 13.709/2018)');
    await waitFor(() => expect(platforms.getLmsSettings).toHaveBeenCalled());
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('Enter on Aceitar accepts; the dialog closes', async () => {
    terms({ lgpd_terms: null, lgpd_policy_url: 'javascript:alert(1)' });
    const { prompt, acceptCalls, actor } = setup();
    await prompt();
    expect(screen.queryByRole('link')).toBeNull(); // only https links are kept
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(actor.getSnapshot().value).toBe('accepted'));
    expect(acceptCalls).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed acceptance keeps the dialog with the reason in an alert and the focus on Aceitar', async () => {
    terms({});
    let fail = true;
    const { prompt, acceptCalls } = setup(async () => {
      if (fail) throw new ApiError(500, { message: 'Erro interno do servidor.' }, '/users/updateAcceptedLgpd');
    });
    await prompt();
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Não foi possível registrar o seu aceite. A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
    );
    expect(screen.getByRole('dialog')).toContainElement(alert);
    expect(screen.getByRole('button', { name: 'Aceitar' })).toHaveFocus();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(acceptCalls).toHaveBeenCalledTimes(2);
  });

  it('Escape and Decidir depois postpone without accepting', async () => {
    terms({});
    const { prompt, actor, acceptCalls } = setup();
    await prompt();
    await userEvent.keyboard('{Escape}');
    expect(actor.getSnapshot().value).toBe('postponed');
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => actor.send({ type: 'lgpd.reset' }));
    await prompt();
    await userEvent.click(screen.getByRole('button', { name: 'Decidir depois' }));
    expect(actor.getSnapshot().value).toBe('postponed');
    expect(acceptCalls).not.toHaveBeenCalled();
  });

  it('while the acceptance is in flight the buttons keep the focus but do nothing, and Escape is ignored', async () => {
    terms({});
    let finish: () => void = () => {};
    const { prompt, actor, acceptCalls } = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    await prompt();
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar' }));
    const busy = screen.getByRole('button', { name: 'Registrando aceite…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(busy);
    expect(actor.getSnapshot().value).toBe('accepting');
    expect(acceptCalls).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await waitFor(() => expect(actor.getSnapshot().value).toBe('accepted'));
  });
});
