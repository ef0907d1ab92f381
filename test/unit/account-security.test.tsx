/**
 * /conta security sections (docs/product.md §7 `POST /auth/changePassword`, `POST /users/self/delete`
 * `{ deletionReason }`): change password validation (messages linked to fields, focus on the
 * first invalid), the server's refusal and the success status; account deletion behind a
 * confirmation dialog that suggests downloading certificates first, then the session's logout
 * with the reason /login shows, and the student's data on this device cleared.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createActor, fromPromise } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { sessionMachine } from '../../src/machines/session.machine';
import { WithAppActors } from '../fixtures/app-actors';
import AccountScreen from '../../src/views/account/screen';
import { forgetStudentOnDevice } from '../../src/services/api/account';
import { memoryOutboxStore } from '../../src/services/storage/outbox-store';
import { demoUser } from '../fixtures/user';

interface Sent {
  url: string;
  body: Record<string, unknown>;
}
let sent: Sent[];
let answer: (url: string) => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  answer = (url) =>
    url.endsWith('/users/self/delete')
      ? json(200, { data: { deleted_at: '2026-11-23T10:00:00.000Z' } })
      : json(200, { data: { message: 'Senha alterada.' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    // The session's background user refresh (GET /users/self) is not what these tests look at.
    if (request.method === 'GET') return json(200, { data: demoUser });
    const text = await request.text();
    sent.push({ url: request.url, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
    return answer(request.url);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderAccount() {
  const navigateToLogin = vi.fn();
  const clearAuth = vi.fn();
  const session = createActor(
    sessionMachine.provide({
      actors: {
        fetchUser: fromPromise(async () => demoUser),
        revokeToken: fromPromise(async () => {}),
        postLoginSetup: fromPromise(async () => {}),
      },
      actions: {
        clearAuth,
        navigateToLogin: (_, params: { reason: string | null }) => navigateToLogin(params.reason),
      },
    }),
    { input: { hasToken: true, cachedUser: demoUser } },
  ).start();
  const location = memoryLocation({ path: '/conta' });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient()}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <WithAppActors actors={{ session }}>
            <AccountScreen />
          </WithAppActors>
        </Router>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return { session, navigateToLogin, clearAuth };
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

const changeSection = () => screen.getByRole('region', { name: 'Alterar senha' });

describe('change password', () => {
  const fill = async (current: string, next: string, confirmation: string) => {
    const section = changeSection();
    if (current) await userEvent.type(within(section).getByLabelText('Senha atual'), current);
    if (next) await userEvent.type(within(section).getByLabelText(/^Nova senha/), next);
    if (confirmation) await userEvent.type(within(section).getByLabelText('Confirme a nova senha'), confirmation);
    await userEvent.click(within(section).getByRole('button', { name: 'Alterar senha' }));
  };

  it('shows the page and its two sections', () => {
    renderAccount();
    expect(screen.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
    expect(changeSection()).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Excluir conta' })).toBeInTheDocument();
  });

  it('checks the fields first: messages on each field, focus on the first invalid one', async () => {
    renderAccount();
    await fill('', 'curta', '');
    const section = changeSection();
    const current = within(section).getByLabelText('Senha atual');
    expect(current).toHaveFocus();
    expect(describedBy(current)).toContain('Informe a senha atual.');
    expect(describedBy(within(section).getByLabelText(/^Nova senha/))).toContain(
      'A nova senha deve ter pelo menos 8 caracteres.',
    );
    expect(describedBy(within(section).getByLabelText('Confirme a nova senha'))).toContain('Confirme a nova senha.');
    expect(sent).toHaveLength(0);
  });

  it("shows the server's message when the current password is wrong", async () => {
    answer = () => json(400, { message: 'A senha atual está incorreta.' });
    renderAccount();
    await fill('errada', 'nova-senha-1', 'nova-senha-1');
    expect(await within(changeSection()).findByRole('alert')).toHaveTextContent('A senha atual está incorreta.');
  });

  it('sends the current and the new password, then says it is done and empties the form', async () => {
    renderAccount();
    await fill('demo1234', 'nova-senha-1', 'nova-senha-1');
    expect(await within(changeSection()).findByRole('status')).toHaveTextContent('Senha alterada.');
    expect(sent[0]!.url).toMatch(/\/api\/v1\/auth\/changePassword$/);
    expect(sent[0]!.body).toEqual({ current_password: 'demo1234', new_password: 'nova-senha-1' });
    expect(within(changeSection()).getByLabelText('Senha atual')).toHaveValue('');
  });
});

describe('delete account', () => {
  it('suggests downloading certificates first and asks for confirmation (Cancelar focused)', async () => {
    renderAccount();
    const section = screen.getByRole('region', { name: 'Excluir conta' });
    expect(within(section).getByText(/baixe seus certificados/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Ir para documentos e certificados' })).toHaveAttribute(
      'href',
      '/attachments',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir sua conta?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('deletes with the reason, signs out with the reason for /login and clears the accessibility settings', async () => {
    localStorage.setItem(`a11y:${demoUser.id}`, '{"is_dark_mode":true}');
    const { session, navigateToLogin, clearAuth } = renderAccount();
    const section = screen.getByRole('region', { name: 'Excluir conta' });
    await userEvent.type(within(section).getByLabelText('Motivo da exclusão (opcional)'), 'Terminei o curso');
    await userEvent.click(within(section).getByRole('button', { name: 'Excluir minha conta' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Excluir sua conta?' })).getByRole('button', { name: 'Excluir conta' }),
    );
    await vi.waitFor(() => expect(navigateToLogin).toHaveBeenCalledWith('accountDeleted'));
    expect(sent[0]!.url).toMatch(/\/api\/v1\/users\/self\/delete$/);
    expect(sent[0]!.body).toEqual({ deletionReason: 'Terminei o curso' });
    expect(clearAuth).toHaveBeenCalled();
    expect(session.getSnapshot().hasTag('anonymous')).toBe(true);
    await vi.waitFor(() => expect(localStorage.getItem(`a11y:${demoUser.id}`)).toBeNull());
  });

  it('sends a null reason when none is given, and shows a failure inside the dialog', async () => {
    answer = () => json(500, { message: 'Erro interno do servidor.' });
    const { navigateToLogin } = renderAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir sua conta?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir conta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
    );
    expect(sent[0]!.body).toEqual({ deletionReason: null });
    expect(navigateToLogin).not.toHaveBeenCalled();
  });
});

describe('forgetStudentOnDevice', () => {
  it("removes only that student's accessibility settings and outbox writes", async () => {
    localStorage.setItem('a11y:7', '{}');
    localStorage.setItem('a11y:8', '{}');
    const store = memoryOutboxStore();
    const write = { kind: 'attachment.start', attachmentId: 1 } as const;
    await store.add({ id: 'a', userId: 7, write, clientTime: '2026-11-23T10:00:00.000Z' });
    await store.add({ id: 'b', userId: 8, write, clientTime: '2026-11-23T10:00:00.000Z' });
    await store.add({ id: 'c', userId: 7, write, clientTime: '2026-11-23T10:00:00.000Z' });
    await store.reject('c', { status: 400, message: 'x' });
    await forgetStudentOnDevice(7, async () => store);
    expect(localStorage.getItem('a11y:7')).toBeNull();
    expect(localStorage.getItem('a11y:8')).toBe('{}');
    expect(await store.list(7)).toEqual([]);
    expect(await store.list(7, 'rejected')).toEqual([]);
    expect((await store.list(8)).map((e) => e.id)).toEqual(['b']);
  });
});
