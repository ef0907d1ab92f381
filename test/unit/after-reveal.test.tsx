/**
 * `<AfterReveal>` (src/views/components/after-reveal.tsx): a part below a screen mounts after the
 * screen's commit, and only once its place is near the visible area (one screen height) — so a
 * phone that never scrolls there never loads its code; at once where there is no
 * IntersectionObserver.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AfterReveal, NEAR_VIEWPORT_MARGIN } from '../../src/views/components/after-reveal';

/** A stand-in IntersectionObserver the test drives: `enter()` says the observed place is near. */
function fakeObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
    targets: Element[];
  }[] = [];
  class FakeIntersectionObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, options, targets: [] });
    }
    observe(target: Element) {
      observers.at(-1)!.targets.push(target);
    }
    disconnect() {
      observers.at(-1)!.targets = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    observers,
    /** Reports the observed place as intersecting (`isIntersecting`) or not. */
    report(isIntersecting: boolean) {
      for (const o of observers)
        o.callback(
          o.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('AfterReveal', () => {
  it('mounts the part only once its place comes within a screen height of the visible area', () => {
    const io = fakeObserver();
    render(
      <AfterReveal fallback={<p>Carregando a prateleira…</p>}>
        <h2>Vídeos curtos</h2>
      </AfterReveal>,
    );
    expect(screen.queryByRole('heading', { name: 'Vídeos curtos' })).toBeNull();
    expect(screen.getByText('Carregando a prateleira…')).toBeTruthy();
    expect(io.observers[0]!.options?.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);
    // Scrolled, but not near yet.
    act(() => io.report(false));
    expect(screen.queryByRole('heading', { name: 'Vídeos curtos' })).toBeNull();
    act(() => io.report(true));
    expect(screen.getByRole('heading', { name: 'Vídeos curtos' })).toBeTruthy();
    expect(screen.queryByText('Carregando a prateleira…')).toBeNull();
  });

  it('mounts the part right after the first commit where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <AfterReveal>
        <h2>Armazenamento neste aparelho</h2>
      </AfterReveal>,
    );
    expect(screen.getByRole('heading', { name: 'Armazenamento neste aparelho' })).toBeTruthy();
  });
});
