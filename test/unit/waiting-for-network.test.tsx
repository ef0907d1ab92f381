/**
 * The waiting screen of a stored session whose user the platform does not give
 * ('Sem conexão com a plataforma…', docs/decisions/0007-offline-keeps-the-last-known-user.md):
 * 'Tentar novamente' asks for the user again, and 'Sair' signs out here too — the
 * token, the cached user and the platform settings are cleared as with the layout's 'Sair', no
 * revoke call waits for the silent platform, and /login shows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise } from 'xstate';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { provideSession } from '../../src/app/wiring';
import { NetworkError } from '../../src/services/http/errors';
import { getToken, setToken } from '../../src/services/storage/token';
import { readLastKnownUser, writeCachedUser } from '../../src/services/storage/user-cache';
import { readPlatformSettings, writePlatformSettings } from '../../src/services/storage/platform-settings';
import type { SessionUser, User } from '../../src/services/contract';
import { WithAppActors } from '../fixtures/app-actors';
import { WaitingForNetwork } from '../../src/views/components/waiting-for-network';
import { demoUser } from '../fixtures/user';

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** A page load with a stored token only, while the platform does not answer. */
async function renderWaiting(locale = 'pt-BR', messages: Record<string, string> = {}) {
  setToken('t'.repeat(20), false);
  const revokeToken = vi.fn(async () => {});
  const fetchUser = vi.fn(() => Promise.reject(new NetworkError()));
  const session = createActor(
    provideSession().provide({
      actors: {
        fetchUser: fromPromise<User>(fetchUser),
        revokeToken: fromPromise(revokeToken),
        postLoginSetup: fromPromise<void, { user: SessionUser }>(async () => {}),
      },
    }),
    { input: { hasToken: true, cachedUser: null, lastKnownUser: null } },
  ).start();
  render(
    <IntlProvider locale={locale} defaultLocale="pt-BR" messages={messages}>
      <WithAppActors actors={{ session }}>
        <WaitingForNetwork />
      </WithAppActors>
    </IntlProvider>,
  );
  await flush();
  return { session, revokeToken, fetchUser };
}

afterEach(() => {
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  window.history.replaceState(null, '', '/');
});

describe('waiting for the platform (a token, no known user)', () => {
  it("says so, with 'Tentar novamente' and 'Sair'", async () => {
    const { session } = await renderWaiting();
    expect(session.getSnapshot().value).toBe('waitingForUser');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      'Sem conexão com a plataforma. Você continua conectado: seus dados aparecem assim que ela responder.',
    );
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeEnabled();
    session.stop();
  });

  it("'Sair' signs out: token, cached user and platform settings cleared, no revoke call, /login", async () => {
    window.history.replaceState(null, '', '/courses');
    const { session, revokeToken } = await renderWaiting();
    writeCachedUser(demoUser);
    writePlatformSettings({ clarity_key: 'c-1' });
    expect(getToken()).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(session.getSnapshot().value).toBe('anonymous');
    expect(getToken()).toBeNull();
    expect(document.cookie).not.toMatch(/(^|; )user=/);
    expect(readLastKnownUser()).toBeNull();
    expect(readPlatformSettings()).toEqual({});
    expect(revokeToken).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('');
    session.stop();
  });

  it("'Tentar novamente' asks for the user again and keeps the token", async () => {
    const { session, fetchUser } = await renderWaiting();
    expect(fetchUser).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(getToken()).not.toBeNull();
    session.stop();
  });

  it.each([
    ['en', en, 'Sign out'],
    ['es', es, 'Cerrar sesión'],
  ])("'Sair' in %s", async (locale, messages, name) => {
    const { session } = await renderWaiting(locale, messages);
    expect(screen.getByRole('button', { name })).toBeVisible();
    session.stop();
  });
});
