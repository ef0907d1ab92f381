/**
 * Password reset screens (docs/product.md §2 /requestResetPassword and /resetPassword, §3 reset
 * payloads, §5 email code challenge, §2 always BRA): field errors linked to their fields with the
 * focus on the first invalid one, what is sent (scope BRA, challenge type email, code as
 * challenge_response), the server's refusal in an alert, and /login's notices after a reset or a
 * deletion. The HTTP layer is real; `fetch` is a fake platform.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createActor } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReactNode } from 'react';
import { sessionMachine } from '../../src/machines/session.machine';
import { WithAppActors } from '../fixtures/app-actors';
import { LoginScreen } from '../../src/views/login/screen';
import RequestResetPasswordScreen from '../../src/views/password-reset/request-screen';
import ResetPasswordScreen from '../../src/views/password-reset/reset-screen';

interface Sent {
  url: string;
  body: Record<string, unknown>;
}
let sent: Sent[];
let answer: (body: Record<string, unknown>) => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  answer = () => json(200, { data: { status: 'code_sent', message: 'ok' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = JSON.parse(await request.text()) as Record<string, unknown>;
    sent.push({ url: request.url, body });
    return answer(body);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string, ui: ReactNode) {
  const location = memoryLocation({ path, record: true });
  const session = createActor(sessionMachine, { input: { hasToken: false, cachedUser: null } }).start();
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient()}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <WithAppActors actors={{ session }}>{ui}</WithAppActors>
        </Router>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return location;
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('/requestResetPassword', () => {
  it('asks for the access code when it is empty, on the field, with the focus there', async () => {
    renderAt('/requestResetPassword', <RequestResetPasswordScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    const field = screen.getByRole('textbox', { name: 'Código de acesso' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(field)).toContain('Informe o código de acesso.');
    expect(field).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('requests a code with scope BRA and the email challenge, then opens /resetPassword', async () => {
    const location = renderAt('/requestResetPassword', <RequestResetPasswordScreen />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Código de acesso' }), ' reset1 ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/resetPassword?username=reset1&sent=1'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toMatch(/\/api\/v1\/auth\/resetPassword$/);
    expect(sent[0]!.body).toEqual({
      client_id: 'student-web',
      username: 'reset1',
      scope: 'BRA',
      challenge_type: 'email',
    });
  });

  it('says so when offline', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderAt('/requestResetPassword', <RequestResetPasswordScreen />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Código de acesso' }), 'reset1');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/conex/i);
  });
});

describe('/resetPassword', () => {
  const fill = async (code: string, password: string, confirmation: string) => {
    if (code) await userEvent.type(screen.getByRole('textbox', { name: /Código de verificação/ }), code);
    if (password) await userEvent.type(screen.getByLabelText(/^Nova senha/), password);
    if (confirmation) await userEvent.type(screen.getByLabelText('Confirme a nova senha'), confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
  };

  it('shows that a code was sent and fills in the access code', () => {
    renderAt('/resetPassword?username=reset1&sent=1', <ResetPasswordScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('enviamos um código de verificação');
    expect(screen.getByRole('textbox', { name: 'Código de acesso' })).toHaveValue('reset1');
  });

  it('validates every field, links each message, and focuses the first invalid field', async () => {
    renderAt('/resetPassword?username=reset1', <ResetPasswordScreen />);
    await fill('', 'curta', 'outra');
    const code = screen.getByRole('textbox', { name: /Código de verificação/ });
    const password = screen.getByLabelText(/^Nova senha/);
    const confirmation = screen.getByLabelText('Confirme a nova senha');
    expect(code).toHaveFocus();
    expect(describedBy(code)).toContain('Informe o código enviado por e-mail.');
    expect(describedBy(password)).toContain('A nova senha deve ter pelo menos 8 caracteres.');
    expect(describedBy(confirmation)).toContain('A confirmação não é igual à nova senha.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('focuses the confirmation when only it is wrong', async () => {
    renderAt('/resetPassword?username=reset1', <ResetPasswordScreen />);
    await fill('123456', 'nova-senha-1', 'nova-senha-2');
    expect(screen.getByLabelText('Confirme a nova senha')).toHaveFocus();
    expect(screen.getByLabelText(/^Nova senha/)).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's message when the code is refused", async () => {
    answer = () => json(400, { message: 'Código incorreto. Confira o código enviado por e-mail e tente de novo.' });
    const location = renderAt('/resetPassword?username=reset1', <ResetPasswordScreen />);
    await fill('000000', 'nova-senha-1', 'nova-senha-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Código incorreto.');
    expect(location.history.at(-1)).toBe('/resetPassword?username=reset1');
  });

  it('sends the code as code and challenge_response with BRA, then goes to /login?reset=ok', async () => {
    answer = () => json(200, { data: { status: 'password_reset', message: 'ok' } });
    const location = renderAt('/resetPassword?username=reset1', <ResetPasswordScreen />);
    await fill(' 123456 ', 'nova-senha-1', 'nova-senha-1');
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/login?reset=ok'));
    expect(sent[0]!.body).toEqual({
      client_id: 'student-web',
      username: 'reset1',
      scope: 'BRA',
      challenge_type: 'email',
      code: '123456',
      challenge_response: '123456',
      new_password: 'nova-senha-1',
    });
  });
});

describe('/login notices', () => {
  it('after a reset: a polite status to sign in with the new password', () => {
    renderAt('/login?reset=ok', <LoginScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Senha alterada. Entre com a nova senha.');
  });

  it('after an account deletion', () => {
    renderAt('/login?deleted=1', <LoginScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Sua conta foi excluída.');
  });

  it('none on a plain /login', () => {
    renderAt('/login', <LoginScreen />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
