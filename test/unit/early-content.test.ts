/**
 * Early content (docs/decisions/0014-early-content-before-the-app.md): the course list page that
 * src/app/early-content.js builds from the early read's answer, with the build's template
 * (src/app/early-shell.tsx), is the page the app renders from the same answer — the same markup,
 * card for card — so that the app's taking over changes nothing the student sees. And an answer
 * the script cannot show exactly like the app shows nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderCoursesPage, renderEarlyCoursesShell } from '../../src/app/early-shell';
import { injectEarlyShell } from '../../scripts/vite/prerender';
import { earlyContentInline } from '../../server/security-headers';
import type { CourseListResponse } from '../../src/services/contract/lms';

const PATTERN = '^\\/courses\\/?$';

const ANSWER: CourseListResponse = {
  pagination: { page: 1, per_page: 12, total: 4, last_page: 1 },
  data: [
    {
      id: 7,
      name: 'Introdução à Informática',
      description: 'Computadores & <b>internet</b>',
      image_url: null,
      progress: 0,
      status: 'not_started',
      modules_count: 1,
    },
    {
      id: 12,
      name: 'Matemática "Financeira"',
      description: 'Juros',
      image_url: null,
      progress: 37.5,
      status: 'in_progress',
      modules_count: 3,
    },
    {
      id: 40,
      name: 'Empreendedorismo',
      description: '',
      image_url: null,
      progress: 100,
      status: 'completed',
      modules_count: 0,
    },
    {
      id: 41,
      name: '@@name@@ 1234',
      description: 'x',
      image_url: null,
      progress: 99.6,
      status: 'in_progress',
      modules_count: 1234,
    },
  ],
};

let shell: Awaited<ReturnType<typeof renderEarlyCoursesShell>>;

/** Loads index.html's early parts into this document and runs the script with `answer` as the early read's. */
async function runEarlyContent(answer: unknown, status = 200): Promise<HTMLElement | null> {
  const html = injectEarlyShell(
    '<html><body><div id="root"></div></body></html>',
    { ...shell, route: PATTERN, screen: 'courses' },
    '',
  );
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  document.body.innerHTML = `<script type="application/json" id="entry-data">${JSON.stringify({ preloads: [], routes: [], entry: '' })}</script>`;
  for (const node of [...body.childNodes]) if (!(node instanceof HTMLScriptElement)) document.body.append(node);
  const response = Promise.resolve(new Response(JSON.stringify(answer), { status }));
  Object.assign(window, {
    __earlyReads: [
      { pattern: PATTERN, response },
      { pattern: undefined, response: Promise.resolve(null) },
    ],
  });
  new Function(earlyContentInline().code)();
  for (let i = 0; i < 20 && !document.getElementById('early-root'); i++) await new Promise((r) => setTimeout(r, 5));
  return document.getElementById('early-root');
}

/**
 * `markup` parsed as the browser would and serialised again (React's and the DOM's spellings
 * differ), without React's marks of its Suspense boundaries (comments).
 */
const normalised = (markup: string, withoutGreeting = false) => {
  const div = document.createElement('div');
  div.innerHTML = markup.replace(/<!--[^]*?-->/g, '');
  if (withoutGreeting) div.querySelector('.user-name')?.remove();
  return div.innerHTML;
};

beforeEach(async () => {
  shell ??= await renderEarlyCoursesShell();
  history.replaceState(null, '', '/courses');
  document.documentElement.removeAttribute('data-early');
  document.documentElement.setAttribute('lang', 'pt-BR');
  document.cookie = `user=${encodeURIComponent(JSON.stringify({ user: { name: 'Ana Souza' }, expiresAt: Date.now() + 60_000 }))}; path=/`;
});

afterEach(() => {
  document.cookie = 'user=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  document.body.innerHTML = '';
});

describe('the early course list', () => {
  it('is the page the app renders from the same answer, for the student of the cached user', async () => {
    const early = await runEarlyContent(ANSWER);
    expect(early).not.toBeNull();
    expect(document.documentElement.getAttribute('data-early')).toBe('shown');
    expect(document.getElementById('root')!.hidden).toBe(true); // the app renders behind it, unseen
    expect(early!.innerHTML).toBe(normalised(await renderCoursesPage(ANSWER, 'Ana Souza')));
  }, 30_000);

  it.each([2, 3, 1234])(
    'is the app’s page for the first page of a list of %i pages (count, pagination)',
    async (last) => {
      const answer = { ...ANSWER, pagination: { ...ANSWER.pagination, last_page: last, total: 4 + 12 * last } };
      const early = await runEarlyContent(answer);
      expect(early).not.toBeNull();
      expect(early!.innerHTML).toBe(normalised(await renderCoursesPage(answer, 'Ana Souza')));
      expect(early!.querySelector('nav[aria-label="Paginação dos cursos"]')?.textContent).toContain(`de ${last}`);
    },
    30_000,
  );

  it('has no greeting when no student is known yet (the app asks who it is before its page)', async () => {
    document.cookie = 'user=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const early = await runEarlyContent(ANSWER);
    expect(early!.innerHTML).toBe(normalised(await renderCoursesPage(ANSWER, 'Ana Souza'), true));
    expect(early!.textContent).not.toContain('Olá');
  }, 30_000);

  it('greets the last known student when the cached one has expired', async () => {
    document.cookie = `user=${encodeURIComponent(JSON.stringify({ user: { name: 'Ana Souza' }, expiresAt: Date.now() - 1 }))}; path=/`;
    localStorage.setItem('lms.user.lastKnown', JSON.stringify({ name: 'Bia Lima' }));
    try {
      const early = await runEarlyContent(ANSWER);
      expect(early!.querySelector('.user-name')?.textContent).toBe('Olá, Bia Lima');
    } finally {
      localStorage.removeItem('lms.user.lastKnown');
    }
  });

  it.each([
    ['a failed read', ANSWER, 500],
    ['a malformed answer', { data: 'courses' }, 200],
    ['a course without a name', { ...ANSWER, data: [{ ...ANSWER.data[0], name: null }] }, 200],
    ['an unknown status', { ...ANSWER, data: [{ ...ANSWER.data[0], status: 'paused' }] }, 200],
    [
      'a total smaller than the courses listed',
      { ...ANSWER, pagination: { ...ANSWER.pagination, last_page: 2, total: 3 } },
      200,
    ],
    ['a page other than the first', { ...ANSWER, pagination: { ...ANSWER.pagination, page: 2 } }, 200],
    [
      'no course at all (the app shows its empty state)',
      { ...ANSWER, data: [], pagination: { ...ANSWER.pagination, total: 0 } },
      200,
    ],
  ])('shows nothing for %s', async (_, answer, status) => {
    expect(await runEarlyContent(answer, status)).toBeNull();
    expect(document.documentElement.hasAttribute('data-early')).toBe(false);
  });

  it('shows nothing once the app has shown its own page', async () => {
    document.documentElement.setAttribute('data-early', 'done');
    expect(await runEarlyContent(ANSWER)).toBeNull();
  });

  it('shows nothing in another language than pt-BR (its texts are pt-BR)', async () => {
    document.documentElement.setAttribute('lang', 'en');
    expect(await runEarlyContent(ANSWER)).toBeNull();
  });

  it('shows nothing when a service worker controls the page (the app renders from its saved reads)', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    try {
      expect(await runEarlyContent(ANSWER)).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('shows nothing for a list with a search or a filter in the address', async () => {
    history.replaceState(null, '', '/courses?q=mat');
    expect(await runEarlyContent(ANSWER)).toBeNull();
  });
});
