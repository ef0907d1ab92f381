/**
 * The blocking error screen as a student sees it (docs/product.md §2 Error screen): exact texts,
 * cannot be dismissed with Escape, 'Atualizar' reloads, the code shows the server message.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { SimulatedClock, createActor } from 'xstate';
import { Toaster } from 'sonner';
import { errorScreenMachine } from '../../src/machines/error-screen.machine';
import { ErrorScreen } from '../../src/views/error-screen/screen';

function setup() {
  const reloadPage = vi.fn();
  const clock = new SimulatedClock();
  const store = createActor(errorScreenMachine.provide({ actions: { reloadPage } }), { clock, input: {} }).start();
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <Toaster />
      <ErrorScreen store={store} />
    </IntlProvider>,
  );
  return { store, clock, reloadPage };
}

describe('error screen', () => {
  it('shows nothing until an error is placed, then the spec texts with the HTTP status', () => {
    const { store, clock } = setup();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => store.send({ type: 'error.show', error: { status: 500, data: { message: 'Banco indisponível' } } }));
    const dialog = screen.getByRole('alertdialog', { name: 'Ops! Algo deu errado :(' });
    expect(dialog).toHaveTextContent(
      'Por favor, tente novamente e se o problema persistir, entre em contato com o responsável.',
    );
    expect(dialog).toHaveTextContent('Atualizando em: 0:30');
    expect(dialog).toHaveTextContent('Registro de erro: Cód. 500');
    act(() => clock.increment(1000));
    expect(dialog).toHaveTextContent('Atualizando em: 0:29');
  });

  it("shows 'N/A' without a stored status and cannot be dismissed with Escape", () => {
    const { store } = setup();
    act(() => store.send({ type: 'error.show', error: null }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Registro de erro: Cód. N/A');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(document.body);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /fechar|close/i })).toBeNull();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toHaveFocus();
  });

  it("'Atualizar' reloads the page; the code shows the server message in a toast", async () => {
    const { store, reloadPage } = setup();
    act(() =>
      store.send({ type: 'error.show', error: { status: 404, data: { message: 'Plataforma não encontrada.' } } }),
    );
    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: '404' }));
    expect(await screen.findByText('Plataforma não encontrada.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
