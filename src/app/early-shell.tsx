/**
 * Static export of signed-in pages for the early content
 * (docs/decisions/0014-early-content-before-the-app.md): the markup the app renders on a screen
 * once its first read is in, signed in, in pt-BR, rendered at build time (scripts/vite/prerender.ts,
 * in Node with the app's own components) from an answer made of slots (`@@name@@`…) — the course
 * list (one course) and a module (one lesson, one learning object). The inline script
 * src/app/early-content.js fills a copy with the early read's answer — one card per course, one
 * section per lesson, one row per learning object — and shows it until the app has rendered the
 * same page (src/views/early-handoff.ts). The texts that script cannot format itself (plurals,
 * statuses, the progress) are formatted here, with the app's messages.
 */
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { Router } from 'wouter';
import { createActor } from 'xstate';
import { QueryClient } from '@tanstack/react-query';
import { createIntl, type IntlShape } from '@formatjs/intl';
import { App } from './app-root';
import { buildTimeActors } from './login-shell';
import { outboxMachine } from '../machines/outbox.machine';
import { lifecycleMachine } from '../machines/lifecycle.machine';
import { ROUTE_PATHS } from '../services/navigation/routes';
import { courseLink, learningObjectLink, moduleLink } from '../services/navigation/links';
import { courseQuery, coursesQuery, learningObjectQuery, lessonOf, moduleQuery } from '../services/api/lms-queries';
import { coursesApiQuery, parseCoursesQuery } from '../views/courses/url-query';
import { gradesApiQuery, parseGradesQuery } from '../views/grades/url-query';
import { gradesKeys } from '../services/api/keys/grades';
import { homeKeys } from '../services/api/keys/home';
import type { Banner, Dashboard, UpcomingItem } from '../services/contract/home';
import { CarouselMessages, HomeMessages } from '../views/home/messages';
import { AREA_SHORTCUTS } from '../views/home/screen';
import homeStyles from '../views/home/home.module.css';
import type { SessionUser } from '../services/contract/session';
import type { AreaFlag } from '../services/navigation/routes';
import { attachmentKeys } from '../services/api/keys/attachments';
import { documentsApiQuery, parseDocumentsQuery } from '../views/attachments/url-query';
import type {
  AttachmentStatus,
  DocumentCategory,
  DocumentListResponse,
  StudentAttachment,
} from '../services/contract/attachments';
import { ATTACHMENT_STATUS_TEXT, AttachmentsAreaMessages } from '../views/attachments/messages';
import {
  EXACT_TYPES,
  FAMILY_TYPES,
  FileTypeMessages,
  fileTypeLabel,
  formatFileSize,
  type TypeKey,
} from '../views/components/file-format';
import { attachmentLink } from '../services/navigation/links';
import {
  BILL_BADGE,
  BILL_GROUP_ORDER,
  BILLS_PER_PAGE,
  BILLS_QUERY_KEY,
  formatBRL,
  formatDay,
  formatInstantDay,
} from '../views/finances/bills';
import type { Bill, BillStatus } from '../services/contract/finances';
import { FinancesMessages } from '../views/finances/messages';
import financesStyles from '../views/finances/finances.module.css';
import { AssessmentWords, BillGroupWords, BillStateWords, ProgressWords } from '../views/components/vocabulary';
import type { GradeListResponse, GradeStatus } from '../services/contract/grades';
import { GradesFilterMessages, GradesMessages, GradeStatusMessages } from '../views/grades/messages';
import { STATUS_BADGE } from '../views/grades/format';
import { CoursesFilterMessages, CoursesMessages } from '../views/courses/messages';
import { ModuleMessages } from '../views/module/messages';
import { ModuleResetMessages } from '../views/module/reset-messages';
import { CourseMessages } from '../views/course/messages';
import { TYPE_TEXT } from '../views/module/shared';
import { QuizMessages } from '../views/learning-object/quiz-messages';
import { CommonMessages } from '../views/components/messages';
import { ListMessages } from '../views/components/list-filter';
import type {
  Course,
  CourseListResponse,
  CourseStatus,
  LearningObject,
  LearningObjectStatus,
  LearningObjectType,
  Module,
} from '../services/contract/lms';
import type { AppOutbox } from '../views/app-services';
import { deploymentContentSources } from '../services/content/sources';
import {
  CourseStatus as CourseStatusSchema,
  LearningObjectStatus as LearningObjectStatusSchema,
} from '../services/contract/lms';

/** The texts of the early course list, pt-BR; `#` stands for a number the script formats. */
export interface EarlyTexts extends ListTexts {
  /** A course's status badge, by status. */
  status: Record<CourseStatus, string>;
  /** 'N módulos' by plural category ('one', 'other'). */
  modules: Record<'one' | 'other', string>;
  /** 'N cursos encontrados' by plural category ('one', 'other'; zero courses: no early content). */
  count: Record<'one' | 'other', string>;
  /** The progress bar's text, `#` = the percentage as `Intl.NumberFormat(…, { style: 'percent' })` writes it. */
  progress: string;
}

/** Numbers rendered where the script (src/app/early-content.js) writes its own (unlikely to occur anywhere else). */
const MODULES = 1234567;
const TOTAL = 7654321;
const LAST_PAGE = 54321;
const PROGRESS = 37;

/** The slot course: every text the script fills is a slot; numbers are replaced after rendering. */
const SLOT_COURSES: CourseListResponse = {
  pagination: { page: 1, per_page: 12, total: TOTAL, last_page: LAST_PAGE },
  data: [
    {
      id: '@@id@@' as unknown as number,
      name: '@@name@@',
      description: '@@description@@',
      image_url: null,
      progress: PROGRESS,
      status: 'in_progress',
      modules_count: MODULES,
    },
  ],
};

/** Replaces the only occurrence of `find` in `html`. @throws Error when there is not exactly one. */
function replaceOnce(html: string, find: string, by: string): string {
  const at = html.indexOf(find);
  if (at < 0 || html.indexOf(find, at + find.length) >= 0)
    throw new Error(`early shell: expected exactly one ${JSON.stringify(find)} in the course list's markup`);
  return html.slice(0, at) + by + html.slice(at + find.length);
}

/**
 * Replaces every occurrence of `find` in `html`. @throws Error when there is none, or not `count`
 * when given.
 */
function replaceEvery(html: string, find: string, by: string, count?: number): string {
  const parts = html.split(find);
  if (parts.length < 2 || (count !== undefined && parts.length - 1 !== count))
    throw new Error(`early shell: expected ${count ?? 'some'} ${JSON.stringify(find)} in the markup`);
  return parts.join(by);
}

/**
 * `html` without comments: React's marks of Suspense boundaries and the separators between
 * adjacent texts mean nothing outside React (the browser's parser joins the texts).
 */
const withoutComments = (html: string) => html.replace(/<!--[^]*?-->/g, '');

/** The app's messages formatted in pt-BR, as the templates' texts are (`messages`: default the source's). */
const ptBrIntl = (messages: Record<string, string>) =>
  createIntl({ locale: 'pt-BR', defaultLocale: 'pt-BR', messages, onError: () => undefined });

/** `text` with its number `n` (as written in it) replaced by `#`. @throws Error when `n` is not in it. */
function hash(text: string, n: string): string {
  if (!text.includes(n)) throw new Error(`early shell: ${JSON.stringify(text)} does not contain ${n}`);
  return text.replace(n, '#');
}

/**
 * The progress bar's text (ProgressBar: '37% concluído'), `#` = the percentage as
 * `Intl.NumberFormat('pt-BR', { style: 'percent' })` writes it.
 */
const progressTemplate = (intl: IntlShape) =>
  hash(
    intl.formatMessage(CommonMessages.progress, { percent: PROGRESS / 100 }),
    intl.formatNumber(PROGRESS / 100, { style: 'percent' }),
  );

/** The texts of a list's count and pagination (the course list's, the grade list's). */
export interface ListTexts {
  /** The count of a list of more pages, `@@` = the count's text, `#` = the last page (no grouping): '@@, página 1 de #'. */
  resultsPage: string;
  /** The pagination's 'Página 1 de #' (`#`: no grouping). */
  pageOf: string;
}

/**
 * The slots of a list's first page of LAST_PAGE pages (ListFilter's count, Pagination): the count
 * '@@count@@', 'Página 1 de N' '@@pageOf@@', the last page's link `data-early-last` with
 * '@@lastPage@@', the pagination `data-early-pagination` — the script removes what a shorter list
 * has not ('Próxima página' from 2 pages, 'Última página' from 3).
 * @param countOther the count's text for the list's total, as the screen formats it.
 * @param pagination the pagination's accessible name; `lastHref` its last page's link.
 */
function listSlots(
  markup: string,
  intl: IntlShape,
  {
    countOther,
    pagination,
    lastHref,
    last = LAST_PAGE,
  }: { countOther: string; pagination: string; lastHref: string; last?: number },
): { html: string; texts: ListTexts } {
  let html = markup;
  const resultsPage = intl.formatMessage(ListMessages.resultsPage, { results: '@@', page: 1, last });
  html = replaceOnce(html, resultsPage.replace('@@', countOther), '@@count@@');
  const pageOf = intl.formatMessage(ListMessages.pageOf, { page: 1, last });
  html = replaceOnce(html, `>${pageOf}<`, '>@@pageOf@@<');
  html = replaceOnce(
    html,
    `<a href="${lastHref}">`,
    `<a data-early-last="" href="${lastHref.replace(String(last), '@@lastPage@@')}">`,
  );
  html = replaceOnce(html, ` aria-label="${pagination}">`, ` aria-label="${pagination}" data-early-pagination="">`);
  // `{last}` is a plain argument there: the number as it is, without grouping.
  return { html, texts: { resultsPage: hash(resultsPage, String(last)), pageOf: hash(pageOf, String(last)) } };
}

/**
 * Renders `element` to HTML once every lazy part and suspended read has resolved. React's warning
 * that layout effects do not run on the server is expected here (the page is rendered once, its
 * effects are the app's in the browser) and left out of the output.
 */
async function renderAll(element: React.ReactElement): Promise<string> {
  const log = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('useLayoutEffect does nothing on the server')) return;
    log(...args);
  };
  try {
    return await new Promise<string>((resolve, reject) => {
      let html = '';
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          html += chunk.toString();
          done();
        },
        final(done) {
          resolve(html);
          done();
        },
      });
      const stream = renderToPipeableStream(element, {
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
      });
    });
  } finally {
    console.error = log;
  }
}

/**
 * The app's page at `path` signed in as a student named `userName` (null: no name known), with
 * `seed` put into the query cache first (the screen's read, answered), as the app renders it: the
 * #root element's content once every lazy part has loaded.
 */
async function renderScreen(
  path: string,
  seed: (client: QueryClient) => void,
  userName: string | null,
  flags: Partial<Pick<SessionUser, AreaFlag>> = {},
) {
  const outbox: AppOutbox = {
    actor: createActor(outboxMachine, { input: { userId: 1 } } as never) as AppOutbox['actor'],
    record: () => Promise.reject(new Error('no outbox at build time')),
    learningObjectLifecycle: lifecycleMachine,
    shortVideoLifecycle: lifecycleMachine,
    attachmentLifecycle: lifecycleMachine,
    recordVideoProgress: () => Promise.reject(new Error('no outbox at build time')),
  };
  // The same promise on every call, as the app's loader (WithOutbox reads it in each render).
  const outboxLoaded = Promise.resolve(outbox);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seed(client);
  const cachedUser =
    userName === null ? null : { id: 1, name: userName, platform_id: 1, accepted_lgpd: true, ...flags };
  return renderAll(
    <StrictMode>
      <Router ssrPath={path}>
        <App
          actors={buildTimeActors({ hasToken: true, cachedUser: cachedUser as never })}
          services={{
            loadOutbox: () => outboxLoaded,
            loadPayments: () => Promise.reject(new Error('no payments at build time')),
            prefetchPayments: () => undefined,
            eventBus: null,
          }}
          translations={null}
          queryClient={client}
        />
      </Router>
    </StrictMode>,
  );
}

/**
 * The app's course list page (/courses) with `courses` as the list's answer, signed in as
 * `userName` (null: no name known): the #root element's content. The build renders it with slots;
 * tests with real courses, to compare with the early page built from the same answer
 * (test/unit/early-content.test.ts).
 */
export function renderCoursesPage(courses: CourseListResponse, userName: string | null): Promise<string> {
  return renderScreen(
    ROUTE_PATHS.courses,
    (client) => client.setQueryData(coursesQuery(coursesApiQuery(parseCoursesQuery(''))).queryKey, courses),
    userName,
  );
}

/** The app's page of `course` (`GET /lms/courses/{id}`'s `data`), as {@link renderCoursesPage}. */
export function renderCoursePage(course: Course, userName: string | null): Promise<string> {
  return renderScreen(
    courseLink(course.id),
    (client) => client.setQueryData(courseQuery(course.id).queryKey, course),
    userName,
  );
}

/** The app's grade list (/grades) with `grades` as its first page's answer, as {@link renderCoursesPage}. */
export function renderGradesPage(grades: GradeListResponse, userName: string | null): Promise<string> {
  return renderScreen(
    ROUTE_PATHS.grades,
    (client) => client.setQueryData(gradesKeys.list(gradesApiQuery(parseGradesQuery(''))), grades),
    userName,
  );
}

/**
 * The app's /attachments with its three reads answered — the student's own files (`mine`), the
 * documents' categories and the documents' first page — as {@link renderCoursesPage}.
 */
export function renderAttachmentsPage(
  mine: StudentAttachment[],
  categories: DocumentCategory[],
  documents: DocumentListResponse,
  userName: string | null,
): Promise<string> {
  return renderScreen(
    ROUTE_PATHS.attachments,
    (client) => {
      client.setQueryData(attachmentKeys.areaMine, mine);
      client.setQueryData(attachmentKeys.areaCategories, categories);
      client.setQueryData(attachmentKeys.areaDocuments(documentsApiQuery(parseDocumentsQuery(''))), documents);
    },
    userName,
  );
}

/**
 * The app's /home with `dashboard` (`GET /users/dashboard`'s `data`) and `banners` (the banners
 * read's `data`; [] on a platform without them: the same page) answered, signed in as `userName`
 * with the area flags `flags`, as {@link renderCoursesPage}.
 */
export function renderHomePage(
  dashboard: Dashboard,
  banners: Banner[],
  userName: string | null,
  flags: Partial<Pick<SessionUser, AreaFlag>> = {},
): Promise<string> {
  return renderScreen(
    ROUTE_PATHS.home,
    (client) => {
      client.setQueryData(homeKeys.dashboard, dashboard);
      client.setQueryData(homeKeys.banners, banners);
    },
    userName,
    flags,
  );
}

/** The app's /finances with `bills` as ERP `GET /bills`' `data` (every bill), as {@link renderCoursesPage}. */
export function renderFinancesPage(bills: Bill[], userName: string | null): Promise<string> {
  return renderScreen(ROUTE_PATHS.finances, (client) => client.setQueryData(BILLS_QUERY_KEY, bills), userName);
}

/** The app's page of `module` (`GET /lms/modules/{id}`'s `data`), as {@link renderCoursesPage}. */
export function renderModulePage(module: Module, userName: string | null): Promise<string> {
  return renderScreen(
    moduleLink(module.course_id, module.id),
    (client) => client.setQueryData(moduleQuery(module.id).queryKey, module),
    userName,
  );
}

/**
 * The app's learning-object page with `module` as its module's answer and `lo` as its own (which
 * `module` must list), signed in as `userName`: the #root element's content, as
 * {@link renderCoursesPage}.
 */
export async function renderLearningObjectPage(
  module: Module,
  lo: LearningObject,
  userName: string | null,
): Promise<string> {
  // The viewer places a file's URL against the page's origin: the build (Node) has no page.
  const global = globalThis as { location?: unknown };
  if (global.location === undefined) {
    global.location = new URL('http://localhost/');
    try {
      return await renderLearningObjectPage(module, lo, userName);
    } finally {
      delete global.location;
    }
  }
  return renderScreen(
    learningObjectLink(lo.course_id, module.id, lo.id),
    (client) => {
      client.setQueryData(moduleQuery(module.id).queryKey, module);
      client.setQueryData(learningObjectQuery(lo.id, lessonOf(module, lo.id)).queryKey, lo);
    },
    userName,
  );
}

/**
 * The early course list's template (see the module's comment).
 * @param messages the pt-BR messages (default: the source's, which are pt-BR).
 * @returns `markup`: the HTML of the #root element's content with slots; `texts`: the pt-BR texts
 *   with `#` where the script puts a number (see {@link EarlyTexts}).
 * @throws Error when a slot cannot be found in the markup (a component changed what it renders:
 *   the build stops rather than ship early content that differs from the app's).
 */
export async function renderEarlyCoursesShell(
  messages: Record<string, string> = {},
): Promise<{ markup: string; texts: EarlyTexts }> {
  let html = await renderCoursesPage(SLOT_COURSES, '@@userName@@');
  const intl = ptBrIntl(messages);
  const number = (n: number) => intl.formatNumber(n);
  const modulesOther = intl.formatMessage(CoursesMessages.modules, { count: MODULES });
  const countOther = intl.formatMessage(CoursesFilterMessages.count, { count: TOTAL });
  const progressText = intl.formatMessage(CommonMessages.progress, { percent: PROGRESS / 100 });
  html = replaceOnce(html, modulesOther, '@@modules@@');
  const list = listSlots(html, intl, {
    countOther,
    pagination: intl.formatMessage(CoursesMessages.pagination),
    lastHref: `${ROUTE_PATHS.courses}?page=${LAST_PAGE}`,
  });
  html = list.html;
  html = replaceOnce(html, `>${progressText}<`, '>@@progressText@@<');
  html = replaceOnce(html, `value="${PROGRESS}"`, 'value="@@progress@@"');
  html = replaceOnce(html, `@@name@@: ${PROGRESS}%`, '@@progressLabel@@');
  html = replaceOnce(html, '/courses/%40%40id%40%40', '/courses/@@id@@');
  // The card the script copies once per course.
  html = replaceOnce(
    html,
    '<ul class="card-grid" aria-busy="false"><li class="card">',
    '<ul class="card-grid" aria-busy="false"><li class="card" data-early-item="course">',
  );
  html = withoutComments(html);
  const statusText = intl.formatMessage(ProgressWords.inProgress);
  html = replaceOnce(html, `badge-in_progress">${statusText}<`, 'badge-@@status@@">@@statusText@@<');
  const texts: EarlyTexts = {
    status: {
      not_started: intl.formatMessage(ProgressWords.notStarted),
      in_progress: statusText,
      completed: intl.formatMessage(ProgressWords.completed),
    },
    modules: {
      one: hash(intl.formatMessage(CoursesMessages.modules, { count: 1 }), '1'),
      other: hash(modulesOther, number(MODULES)),
    },
    count: {
      one: hash(intl.formatMessage(CoursesFilterMessages.count, { count: 1 }), '1'),
      other: hash(countOther, number(TOTAL)),
    },
    progress: progressTemplate(intl),
    ...list.texts,
  };
  return { markup: html, texts };
}

/** The texts of the early module page, pt-BR. */
export interface EarlyModuleTexts {
  /** The progress bar's text, as {@link EarlyTexts}' `progress`. */
  progress: string;
  /** A learning object's type, by type ('Vídeo', 'Questionário'…). */
  types: Record<LearningObjectType, string>;
  /** A learning object's status, by status ('concluído', 'em andamento', 'não iniciado'). */
  statuses: Record<LearningObjectStatus, string>;
  /** A learning object's tick, by status (the module screen's: ✓ ◐ ○). */
  ticks: Record<LearningObjectStatus, string>;
}

/** Ids rendered where the script writes the answer's (unlikely to occur anywhere else). */
const COURSE_ID = 9090901;
const MODULE_ID = 9090902;
const LESSON_ID = 9090903;
const LEARNING_OBJECT_ID = 9090904;

/**
 * The slot module: one completed lesson (its badge and, with a learning object started, its reset
 * button: the script removes what a lesson has not, `data-early-if`) with one learning object.
 */
const SLOT_MODULE: Module = {
  id: MODULE_ID,
  course_id: COURSE_ID,
  course_name: '@@courseName@@',
  name: '@@name@@',
  position: 1,
  progress: PROGRESS,
  completed: false,
  lessons: [
    {
      id: LESSON_ID,
      name: '@@lessonName@@',
      position: 1,
      completed: true,
      learning_objects: [
        {
          id: LEARNING_OBJECT_ID,
          name: '@@name@@',
          type: 'video',
          position: 1,
          status: 'started',
          duration_seconds: null,
        },
      ],
    },
  ],
};

/** The module screen's ticks (src/views/module/screen.tsx). */
const TICKS: Record<LearningObjectStatus, string> = { completed: '✓', started: '◐', not_started: '○' };

/**
 * The early module page's template: the module screen's markup with slots — `@@name@@` is the
 * module's name on the page and the learning object's in its row; one lesson section
 * (`data-early-item="lesson"`) and one learning-object row (`data-early-item="learning-object"`)
 * for the script to copy; `data-early-if="completed"` (the lesson's badge) and
 * `data-early-if="started"` (its reset button) for it to remove where they do not apply.
 * @param messages as {@link renderEarlyCoursesShell}.
 * @throws Error when a slot cannot be found in the markup.
 */
export async function renderEarlyModuleShell(
  messages: Record<string, string> = {},
): Promise<{ markup: string; texts: EarlyModuleTexts }> {
  const intl = ptBrIntl(messages);
  let html = withoutComments(await renderModulePage(SLOT_MODULE, '@@userName@@'));
  html = replaceEvery(html, String(COURSE_ID), '@@courseId@@');
  html = replaceEvery(html, String(MODULE_ID), '@@moduleId@@');
  html = replaceEvery(html, String(LESSON_ID), '@@lessonId@@', 2);
  html = replaceEvery(html, String(LEARNING_OBJECT_ID), '@@id@@', 1);
  const progressText = intl.formatMessage(CommonMessages.progress, { percent: PROGRESS / 100 });
  html = replaceOnce(
    html,
    `value="${PROGRESS}" aria-label="${progressText}"`,
    'value="@@progress@@" aria-label="@@progressText@@"',
  );
  html = replaceOnce(html, `>${progressText}<`, '>@@progressText@@<');
  html = replaceOnce(
    html,
    '<section class="lesson" aria-labelledby="lesson-@@lessonId@@">',
    '<section class="lesson" aria-labelledby="lesson-@@lessonId@@" data-early-item="lesson">',
  );
  html = replaceOnce(
    html,
    '<span class="badge badge-completed">',
    '<span class="badge badge-completed" data-early-if="completed">',
  );
  const resetLabel = intl.formatMessage(ModuleResetMessages.resetLessonLabel, { lesson: '@@lessonName@@' });
  html = replaceOnce(html, ` aria-label="${resetLabel}">`, ` aria-label="${resetLabel}" data-early-if="started">`);
  html = replaceOnce(
    html,
    '<li class="item item-started">',
    '<li class="item item-@@status@@" data-early-item="learning-object">',
  );
  html = replaceOnce(html, `aria-hidden="true">${TICKS.started}</span>`, 'aria-hidden="true">@@tick@@</span>');
  const type = intl.formatMessage(ModuleMessages[TYPE_TEXT.video]);
  const status = intl.formatMessage(ModuleMessages.objectStarted);
  html = replaceOnce(html, `>${type} · ${status}<`, '>@@typeText@@ · @@statusText@@<');
  const types = Object.fromEntries(
    Object.entries(TYPE_TEXT).map(([key, message]) => [key, intl.formatMessage(ModuleMessages[message])]),
  ) as Record<LearningObjectType, string>;
  return {
    markup: html,
    texts: {
      progress: progressTemplate(intl),
      types,
      statuses: {
        completed: intl.formatMessage(ModuleMessages.objectDone),
        started: status,
        not_started: intl.formatMessage(ModuleMessages.objectNew),
      },
      ticks: TICKS,
    },
  };
}

/** `path` with the slot ids named: `{course}`, `{module}`, `{learningObject}`. */
const idsNamed = (path: string) =>
  path
    .replace(String(COURSE_ID), '{course}')
    .replace(String(MODULE_ID), '{module}')
    .replace(String(LEARNING_OBJECT_ID), '{learningObject}');

/** The texts of the early course page, pt-BR. */
export interface EarlyCourseTexts {
  /** The progress bar's text, as {@link EarlyTexts}' `progress`. */
  progress: string;
  /** The course statuses the contract knows (`CourseStatus`): another one is no early page. */
  statuses: readonly CourseStatus[];
  /** 'N aulas' of a module by plural category ('one', 'other'). */
  lessons: Record<'one' | 'other', string>;
  /** The link to where the student left ('Continuar'), or to the first module ('Começar o curso'). */
  continue: string;
  start: string;
  /** Where they lead (the app's links, src/services/navigation/links.ts): `{course}`, `{module}`, `{learningObject}` = ids. */
  continuePath: string;
  startPath: string;
}

const LESSONS = 2345678;
const MODULE_PROGRESS = 41;
const COMPLETED_MODULE_ID = 9090905;

/**
 * The slot course: started (its reset button), with somewhere to continue, and two modules — one
 * completed (its badge), one under way (its progress bar): the script's module row has both, and
 * keeps the one that applies (`data-early-if`).
 */
const SLOT_COURSE: Course = {
  id: COURSE_ID,
  name: '@@name@@',
  description: '@@description@@',
  image_url: null,
  progress: PROGRESS,
  status: 'in_progress',
  modules_count: 2,
  modules: [
    { id: COMPLETED_MODULE_ID, name: '@@name@@', position: 1, progress: 100, completed: true, lessons_count: LESSONS },
    {
      id: MODULE_ID,
      name: '@@name@@',
      position: 2,
      progress: MODULE_PROGRESS,
      completed: false,
      lessons_count: LESSONS,
    },
  ],
  last_learning_object: { id: LEARNING_OBJECT_ID, lesson_id: LESSON_ID, module_id: MODULE_ID },
  continue_learning_object: { id: LEARNING_OBJECT_ID, lesson_id: LESSON_ID, module_id: MODULE_ID },
};

/**
 * The early course page's template: the course screen's markup with slots — `@@name@@` is the
 * course's name on the page and the module's in its row (`data-early-item="module"`), whose
 * 'Concluído' badge (`data-early-if="completed"`) and progress bar (`data-early-if="progressing"`)
 * the script keeps as the module is; 'Continuar' / 'Começar o curso' (`data-early-if="continue"`,
 * `@@continueHref@@`, `@@continueText@@`) and 'Reiniciar curso' (`data-early-if="started"`) as the
 * course is.
 * @param messages as {@link renderEarlyCoursesShell}.
 * @throws Error when a slot cannot be found in the markup.
 */
export async function renderEarlyCourseShell(
  messages: Record<string, string> = {},
): Promise<{ markup: string; texts: EarlyCourseTexts }> {
  const intl = ptBrIntl(messages);
  let html = withoutComments(await renderCoursePage(SLOT_COURSE, '@@userName@@'));
  // The completed module's row gives its badge to the other's, then goes.
  const rowStart = `<li class="item"><div class="item-main"><a href="${moduleLink(COURSE_ID, COMPLETED_MODULE_ID)}"`;
  const completedAt = html.indexOf(rowStart);
  const completedEnd = html.indexOf('</li>', completedAt) + '</li>'.length;
  if (completedAt < 0 || completedEnd < completedAt) throw new Error('early shell: no completed module in the course');
  const completedRow = html.slice(completedAt, completedEnd);
  const badge = /<span class="badge badge-completed">[^<]*<\/span>/.exec(completedRow)?.[0];
  if (!badge) throw new Error('early shell: no completed badge in the course’s module');
  html = html.slice(0, completedAt) + html.slice(completedEnd);
  const moduleText = intl.formatMessage(CommonMessages.progress, { percent: MODULE_PROGRESS / 100 });
  html = replaceOnce(
    html,
    `<div class="progress"><progress max="100" value="${MODULE_PROGRESS}" aria-label="@@name@@: ${MODULE_PROGRESS}%"></progress><span class="progress-text">${moduleText}</span></div>`,
    badge.replace('<span ', '<span data-early-if="completed" ') +
      '<div class="progress" data-early-if="progressing"><progress max="100" value="@@progress@@" aria-label="@@name@@: @@progress@@%"></progress><span class="progress-text">@@progressText@@</span></div>',
  );
  html = replaceOnce(html, '<li class="item">', '<li class="item" data-early-item="module">');
  if (html.includes(String(COMPLETED_MODULE_ID))) throw new Error('early shell: the completed module is still there');
  html = replaceOnce(
    html,
    `href="${learningObjectLink(COURSE_ID, MODULE_ID, LEARNING_OBJECT_ID)}" class="button button-primary">${intl.formatMessage(CourseMessages.continue)}<`,
    'href="@@continueHref@@" class="button button-primary" data-early-if="continue">@@continueText@@<',
  );
  html = replaceEvery(html, String(MODULE_ID), '@@moduleId@@', 1);
  html = replaceEvery(html, String(COURSE_ID), '@@id@@');
  html = replaceOnce(
    html,
    `<button type="button" class="button button-secondary">${intl.formatMessage(CourseMessages.reset)}<`,
    `<button type="button" class="button button-secondary" data-early-if="started">${intl.formatMessage(CourseMessages.reset)}<`,
  );
  const courseText = intl.formatMessage(CommonMessages.progress, { percent: PROGRESS / 100 });
  html = replaceOnce(
    html,
    `value="${PROGRESS}" aria-label="${courseText}"></progress><span class="progress-text">${courseText}<`,
    'value="@@courseProgress@@" aria-label="@@courseProgressText@@"></progress><span class="progress-text">@@courseProgressText@@<',
  );
  const lessonsOther = intl.formatMessage(CourseMessages.moduleLessons, { count: LESSONS });
  html = replaceOnce(html, `>${lessonsOther}<`, '>@@lessons@@<');
  return {
    markup: html,
    texts: {
      progress: progressTemplate(intl),
      statuses: CourseStatusSchema.options,
      lessons: {
        one: hash(intl.formatMessage(CourseMessages.moduleLessons, { count: 1 }), '1'),
        other: hash(lessonsOther, intl.formatNumber(LESSONS)),
      },
      continue: intl.formatMessage(CourseMessages.continue),
      start: intl.formatMessage(CourseMessages.start),
      continuePath: idsNamed(learningObjectLink(COURSE_ID, MODULE_ID, LEARNING_OBJECT_ID)),
      startPath: idsNamed(moduleLink(COURSE_ID, MODULE_ID)),
    },
  };
}

/** The texts of the early grade list, pt-BR. */
export interface EarlyGradesTexts extends ListTexts {
  /** 'N cursos encontrados' by plural category ('one', 'other'), `#` = the count. */
  count: Record<'one' | 'other', string>;
  /** A course's status: its badge's text and classes (src/views/grades/format.ts), by status. */
  status: Record<GradeStatus, string>;
  statusClass: Record<GradeStatus, string>;
  /** A grade or average not given yet ('Sem nota'), a course without a passing grade ('Não há'). */
  noGrade: string;
  noPassing: string;
  /** 'X de Y avaliações corrigidas', `{graded}` and `{total}` = the numbers as they are (no grouping). */
  graded: string;
}

/** Numbers of the slot grade list, each written once where the script writes the answer's. */
const AVERAGE = 1.2;
const GRADE = 3.4;
const PASSING = 5.6;
const COUNTS = { approved: 7777011, in_progress: 7777012, failed: 7777013 };
const GRADED = 7777001;
const ASSESSMENTS = 7777002;
const UPDATED_AT = '2026-01-02T12:00:00.000Z';

/** The slot grade list: the first of LAST_PAGE pages, with one course in progress. */
const SLOT_GRADES: GradeListResponse = {
  pagination: { page: 1, per_page: 10, total: TOTAL, last_page: LAST_PAGE },
  stats: { average: AVERAGE, ...COUNTS },
  data: [
    {
      course_id: COURSE_ID,
      course_name: '@@name@@',
      grade: GRADE,
      status: 'in_progress',
      passing_grade: PASSING,
      graded_assessments: GRADED,
      total_assessments: ASSESSMENTS,
      updated_at: UPDATED_AT,
    },
  ],
};

/**
 * The early grade list's template: the grade list screen's markup with slots — the summary's
 * figures, the count and pagination (as the course list's), one table row
 * (`data-early-item="grade"`) whose grades, status and date the script formats as the screen does.
 * @param messages as {@link renderEarlyCoursesShell}.
 * @throws Error when a slot cannot be found in the markup.
 */
export async function renderEarlyGradesShell(
  messages: Record<string, string> = {},
): Promise<{ markup: string; texts: EarlyGradesTexts }> {
  const intl = ptBrIntl(messages);
  let html = withoutComments(await renderGradesPage(SLOT_GRADES, '@@userName@@'));
  const grade = (n: number) => intl.formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const countOther = intl.formatMessage(GradesFilterMessages.count, { count: TOTAL });
  const list = listSlots(html, intl, {
    countOther,
    pagination: intl.formatMessage(GradesMessages.pagination),
    lastHref: `${ROUTE_PATHS.grades}?page=${LAST_PAGE}`,
  });
  html = list.html;
  html = replaceOnce(html, `>${grade(AVERAGE)}</dd>`, '>@@average@@</dd>');
  for (const [status, n] of Object.entries(COUNTS))
    html = replaceOnce(html, `>${intl.formatNumber(n)}</dd>`, `>@@${status}@@</dd>`);
  html = replaceOnce(html, '<tbody><tr>', '<tbody><tr data-early-item="grade">');
  html = replaceEvery(html, String(COURSE_ID), '@@id@@', 1);
  const graded = intl.formatMessage(GradesMessages.graded, { graded: GRADED, total: ASSESSMENTS });
  html = replaceOnce(html, `>${graded}<`, '>@@graded@@<');
  html = replaceOnce(html, `>${grade(GRADE)}</td>`, '>@@grade@@</td>');
  html = replaceOnce(html, `>${grade(PASSING)}</td>`, '>@@passing@@</td>');
  const status = intl.formatMessage(GradeStatusMessages.in_progress);
  html = replaceOnce(
    html,
    `<span class="${STATUS_BADGE.in_progress}">${status}</span>`,
    '<span class="@@statusClass@@">@@statusText@@</span>',
  );
  html = replaceOnce(html, `>${intl.formatDate(UPDATED_AT, { dateStyle: 'short' })}</td>`, '>@@updated@@</td>');
  return {
    markup: html,
    texts: {
      ...list.texts,
      count: {
        one: hash(intl.formatMessage(GradesFilterMessages.count, { count: 1 }), '1'),
        other: hash(countOther, intl.formatNumber(TOTAL)),
      },
      status: {
        approved: intl.formatMessage(GradeStatusMessages.approved),
        in_progress: status,
        failed: intl.formatMessage(GradeStatusMessages.failed),
      },
      statusClass: STATUS_BADGE,
      noGrade: intl.formatMessage(GradesMessages.noGrade),
      noPassing: intl.formatMessage(GradesMessages.noPassing),
      graded: hash(hash(graded, String(GRADED)).replace('#', '{graded}'), String(ASSESSMENTS)).replace('#', '{total}'),
    },
  };
}

/** The texts of the early bill list, pt-BR. */
export interface EarlyFinancesTexts extends ListTexts {
  /** 'N faturas' by plural category ('one', 'other'), `#` = the count (one page). */
  count: Record<'one' | 'other', string>;
  /** '24 de # faturas' (`#` = the total, grouped): the count of a list of more pages. */
  countPart: string;
  /** Bills a page (the screen pages the ERP's list itself). */
  perPage: number;
  /** The groups in display order (`BILL_GROUP_ORDER`): another status is no early page. */
  order: readonly BillStatus[];
  /** A group's heading ('Vencidas'), its section's heading id (the app's, by position), by status. */
  heading: Record<BillStatus, string>;
  groupId: Record<BillStatus, string>;
  /** A bill's badge ('Vencida'), the badge's classes and the bill's own class, by status. */
  badge: Record<BillStatus, string>;
  badgeClass: Record<BillStatus, string>;
  billClass: Record<BillStatus, string>;
}

/** The slot bills: BILLS of one page's kind, the first of FINANCES_LAST pages. */
const FINANCES_LAST = 97;
const AMOUNT_CENTS = 123456789;
const DUE_DAY = '2031-07-19';
const PAID_AT = '2031-08-20T12:00:00.000Z';

/**
 * The early bill list's template: the finances screen's markup with slots — the year filter's
 * options (`data-early-item="year"`, the field `data-early-if="years"`: only with more than one
 * year), one status group (`data-early-item="group"`: its heading, count and heading id) with one
 * bill (`data-early-item="bill"`: its texts, its paid date `data-early-if="paid"`, 'Pagar com Pix'
 * `data-early-if="payable"`), the count and pagination (as the course list's). The script groups,
 * orders and cuts the bills as `pageOfBills` does (src/views/finances/bills.ts).
 * @param messages as {@link renderEarlyCoursesShell}.
 * @throws Error when a slot cannot be found in the markup.
 */
export async function renderEarlyFinancesShell(
  messages: Record<string, string> = {},
): Promise<{ markup: string; texts: EarlyFinancesTexts }> {
  const intl = ptBrIntl(messages);
  const slot = (id: number, due_date: string): Bill => ({
    id,
    description: '@@description@@',
    amount_cents: AMOUNT_CENTS,
    due_date,
    status: 'overdue',
    paid_at: PAID_AT,
  });
  // The first page of FINANCES_LAST: all alike but the last bill, of another year (the year filter).
  const total = (FINANCES_LAST - 1) * BILLS_PER_PAGE + 5;
  const bills = Array.from({ length: total - 1 }, (_, i) => slot(i + 1, DUE_DAY));
  bills.push(slot(total, '2032-01-05'));
  let html = withoutComments(await renderFinancesPage(bills, '@@userName@@'));
  const countOther = intl.formatMessage(FinancesMessages.countPart, { shown: BILLS_PER_PAGE, total });
  const list = listSlots(html, intl, {
    countOther,
    pagination: intl.formatMessage(FinancesMessages.pagination),
    lastHref: `${ROUTE_PATHS.finances}?page=${FINANCES_LAST}`,
    last: FINANCES_LAST,
  });
  html = list.html;
  // The year filter's options, newest first, only with more than one year.
  html = replaceOnce(
    html,
    '<option value="2032">2032</option><option value="2031">2031</option>',
    '<option value="@@year@@" data-early-item="year">@@year@@</option>',
  );
  const yearField = /<div class="field">(?=<label for="[^"]*-year">)/.exec(html);
  if (!yearField) throw new Error('early shell: no year filter on the bill list');
  html = `${html.slice(0, yearField.index)}<div class="field" data-early-if="years">${html.slice(yearField.index + yearField[0].length)}`;
  // One bill of the page's BILLS_PER_PAGE (all alike), with its slots.
  const billStart = html.indexOf(`<li class="${financesStyles.bill}`);
  const bill = html.slice(billStart, html.indexOf('</li>', billStart) + '</li>'.length);
  const parts = html.split(bill);
  if (billStart < 0 || parts.length !== BILLS_PER_PAGE + 1 || parts.slice(1, -1).some((p) => p !== ''))
    throw new Error(`early shell: expected ${BILLS_PER_PAGE} alike bills on the bill list`);
  const amount = formatBRL(intl as never, AMOUNT_CENTS);
  let item = replaceOnce(
    bill,
    `<li class="${financesStyles.bill} ${financesStyles.overdue}">`,
    `<li class="${financesStyles.bill} @@billClass@@" data-early-item="bill">`,
  );
  item = replaceEvery(item, amount, '@@amount@@', 2);
  const badge = intl.formatMessage(BillStateWords.overdue);
  item = replaceOnce(
    item,
    `<span class="${BILL_BADGE.overdue}">${badge}</span>`,
    '<span class="@@badgeClass@@">@@badge@@</span>',
  );
  item = replaceOnce(item, formatDay(intl as never, DUE_DAY), '@@due@@');
  const paid = intl.formatMessage(FinancesMessages.paidAt, { date: formatInstantDay(intl as never, PAID_AT) });
  item = replaceOnce(
    item,
    ` · <span>${paid}</span>`,
    `@@paidSep@@<span data-early-if="paid">${replaceOnce(paid, formatInstantDay(intl as never, PAID_AT), '@@paid@@')}</span>`,
  );
  item = replaceOnce(item, '<button type="button" ', '<button type="button" data-early-if="payable" ');
  html = parts[0] + item + parts.at(-1);
  // The group: its heading (and the id naming its section), its count over every page.
  const heading = intl.formatMessage(BillGroupWords.overdue);
  const group =
    /<section aria-labelledby="([^"]+)"><h2 id="\1">([^<]*) <span class="muted">\((\d+)\)<\/span><\/h2>/.exec(html);
  if (!group || group[2] !== heading || group[3] !== String(total))
    throw new Error('early shell: no group heading on the bill list');
  html = replaceOnce(
    html,
    group[0],
    '<section aria-labelledby="@@groupId@@" data-early-item="group"><h2 id="@@groupId@@">@@heading@@ <span class="muted">(@@groupTotal@@)</span></h2>',
  );
  // The heading ids of the three groups, as the screen gives them (by their position).
  const one = BILL_GROUP_ORDER.map((status, i) => ({ ...slot(i + 1, DUE_DAY), status }));
  const ids = [
    ...withoutComments(await renderFinancesPage(one, '@@userName@@')).matchAll(
      /<section aria-labelledby="([^"]+)"><h2 /g,
    ),
  ].map((m) => m[1]!);
  if (ids.length !== BILL_GROUP_ORDER.length) throw new Error('early shell: not one group per bill status');
  const byStatus = <T,>(of: (status: BillStatus, at: number) => T) =>
    Object.fromEntries(BILL_GROUP_ORDER.map((status, at) => [status, of(status, at)])) as Record<BillStatus, T>;
  return {
    markup: html,
    texts: {
      ...list.texts,
      count: {
        one: hash(intl.formatMessage(FinancesMessages.count, { count: 1 }), '1'),
        other: hash(intl.formatMessage(FinancesMessages.count, { count: TOTAL }), intl.formatNumber(TOTAL)),
      },
      countPart: hash(countOther, intl.formatNumber(total)),
      perPage: BILLS_PER_PAGE,
      order: BILL_GROUP_ORDER,
      heading: byStatus((status) => intl.formatMessage(BillGroupWords[status])),
      groupId: byStatus((_, at) => ids[at]!),
      badge: byStatus((status) => intl.formatMessage(BillStateWords[status])),
      badgeClass: BILL_BADGE,
      billClass: byStatus((status) => financesStyles[status] ?? ''),
    },
  };
}

/** The texts of the early documents area, pt-BR. */
export interface EarlyAttachmentsTexts extends ListTexts {
  /** 'N documentos encontrados' by plural category ('one', 'other'), `#` = the count. */
  count: Record<'one' | 'other', string>;
  /** A category's option, '@@ (#)': `@@` = its name, `#` = its documents (no grouping). */
  categoryOption: string;
  /** A file's state: its badge's text, by status (the contract's `AttachmentStatus`). */
  status: Record<AttachmentStatus, string>;
  /** A file's type by MIME type, by MIME family (`image`…); else 'Arquivo #' (`#` = the extension) or 'Arquivo'. */
  types: Record<string, string>;
  families: Record<string, string>;
  otherType: string;
  noType: string;
}

/** The slot file of the student's list (`mine`) and of the documents' list. */
const slotFile = (id: number): StudentAttachment => ({
  id,
  name: '@@name@@',
  description: '',
  category_id: 3,
  category_name: '@@category@@',
  personal: false,
  file_name: 'a.pdf',
  mime_type: 'application/pdf',
  size_bytes: 1234567,
  url: '/api/files/a.pdf',
  created_at: '2026-01-01T00:00:00Z',
  status: 'started',
  started_at: null,
  completed_at: null,
});
const CATEGORY_ID = 9090903;
const CATEGORY_COUNT = 7777001;

/**
 * The early documents area's template: the screen's markup with slots — the student's files
 * (`data-early-item="mine"`) and the documents' first page (`data-early-item="document"`), each
 * row's link, state and description line ('Categoria · PDF · 1,2 MB', `@@meta@@`, which the
 * script writes as the screen does); the category filter's options (`data-early-item="category"`);
 * the count and pagination (as the course list's); the certificates below as they are while their
 * reads are under way.
 * @param messages as {@link renderEarlyCoursesShell}.
 * @throws Error when a slot cannot be found in the markup.
 */
export async function renderEarlyAttachmentsShell(
  messages: Record<string, string> = {},
): Promise<{ markup: string; texts: EarlyAttachmentsTexts }> {
  const intl = ptBrIntl(messages);
  const mine = slotFile(COURSE_ID);
  const document = slotFile(MODULE_ID);
  let html = withoutComments(
    await renderAttachmentsPage(
      [mine],
      [{ id: CATEGORY_ID, name: '@@categoryName@@', count: CATEGORY_COUNT }],
      { pagination: { page: 1, per_page: 10, total: TOTAL, last_page: LAST_PAGE }, data: [document] },
      '@@userName@@',
    ),
  );
  const countOther = intl.formatMessage(AttachmentsAreaMessages.count, { count: TOTAL });
  const list = listSlots(html, intl, {
    countOther,
    pagination: intl.formatMessage(AttachmentsAreaMessages.pagination),
    lastHref: `${ROUTE_PATHS.attachments}?page=${LAST_PAGE}`,
  });
  html = list.html;
  const option = intl.formatMessage(AttachmentsAreaMessages.categoryOption, {
    name: '@@categoryName@@',
    count: CATEGORY_COUNT,
  });
  html = replaceOnce(
    html,
    `<option value="${CATEGORY_ID}">${option}</option>`,
    '<option value="@@categoryId@@" data-early-item="category">@@categoryOption@@</option>',
  );
  // The two lists' rows, alike but for where they are.
  const status = intl.formatMessage(ATTACHMENT_STATUS_TEXT.started);
  const meta = [
    '@@category@@',
    fileTypeLabel(intl as never, mine),
    formatFileSize(intl as never, mine.size_bytes),
  ].join(' · ');
  for (const [file, item] of [
    [mine, 'mine'],
    [document, 'document'],
  ] as const)
    html = replaceOnce(
      html,
      `<li class="item item-started"><a href="${attachmentLink(file.id)}" class="item-title">@@name@@</a><p class="muted">${meta} · <span class="badge badge-started">${status}</span></p></li>`,
      `<li class="item item-@@status@@" data-early-item="${item}"><a href="${attachmentLink(file.id).replace(String(file.id), '@@id@@')}" class="item-title">@@name@@</a><p class="muted">@@meta@@ · <span class="badge badge-@@status@@">@@statusText@@</span></p></li>`,
    );
  const typeText = (key: TypeKey) => intl.formatMessage(FileTypeMessages[key]);
  const mapped = (types: Record<string, TypeKey>) =>
    Object.fromEntries(Object.entries(types).map(([mime, key]) => [mime, typeText(key)]));
  return {
    markup: html,
    texts: {
      ...list.texts,
      count: {
        one: hash(intl.formatMessage(AttachmentsAreaMessages.count, { count: 1 }), '1'),
        other: hash(countOther, intl.formatNumber(TOTAL)),
      },
      categoryOption: hash(option.replace('@@categoryName@@', '@@'), String(CATEGORY_COUNT)),
      status: {
        not_started: intl.formatMessage(ATTACHMENT_STATUS_TEXT.not_started),
        started: status,
        completed: intl.formatMessage(ATTACHMENT_STATUS_TEXT.completed),
      },
      types: mapped(EXACT_TYPES),
      families: mapped(FAMILY_TYPES),
      otherType: hash(intl.formatMessage(FileTypeMessages.typeOther, { extension: 'XYZ' }), 'XYZ'),
      noType: intl.formatMessage(FileTypeMessages.typeOther, { extension: 'none' }),
    },
  };
}

/** The texts of the early home page, pt-BR. */
export interface EarlyHomeTexts {
  /** The progress bar's text, as {@link EarlyTexts}' `progress`. */
  progress: string;
  /** The course statuses the contract knows (`CourseStatus`): another one is no early page. */
  statuses: readonly CourseStatus[];
  /** A course card's button: to where the student left ('Continuar'), or to the course ('Abrir curso'). */
  continue: string;
  openCourse: string;
  /** Where they lead: `{course}`, `{module}`, `{learningObject}` = ids. */
  continuePath: string;
  coursePath: string;
  /** 'Você tem # faturas pendentes.' by count: 'zero' (none), 'one', 'other'. */
  pendingBills: Record<'zero' | 'one' | 'other', string>;
  /** An upcoming item's kind, and the badge of one whose day has passed, by kind. */
  kind: Record<UpcomingItem['kind'], string>;
  pastText: Record<UpcomingItem['kind'], string>;
  pastClass: Record<UpcomingItem['kind'], string>;
  /** A banner's name '{n} de {total}', its indicator 'Destaque {n}: {title}', its link 'Saiba mais'. */
  slideLabel: string;
  pickSlide: string;
  learnMore: string;
  /** The area flags whose shortcut the page shows (in `data-early-if`). */
  flags: readonly AreaFlag[];
}

const PENDING = 7777001;
const PAST_DAY = '2001-02-03';

/** The slot dashboard: one course to continue, one overdue bill to pay. */
const SLOT_DASHBOARD: Dashboard = {
  courses: [
    {
      id: COURSE_ID,
      name: '@@name@@',
      image_url: null,
      progress: PROGRESS,
      status: 'in_progress',
      continue_learning_object: { id: LEARNING_OBJECT_ID, lesson_id: LESSON_ID, module_id: MODULE_ID },
    },
  ],
  upcoming: [{ kind: 'bill', title: '@@upTitle@@', date: PAST_DAY, link: '/@@upLink@@' }],
  pending_bills: PENDING,
};

/** A slot banner leading to `link`. */
const slotBanner = (id: number, link: string | null): Banner => ({
  id,
  title: '@@title@@',
  text: '@@text@@',
  image_url: '/@@image@@',
  alt: '@@alt@@',
  link,
  visible_ead: true,
  position: id,
});

/** `render()` as on a device that asks for reduced motion (`prefers-reduced-motion: reduce`). */
async function withReducedMotion<T>(render: () => Promise<T>): Promise<T> {
  const global = globalThis as { matchMedia?: unknown };
  const before = global.matchMedia;
  global.matchMedia = (query: string) => ({ matches: query.includes('prefers-reduced-motion: reduce'), media: query });
  try {
    return await render();
  } finally {
    if (before === undefined) delete global.matchMedia;
    else global.matchMedia = before;
  }
}

/**
 * The early home page's template: the dashboard's markup with slots — the greeting
 * (`data-early-if="user"`, `@@firstName@@`); the banners' carousel (`data-early-if="banners"`; its
 * controls and indicators `data-early-if="several"`), one slide (`data-early-item="slide"`, its
 * link to a page of the app `data-early-if="inner"` or to another site `data-early-if="outer"`) and
 * one indicator (`data-early-item="indicator"`); the area shortcuts, each but the first
 * `data-early-if` its flag; one course card (`data-early-item="course"`) or the empty state
 * (`data-early-if="noCourses"`); the pending bills and their link (`data-early-if="bills"`); one
 * upcoming item (`data-early-item="upcoming"`, its past-day badge `data-early-if="past"`) or the
 * empty state (`data-early-if="noUpcoming"`).
 * @param messages as {@link renderEarlyCoursesShell}.
 * @throws Error when a slot cannot be found in the markup.
 */
export async function renderEarlyHomeShell(
  messages: Record<string, string> = {},
): Promise<{ markup: string; texts: EarlyHomeTexts }> {
  const intl = ptBrIntl(messages);
  const allFlags = { is_aprovat_user: true, is_lxp_user: true, is_eja_user: true };
  const banners = [slotBanner(1, '/@@path@@'), slotBanner(2, 'https://example.org/@@url@@'), slotBanner(3, null)];
  let html = withoutComments(await renderHomePage(SLOT_DASHBOARD, banners, '@@userName@@', allFlags));
  // The empty states, from the page of a student with nothing to continue and nothing coming up.
  const empty = withoutComments(
    await renderHomePage({ courses: [], upcoming: [], pending_bills: 0 }, [], '@@userName@@', allFlags),
  );
  const between = (text: string, start: string, end: string) => {
    const from = text.indexOf(start);
    const to = text.indexOf(end, from + start.length);
    if (from < 0 || to < 0) throw new Error(`early shell: nothing between ${start} and ${end} on the home page`);
    return text.slice(from + start.length, to);
  };
  const coursesHeading = `${intl.formatMessage(HomeMessages.coursesTitle)}</h2>`;
  const allCourses = `<p><a href="${ROUTE_PATHS.courses}">`;
  const noCourses = between(empty, coursesHeading, allCourses);
  const noBills = intl.formatMessage(HomeMessages.pendingBills, { count: 0 });
  const noUpcoming = between(empty, `<p>${noBills} </p>`, '</section></section></main>');
  const marked = (markup: string, name: string) => markup.replace(/^<(\w+) /, `<$1 data-early-if="${name}" `);

  // The greeting, by the student's first name.
  html = replaceOnce(
    html,
    `<p>${intl.formatMessage(HomeMessages.greeting, { name: '@@userName@@' })}</p>`,
    `<p data-early-if="user">${intl.formatMessage(HomeMessages.greeting, { name: '@@firstName@@' })}</p>`,
  );
  // The carousel: its first slide and indicator as the items, the others out.
  const carousel = /<section class="([^"]+)" aria-roledescription=/.exec(html);
  if (!carousel) throw new Error('early shell: no carousel on the home page');
  html = replaceOnce(
    html,
    carousel[0],
    `<section class="${carousel[1]}" data-early-if="banners" aria-roledescription=`,
  );
  // The rotation's button: 'Pausar' while it rotates, 'Continuar rotação' under reduced motion
  // (the carousel does not rotate then): both, for the script to keep the one that applies.
  const still = withoutComments(
    await withReducedMotion(() => renderHomePage(SLOT_DASHBOARD, banners, '@@userName@@', allFlags)),
  );
  const rotationButton = (markup: string) =>
    elementAt(markup, markup.indexOf('<button', markup.indexOf(`<div class="${homeStyles.carouselControls}">`)));
  const pause = rotationButton(html);
  const play = rotationButton(still);
  if (pause === play) throw new Error('early shell: the carousel’s button is the same under reduced motion');
  html = replaceOnce(html, pause, marked(pause, 'rotating') + marked(play, 'still'));
  html = replaceOnce(
    html,
    `<div class="${homeStyles.carouselControls}">`,
    `<div class="${homeStyles.carouselControls}" data-early-if="several">`,
  );
  html = replaceOnce(
    html,
    `<div role="group" aria-label="${intl.formatMessage(CarouselMessages.pickLabel)}"`,
    `<div role="group" data-early-if="several" aria-label="${intl.formatMessage(CarouselMessages.pickLabel)}"`,
  );
  const slides = [...html.matchAll(/<div role="group" aria-roledescription="slide"[^]*?<\/div><\/div>/g)].map(
    (m) => m[0],
  );
  if (slides.length !== 3) throw new Error('early shell: not three slides on the home page');
  const label = (n: number) => intl.formatMessage(CarouselMessages.slideLabel, { n, total: 3 });
  const learnMore = intl.formatMessage(CarouselMessages.learnMore);
  const outer = /<a href="https:\/\/example.org\/@@url@@"[^>]*>[^<]*<\/a>/.exec(slides[1]!)?.[0];
  if (!outer) throw new Error('early shell: no link to another site in a slide');
  let slide = replaceOnce(
    slides[0]!,
    `aria-label="${label(1)}"`,
    'aria-label="@@slideLabel@@" data-early-item="slide"',
  );
  slide = replaceOnce(slide, ' loading="eager"', ' loading="@@loading@@"');
  slide = replaceOnce(slide, ' src="/@@image@@"', ' src="@@image@@"');
  slide = replaceOnce(
    slide,
    /<a aria-label="[^"]*" href="\/@@path@@"[^>]*>[^<]*<\/a>/.exec(slide)?.[0] ?? '(no inner link)',
    `<a data-early-if="inner" aria-label="@@learnMoreLabel@@" href="@@link@@" class="button button-primary">${learnMore}</a>` +
      marked(
        outer
          .replace('https://example.org/@@url@@', '@@link@@')
          .replace(`${learnMore}: @@title@@`, '@@learnMoreLabel@@'),
        'outer',
      ),
  );
  html = replaceOnce(html, slides.join(''), slide);
  const indicators = [
    ...html.matchAll(/<button type="button" class="[^"]+"( aria-current="true")? aria-label="[^"]*"><\/button>/g),
  ].map((m) => m[0]);
  if (indicators.length !== 3) throw new Error('early shell: not three indicators on the home page');
  html = replaceOnce(
    html,
    indicators.join(''),
    indicators[0]!
      .replace('<button ', '<button data-early-item="indicator" ')
      .replace(/aria-label="[^"]*"/, 'aria-label="@@pickSlide@@"'),
  );
  // The area shortcuts: each but the first as the student's flag says.
  for (const area of AREA_SHORTCUTS)
    if (area.flag)
      html = replaceOnce(
        html,
        `<li><a href="${area.path}">`,
        `<li data-early-if="${area.flag}"><a href="${area.path}">`,
      );
  // A course card, or the empty state.
  html = replaceOnce(
    html,
    '<ul class="card-grid"><li class="card">',
    '<ul class="card-grid" data-early-if="courses"><li class="card" data-early-item="course">',
  );
  html = replaceOnce(html, `</ul>${allCourses}`, `</ul>${marked(noCourses, 'noCourses')}${allCourses}`);
  html = replaceOnce(html, `href="${courseLink(COURSE_ID)}"`, 'href="@@courseHref@@"');
  const continueText = intl.formatMessage(HomeMessages.continue);
  html = replaceOnce(
    html,
    `<a aria-label="${continueText}: @@name@@" href="${learningObjectLink(COURSE_ID, MODULE_ID, LEARNING_OBJECT_ID)}" class="button button-primary">${continueText}</a>`,
    '<a aria-label="@@actionLabel@@" href="@@actionHref@@" class="button button-primary">@@actionText@@</a>',
  );
  const progressText = intl.formatMessage(CommonMessages.progress, { percent: PROGRESS / 100 });
  html = replaceOnce(
    html,
    `value="${PROGRESS}" aria-label="@@name@@: ${PROGRESS}%"></progress><span class="progress-text">${progressText}<`,
    'value="@@progress@@" aria-label="@@name@@: @@progress@@%"></progress><span class="progress-text">@@progressText@@<',
  );
  // The pending bills, their link when there are some.
  const pending = intl.formatMessage(HomeMessages.pendingBills, { count: PENDING });
  html = replaceOnce(
    html,
    `<p>${pending} <a href="${ROUTE_PATHS.finances}">`,
    `<p>@@pending@@ <a data-early-if="bills" href="${ROUTE_PATHS.finances}">`,
  );
  // An upcoming item, or the empty state.
  const bill = intl.formatMessage(HomeMessages.bill);
  const overdue = intl.formatMessage(BillStateWords.overdue);
  const day = intl.formatDate(`${PAST_DAY}T12:00:00Z`, { dateStyle: 'short', timeZone: 'UTC' });
  html = replaceOnce(
    html,
    `<ul class="${homeStyles.upcoming}"><li><span class="badge">${bill}</span><a href="/@@upLink@@">@@upTitle@@</a><time dateTime="${PAST_DAY}">${day}</time><span class="badge badge-danger">${overdue}</span></li></ul>`,
    `<ul class="${homeStyles.upcoming}" data-early-if="upcoming"><li data-early-item="upcoming"><span class="badge">@@kind@@</span><a href="@@upLink@@">@@upTitle@@</a><time dateTime="@@upDate@@">@@upDay@@</time><span class="@@pastClass@@" data-early-if="past">@@pastText@@</span></li></ul>${marked(noUpcoming, 'noUpcoming')}`,
  );
  const count = (n: number) => intl.formatMessage(HomeMessages.pendingBills, { count: n });
  return {
    markup: html,
    texts: {
      progress: progressTemplate(intl),
      statuses: CourseStatusSchema.options,
      continue: continueText,
      openCourse: intl.formatMessage(HomeMessages.openCourse),
      continuePath: idsNamed(learningObjectLink(COURSE_ID, MODULE_ID, LEARNING_OBJECT_ID)),
      coursePath: idsNamed(courseLink(COURSE_ID)),
      pendingBills: { zero: count(0), one: hash(count(1), '1'), other: hash(pending, intl.formatNumber(PENDING)) },
      kind: { bill, assessment: intl.formatMessage(HomeMessages.assessment) },
      pastText: { bill: overdue, assessment: intl.formatMessage(AssessmentWords.awaitingGrade) },
      pastClass: { bill: 'badge badge-danger', assessment: 'badge' },
      slideLabel: hash(hash(label(2), '2').replace('#', '{n}'), '3').replace('#', '{total}'),
      pickSlide: intl
        .formatMessage(CarouselMessages.pickSlide, { n: 7777002, title: '@@' })
        .replace('7777002', '{n}')
        .replace('@@', '{title}'),
      learnMore,
      flags: AREA_SHORTCUTS.flatMap((area) => (area.flag ? [area.flag] : [])),
    },
  };
}

/** The texts of the early learning-object page, pt-BR. */
export interface EarlyLearningObjectTexts {
  /** The learning object's type under its title, by type (the types the early page shows). */
  types: Partial<Record<LearningObjectType, string>>;
  /** The statuses the contract knows (`LearningObjectStatus`): another one is no early page. */
  statuses: readonly LearningObjectStatus[];
  /**
   * The deployment's video providers the early page shows a facade of: `id` (the body's
   * `data-early-if` and the platform's `embed_providers` entry), `page` (RegExp source of the
   * plain addresses of its pages, {@link EARLY_VIDEO_PAGES}).
   */
  videoProviders: { id: string; page: string }[];
  /** A quiz's question's number ('Questão #'). */
  questionNumber: string;
  /** Where the links lead (src/services/navigation/links.ts): `{course}`, `{module}`, `{learningObject}` = ids. */
  learningObjectPath: string;
  modulePath: string;
  coursePath: string;
}

/**
 * The plain addresses of a video provider's pages that the early page recognises (the app's
 * recognition, src/services/content/providers.ts, takes many more: those are the app's page), by
 * provider id. test/unit/early-content.test.ts checks that the app recognises each.
 */
export const EARLY_VIDEO_PAGES: Readonly<Record<string, RegExp>> = {
  youtube: /^https:\/\/(?:(?:www|m)\.youtube\.com\/watch\?v=|youtu\.be\/)[A-Za-z0-9_-]{11}$/,
  vimeo: /^https:\/\/vimeo\.com\/[1-9]\d{0,11}$/,
};

/** A page of each provider of {@link EARLY_VIDEO_PAGES}, for the template's render. */
const VIDEO_PAGE_SAMPLES: Readonly<Record<string, string>> = {
  youtube: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  vimeo: 'https://vimeo.com/76979871',
};

/** Ids rendered where the script writes the answer's neighbours (see the other slot ids above). */
const PREVIOUS_ID = 9090906;
const PREVIOUS_MODULE_ID = 9090907;
const NEXT_ID = 9090908;
const NEXT_MODULE_ID = 9090909;
const NEXT_FIRST_ID = 9090910;

/** The slot module of the early learning-object page: it lists the slot learning object. */
const SLOT_LO_MODULE: Module = {
  ...SLOT_MODULE,
  name: '@@moduleName@@',
  lessons: [
    { ...SLOT_MODULE.lessons[0]!, name: 'x', learning_objects: [{ ...SLOT_MODULE.lessons[0]!.learning_objects[0]! }] },
  ],
};

/**
 * The slot learning object: a video of the app's origin, not started, with a previous and a next
 * learning object (other variants: {@link renderEarlyLearningObjectShell}).
 */
const slotLearningObject = (overrides: Partial<LearningObject> = {}): LearningObject => ({
  id: LEARNING_OBJECT_ID,
  name: '@@name@@',
  type: 'video',
  lesson_id: LESSON_ID,
  module_id: MODULE_ID,
  course_id: COURSE_ID,
  content: { url: '/@@file@@', html: null, quiz: null },
  status: 'not_started',
  started_at: null,
  completed_at: null,
  previous: { id: PREVIOUS_ID, lesson_id: LESSON_ID, module_id: PREVIOUS_MODULE_ID },
  next: { id: NEXT_ID, lesson_id: LESSON_ID, module_id: MODULE_ID },
  next_module: null,
  quiz_result: null,
  ...overrides,
});

/**
 * The element of `html` whose start tag begins at `at` (its start tag, content and end tag; same
 * tag names nested inside are counted). @throws Error when `at` is no start tag or it has no end.
 */
function elementAt(html: string, at: number): string {
  const name = /^<([a-z]+)/.exec(html.slice(at))?.[1];
  if (!name) throw new Error(`early shell: no element at ${at}`);
  const tags = new RegExp(`<(/?)${name}[\\s>/]`, 'g');
  tags.lastIndex = at;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(at, html.indexOf('>', m.index) + 1);
  }
  throw new Error(`early shell: <${name}> at ${at} has no end`);
}

/** The only element of `html` whose start tag begins with `start`. @throws as {@link replaceOnce}. */
function elementStarting(html: string, start: string): string {
  const at = html.indexOf(start);
  if (at < 0 || html.indexOf(start, at + 1) >= 0)
    throw new Error(`early shell: expected exactly one ${JSON.stringify(start)} in the markup`);
  return elementAt(html, at);
}

/** `element` (markup of one element) with `data-early-if="name"` on its start tag. */
const onlyIf = (element: string, name: string) => element.replace(/^<([a-z]+)/, `<$1 data-early-if="${name}"`);

/**
 * A quiz's form of the slot render as the template's: its question (`data-early-item="question"`)
 * and its first option (`data-early-item="option"`) to copy, the second option dropped, each
 * radio's group named `@@radioName@@` (the app's name is React's `useId`, which the early page
 * cannot know: the script names each question's group itself).
 */
function quizForm(form: string, firstNumber: string): string {
  let html = replaceOnce(
    form,
    '<fieldset class="quiz-question">',
    '<fieldset class="quiz-question" data-early-item="question">',
  );
  // The second option out, then the first marked.
  const second = html.indexOf('<label class="quiz-option">', html.indexOf('<label class="quiz-option">') + 1);
  if (second < 0) throw new Error('early shell: the quiz’s slot question has no second option');
  html = html.slice(0, second) + html.slice(second + elementAt(html, second).length);
  html = replaceOnce(html, '<label class="quiz-option">', '<label class="quiz-option" data-early-item="option">');
  html = replaceOnce(html, /name="[^"]*-q@@questionId@@"/.exec(html)?.[0] ?? 'name=', 'name="@@radioName@@"');
  return replaceOnce(html, `>${firstNumber}<`, '>@@questionNumber@@<');
}

/**
 * The early learning-object page's template (docs/decisions/0014, "A learning object"): the
 * viewer's markup with slots — the breadcrumb, title and type, the status line and 'Concluir',
 * the previous/next navigation and the shortcuts — and the body of the types whose first screen
 * needs none of their code: a file's video or audio player and a PDF's frame **without their
 * source** (the file is fetched once, by the app's player: the early page's is never loaded, a
 * weak network does not download it twice) and the PDF's 'Abrir' link, or a link's. Every
 * variant is in the template, marked `data-early-if` for the script to keep the one that applies:
 * `video`, `audio`, `pdf`, `link`; `done`/`todo` (the status line and 'Concluir'); `previous`/
 * `noPrevious`; `nextObject`/`nextModule`/`courseEnd`.
 * @param messages as {@link renderEarlyCoursesShell}.
 * @throws Error when a slot or a part cannot be found in the markup.
 */
export async function renderEarlyLearningObjectShell(
  messages: Record<string, string> = {},
): Promise<{ markup: string; texts: EarlyLearningObjectTexts }> {
  const intl = ptBrIntl(messages);
  const page = async (lo: LearningObject) =>
    withoutComments(await renderLearningObjectPage(SLOT_LO_MODULE, lo, '@@userName@@'));
  const video = await page(slotLearningObject());
  const audio = await page(slotLearningObject({ type: 'audio' }));
  const pdf = await page(slotLearningObject({ type: 'pdf', status: 'completed', previous: null }));
  const link = await page(
    slotLearningObject({
      type: 'link',
      content: { url: 'https://example.com/@@link@@', html: null, quiz: null },
      next: null,
      next_module: {
        id: NEXT_MODULE_ID,
        name: '@@nextModuleName@@',
        first: { id: NEXT_FIRST_ID, lesson_id: 1, module_id: NEXT_MODULE_ID },
      },
    }),
  );
  const last = await page(slotLearningObject({ next: null }));
  // A quiz not answered yet: one question with one option for the script to copy (a second
  // option, rendered for the contract's minimum, is dropped).
  const quiz = await page(
    slotLearningObject({
      type: 'quiz',
      content: {
        url: null,
        html: null,
        quiz: {
          questions: [
            {
              id: 'q@@questionId@@',
              text: '@@questionText@@',
              options: [
                { id: '@@optionId@@', text: '@@optionText@@' },
                { id: 'second', text: 'second' },
              ],
            },
          ],
        },
      },
    }),
  );
  const sourceless = (element: string) =>
    element.replace(/ src="[^"]*@@file@@[^"]*"/, '').replace(/<track [^>]*>(<\/track>)?/, '');
  const providers = deploymentContentSources.providers.filter((p) => p.kind === 'video' && p.id in EARLY_VIDEO_PAGES);
  const facades = await Promise.all(
    providers.map(async (p) =>
      onlyIf(
        elementStarting(
          await page(slotLearningObject({ content: { url: VIDEO_PAGE_SAMPLES[p.id]!, html: null, quiz: null } })),
          '<figure class="lo-media">',
        ),
        p.id,
      ),
    ),
  );
  for (const facade of facades)
    if (!facade.includes('class="provider-facade"'))
      throw new Error('early shell: a provider video is no longer a facade in the viewer');
  const bodies = [
    ...facades,
    onlyIf(sourceless(elementStarting(video, '<figure class="lo-media">')), 'video'),
    onlyIf(sourceless(elementStarting(audio, '<figure class="lo-media">')), 'audio'),
    onlyIf(sourceless(elementStarting(pdf, '<div class="lo-document">')), 'pdf'),
    onlyIf(elementStarting(link, '<p><a href="https://example.com/'), 'link'),
    onlyIf(
      quizForm(elementStarting(quiz, '<form class="quiz"'), intl.formatMessage(QuizMessages.questionNumber, { n: 1 })),
      'quiz',
    ),
  ].join('');
  let html = video;
  html = replaceOnce(html, elementStarting(html, '<figure class="lo-media">'), bodies);
  // The status line: 'Concluído' (done) or empty with 'Concluir' (todo).
  const todo = elementStarting(video, '<div class="lo-status">');
  const done = elementStarting(pdf, '<div class="lo-status">');
  html = replaceOnce(
    html,
    todo,
    todo.replace(/^<div class="lo-status">([^]*)<\/div>$/, (_, inner: string) => {
      const doneLine = elementStarting(done, '<p role="status"');
      const todoLine = elementStarting(inner, '<p role="status"');
      const button = elementStarting(inner, '<button');
      return `<div class="lo-status">${onlyIf(doneLine, 'done')}${onlyIf(todoLine, 'todo')}${onlyIf(button, 'finish')}</div>`;
    }),
  );
  // The previous learning object's link, or the empty place the app keeps for it.
  const previous = elementStarting(html, '<a aria-keyshortcuts="Alt+Shift+ArrowLeft"');
  html = replaceOnce(html, previous, onlyIf(previous, 'previous') + '<span data-early-if="noPrevious"></span>');
  // A quiz is finished by sending its answers: no 'Concluir'.
  if (elementStarting(quiz, '<div class="lo-status">') !== todo.replace(elementStarting(todo, '<button'), ''))
    throw new Error('early shell: a quiz’s status line is no longer the others’ without ‘Concluir’');
  if (!pdf.includes('<nav aria-label') || !pdf.includes('<span></span><a aria-keyshortcuts="Alt+Shift+ArrowUp"'))
    throw new Error('early shell: the viewer no longer keeps an empty place for a missing previous link');
  // The next step: a learning object, the next module, or the course's end.
  const nextObject = elementStarting(html, '<a rel="next"');
  const nextModule = elementStarting(link, '<a rel="next"');
  const courseEnd = elementStarting(last, '<span class="lo-course-end">');
  html = replaceOnce(
    html,
    nextObject,
    onlyIf(nextObject, 'nextObject') + onlyIf(nextModule, 'nextModule') + onlyIf(courseEnd, 'courseEnd'),
  );
  const path = (lo: { module: number; id?: number }) =>
    lo.id === undefined ? moduleLink(COURSE_ID, lo.module) : learningObjectLink(COURSE_ID, lo.module, lo.id);
  html = replaceOnce(
    html,
    `href="${path({ module: PREVIOUS_MODULE_ID, id: PREVIOUS_ID })}"`,
    'href="@@previousHref@@"',
  );
  html = replaceOnce(html, `href="${path({ module: MODULE_ID, id: NEXT_ID })}"`, 'href="@@nextHref@@"');
  html = replaceOnce(html, `href="${path({ module: NEXT_MODULE_ID, id: NEXT_FIRST_ID })}"`, 'href="@@nextHref@@"');
  html = replaceEvery(html, `href="${courseLink(COURSE_ID)}"`, 'href="@@courseHref@@"', 2);
  html = replaceEvery(html, `href="${moduleLink(COURSE_ID, MODULE_ID)}"`, 'href="@@moduleHref@@"', 2);
  html = replaceOnce(html, /href="[^"]*\/@@file@@"/.exec(html)?.[0] ?? 'href="/@@file@@"', 'href="@@fileHref@@"');
  html = replaceOnce(html, 'href="https://example.com/@@link@@"', 'href="@@linkHref@@"');
  const typeText = intl.formatMessage(ModuleMessages[TYPE_TEXT.video]);
  html = replaceOnce(html, `<p class="muted">${typeText}</p>`, '<p class="muted">@@typeText@@</p>');
  // An inline style attribute is refused by the CSP (style-src 'self'): the script sets it
  // through the CSSOM, as React does (a provider box's ratio).
  html = html.replace(/ style="/g, ' data-early-style="');
  const left = /.{0,60}(90909\d\d|@@file@@|example[.]com).{0,20}/.exec(html);
  if (left)
    throw new Error(`early shell: an id or a URL of the slot learning object is left in the markup: ${left[0]}`);
  const types = Object.fromEntries(
    (['video', 'audio', 'pdf', 'link', 'quiz', 'embed'] as const).map((type) => [
      type,
      intl.formatMessage(ModuleMessages[TYPE_TEXT[type]]),
    ]),
  );
  return {
    markup: html,
    texts: {
      types,
      statuses: LearningObjectStatusSchema.options,
      questionNumber: hash(intl.formatMessage(QuizMessages.questionNumber, { n: 7777003 }), '7777003'),
      videoProviders: providers.map((p) => ({ id: p.id, page: EARLY_VIDEO_PAGES[p.id]!.source })),
      learningObjectPath: idsNamed(learningObjectLink(COURSE_ID, MODULE_ID, LEARNING_OBJECT_ID)),
      modulePath: idsNamed(moduleLink(COURSE_ID, MODULE_ID)),
      coursePath: idsNamed(courseLink(COURSE_ID)),
    },
  };
}

/** One screen's early page for the build (scripts/vite/prerender.ts). */
export interface EarlyScreenShell {
  /** The screen's content-visible name, which is also the script's name for its fill. */
  screen: 'courses' | 'course' | 'module' | 'learning-object' | 'grades' | 'finances' | 'attachments' | 'home';
  /** A path of the route, to find its early read's pattern (src/app/early-reads.ts). */
  path: string;
  /** The content of the page's `<main>`, with slots (the rest is the shared layout). */
  markup: string;
  texts:
    | EarlyTexts
    | EarlyCourseTexts
    | EarlyModuleTexts
    | EarlyLearningObjectTexts
    | EarlyGradesTexts
    | EarlyFinancesTexts
    | EarlyAttachmentsTexts
    | EarlyHomeTexts;
  /**
   * The navigation's links marked on this page, as the app's layout marks them
   * (src/views/components/app-layout.tsx): `aria-current="page"` (`current`) and `data-section`
   * (`section`), each by its position among the layout's links marked `data-early-nav`.
   */
  nav: { current: number[]; section: number[] };
}

/** The early pages: the layout they share and each screen's content (see {@link shareLayout}). */
export interface EarlyShells {
  /** The signed-in layout (header, navigation, the outbox's line…) with an empty `<main>`. */
  layout: string;
  screens: EarlyScreenShell[];
}

/** A link's start tag as the layout renders it (React's order: aria-current, data-section, href). */
const LINK = /<a (aria-current="page" )?(data-section="" )?href="/g;

/**
 * Splits each screen's page into the layout around its `<main>` and the content of its `<main>`:
 * the layout is the same on every screen but for the navigation's marks, kept per screen — one
 * copy of it in index.html instead of one per screen. The links marked on some screen carry
 * `data-early-nav` (first) in it, for the script to mark as each screen says.
 * @throws Error when a page has not exactly one `<main>`, or the layouts differ elsewhere.
 */
export function shareLayout(pages: Omit<EarlyScreenShell, 'nav'>[]): EarlyShells {
  const split = pages.map((page) => {
    const main = /(<main [^>]*>)([^]*)(<\/main>)/.exec(page.markup);
    if (!main || page.markup.indexOf('<main ', main.index + 1) >= 0)
      throw new Error(`early shell: ${page.screen} has not exactly one <main>`);
    const around =
      page.markup.slice(0, main.index) + main[1] + main[3] + page.markup.slice(main.index + main[0].length);
    const marks: { current: boolean; section: boolean }[] = [];
    const layout = around.replace(LINK, (_, current?: string, section?: string) => {
      marks.push({ current: Boolean(current), section: Boolean(section) });
      return '<a href="';
    });
    return { ...page, markup: main[2]!, marks, layout };
  });
  const layout = split[0]!.layout;
  for (const page of split)
    if (page.layout !== layout) throw new Error(`early shell: the layout of ${page.screen} differs from the others'`);
  // The links some screen marks, by their position among the layout's links.
  const marked = split[0]!.marks
    .map((_, at) => at)
    .filter((at) => split.some((page) => page.marks[at]!.current || page.marks[at]!.section));
  let at = -1;
  return {
    layout: layout.replace(/<a href="/g, (link) => (marked.includes(++at) ? '<a data-early-nav="" href="' : link)),
    screens: split.map(({ marks, layout: _, ...screen }) => ({
      ...screen,
      nav: {
        current: marked.flatMap((link, i) => (marks[link]!.current ? [i] : [])),
        section: marked.flatMap((link, i) => (marks[link]!.section ? [i] : [])),
      },
    })),
  };
}

/** Every screen's early page, in pt-BR (see the module's comment). @throws as each template. */
export async function renderEarlyShells(): Promise<EarlyShells> {
  return shareLayout([
    { screen: 'courses', path: ROUTE_PATHS.courses, ...(await renderEarlyCoursesShell()) },
    { screen: 'course', path: courseLink(COURSE_ID), ...(await renderEarlyCourseShell()) },
    { screen: 'module', path: moduleLink(COURSE_ID, MODULE_ID), ...(await renderEarlyModuleShell()) },
    {
      screen: 'learning-object',
      path: learningObjectLink(COURSE_ID, MODULE_ID, LEARNING_OBJECT_ID),
      ...(await renderEarlyLearningObjectShell()),
    },
    { screen: 'grades', path: ROUTE_PATHS.grades, ...(await renderEarlyGradesShell()) },
    { screen: 'finances', path: ROUTE_PATHS.finances, ...(await renderEarlyFinancesShell()) },
    { screen: 'attachments', path: ROUTE_PATHS.attachments, ...(await renderEarlyAttachmentsShell()) },
    { screen: 'home', path: ROUTE_PATHS.home, ...(await renderEarlyHomeShell()) },
  ]);
}
