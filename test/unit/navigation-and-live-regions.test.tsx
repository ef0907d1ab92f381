/**
 * Keyboard and screen readers: the signed-in navigation marks the page the
 * student is on with `aria-current="page"` (exact path only; a page inside a section shows the
 * section visually, `data-section`), and 'Nova versão disponível' is said in a polite live
 * region that is in the page before the offer arrives.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise } from 'xstate';
import { Router } from 'wouter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { memoryLocation } from 'wouter/memory-location';
import { sessionMachine } from '../../src/machines/session.machine';
import { appUpdateMachine } from '../../src/machines/app-update.machine';
import { createAppOutbox, type AppOutbox } from '../../src/app/wiring/learning';
import { memoryOutboxStore } from '../../src/services/storage/outbox-store';
import { OutboxContext } from '../../src/views/outbox/context';
import { WithAppActors } from '../fixtures/app-actors';
import { AppLayout } from '../../src/views/components/app-layout';
import { UpdatePrompt, type AppUpdateRef } from '../../src/views/pwa/update-prompt';
import { demoUser } from '../fixtures/user';

let outbox: AppOutbox | null = null;
afterEach(() => {
  outbox?.actor.stop();
  outbox = null;
});

function renderLayoutAt(path: string) {
  outbox = createAppOutbox(Promise.resolve(memoryOutboxStore()), () => {});
  const session = createActor(
    sessionMachine.provide({
      actors: { fetchUser: fromPromise(async () => demoUser), postLoginSetup: fromPromise(async () => {}) },
    }),
    { input: { hasToken: true, cachedUser: demoUser } },
  ).start();
  const { hook } = memoryLocation({ path });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <QueryClientProvider client={new QueryClient()}>
        <Router hook={hook}>
          <WithAppActors actors={{ session }}>
            <OutboxContext.Provider value={outbox}>
              <AppLayout>
                <h1>Conteúdo</h1>
              </AppLayout>
            </OutboxContext.Provider>
          </WithAppActors>
        </Router>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Navegação principal' }));
}

const NAMES = ['Cursos', 'Notas', 'Documentos', 'Financeiro'];

describe('signed-in navigation: aria-current', () => {
  it.each([
    ['/courses', 'Cursos'],
    ['/grades', 'Notas'],
    ['/attachments', 'Documentos'],
    ['/finances', 'Financeiro'],
  ])('on %s only %s is the current page', (path, current) => {
    const nav = renderLayoutAt(path);
    for (const name of NAMES) {
      const link = nav.getByRole('link', { name });
      if (name === current) {
        expect(link).toHaveAttribute('aria-current', 'page');
        expect(link).toHaveAttribute('data-section');
      } else {
        expect(link).not.toHaveAttribute('aria-current');
        expect(link).not.toHaveAttribute('data-section');
      }
    }
  });

  it.each([
    ['/courses/12', 'Cursos'],
    ['/courses/1/modules/2/learningObjects/3', 'Cursos'],
    ['/grades/course/1', 'Notas'],
    ['/attachment/4', 'Documentos'],
  ])('inside a section (%s) no link is the current page; %s shows the section', (path, section) => {
    const nav = renderLayoutAt(path);
    for (const name of NAMES) {
      const link = nav.getByRole('link', { name });
      expect(link).not.toHaveAttribute('aria-current');
      if (name === section) expect(link).toHaveAttribute('data-section');
      else expect(link).not.toHaveAttribute('data-section');
    }
  });

  it('a page outside the navigation (/home, /coursesx) marks nothing', () => {
    for (const path of ['/home', '/coursesx']) {
      const nav = renderLayoutAt(path);
      for (const name of NAMES) expect(nav.getByRole('link', { name })).not.toHaveAttribute('data-section');
      expect(nav.queryAllByRole('link', { current: 'page' })).toEqual([]);
      document.body.innerHTML = '';
    }
  });
});

describe('phone menu (issue 18)', () => {
  it("'Menu' opens a dialog with every destination and action; the page's link is current; Escape closes it", async () => {
    renderLayoutAt('/grades');
    const user = userEvent.setup();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    await user.click(menuButton);
    const menu = within(screen.getByRole('dialog', { name: 'Menu' }));
    const nav = within(menu.getByRole('navigation', { name: 'Navegação do menu' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Início',
      'Cursos',
      'Notas',
      'Documentos',
      'Financeiro',
      'Minha conta',
    ]);
    expect(nav.getByRole('link', { name: 'Notas' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Cursos' })).not.toHaveAttribute('aria-current');
    expect(menu.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('inside a section the menu shows it (data-section) without aria-current', async () => {
    renderLayoutAt('/courses/12');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Menu' }));
    const link = within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Cursos' });
    expect(link).toHaveAttribute('data-section');
    expect(link).not.toHaveAttribute('aria-current');
  });
});

describe("'Nova versão disponível' is announced politely", () => {
  it('the polite live region is in the page before the offer, and the offer is said in it', async () => {
    const update = createActor(
      appUpdateMachine.provide({ actors: { activate: fromPromise(async () => {}) } }),
    ).start() as AppUpdateRef;
    const { container } = render(
      <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
        <UpdatePrompt update={update} />
      </IntlProvider>,
    );
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(region).toHaveTextContent('');
    expect(screen.queryByRole('complementary', { name: 'Nova versão disponível' })).toBeNull();

    act(() => update.send({ type: 'update.available' }));
    // The same region (not a new one added with its text) now holds the offer as a status.
    expect(container.querySelector('[aria-live="polite"]')).toBe(region);
    expect(within(region as HTMLElement).getByRole('status')).toHaveTextContent('Nova versão disponível');
    // The notice itself loads the first time an offer shows.
    expect(await screen.findByRole('complementary', { name: 'Nova versão disponível' })).toBeInTheDocument();
  });
});
