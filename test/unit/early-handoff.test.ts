/**
 * The early page's end (src/views/early-handoff.ts calling the script src/app/early-content.js,
 * docs/decisions/0014-early-content-before-the-app.md): the app's page takes its place with what
 * the student did on it — typed, focused, tapped, sent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyContentInline } from '../../server/security-headers';

/**
 * The tasks after the handoff, where what the student did is done (two, one after the other):
 * each hop's timer is queued after the one the handoff queued before it.
 */
const tasksAfter = async () => {
  for (let hop = 0; hop < 3; hop++) await new Promise((resolve) => setTimeout(resolve, 0));
};
import type { EarlyContentWindow } from '../../src/views/early-handoff';

/** What the app calls (src/views/components/use-content-visible.ts). */
const finishEarlyContent = () => (window as EarlyContentWindow).__earlyContent?.finish();

const PAGE = `
  <form role="search"><input name="q" value=""><select name="status"><option value="">Todos</option><option value="completed">Concluído</option></select><button type="submit">Buscar</button></form>
  <ul><li><a href="/courses/7">Informática</a></li><li><a href="/courses/12">Matemática</a></li></ul>
  <button type="button">Menu</button>`;

/** An early page and the app's page behind it, both made of `PAGE`; the app's records what happens to it. */
function pages() {
  document.body.innerHTML = `<div id="early-root">${PAGE}</div><div id="root" data-prerendered="login">${PAGE}</div>`;
  document.documentElement.setAttribute('data-early', 'shown');
  const root = document.getElementById('root')!;
  root.hidden = true; // as the script leaves it while its page is shown
  const happened: string[] = [];
  root.addEventListener('click', (e) => {
    e.preventDefault();
    happened.push(`click ${(e.target as HTMLElement).textContent}`);
  });
  root.addEventListener('submit', (e) => {
    e.preventDefault();
    const field = (name: string) => (e.target as HTMLFormElement).elements.namedItem(name) as HTMLInputElement;
    happened.push(`submit q=${field('q').value} status=${field('status').value}`);
  });
  root.addEventListener('input', (e) => happened.push(`input ${(e.target as HTMLInputElement).value}`));
  root.addEventListener('change', (e) => happened.push(`change ${(e.target as HTMLSelectElement).value}`));
  return { early: document.getElementById('early-root')!, root, happened };
}

beforeEach(() => {
  // The script as the loader imports it (no template here: it only sets up the handoff).
  new Function(earlyContentInline().code)();
});

afterEach(() => {
  Reflect.deleteProperty(window, '__earlyContent');
  document.body.innerHTML = '';
  for (const name of ['data-early', 'data-early-click', 'data-early-submit'])
    document.documentElement.removeAttribute(name);
  vi.useRealTimers();
});

describe('finishEarlyContent', () => {
  it('removes the early page, and no early page shows afterwards', () => {
    pages();
    expect(finishEarlyContent()).toBe(true); // it ended one: its paint was the content's first
    expect(document.getElementById('early-root')).toBeNull();
    expect(document.getElementById('root')!.hidden).toBe(false);
    expect(document.documentElement.getAttribute('data-early')).toBe('done');
  });

  it('puts what was typed and chosen into the app’s fields, as typing would', async () => {
    const { early, root, happened } = pages();
    early.querySelector('input')!.value = 'matem';
    early.querySelector('select')!.value = 'completed';
    finishEarlyContent();
    await tasksAfter();
    expect(root.querySelector('input')!.value).toBe('matem');
    expect(root.querySelector('select')!.value).toBe('completed');
    expect(happened).toEqual(['input matem', 'change completed']);
  });

  it('gives the focus to the same element of the app’s page', async () => {
    const { early, root } = pages();
    early.querySelectorAll('a')[1]!.focus();
    finishEarlyContent();
    await tasksAfter();
    expect(document.activeElement).toBe(root.querySelectorAll('a')[1]);
  });

  it('taps what was tapped on the early page', async () => {
    const { happened } = pages();
    document.documentElement.setAttribute('data-early-click', '2'); // the second course: after 'Buscar'
    finishEarlyContent();
    expect(happened).toEqual([]);
    await tasksAfter();
    expect(happened).toEqual(['click Matemática']);
    expect(document.documentElement.hasAttribute('data-early-click')).toBe(false);
  });

  it('sends a search sent on the early page, with what was typed', async () => {
    const { early, happened } = pages();
    early.querySelector('input')!.value = 'matem';
    document.documentElement.setAttribute('data-early-submit', '0');
    finishEarlyContent();
    await tasksAfter();
    expect(happened).toEqual(['input matem', 'submit q=matem status=']);
  });

  it('does nothing where the inline script is absent', () => {
    const { happened } = pages();
    Reflect.deleteProperty(window, '__earlyContent');
    finishEarlyContent();
    expect(document.getElementById('early-root')).not.toBeNull();
    expect(happened).toEqual([]);
  });

  it('does nothing but end the early phase when no early page is shown', () => {
    document.body.innerHTML = `<div id="root" data-prerendered="login">${PAGE}</div>`;
    expect(finishEarlyContent()).toBe(false);
    expect(document.getElementById('root')!.innerHTML).toBe(PAGE);
    expect(document.documentElement.getAttribute('data-early')).toBe('done');
  });
});

describe('the limit once the app has rendered', () => {
  /** The script's LIMIT_MS (src/app/early-content.js). */
  const LIMIT_MS = 4_000;
  /** The app's first render into #root, as React commits it; then the observer's microtask. */
  const appRenders = async () => {
    document.getElementById('root')!.append(document.createElement('div'));
    await Promise.resolve();
  };

  it('ends an early page still shown LIMIT_MS after the app rendered, whatever its screen shows', async () => {
    vi.useFakeTimers();
    pages();
    new Function(earlyContentInline().code)(); // watching this #root
    await appRenders();
    vi.advanceTimersByTime(LIMIT_MS - 1);
    expect(document.getElementById('early-root')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById('early-root')).toBeNull();
  });

  it('does not start when #root is only emptied (the static /login’s markup removed before the app renders)', async () => {
    vi.useFakeTimers();
    pages();
    new Function(earlyContentInline().code)();
    document.getElementById('root')!.replaceChildren();
    await Promise.resolve();
    vi.advanceTimersByTime(LIMIT_MS);
    expect(document.getElementById('early-root')).not.toBeNull();
  });

  it('keeps a later early page from showing once the app has rendered first', async () => {
    document.body.innerHTML = '<div id="root" data-prerendered="login"></div>';
    new Function(earlyContentInline().code)();
    await appRenders();
    expect(document.documentElement.getAttribute('data-early')).toBe('done');
  });
});
