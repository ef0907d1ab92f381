/**
 * "Content visible" marks (src/services/metrics/content-visible.ts): a screen marks
 * `content-visible:<screen>` once its content is committed and painted — not while a skeleton
 * shows — and only once per page load, which the bench reads (scripts/bench/visible.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CONTENT_VISIBLE_MARK, resetContentVisible } from '../../src/services/metrics/content-visible';
import { useContentVisible } from '../../src/views/components/use-content-visible';

function Screen({ ready }: { ready: boolean }) {
  useContentVisible('courses', ready);
  return <p>{ready ? 'Introdução à Informática' : 'Carregando…'}</p>;
}

const marks = () => performance.getEntriesByName(`${CONTENT_VISIBLE_MARK}courses`, 'mark');
/** After the next frame and the task after it (when the mark is taken). */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));

afterEach(() => {
  performance.clearMarks();
  resetContentVisible();
});

describe('content visible', () => {
  it('is marked after the content is painted, not while the screen waits for it', async () => {
    const { rerender } = render(<Screen ready={false} />);
    await afterPaint();
    expect(marks()).toHaveLength(0);
    const before = performance.now();
    rerender(<Screen ready />);
    expect(marks()).toHaveLength(0); // not before the paint
    await afterPaint();
    expect(marks()).toHaveLength(1);
    expect(marks()[0]!.startTime).toBeGreaterThanOrEqual(before);
  });

  it('is marked once per page load: a second visit to the screen adds none', async () => {
    const first = render(<Screen ready />);
    await afterPaint();
    first.unmount();
    render(<Screen ready />);
    await afterPaint();
    expect(marks()).toHaveLength(1);
  });

  it('is not marked again when the screen ends an early page (its script marked that page’s paint)', async () => {
    // src/app/early-content.js: its page was shown, and marked at its paint; finish() ends it.
    performance.mark(`${CONTENT_VISIBLE_MARK}courses`);
    const early = marks()[0]!.startTime;
    Object.assign(window, { __earlyContent: { finish: () => true } });
    try {
      render(<Screen ready />);
      await afterPaint();
      expect(marks()).toHaveLength(1);
      expect(marks()[0]!.startTime).toBe(early);
    } finally {
      Reflect.deleteProperty(window, '__earlyContent');
    }
  });

  it('is not marked again when the content comes back after the early page has ended', async () => {
    // The early page was shown and marked; the app ended it, then its content went (a refetch, a
    // banner read) and came back: the script's finish ends nothing any more.
    performance.mark(`${CONTENT_VISIBLE_MARK}courses`);
    let shown = true;
    Object.assign(window, { __earlyContent: { finish: () => (shown ? !(shown = false) : false) } });
    try {
      const { rerender } = render(<Screen ready />);
      await afterPaint();
      rerender(<Screen ready={false} />);
      rerender(<Screen ready />);
      await afterPaint();
      expect(marks()).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(window, '__earlyContent');
    }
  });

  it('is marked when no early page was shown (the script’s finish ends nothing)', async () => {
    Object.assign(window, { __earlyContent: { finish: () => false } });
    try {
      render(<Screen ready />);
      await afterPaint();
      expect(marks()).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(window, '__earlyContent');
    }
  });
});
