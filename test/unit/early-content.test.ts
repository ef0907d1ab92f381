/**
 * Early content (docs/decisions/0014-early-content-before-the-app.md): the course list page that
 * src/app/early-content.js builds from the early read's answer, with the build's template
 * (src/app/early-shell.tsx), is the page the app renders from the same answer — the same markup,
 * card for card — so that the app's taking over changes nothing the student sees. And an answer
 * the script cannot show exactly like the app shows nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  renderCoursePage,
  renderCoursesPage,
  renderEarlyShells,
  EARLY_VIDEO_PAGES,
  renderAttachmentsPage,
  renderFinancesPage,
  renderGradesPage,
  renderHomePage,
  renderLearningObjectPage,
  renderModulePage,
} from '../../src/app/early-shell';
import type { Banner, Dashboard } from '../../src/services/contract/home';
import type { Bill } from '../../src/services/contract/finances';
import type {
  DocumentCategory,
  DocumentListResponse,
  StudentAttachment,
} from '../../src/services/contract/attachments';
import type { GradeListResponse } from '../../src/services/contract/grades';
import { earlyDocumentOf, injectEarlyShells, splitEarlyDocuments } from '../../scripts/vite/prerender';
import { earlyContentInline } from '../../server/security-headers';
import { EARLY_DOCUMENTS } from '../../src/services/contract/early-documents';
import { earlyReadsData } from '../../src/app/early-reads';
import { recognizeProvider } from '../../src/services/content/providers';
import { deploymentContentSources } from '../../src/services/content/sources';
import type { Course, CourseListResponse, LearningObject, Module } from '../../src/services/contract/lms';

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

let shells: Awaited<ReturnType<typeof renderEarlyShells>>;

/** The early read's route pattern of `path` (src/app/early-reads.ts), as the build finds it. */
const patternOf = (path: string) => earlyReadsData().routes.find((r) => new RegExp(r.pattern).test(path))!.pattern;

/**
 * The document the host serves at `path`, as the build writes it: the screen's own (`/grades`:
 * grades.html) or index.html, each with its templates of the early pages (no script: the tests
 * run it).
 */
function earlyDocument(path: string): string {
  const built = shells.screens.map(({ screen, path: at, markup, texts, nav }) => ({
    screen,
    markup,
    texts,
    nav,
    route: patternOf(at),
    document: earlyDocumentOf(patternOf(at), at),
  }));
  const split = splitEarlyDocuments(
    injectEarlyShells(
      '<html><body><div id="root" data-prerendered="login"></div></body></html>',
      shells.layout,
      built,
      '',
    ),
    built.flatMap(({ screen, document }) => (document ? [{ screen, file: document }] : [])),
  );
  return split.files.find(({ file }) => `/${file.replace(/[.]html$/, '')}` === path)?.html ?? split.index;
}

/** The early pages' script of the document the host serves at `path`: its screens' fill only. */
const earlyScript = (path: string) =>
  earlyContentInline(EARLY_DOCUMENTS[`${path.slice(1)}.html`] ?? EARLY_DOCUMENTS['index.html']).code;

/**
 * Loads index.html's early parts (every screen's template) into this document and runs the script
 * with `answer` as the early read's of the page's route.
 */
async function runEarlyContent(
  answer: unknown,
  status = 200,
  { appStarted = false } = {},
): Promise<HTMLElement | null> {
  const html = earlyDocument(location.pathname);
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // src/main.tsx takes the static /login's mark off #root before its first render.
  if (appStarted) body.querySelector('#root')!.removeAttribute('data-prerendered');
  document.body.innerHTML = `<script type="application/json" id="entry-data">${JSON.stringify({ preloads: [], routes: [], entry: '' })}</script>`;
  for (const node of [...body.childNodes]) if (!(node instanceof HTMLScriptElement)) document.body.append(node);
  const answered = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  const pattern = patternOf(location.pathname);
  // The bills follow the hub's ERP token (src/app/entry-loader.js): the screen shows the second
  // answer. The documents area starts with three reads: `answer` is their answers, in order.
  const routeReads =
    location.pathname === '/finances'
      ? [
          {
            pattern,
            response: Promise.resolve(Response.json({ data: { token: 'erp', expires_at: '2030-01-01T00:00:00Z' } })),
            shown: answered(answer),
          },
        ]
      : location.pathname === '/attachments'
        ? (answer as unknown[]).map((body) => ({ pattern, response: answered(body) }))
        : location.pathname === '/home'
          ? // The dashboard, and the banners the loader read after the platform's lookup.
            [
              {
                pattern,
                response: answered((answer as unknown[])[0]),
                banners: Promise.resolve((answer as unknown[])[1]),
              },
            ]
          : /[/]learningObjects[/]/.test(location.pathname)
            ? // The module's answer, and the learning object's that the loader asked for after it.
              [
                {
                  pattern,
                  response: answered((answer as unknown[])[0]),
                  followed: answered((answer as unknown[])[1]),
                  // The platform's lookup (its embed providers); null: unknown.
                  platform: Promise.resolve(
                    (answer as unknown[]).length > 2 ? (answer as unknown[])[2] : { data: { options: {} } },
                  ),
                },
              ]
            : [{ pattern, response: answered(answer) }];
  Object.assign(window, {
    __earlyReads: [...routeReads, { pattern: undefined, response: Promise.resolve(null) }],
  });
  new Function(earlyScript(location.pathname))();
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
  // A style as the CSSOM writes it (the early page sets styles through it, as React does).
  for (const part of div.querySelectorAll<HTMLElement>('[style]')) part.style.cssText = part.getAttribute('style')!;
  return div.innerHTML;
};

beforeEach(async () => {
  shells ??= await renderEarlyShells();
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

  it('shows nothing when the app has started before the script runs (its page, not an early one)', async () => {
    expect(await runEarlyContent(ANSWER, 200, { appStarted: true })).toBeNull();
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

const MODULE: Module = {
  id: 30,
  course_id: 12,
  course_name: 'Matemática "Financeira"',
  name: 'Juros & <i>descontos</i> @@lessonName@@',
  position: 2,
  progress: 37.5,
  completed: false,
  lessons: [
    {
      id: 301,
      name: 'Juros simples',
      position: 1,
      completed: true,
      learning_objects: [
        { id: 3011, name: 'O que são juros', type: 'video', position: 1, status: 'completed', duration_seconds: 300 },
        {
          id: 3012,
          name: 'Leitura: a fórmula',
          type: 'text',
          position: 2,
          status: 'completed',
          duration_seconds: null,
        },
      ],
    },
    {
      id: 302,
      name: 'Juros compostos @@name@@',
      position: 2,
      completed: false,
      learning_objects: [
        { id: 3021, name: 'Exercícios', type: 'quiz', position: 1, status: 'started', duration_seconds: null },
        {
          id: 3022,
          name: '@@courseId@@ tabela',
          type: 'pdf',
          position: 2,
          status: 'not_started',
          duration_seconds: 60,
        },
        { id: 3023, name: 'Simulador', type: 'embed', position: 3, status: 'not_started', duration_seconds: null },
      ],
    },
    {
      id: 303,
      name: 'Descontos',
      position: 3,
      completed: false,
      learning_objects: [
        { id: 3031, name: 'Áudio da aula', type: 'audio', position: 1, status: 'not_started', duration_seconds: 90 },
        { id: 3032, name: 'Calculadora', type: 'link', position: 2, status: 'not_started', duration_seconds: null },
      ],
    },
    { id: 304, name: 'Em breve', position: 4, completed: false, learning_objects: [] },
  ],
};

describe('the early module page', () => {
  beforeEach(() => history.replaceState(null, '', '/courses/12/modules/30'));

  it('is the page the app renders from the same answer: every lesson, its badge and reset, every learning object', async () => {
    const early = await runEarlyContent({ data: MODULE });
    expect(early).not.toBeNull();
    expect(document.documentElement.getAttribute('data-early')).toBe('shown');
    expect(early!.innerHTML).toBe(normalised(await renderModulePage(MODULE, 'Ana Souza')));
    // What the student sees, read as the student's screen reader would.
    expect(early!.querySelector('h1')?.textContent).toBe(MODULE.name);
    expect([...early!.querySelectorAll('.lesson h2')].map((h) => h.textContent)).toEqual([
      'Juros simples✓ Aula concluída',
      'Juros compostos @@name@@',
      'Descontos',
      'Em breve',
    ]);
    expect(early!.querySelectorAll('button[aria-label^="Reiniciar a aula"]')).toHaveLength(2);
    const exercise = early!.querySelector<HTMLAnchorElement>('a[href="/courses/12/modules/30/learningObjects/3021"]');
    expect(exercise?.textContent).toBe('Exercícios');
    expect(exercise?.nextElementSibling?.textContent).toBe('Questionário · em andamento');
  }, 30_000);

  it('is the app’s page for a module without lessons, and without a greeting when no student is known', async () => {
    document.cookie = 'user=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const empty = { ...MODULE, progress: 0, lessons: [] };
    const early = await runEarlyContent({ data: empty });
    expect(early!.innerHTML).toBe(normalised(await renderModulePage(empty, 'Ana Souza'), true));
  }, 30_000);

  it.each([
    ['a failed read', { data: MODULE }, 404],
    ['an answer without its envelope', MODULE, 200],
    [
      'an unknown type of learning object',
      {
        data: {
          ...MODULE,
          lessons: [
            { ...MODULE.lessons[0], learning_objects: [{ ...MODULE.lessons[0]!.learning_objects[0], type: 'scorm' }] },
          ],
        },
      },
      200,
    ],
    [
      'an unknown status',
      {
        data: {
          ...MODULE,
          lessons: [
            {
              ...MODULE.lessons[0],
              learning_objects: [{ ...MODULE.lessons[0]!.learning_objects[0], status: 'paused' }],
            },
          ],
        },
      },
      200,
    ],
    [
      'a lesson without its learning objects',
      { data: { ...MODULE, lessons: [{ ...MODULE.lessons[0], learning_objects: undefined }] } },
      200,
    ],
    ['a progress over 100', { data: { ...MODULE, progress: 120 } }, 200],
  ])('shows nothing for %s', async (_, answer, status) => {
    expect(await runEarlyContent(answer, status)).toBeNull();
    expect(document.documentElement.hasAttribute('data-early')).toBe(false);
  });

  it('shows nothing at an address the app does not know (an id that is not a number: its page is “not found”)', async () => {
    history.replaceState(null, '', '/courses/abc/modules/30');
    expect(await runEarlyContent({ data: MODULE })).toBeNull();
  });
});

/** The module of the early learning-object pages below: it lists learning object 3011. */
const LO_MODULE: Module = {
  ...MODULE,
  course_name: 'Matemática "Financeira"',
  name: 'Juros & <b>descontos</b> @@name@@',
};

const LO: LearningObject = {
  id: 3011,
  name: 'Aula 1: o que são juros? @@courseName@@',
  type: 'video',
  lesson_id: 301,
  module_id: 30,
  course_id: 12,
  content: { url: '/api/files/media/aula.webm', html: null, quiz: null },
  status: 'not_started',
  started_at: null,
  completed_at: null,
  previous: { id: 2999, lesson_id: 299, module_id: 29 },
  next: { id: 3012, lesson_id: 301, module_id: 30 },
  next_module: null,
  quiz_result: null,
};

/**
 * The app's page for the same answers as the early page shows it: its players and the PDF's
 * frame without their source — the early page's never fetch the file (the app's player does,
 * once) — and no captions track (it is the source's).
 */
const withoutSources = (markup: string) =>
  markup.replace(/<(video|audio|iframe)([^>]*?) src="[^"]*"/g, '<$1$2').replace(/<track [^>]*\/>/g, '');

describe('the plain addresses of provider videos the early page shows a facade of', () => {
  it.each([
    ['youtube', 'https://www.youtube.com/watch?v=M7lc1UVf-VE'],
    ['youtube', 'https://m.youtube.com/watch?v=a_b-c1D2e3F'],
    ['youtube', 'https://youtu.be/M7lc1UVf-VE'],
    ['vimeo', 'https://vimeo.com/76979871'],
  ])('%s: %s is one the app embeds as that provider’s video', (id, url) => {
    expect(EARLY_VIDEO_PAGES[id]!.test(url)).toBe(true);
    expect(recognizeProvider(url, deploymentContentSources)).toMatchObject({ provider: { id, kind: 'video' } });
  });
});

describe('the early learning-object page', () => {
  beforeEach(() => history.replaceState(null, '', '/courses/12/modules/30/learningObjects/3011'));

  const early = async (lo: LearningObject, module: Module = LO_MODULE) => {
    const page = await runEarlyContent([{ data: module }, { data: lo }]);
    return { page, app: normalised(withoutSources(await renderLearningObjectPage(module, lo, 'Ana Souza'))) };
  };

  it('is the app’s page for a file’s video: where it is, its title, type, player, status, the way back and on', async () => {
    const { page, app } = await early(LO);
    expect(page).not.toBeNull();
    expect(document.documentElement.getAttribute('data-early')).toBe('shown');
    expect(page!.innerHTML).toBe(app);
    expect(page!.querySelector('h1')?.textContent).toBe(LO.name);
    expect([...page!.querySelectorAll('.breadcrumb a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Meus cursos', '/courses'],
      ['Matemática "Financeira"', '/courses/12'],
      [LO_MODULE.name, '/courses/12/modules/30'],
    ]);
    const video = page!.querySelector('video')!;
    expect(video.hasAttribute('src')).toBe(false);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(page!.querySelector('.lo-status button')?.textContent).toBe('Concluir');
    expect(page!.querySelector('a[rel="next"]')?.getAttribute('href')).toBe(
      '/courses/12/modules/30/learningObjects/3012',
    );
    expect(page!.querySelector('a[aria-keyshortcuts="Alt+Shift+ArrowLeft"]')?.getAttribute('href')).toBe(
      '/courses/12/modules/29/learningObjects/2999',
    );
  }, 30_000);

  it.each<[string, Partial<LearningObject>]>([
    ['an audio, the first of its module', { type: 'audio', previous: null }],
    [
      'a PDF already completed, the last of its module (the next module’s first)',
      {
        type: 'pdf',
        status: 'completed',
        completed_at: '2026-11-02T10:00:00.000Z',
        started_at: '2026-11-01T10:00:00Z',
        content: { url: '/api/files/media/apostila%20de%20juros.pdf?v=2', html: null, quiz: null },
        next: null,
        next_module: { id: 31, name: 'Descontos @@nextHref@@', first: { id: 3101, lesson_id: 310, module_id: 31 } },
      },
    ],
    [
      'a link, the last of its module whose next has nothing yet',
      {
        type: 'link',
        status: 'started',
        content: { url: 'https://www.exemplo.org/artigo?x=1&y="2"', html: null, quiz: null },
        next: null,
        next_module: { id: 31, name: 'Descontos', first: null },
      },
    ],
    [
      'a mail address’s link, the course’s last content',
      { type: 'link', content: { url: 'mailto:secretaria@escola.com.br', html: null, quiz: null }, next: null },
    ],
  ])(
    'is the app’s page for %s',
    async (_, overrides) => {
      const { page, app } = await early({ ...LO, ...overrides });
      expect(page).not.toBeNull();
      expect(page!.innerHTML).toBe(app);
    },
    30_000,
  );

  it.each<[string, Partial<LearningObject>]>([
    ['a YouTube video', { content: { url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', html: null, quiz: null } }],
    ['a youtu.be video', { content: { url: 'https://youtu.be/M7lc1UVf-VE', html: null, quiz: null } }],
    [
      'a Vimeo embed, completed',
      { type: 'embed', status: 'completed', content: { url: 'https://vimeo.com/76979871', html: null, quiz: null } },
    ],
  ])(
    'is the app’s page for %s: its facade, which loads nothing from the provider',
    async (_, overrides) => {
      const { page, app } = await early({ ...LO, ...overrides });
      expect(page).not.toBeNull();
      expect(page!.innerHTML).toBe(app);
      const facade = page!.querySelector('button.provider-facade');
      expect(facade?.textContent).toMatch(/^Reproduzir vídeo no (YouTube|Vimeo)/);
      expect(facade?.textContent).toContain(LO.name);
      expect(page!.querySelector('iframe, img, video')).toBeNull();
    },
    30_000,
  );

  it.each([
    ['the platform does not allow the provider', { data: { options: { embed_providers: ['vimeo'] } } }],
    ['the platform is not known (its lookup failed)', null],
  ])('shows no facade when %s', async (_, platform) => {
    const youtube = { ...LO, content: { url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', html: null, quiz: null } };
    expect(await runEarlyContent([{ data: LO_MODULE }, { data: youtube }, platform])).toBeNull();
  });

  it('takes the platform’s providers when it names them', async () => {
    const vimeo = { ...LO, content: { url: 'https://vimeo.com/76979871', html: null, quiz: null } };
    const page = await runEarlyContent([
      { data: LO_MODULE },
      { data: vimeo },
      { data: { options: { embed_providers: ['vimeo', 42] } } },
    ]);
    expect(page?.querySelector('button.provider-facade')?.textContent).toContain('Vimeo');
  });

  it.each([
    'https://www.youtube.com/watch?v=M7lc1UVf-VE&t=42s',
    'https://www.youtube.com/shorts/M7lc1UVf-VE',
    'https://www.youtube.com/@canaldaescola',
    'http://www.youtube.com/watch?v=M7lc1UVf-VE',
    'https://www.youtube.com.evil.example/watch?v=M7lc1UVf-VE',
    'https://vimeo.com/76979871/abcdef123',
  ])('leaves %s to the app (its recognition, not the early page’s)', async (url) => {
    const lo = { ...LO, content: { url, html: null, quiz: null } };
    expect(await runEarlyContent([{ data: LO_MODULE }, { data: lo }])).toBeNull();
  });

  const QUIZ: LearningObject = {
    ...LO,
    type: 'quiz',
    status: 'started',
    started_at: '2026-11-01T10:00:00Z',
    content: {
      url: null,
      html: null,
      quiz: {
        questions: [
          {
            id: 'q1',
            text: 'Quanto rendem R$ 100 a 10% ao mês em 2 meses, @@optionText@@?',
            options: [
              { id: 'a', text: 'R$ 120 (juros simples)' },
              { id: 'b', text: 'R$ 121 <b>compostos</b>' },
            ],
          },
          {
            id: 'q2',
            text: 'Juros compostos rendem…',
            options: [
              { id: 'x', text: 'mais' },
              { id: 'y', text: 'menos' },
              { id: 'z', text: 'o mesmo' },
            ],
          },
        ],
      },
    },
  };

  /** A quiz's radio buttons' group names are React's `useId` in the app's: the early page's own. */
  const withoutGroupNames = (markup: string) => markup.replace(/ name="[^"]*"/g, '');

  it('is the app’s page for a quiz not answered yet: its questions and options, ‘Enviar respostas’, no ‘Concluir’', async () => {
    const page = await runEarlyContent([{ data: LO_MODULE }, { data: QUIZ }]);
    expect(page).not.toBeNull();
    expect(withoutGroupNames(page!.innerHTML)).toBe(
      withoutGroupNames(normalised(await renderLearningObjectPage(LO_MODULE, QUIZ, 'Ana Souza'))),
    );
    const groups = [...page!.querySelectorAll('fieldset')];
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Pergunta 1. Quanto rendem R$ 100 a 10% ao mês em 2 meses, @@optionText@@?',
      'Pergunta 2. Juros compostos rendem…',
    ]);
    // One group per question: choosing an option of one leaves the other's.
    expect(new Set([...page!.querySelectorAll('input[type="radio"]')].map((r) => r.getAttribute('name'))).size).toBe(2);
    expect(groups[1]!.querySelectorAll('input[type="radio"]')).toHaveLength(3);
    expect(page!.querySelector('button[type="submit"]')?.textContent).toBe('Enviar respostas');
    expect(page!.textContent).not.toContain('Concluir');
  }, 30_000);

  it.each<[string, Partial<LearningObject>]>([
    ['a quiz already completed (its answers and grade are the app’s)', { status: 'completed' }],
    ['a graded quiz', { quiz_result: { correct: 1, total: 2, answers: { q1: 'a' } } as never }],
    ['a quiz without questions', { content: { url: null, html: null, quiz: { questions: [] } } }],
    [
      'a question with one option',
      {
        content: {
          url: null,
          html: null,
          quiz: { questions: [{ id: 'q1', text: 'x', options: [{ id: 'a', text: 'a' }] }] },
        },
      },
    ],
    [
      'an option without an id',
      {
        content: {
          url: null,
          html: null,
          quiz: {
            questions: [
              {
                id: 'q1',
                text: 'x',
                options: [
                  { id: '', text: 'a' },
                  { id: 'b', text: 'b' },
                ],
              },
            ],
          },
        },
      },
    ],
  ])('shows nothing for %s', async (_, overrides) => {
    expect(await runEarlyContent([{ data: LO_MODULE }, { data: { ...QUIZ, ...overrides } }])).toBeNull();
  });

  it('carries the options chosen on the early quiz over to the app’s, as the student’s clicks', async () => {
    const page = await runEarlyContent([{ data: LO_MODULE }, { data: QUIZ }]);
    const radios = [...page!.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    radios[1]!.click();
    radios[3]!.click();
    expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual(['b', 'y']);
    // The app's page (its same markup) behind it, and what a click on each of its options does.
    const root = document.getElementById('root')!;
    root.innerHTML = page!.innerHTML;
    const clicked: string[] = [];
    root.addEventListener('click', (event) => clicked.push((event.target as HTMLInputElement).value));
    (window as unknown as { __earlyContent: { finish(): boolean } }).__earlyContent.finish();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(clicked).toEqual(['b', 'y']);
    expect(document.getElementById('early-root')).toBeNull();
  }, 30_000);

  it('says the players fetch nothing before play under ‘Economia de dados’, as the app’s do', async () => {
    document.documentElement.setAttribute('data-data-saver', 'on');
    try {
      const { page } = await early(LO);
      expect(page!.querySelector('video')?.getAttribute('preload')).toBe('none');
    } finally {
      document.documentElement.removeAttribute('data-data-saver');
    }
  }, 30_000);

  it.each<[string, Partial<LearningObject>]>([
    [
      'a text lesson (its HTML needs the sanitiser)',
      { type: 'text', content: { url: null, html: '<p>Oi</p>', quiz: null } },
    ],
    [
      'an embed of a provider’s page (Slides: a frame of its own)',
      { type: 'embed', content: { url: 'https://docs.google.com/presentation/d/x/pub', html: null, quiz: null } },
    ],
    ['an embed of a file', { type: 'embed' }],
    [
      'an audio on a provider’s page (the app says it is unavailable)',
      { type: 'audio', content: { url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', html: null, quiz: null } },
    ],
    ['a video on another site', { content: { url: 'https://cdn.exemplo.net/aula.mp4', html: null, quiz: null } }],
    [
      'a video at an address of another host written without its scheme',
      { content: { url: '//evil.example/a.mp4', html: null, quiz: null } },
    ],
    ['a PDF at a javascript: URL', { type: 'pdf', content: { url: 'javascript:alert(1)', html: null, quiz: null } }],
    ['a link at a javascript: URL', { type: 'link', content: { url: 'javascript:alert(1)', html: null, quiz: null } }],
    ['a video without a URL', { content: { url: null, html: null, quiz: null } }],
    ['an unknown status', { status: 'paused' as never }],
    ['a malformed neighbour', { next: { id: 'x' } as never }],
    ['a quiz result on a video', { quiz_result: { correct: 1, total: 2, answers: {} } as never }],
    ['another learning object than the address’s', { id: 3012 }],
  ])('shows nothing for %s', async (_, overrides) => {
    expect(await runEarlyContent([{ data: LO_MODULE }, { data: { ...LO, ...overrides } }])).toBeNull();
    expect(document.documentElement.hasAttribute('data-early')).toBe(false);
  });

  it('shows nothing when the module does not list it (the app says it is not in this module)', async () => {
    const other = { ...LO_MODULE, lessons: LO_MODULE.lessons.slice(1) };
    expect(await runEarlyContent([{ data: other }, { data: LO }])).toBeNull();
  });

  it('shows nothing when the learning object’s read failed or was not asked for', async () => {
    expect(await runEarlyContent([{ data: LO_MODULE }, null])).toBeNull();
  });

  it('shows nothing offline (a link needs the internet: the app says so)', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      expect(
        await runEarlyContent([
          { data: LO_MODULE },
          { data: { ...LO, type: 'link', content: { url: 'https://exemplo.org', html: null, quiz: null } } },
        ]),
      ).toBeNull();
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });
});

const COURSE: Course = {
  id: 12,
  name: 'Matemática "Financeira" @@description@@',
  description: 'Juros & <b>descontos</b>',
  image_url: null,
  progress: 37.5,
  status: 'in_progress',
  modules_count: 3,
  modules: [
    { id: 31, name: 'Descontos @@name@@', position: 3, progress: 0, completed: false, lessons_count: 0 },
    { id: 30, name: 'Juros', position: 2, progress: 62.5, completed: false, lessons_count: 1 },
    { id: 29, name: 'Introdução', position: 1, progress: 100, completed: true, lessons_count: 1234 },
  ],
  last_learning_object: { id: 3011, lesson_id: 301, module_id: 30 },
  continue_learning_object: { id: 3021, lesson_id: 302, module_id: 30 },
};

describe('the early course page', () => {
  beforeEach(() => history.replaceState(null, '', '/courses/12'));

  it.each([
    ['a course under way: “Continuar” to where the server says, “Reiniciar curso”', COURSE],
    [
      'a platform without continue_learning_object: “Continuar” to the last opened',
      (({ continue_learning_object: _, ...course }) => course)(COURSE),
    ],
    [
      'a course not started: “Começar o curso” to the first module by position, no reset',
      { ...COURSE, status: 'not_started', progress: 0, last_learning_object: null, continue_learning_object: null },
    ],
    [
      'a course without modules: neither',
      {
        ...COURSE,
        status: 'not_started',
        progress: 0,
        modules: [],
        last_learning_object: null,
        continue_learning_object: null,
      },
    ],
  ] as [string, Course][])(
    'is the page the app renders from the same answer: %s',
    async (_, course) => {
      const early = await runEarlyContent({ data: course });
      expect(early).not.toBeNull();
      expect(early!.innerHTML).toBe(normalised(await renderCoursePage(course as Course, 'Ana Souza')));
    },
    30_000,
  );

  it('shows what the student reads: the modules in the answer’s order, each completed or under way', async () => {
    const early = await runEarlyContent({ data: COURSE });
    expect(early!.querySelector('h1')?.textContent).toBe(COURSE.name);
    const rows = [...early!.querySelectorAll('.item-list .item')];
    expect(rows.map((row) => row.querySelector('a')?.textContent)).toEqual([
      'Descontos @@name@@',
      'Juros',
      'Introdução',
    ]);
    expect(rows[2]!.textContent).toBe('Introdução1.234 aulasConcluído');
    expect(rows[1]!.querySelector('progress')?.getAttribute('aria-label')).toBe('Juros: 62.5%');
    expect(early!.querySelector('a.button-primary')?.getAttribute('href')).toBe(
      '/courses/12/modules/30/learningObjects/3021',
    );
  }, 30_000);

  it.each([
    [
      'a module without its lessons count',
      { data: { ...COURSE, modules: [{ ...COURSE.modules[0], lessons_count: undefined }] } },
    ],
    ['an unknown status', { data: { ...COURSE, status: 'paused' } }],
    [
      'a continue target without its module',
      { data: { ...COURSE, continue_learning_object: { id: 3021, lesson_id: 302 } } },
    ],
    ['no last_learning_object at all', { data: (({ last_learning_object: _, ...course }) => course)(COURSE) }],
  ])('shows nothing for %s', async (_, answer) => {
    expect(await runEarlyContent(answer)).toBeNull();
  });
});

const GRADES: GradeListResponse = {
  pagination: { page: 1, per_page: 10, total: 3, last_page: 1 },
  stats: { average: 6.875, approved: 1234, in_progress: 1, failed: 0 },
  data: [
    {
      course_id: 7,
      course_name: 'Introdução à <b>Informática</b> @@grade@@',
      grade: 9.25,
      status: 'approved',
      passing_grade: 6,
      graded_assessments: 1234,
      total_assessments: 5678,
      updated_at: '2026-03-15T10:30:00.000Z',
    },
    {
      course_id: 12,
      course_name: 'Matemática Financeira',
      grade: null,
      status: 'in_progress',
      passing_grade: null,
      graded_assessments: 0,
      total_assessments: 4,
      updated_at: null,
    },
    {
      course_id: 40,
      course_name: 'Empreendedorismo',
      grade: 4,
      status: 'failed',
      passing_grade: 7.5,
      graded_assessments: 2,
      total_assessments: 2,
      updated_at: '2025-12-31T23:59:59Z',
    },
  ],
};

describe('the early grade list', () => {
  beforeEach(() => history.replaceState(null, '', '/grades'));

  it.each([
    ['one page', GRADES],
    ['the first of 3 pages', { ...GRADES, pagination: { ...GRADES.pagination, total: 23, last_page: 3 } }],
    ['an average not given yet', { ...GRADES, stats: { ...GRADES.stats, average: null } }],
  ] as [string, GradeListResponse][])(
    'is the page the app renders from the same answer: %s',
    async (_, answer) => {
      const early = await runEarlyContent(answer);
      expect(early).not.toBeNull();
      expect(early!.innerHTML).toBe(normalised(await renderGradesPage(answer, 'Ana Souza')));
    },
    30_000,
  );

  it('shows the figures as the student reads them: one decimal, the date, “Sem nota”', async () => {
    const early = await runEarlyContent(GRADES);
    const cells = (row: number) =>
      [...early!.querySelectorAll('tbody tr')[row]!.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(cells(0).slice(1)).toEqual([
      '9,3',
      '6,0',
      'Aprovado',
      new Intl.DateTimeFormat('pt-BR').format(new Date(GRADES.data[0]!.updated_at!)),
    ]);
    expect(cells(1).slice(1)).toEqual(['Sem nota', 'Não há', 'Em andamento', '—']);
    expect(early!.querySelector('dl')?.textContent).toContain('6,9');
    expect(early!.textContent).toContain('1234 de 5678 avaliações corrigidas');
  }, 30_000);

  it.each([
    ['a grade over 10', { ...GRADES, data: [{ ...GRADES.data[0], grade: 11 }] }],
    ['a date that is not one', { ...GRADES, data: [{ ...GRADES.data[0], updated_at: 'ontem' }] }],
    ['no summary', { ...GRADES, stats: undefined }],
    ['an unknown status', { ...GRADES, data: [{ ...GRADES.data[0], status: 'pending' }] }],
    ['no course (the app’s empty state)', { ...GRADES, data: [], pagination: { ...GRADES.pagination, total: 0 } }],
  ])('shows nothing for %s', async (_, answer) => {
    expect(await runEarlyContent(answer)).toBeNull();
  });
});

describe('the early bill list', () => {
  beforeEach(() => history.replaceState(null, '', '/finances'));

  const bill = (id: number, status: Bill['status'], due_date: string, more: Partial<Bill> = {}): Bill => ({
    id,
    description: `Mensalidade ${id}`,
    amount_cents: 34990,
    due_date,
    status,
    paid_at: status === 'paid' ? '2026-03-09T15:00:00Z' : null,
    ...more,
  });
  const BILLS: Bill[] = [
    bill(1, 'paid', '2026-03-10'),
    bill(2, 'open', '2026-12-10', { description: 'Taxa & <b>matrícula</b>', amount_cents: 5 }),
    bill(3, 'overdue', '2026-10-10'),
    bill(4, 'paid', '2025-11-10', { amount_cents: 123456 }),
    bill(5, 'overdue', '2026-09-10'),
    bill(6, 'open', '2026-11-10'),
  ];
  const many = (n: number) => Array.from({ length: n }, (_, i) => bill(i + 1, 'open', '2026-12-10'));

  it.each([
    ['every group, two years', BILLS],
    ['one bill, one year (no year filter)', [bill(9, 'open', '2026-12-10')]],
    ['an open bill with a paid date', [bill(9, 'open', '2026-12-10', { paid_at: '2026-12-01T10:00:00Z' })]],
    ['the first of 2 pages', many(30)],
    [
      'the first of 3 pages, three groups',
      [...many(50), bill(90, 'overdue', '2024-01-10'), bill(91, 'paid', '2020-01-10')],
    ],
  ] as [string, Bill[]][])(
    'is the page the app renders from the same answer: %s',
    async (_, bills) => {
      const early = await runEarlyContent({ data: bills });
      expect(early).not.toBeNull();
      expect(early!.innerHTML).toBe(normalised(await renderFinancesPage(bills, 'Ana Souza')));
    },
    30_000,
  );

  it('shows what the student reads: overdue first (oldest first), then open (soonest first), then paid (newest first)', async () => {
    const early = await runEarlyContent({ data: BILLS });
    const groups = [...early!.querySelectorAll('main section section')].map((section) => ({
      heading: section.querySelector('h2')!.textContent,
      bills: [...section.querySelectorAll('h3')].map((h) => h.textContent),
    }));
    expect(groups).toEqual([
      { heading: 'Vencidas (2)', bills: ['Mensalidade 5', 'Mensalidade 3'] },
      { heading: 'Em aberto (2)', bills: ['Mensalidade 6', 'Taxa & <b>matrícula</b>'] },
      { heading: 'Pagas (2)', bills: ['Mensalidade 1', 'Mensalidade 4'] },
    ]);
    expect(early!.textContent).toContain('Valor: R$\u00a0349,90');
    expect(early!.textContent).toContain('Vencimento: 10/09/2026');
    expect(early!.querySelectorAll('button[aria-label^="Pagar com Pix"]')).toHaveLength(4);
    expect([...early!.querySelectorAll('select[name="year"] option')].map((o) => o.textContent)).toEqual([
      'Todos os anos',
      '2026',
      '2025',
    ]);
    expect([...early!.querySelectorAll('[role="status"]')].map((s) => s.textContent)).toContain('6 faturas');
  }, 30_000);

  it('says how many of how many a page of more shows', async () => {
    const early = await runEarlyContent({ data: many(30) });
    expect([...early!.querySelectorAll('[role="status"]')].map((s) => s.textContent)).toContain(
      '24 de 30 faturas, página 1 de 2',
    );
    expect(early!.querySelectorAll('main li h3')).toHaveLength(24);
  }, 30_000);

  it.each([
    ['an unknown status', { data: [{ ...BILLS[0], status: 'canceled' }] }],
    ['a due date that is not a day', { data: [{ ...BILLS[0], due_date: '10/12/2026' }] }],
    ['an amount in reais, not cents', { data: [{ ...BILLS[0], amount_cents: 349.9 }] }],
    ['a paid date that is not one', { data: [{ ...BILLS[0], paid_at: 'ontem' }] }],
    ['no bill (the app’s empty state)', { data: [] }],
    ['no list', {}],
  ])('shows nothing for %s', async (_, answer) => {
    expect(await runEarlyContent(answer)).toBeNull();
  });
});

describe('the documents of the early pages', () => {
  const templates = (html: string) =>
    [...html.matchAll(/<template data-early-route="[^"]*" data-early-screen="(\w+)"/g)].map((m) => m[1]);

  it('gives each screen without parameters a document of its own, and leaves the others in index.html', () => {
    expect(templates(earlyDocument('/courses/1/modules/2/learningObjects/3'))).toEqual(['course', 'module']);
    for (const screen of ['courses', 'grades', 'finances', 'attachments', 'home']) {
      const own = earlyDocument(`/${screen}`);
      expect(templates(own)).toEqual([screen]);
      // The layout and everything else of index.html, as it is.
      expect(own).toContain('<template data-early-layout>');
      expect(own.replace(/<template data-early-route[^]*?<\/template>\s*/g, '')).toBe(
        earlyDocument('/courses/1').replace(/<template data-early-route[^]*?<\/template>\s*/g, ''),
      );
    }
  });

  it('is index.html for a route with parameters, or of more than one segment', () => {
    expect(earlyDocumentOf('^/courses/(?<course>[^/]+)/?$', '/courses/1')).toBeNull();
    expect(earlyDocumentOf('^/a/b/?$', '/a/b')).toBeNull();
    expect(earlyDocumentOf('^/grades/?$', '/grades')).toBe('grades.html');
  });

  it('gives each document the early pages’ script with its own screens’ fill', () => {
    const built = shells.screens.map(({ screen, path: at, markup, texts, nav }) => ({
      screen,
      markup,
      texts,
      nav,
      route: patternOf(at),
      document: earlyDocumentOf(patternOf(at), at),
    }));
    const html = injectEarlyShells('<html><body></body></html>', shells.layout, built, 'EVERY SCREEN');
    const split = splitEarlyDocuments(
      html,
      built.flatMap(({ screen, document }) => (document ? [{ screen, file: document }] : [])),
      { code: 'EVERY SCREEN', of: (screens) => screens.join('+') },
    );
    expect(split.index).toContain('<script>course+module+learning-object</script>');
    expect(
      Object.fromEntries(split.files.map(({ file, html: doc }) => [file, /<script>([^<]*)<\/script>/.exec(doc)![1]])),
    ).toEqual({
      'courses.html': 'courses',
      'grades.html': 'grades',
      'finances.html': 'finances',
      'attachments.html': 'attachments',
      'home.html': 'home',
    });
    // The build's documents are the ones the CSP hashes a script for.
    expect(
      Object.fromEntries([
        ['index.html', ['course', 'module', 'learning-object']],
        ...split.files.map(({ file }) => [file, [file.replace('.html', '')]]),
      ]),
    ).toEqual(EARLY_DOCUMENTS);
  });

  it('stops the build when a screen to move has no template', () => {
    expect(() => splitEarlyDocuments('<body></body>', [{ screen: 'home', file: 'home.html' }])).toThrow(/home/);
  });
});

describe('the early documents area', () => {
  beforeEach(() => history.replaceState(null, '', '/attachments'));

  const file = (id: number, more: Partial<StudentAttachment> = {}): StudentAttachment => ({
    id,
    name: `Arquivo ${id}`,
    description: '',
    category_id: null,
    category_name: null,
    personal: true,
    file_name: `arquivo-${id}.pdf`,
    mime_type: 'application/pdf',
    size_bytes: 245_000,
    url: `/api/files/${id}.pdf`,
    created_at: '2026-03-01T10:00:00Z',
    status: 'not_started',
    started_at: null,
    completed_at: null,
    ...more,
  });
  const MINE = [
    file(1),
    file(2, { name: 'Contrato <assinado> & "final"', status: 'completed', mime_type: 'image/png', file_name: 'c.png' }),
    file(3, { status: 'started', mime_type: 'application/x-kmz', file_name: 'mapa.kmz', size_bytes: 3_400_000 }),
  ];
  const CATEGORIES: DocumentCategory[] = [
    { id: 4, name: 'Editais', count: 2 },
    { id: 5, name: 'Manuais # @@x@@', count: 1234 },
  ];
  const doc = (id: number, more: Partial<StudentAttachment> = {}) =>
    file(id, { personal: false, category_id: 4, category_name: 'Editais', ...more });
  const DOCUMENTS: DocumentListResponse = {
    pagination: { page: 1, per_page: 10, total: 3, last_page: 1 },
    data: [
      doc(10),
      doc(11, { mime_type: 'text/csv; charset=utf-8', size_bytes: 0, file_name: 'dados' }),
      doc(12, { category_name: '', mime_type: 'application/octet-stream', file_name: '.env', size_bytes: 999 }),
    ],
  };
  const answers = (mine = MINE, categories = CATEGORIES, documents = DOCUMENTS) => [
    { data: mine },
    { data: categories },
    documents,
  ];

  it.each([
    ['one page', answers()],
    [
      'the first of 3 pages, no category',
      answers(MINE, [], { ...DOCUMENTS, pagination: { ...DOCUMENTS.pagination, total: 23, last_page: 3 } }),
    ],
  ] as [string, [{ data: StudentAttachment[] }, { data: DocumentCategory[] }, DocumentListResponse]][])(
    'is the page the app renders from the same answers: %s',
    async (_, [mine, categories, documents]) => {
      const early = await runEarlyContent([mine, categories, documents]);
      expect(early).not.toBeNull();
      expect(early!.innerHTML).toBe(
        normalised(await renderAttachmentsPage(mine.data, categories.data, documents, 'Ana Souza')),
      );
    },
    30_000,
  );

  it('describes each file as the student reads it: its category, type and size, and whether it was opened', async () => {
    const early = await runEarlyContent(answers());
    const lines = [...early!.querySelectorAll('main li p')].map((p) => p.textContent);
    expect(lines).toEqual([
      'PDF · 245 kB · Não aberto',
      'Imagem · 245 kB · Concluído',
      'Arquivo KMZ · 3,4 MB · Aberto',
      'Editais · PDF · 245 kB · Não aberto',
      'Editais · Planilha CSV · 0 kB · Não aberto',
      'Arquivo · 1 kB · Não aberto',
    ]);
    expect([...early!.querySelectorAll('select[name="category"] option')].map((o) => o.textContent)).toEqual([
      'Todas as categorias',
      'Editais (2)',
      'Manuais # @@x@@ (1234)',
    ]);
  }, 30_000);

  it.each([
    ['no file of the student’s own (the app’s empty state)', answers([])],
    ['a file without a state the app knows', answers([{ ...MINE[0]!, status: 'archived' as never }])],
    ['a file whose size is not bytes', answers([{ ...MINE[0]!, size_bytes: 1.5 }])],
    ['a category without its count', answers(MINE, [{ id: 4, name: 'Editais' } as never])],
    [
      'no document (the app’s empty state)',
      answers(MINE, CATEGORIES, { ...DOCUMENTS, data: [], pagination: { ...DOCUMENTS.pagination, total: 0 } }),
    ],
    [
      'a document without a creation date',
      answers(MINE, CATEGORIES, { ...DOCUMENTS, data: [{ ...DOCUMENTS.data[0]!, created_at: 'ontem' }] }),
    ],
  ])('shows nothing for %s', async (_, given) => {
    expect(await runEarlyContent(given)).toBeNull();
  });
});

describe('the early home page', () => {
  beforeEach(() => history.replaceState(null, '', '/home'));

  const DASHBOARD: Dashboard = {
    courses: [
      {
        id: 7,
        name: 'Introdução à Informática',
        image_url: null,
        progress: 37.5,
        status: 'in_progress',
        continue_learning_object: { id: 3, lesson_id: 2, module_id: 1 },
      },
      {
        id: 9,
        name: 'Curso <vazio> & "novo"',
        image_url: null,
        progress: 0,
        status: 'not_started',
        continue_learning_object: null,
      },
    ],
    upcoming: [
      { kind: 'bill', title: 'Mensalidade de março', date: '2020-03-10', link: '/finances' },
      { kind: 'assessment', title: 'Prova 1', date: '2020-01-05', link: '/grades/7' },
      { kind: 'assessment', title: 'Prova 2', date: '2999-01-05', link: '/grades/7' },
    ],
    pending_bills: 2,
  };
  const banner = (id: number, link: string | null): Banner => ({
    id,
    title: `Destaque ${id} & <b>`,
    text: 'Texto',
    image_url: `/banners/${id}.jpg`,
    alt: id === 1 ? '' : `Imagem ${id}`,
    link,
    visible_ead: true,
    position: id,
  });
  const BANNERS = [banner(1, '/courses/7'), banner(2, 'https://example.org/matricula?x=1'), banner(3, null)];
  const flagged = (flags: object) => {
    document.cookie = `user=${encodeURIComponent(JSON.stringify({ user: { name: 'Ana Souza', ...flags }, expiresAt: Date.now() + 60_000 }))}; path=/`;
  };

  it.each([
    ['three banners, two courses, past and future items', DASHBOARD, { data: BANNERS }, {}],
    [
      'one banner, every area',
      DASHBOARD,
      { data: [banner(4, null)] },
      { is_aprovat_user: true, is_lxp_user: true, is_eja_user: true },
    ],
    [
      'a platform without banners, nothing to continue nor coming up',
      { courses: [], upcoming: [], pending_bills: 0 },
      false,
      { is_lxp_user: true },
    ],
    ['no banner, one pending bill', { ...DASHBOARD, pending_bills: 1 }, { data: [] }, {}],
  ] as [string, Dashboard, { data: Banner[] } | false, object][])(
    'is the page the app renders from the same answers: %s',
    async (_, dashboard, banners, flags) => {
      flagged(flags);
      const early = await runEarlyContent([{ data: dashboard }, banners]);
      expect(early).not.toBeNull();
      expect(early!.innerHTML).toBe(
        normalised(await renderHomePage(dashboard, banners === false ? [] : banners.data, 'Ana Souza', flags)),
      );
    },
    30_000,
  );

  it('is the app’s page under reduced motion too: the carousel does not rotate, its button is ‘Continuar rotação’', async () => {
    const reduce = (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query });
    vi.stubGlobal('matchMedia', reduce);
    try {
      const early = await runEarlyContent([{ data: DASHBOARD }, { data: BANNERS }]);
      expect(early).not.toBeNull();
      const app = normalised(await renderHomePage(DASHBOARD, BANNERS, 'Ana Souza', {}));
      expect(early!.innerHTML).toBe(app);
      expect(early!.querySelector('button[aria-label="Continuar rotação"]')).not.toBeNull();
      expect(early!.querySelector('button[aria-label="Pausar"]')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  }, 30_000);

  it('shows what the student reads: the first banner, its link, past items marked, the areas of their flags', async () => {
    flagged({ is_aprovat_user: true });
    const early = await runEarlyContent([{ data: DASHBOARD }, { data: BANNERS }]);
    const slides = [...early!.querySelectorAll('[aria-roledescription="slide"]')] as HTMLElement[];
    expect(slides.map((slide) => [slide.getAttribute('aria-label'), slide.hidden])).toEqual([
      ['1 de 3', false],
      ['2 de 3', true],
      ['3 de 3', true],
    ]);
    expect(slides[1]!.querySelector('a')?.getAttribute('target')).toBe('_blank');
    expect(slides[2]!.querySelector('a')).toBeNull();
    expect([...early!.querySelectorAll('nav[aria-label="Áreas do aluno"] a')].map((a) => a.textContent)).toEqual([
      'Cursos profissionalizantes',
      'Educação para o trânsito',
    ]);
    expect([...early!.querySelectorAll('main ul li')].map((li) => li.textContent).slice(-3)).toEqual([
      'FaturaMensalidade de março10/03/2020Vencida',
      'AvaliaçãoProva 105/01/2020Aguardando nota',
      'AvaliaçãoProva 205/01/2999',
    ]);
    expect(early!.textContent).toContain('Olá, Ana!');
    expect(early!.textContent).toContain('Você tem 2 faturas pendentes.');
  }, 30_000);

  it('with Economia de dados on, has the first banner’s image load only once on screen, as the app does', async () => {
    document.documentElement.setAttribute('data-data-saver', 'on');
    try {
      const early = await runEarlyContent([{ data: DASHBOARD }, { data: BANNERS }]);
      expect([...early!.querySelectorAll('main img')].map((img) => img.getAttribute('loading'))).toEqual([
        'lazy',
        'lazy',
        'lazy',
      ]);
    } finally {
      document.documentElement.removeAttribute('data-data-saver');
    }
  }, 30_000);

  it.each([
    ['the banners not known (the lookup failed)', [{ data: DASHBOARD }, null]],
    ['a banner link the app would check further', [{ data: DASHBOARD }, { data: [banner(1, '/a b')] }]],
    [
      'an upcoming item leading off the app',
      [{ data: { ...DASHBOARD, upcoming: [{ ...DASHBOARD.upcoming[0], link: '//evil.example' }] } }, false],
    ],
    [
      'a course without its progress',
      [{ data: { ...DASHBOARD, courses: [{ ...DASHBOARD.courses[0], progress: '37' }] } }, false],
    ],
    ['no dashboard', [{}, false]],
  ])('shows nothing for %s', async (_, given) => {
    expect(await runEarlyContent(given)).toBeNull();
  });
});
