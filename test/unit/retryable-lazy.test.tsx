/**
 * Code that failed to load is tried again, once, when the student asks or the network is back
 * (src/views/components/retryable-lazy.ts, retryable-load.ts, optional-part.tsx): never a dead
 * end, never a white page, never an import loop while offline.
 */
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { retryableLazy } from '../../src/views/components/retryable-lazy';
import { retryableLoad } from '../../src/views/components/retryable-load';
import { ScreenErrorBoundary } from '../../src/views/components/screen-error';
import { OptionalPart } from '../../src/views/components/optional-part';
import { reportNetworkFailure, reportNetworkSuccess } from '../../src/services/http/connectivity';

/** A chunk's import that fails while `offline.now` and loads a component showing `text` otherwise. */
function chunk(text: string) {
  const offline = { now: true };
  const load = vi.fn(async () => {
    await Promise.resolve();
    if (offline.now) throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    return { default: () => <h1>{text}</h1> };
  });
  return { load, offline };
}

const wrap = (children: React.ReactNode) => (
  <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
    <Router hook={memoryLocation({ path: '/grades' }).hook}>{children}</Router>
  </IntlProvider>
);

/**
 * The grades screen, lazily loaded from `chunk`, behind the screens' error boundary, on /grades:
 * `show()` renders it.
 */
function gradesScreen() {
  const { load, offline } = chunk('Minhas notas');
  const Grades = retryableLazy(load);
  const show = () =>
    render(
      wrap(
        <ScreenErrorBoundary>
          <Suspense fallback={<p>Carregando</p>}>
            <Grades />
          </Suspense>
        </ScreenErrorBoundary>,
      ),
    );
  return { load, offline, Grades, show };
}

/** The grades screen rendered at once (its code not loaded before). */
function renderGradesScreen() {
  const grades = gradesScreen();
  grades.show();
  return grades;
}

afterEach(() => {
  vi.restoreAllMocks();
  reportNetworkSuccess();
});

describe('a screen whose code has already loaded', () => {
  it('shows at once, without its loading fallback, and loads its code only once', async () => {
    const load = vi.fn(async () => ({ default: () => <h1>Minhas notas</h1> }));
    const Grades = retryableLazy(load);
    await Grades.preload();
    render(
      wrap(
        <Suspense fallback={<p>Carregando</p>}>
          <Grades />
        </Suspense>,
      ),
    );
    // In the first commit: no suspension, so no fallback and no second render pass.
    expect(screen.getByRole('heading', { name: 'Minhas notas' })).toBeInTheDocument();
    expect(screen.queryByText('Carregando')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload leaves the load to the render, which tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { load, offline, Grades, show } = gradesScreen();
    await expect(Grades.preload()).resolves.toBeUndefined();
    show();
    offline.now = false;
    // The failed try is not kept: the render loads again (and succeeds now).
    expect(await screen.findByRole('heading', { name: 'Minhas notas' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a screen whose code failed to load', () => {
  it("shows the screen's error without asking again by itself, and 'Tentar novamente' loads it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { load, offline } = renderGradesScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível abrir esta tela');
    // No loop of imports while the network is down: one try, then it waits for the student.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).toHaveBeenCalledTimes(1);

    offline.now = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Minhas notas' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a screen whose code failed to load, when the platform answers again', () => {
  it('opens by itself, without a tap', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    reportNetworkFailure();
    const { load, offline } = renderGradesScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível abrir esta tela');
    offline.now = false;
    act(() => reportNetworkSuccess());
    expect(await screen.findByRole('heading', { name: 'Minhas notas' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a part of the page whose code failed to load (OptionalPart)', () => {
  it('leaves the rest of the page on screen, and loads when the platform answers again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { load, offline } = chunk('Notificações');
    const Toaster = retryableLazy(load);
    reportNetworkFailure();
    render(
      wrap(
        <>
          <main>
            <h1>Ops! Algo deu errado :(</h1>
          </main>
          <OptionalPart>
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          </OptionalPart>
        </>,
      ),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { name: 'Ops! Algo deu errado :(' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Notificações' })).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    offline.now = false;
    act(() => reportNetworkSuccess());
    expect(await screen.findByRole('heading', { name: 'Notificações' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ops! Algo deu errado :(' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('can show a fallback with a retry instead', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { load, offline } = chunk('Tela de erro');
    const ErrorScreen = retryableLazy(load);
    render(
      wrap(
        <OptionalPart fallback={(retry) => <button onClick={retry}>Tentar de novo</button>}>
          <Suspense fallback={null}>
            <ErrorScreen />
          </Suspense>
        </OptionalPart>,
      ),
    );
    const retry = await screen.findByRole('button', { name: 'Tentar de novo' });
    offline.now = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('heading', { name: 'Tela de erro' })).toBeInTheDocument();
  });
});

describe('a module a screen reads only in some cases (retryableLoad), whose load failed', () => {
  it("shows the screen's error without asking again by itself, and 'Tentar novamente' loads it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = { now: true };
    const load = vi.fn(async () => {
      await Promise.resolve();
      if (offline.now) throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
      return { title: 'Aula com vídeo' };
    });
    const extra = retryableLoad(load);
    function Lesson() {
      return <h1>{extra.read().title}</h1>;
    }
    render(
      wrap(
        <ScreenErrorBoundary>
          <Suspense fallback={<p>Carregando</p>}>
            <Lesson />
          </Suspense>
        </ScreenErrorBoundary>,
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível abrir esta tela');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).toHaveBeenCalledTimes(1);
    expect(extra.loaded()).toBeNull();

    offline.now = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Aula com vídeo' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(extra.loaded()).toEqual({ title: 'Aula com vídeo' });
  });
});
