/**
 * Startup helpers of `yieldToBrowser` resumes in a later task (so a long startup is cut
 * into tasks), `warmUpIntl` never throws, and `readPromise` (React 18's stand-in of `use`) shows
 * a Suspense fallback until the promise settles, then its value — or the error boundary's text.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { warmUpIntl, yieldToBrowser } from '../../src/services/scheduling/yield';
import { readPromise } from '../../src/views/components/read-promise';

describe('yieldToBrowser', () => {
  it('resumes after a task queued before it (a new task, not a microtask)', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    const yielded = yieldToBrowser().then(() => order.push('after yield'));
    await Promise.resolve();
    order.push('microtask');
    await yielded;
    expect(order).toEqual(['microtask', 'queued task', 'after yield']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldSpy = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldSpy });
    await yieldToBrowser();
    expect(yieldSpy).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});

describe('warmUpIntl', () => {
  it('loads the locale data without throwing, even for a tag the engine refuses', () => {
    expect(() => warmUpIntl('pt-BR')).not.toThrow();
    expect(() => warmUpIntl('not a locale!')).not.toThrow();
  });
});

describe('readPromise', () => {
  function Value({ promise }: { promise: Promise<string> }) {
    return <p>{readPromise(promise)}</p>;
  }
  const renderValue = (promise: Promise<string>) =>
    render(
      <ErrorBoundary fallbackRender={({ error }) => <p role="alert">{(error as Error).message}</p>}>
        <Suspense fallback={<p>Carregando…</p>}>
          <Value promise={promise} />
        </Suspense>
      </ErrorBoundary>,
    );

  it('shows the fallback while pending, then the value', async () => {
    let resolve!: (value: string) => void;
    renderValue(new Promise<string>((r) => (resolve = r)));
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    await act(async () => resolve('Pronto'));
    expect(await screen.findByText('Pronto')).toBeInTheDocument();
  });

  it('throws a rejection to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let reject!: (error: Error) => void;
    renderValue(new Promise<string>((_, r) => (reject = r)));
    await act(async () => reject(new Error('Falhou')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Falhou');
    vi.restoreAllMocks();
  });
});
