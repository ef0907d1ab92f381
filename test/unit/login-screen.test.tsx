/**
 * Login screen + session machine (docs/product.md §2 /login, §3 Login payload, §4 Auth), with the
 * real machine and fake auth services: what a student sees and what is sent.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { sessionMachine } from '../../src/machines/session.machine';
import { ApiError } from '../../src/services/http/errors';
import type { User } from '../../src/services/contract';
import { demoUser } from '../fixtures/user';
import { WithAppActors } from '../fixtures/app-actors';
import { LoginScreen } from '../../src/views/login/screen';

const user: User = demoUser;

function setup(
  login: (input: { username: string; password: string; scope: string }) => Promise<{ access_token: string }>,
  path = '/login',
) {
  const navigateAfterLogin = vi.fn();
  const storeToken = vi.fn();
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }: { input: { username: string; password: string; scope: 'BRA' | 'ANG' } }) =>
        login(input),
      ),
      fetchUser: fromPromise(async () => user),
      revokeToken: fromPromise(async () => {}),
      postLoginSetup: fromPromise(async () => {}),
    },
    actions: {
      storeToken: (_: unknown, params: { token: string }) => storeToken(params.token),
      storeUser: () => {},
      clearAuth: () => {},
      navigateAfterLogin: (_: unknown, params: { nextRoute: string | null }) => navigateAfterLogin(params.nextRoute),
      navigateToLogin: () => {},
    },
  });
  const session = createActor(machine, { input: { hasToken: false, cachedUser: null } }).start();
  const { hook, searchHook } = memoryLocation({ path });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <Router hook={hook} searchHook={searchHook}>
        <WithAppActors actors={{ session }}>
          <LoginScreen />
        </WithAppActors>
      </Router>
    </IntlProvider>,
  );
  return { session, navigateAfterLogin, storeToken };
}

describe('login screen', () => {
  it('has the labelled fields of the spec and a country choice', () => {
    setup(async () => ({ access_token: 'x'.repeat(32) }));
    expect(screen.getByRole('textbox', { name: 'Código de acesso' })).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    const country = screen.getByRole('combobox', { name: 'País' });
    expect(Array.from((country as HTMLSelectElement).options).map((o) => o.text)).toEqual(['Brasil', 'Angola']);
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/requestResetPassword');
  });

  it('sends the access code, password and country code, then follows next_route', async () => {
    const login = vi.fn(async () => ({ access_token: 'tok'.repeat(8) }));
    const { navigateAfterLogin, storeToken, session } = setup(login, '/login?next_route=%2Fcourses%2F2');
    const ui = userEvent.setup();
    await ui.type(screen.getByRole('textbox', { name: 'Código de acesso' }), ' demo ');
    await ui.type(screen.getByLabelText('Senha'), 'demo1234');
    await ui.selectOptions(screen.getByRole('combobox', { name: 'País' }), 'Angola');
    await ui.click(screen.getByRole('button', { name: 'Entrar' }));
    await vi.waitFor(() => expect(session.getSnapshot().hasTag('authenticated')).toBe(true));
    expect(login).toHaveBeenCalledWith({ username: 'demo', password: 'demo1234', scope: 'ANG' });
    expect(storeToken).toHaveBeenCalledWith('tok'.repeat(8));
    expect(navigateAfterLogin).toHaveBeenCalledWith('/courses/2');
  });

  it('says in an alert, with the focus on it, that the access code or password is wrong', async () => {
    setup(async () => {
      throw new ApiError(401, { message: 'Código de acesso ou senha inválidos' }, '/auth/token');
    });
    const ui = userEvent.setup();
    await ui.type(screen.getByRole('textbox', { name: 'Código de acesso' }), 'demo');
    await ui.type(screen.getByLabelText('Senha'), 'errada');
    await ui.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código de acesso ou senha incorretos.');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('a 429 says how long to wait (M:SS from Retry-After) and keeps Entrar disabled meanwhile (issue 19)', async () => {
    setup(async () => {
      throw new ApiError(429, { message: 'Muitas tentativas.' }, '/auth/token', true, 90_000);
    });
    const ui = userEvent.setup();
    await ui.type(screen.getByRole('textbox', { name: 'Código de acesso' }), 'demo');
    await ui.type(screen.getByLabelText('Senha'), 'errada');
    await ui.click(screen.getByRole('button', { name: 'Entrar' }));
    const status = await screen.findByRole('status');
    // Read once by screen readers (the hidden copy); the visible time ticks.
    expect(status).toHaveTextContent('Muitas tentativas. Tente novamente em 1:30');
    expect(status).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for both fields before calling the server', async () => {
    const login = vi.fn(async () => ({ access_token: 'x'.repeat(32) }));
    setup(login);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Preencha o código de acesso e a senha.');
    expect(login).not.toHaveBeenCalled();
  });
});
