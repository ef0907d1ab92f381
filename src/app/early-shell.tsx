/**
 * Static export of the signed-in course list's page for the early content
 * (docs/decisions/0014-early-content-before-the-app.md): the markup the app renders on /courses
 * once the list is in, signed in, in pt-BR, rendered at build time (scripts/vite/prerender.ts,
 * in Node with the app's own components) with one course made of slots (`@@name@@`…). The inline
 * script src/app/early-content.js fills a copy with the early read's answer — one card per
 * course — and shows it until the app has rendered the same page (src/views/early-handoff.ts).
 * The texts that script cannot format itself (plurals, statuses, the progress) are formatted
 * here, with the app's messages.
 */
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { Router } from 'wouter';
import { createActor } from 'xstate';
import { QueryClient } from '@tanstack/react-query';
import { createIntl } from '@formatjs/intl';
import { App } from './app-root';
import { appActorsOf } from '../views/app-actors';
import { sessionMachine } from '../machines/session.machine';
import { errorScreenMachine } from '../machines/error-screen.machine';
import { accessibilityMachine } from '../machines/accessibility.machine';
import { lgpdConsentMachine } from '../machines/lgpd-consent.machine';
import { appUpdateMachine } from '../machines/app-update.machine';
import { outboxMachine } from '../machines/outbox.machine';
import { lifecycleMachine } from '../machines/lifecycle.machine';
import { DEFAULT_SETTINGS } from '../services/storage/accessibility-settings';
import { ROUTE_PATHS } from '../services/navigation/routes';
import { coursesQuery } from '../services/api/lms-queries';
import { coursesApiQuery, parseCoursesQuery } from '../views/courses/url-query';
import { CoursesFilterMessages, CoursesMessages } from '../views/courses/messages';
import { CommonMessages } from '../views/components/messages';
import { ListMessages } from '../views/components/list-filter';
import { ProgressWords } from '../views/components/vocabulary';
import type { CourseListResponse, CourseStatus } from '../services/contract/lms';
import type { AppOutbox } from '../views/app-services';

/** The texts of the early course list, pt-BR; `#` stands for a number the script formats. */
export interface EarlyTexts {
  /** A course's status badge, by status. */
  status: Record<CourseStatus, string>;
  /** 'N módulos' by plural category ('one', 'other'). */
  modules: Record<'one' | 'other', string>;
  /** 'N cursos encontrados' by plural category ('one', 'other'; zero courses: no early content). */
  count: Record<'one' | 'other', string>;
  /** The progress bar's text, `#` = the percentage as `Intl.NumberFormat(…, { style: 'percent' })` writes it. */
  progress: string;
  /** The count of a list of more pages, `@@` = the count's text, `#` = the last page (no grouping): '@@, página 1 de #'. */
  resultsPage: string;
  /** The pagination's 'Página 1 de #' (`#`: no grouping). */
  pageOf: string;
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
 * The app's course list page signed in as a student named `userName` (null: no name known), with
 * `courses` as the list's answer, as the app renders it once the list is in: the #root element's
 * content. The build renders it with slots; tests with real courses, to compare with the early
 * page built from the same answer (test/unit/early-content.test.ts).
 */
export async function renderCoursesPage(courses: CourseListResponse, userName: string | null): Promise<string> {
  const session = createActor(sessionMachine, {
    input: {
      hasToken: true,
      cachedUser: userName === null ? null : ({ id: 1, name: userName, platform_id: 1, accepted_lgpd: true } as never),
    },
  });
  const errorStore = createActor(errorScreenMachine, { input: {} });
  const accessibility = createActor(accessibilityMachine, { input: { userId: null, settings: DEFAULT_SETTINGS } });
  const lgpd = createActor(lgpdConsentMachine);
  const appUpdate = createActor(appUpdateMachine);
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
  client.setQueryData(coursesQuery(coursesApiQuery(parseCoursesQuery(''))).queryKey, courses);
  return renderAll(
    <StrictMode>
      <Router ssrPath={ROUTE_PATHS.courses}>
        <App
          actors={appActorsOf({ session, errorStore, accessibility, lgpdConsent: lgpd, appUpdate })}
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
  const intl = createIntl({ locale: 'pt-BR', defaultLocale: 'pt-BR', messages, onError: () => undefined });
  const number = (n: number) => intl.formatNumber(n);
  const percent = intl.formatNumber(PROGRESS / 100, { style: 'percent' });
  const modulesOther = intl.formatMessage(CoursesMessages.modules, { count: MODULES });
  const countOther = intl.formatMessage(CoursesFilterMessages.count, { count: TOTAL });
  const progressText = intl.formatMessage(CommonMessages.progress, { percent: PROGRESS / 100 });
  html = replaceOnce(html, modulesOther, '@@modules@@');
  const resultsPage = intl.formatMessage(ListMessages.resultsPage, { results: '@@', page: 1, last: LAST_PAGE });
  html = replaceOnce(html, resultsPage.replace('@@', countOther), '@@count@@');
  // The pagination of a list of more pages: 'Página 1 de N', 'Próxima página' and, from 3 pages,
  // 'Última página'; the script removes what a shorter list has not (`data-early-*`).
  const pageOf = intl.formatMessage(ListMessages.pageOf, { page: 1, last: LAST_PAGE });
  html = replaceOnce(html, `>${pageOf}<`, '>@@pageOf@@<');
  html = replaceOnce(
    html,
    `<a href="/courses?page=${LAST_PAGE}">`,
    '<a data-early-last="" href="/courses?page=@@lastPage@@">',
  );
  html = replaceOnce(
    html,
    ` aria-label="${intl.formatMessage(CoursesMessages.pagination)}">`,
    ` aria-label="${intl.formatMessage(CoursesMessages.pagination)}" data-early-pagination="">`,
  );
  html = replaceOnce(html, `>${progressText}<`, '>@@progressText@@<');
  html = replaceOnce(html, `value="${PROGRESS}"`, 'value="@@progress@@"');
  html = replaceOnce(html, `@@name@@: ${PROGRESS}%`, '@@progressLabel@@');
  html = replaceOnce(html, '/courses/%40%40id%40%40', '/courses/@@id@@');
  // The card the script copies once per course.
  html = replaceOnce(
    html,
    '<ul class="card-grid" aria-busy="false"><li class="card">',
    '<ul class="card-grid" aria-busy="false"><li class="card" data-early-item="">',
  );
  // React's marks of Suspense boundaries mean nothing outside React.
  html = html.replace(/<!--\/?\$[!?]?-->/g, '');
  const statusText = intl.formatMessage(ProgressWords.inProgress);
  html = replaceOnce(html, `badge-in_progress">${statusText}<`, 'badge-@@status@@">@@statusText@@<');
  const hash = (text: string, n: string) => {
    if (!text.includes(n)) throw new Error(`early shell: ${JSON.stringify(text)} does not contain ${n}`);
    return text.replace(n, '#');
  };
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
    progress: hash(progressText, percent),
    // `{last}` is a plain argument there: the number as it is, without grouping.
    resultsPage: hash(resultsPage, String(LAST_PAGE)),
    pageOf: hash(pageOf, String(LAST_PAGE)),
  };
  return { markup: html, texts };
}
