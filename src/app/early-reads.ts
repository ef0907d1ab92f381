/**
 * What the inline entry loader (./entry-loader.js) asks for with the HTML on a page load of a
 * signed-in route (docs/performance.md "Data with the HTML"): the first API read the route's
 * screen or its startup reads (./startup-reads.ts) make, so that it is under way before the app's
 * JS has even downloaded. Read at build time by scripts/vite/deferred-entry.ts into the page's
 * data block; the HTTP client takes the answer (src/services/http/early-reads.ts).
 *
 * URLs are built from the same config, query defaults and paths as the reads themselves, so a
 * change there changes the early read too; `test/unit/early-reads.test.ts` checks each one is
 * exactly what the screen asks for.
 */
import { apiBaseUrls } from '../services/config';
import { AUTH_HEADERS } from '../services/http/clients';
import { TOKEN_COOKIE } from '../services/storage/token';
import { coursesApiQuery, parseCoursesQuery } from '../views/courses/url-query';
import { gradesApiQuery, parseGradesQuery } from '../views/grades/url-query';
import { documentsApiQuery, parseDocumentsQuery } from '../views/attachments/url-query';
import { patternOf, ROUTES, type AppRoute } from './route-table';

/**
 * A read asked for once the route's first read has answered: its URL (`{name}` = a path parameter,
 * `{lesson}` = the id of the answer's lesson, `data.lessons[]`, that holds the learning object
 * whose id is the path parameter `learningObjectParam`).
 */
export type EarlyFollowUp = [url: string, learningObjectParam: string];

/**
 * One early read of a route: its path pattern (RegExp source), the URL (`{name}` = a path
 * parameter), query-less only, and the read that follows once it has answered (a learning
 * object's, after its module's). A route whose screen starts with several reads has an entry for
 * each (the loader asks for every entry whose pattern matches).
 */
export type EarlyReadRoute =
  | [pattern: string, url: string, onlyWithoutQuery: boolean]
  | [pattern: string, url: string, onlyWithoutQuery: boolean, then: EarlyFollowUp];

/** What the loader needs: the token cookie's name, the headers (`{token}` = its value), the routes. */
export interface EarlyReadsData {
  cookie: string;
  headers: Record<string, string>;
  routes: EarlyReadRoute[];
  /**
   * The platform lookup of this site host (`{host}`, spec §1), asked for on every signed-in page
   * load: the brand, and whether /home has banners, no longer wait for the app to start.
   */
  lookup: string;
  /**
   * The banners read and the routes (RegExp sources) whose screen makes it: asked for as soon as
   * the lookup says the platform shows banners (`options.show_banners` not false, like
   * `showsBanners` of the platform machine).
   */
  banners: [url: string, patterns: string[]];
}

/** One read of a route's screen, as the loader asks for it. */
interface EarlyReadSpec {
  url: string;
  onlyWithoutQuery: boolean;
  then?: EarlyFollowUp;
}

/** `{ page: 1, per_page: 10 }` → `page=1&per_page=10`, as ky writes a read's `searchParams`. */
const searchOf = (query: object): string =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

/** The reads a route's screen (or its startup reads) starts with on a page load; none for most routes. */
function earlyReadsOf(route: AppRoute): EarlyReadSpec[] {
  switch (route.reads) {
    case 'courses':
      // The list's first page as /courses without a query asks for it (views/courses/url-query.ts).
      return [
        {
          url: `${apiBaseUrls.mainV2}/lms/courses?${searchOf(coursesApiQuery(parseCoursesQuery('')))}`,
          onlyWithoutQuery: true,
        },
      ];
    case 'course':
      return [{ url: `${apiBaseUrls.mainV1}/lms/courses/{course}`, onlyWithoutQuery: false }];
    case 'module':
      return [{ url: `${apiBaseUrls.mainV1}/lms/modules/{module}`, onlyWithoutQuery: false }];
    case 'learningObject':
      // A learning object's read needs its lesson, found in its module's read: the module goes first,
      // the learning object as soon as the module has answered (lms-queries.ts `lessonOf`).
      return [
        {
          url: `${apiBaseUrls.mainV1}/lms/modules/{module}`,
          onlyWithoutQuery: false,
          then: [`${apiBaseUrls.mainV1}/lms/learningObjects/{learningObject}?lesson_id={lesson}`, 'learningObject'],
        },
      ];
    default:
  }
  switch (route.screen) {
    case 'home':
      return [{ url: `${apiBaseUrls.mainV1}/users/dashboard`, onlyWithoutQuery: false }];
    case 'grades':
      // The list's first page in its default order, as /grades without a query asks for it.
      return [
        {
          url: `${apiBaseUrls.mainV1}/lms/student/grades?${searchOf(gradesApiQuery(parseGradesQuery('')))}`,
          onlyWithoutQuery: true,
        },
      ];
    case 'attachments':
      // The student's own files and the documents' categories whatever the query; the documents'
      // first page as /attachments without a query asks for it.
      return [
        { url: `${apiBaseUrls.mainV1}/attachments/authorized`, onlyWithoutQuery: false },
        { url: `${apiBaseUrls.mainV1}/documents/categories`, onlyWithoutQuery: false },
        {
          url: `${apiBaseUrls.mainV1}/documents/attachments?${searchOf(documentsApiQuery(parseDocumentsQuery('')))}`,
          onlyWithoutQuery: true,
        },
      ];
    default:
      return [];
  }
}

/** The loader's early-read data for this build (config from `import.meta.env`). */
export function earlyReadsData(): EarlyReadsData {
  const routes: EarlyReadRoute[] = [];
  for (const route of ROUTES) {
    const pattern = patternOf(route.path).source;
    for (const read of earlyReadsOf(route)) {
      routes.push(
        read.then ? [pattern, read.url, read.onlyWithoutQuery, read.then] : [pattern, read.url, read.onlyWithoutQuery],
      );
    }
  }
  return {
    cookie: TOKEN_COOKIE,
    headers: AUTH_HEADERS.mainV1('{token}'),
    routes,
    lookup: `${apiBaseUrls.mainV1}/platforms/{host}`,
    banners: [
      `${apiBaseUrls.mainV1}/content/banners?isVisibleEad=1`,
      ROUTES.filter((route) => route.screen === 'home').map((route) => patternOf(route.path).source),
    ],
  };
}
