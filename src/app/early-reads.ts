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
import { patternOf, ROUTES, type AppRoute } from './route-table';

/**
 * A read asked for once the route's first read has answered: its URL (`{name}` = a path parameter,
 * `{lesson}` = the id of the answer's lesson, `data.lessons[]`, that holds the learning object
 * whose id is the path parameter `learningObjectParam`).
 */
export type EarlyFollowUp = [url: string, learningObjectParam: string];

/**
 * One route's early read: its path pattern (RegExp source), the URL (`{name}` = a path parameter),
 * query-less only, and the read that follows once it has answered (a learning object's, after its
 * module's).
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

/** The URL a route's first read asks for (and the read that follows it), or null. */
function firstReadOf(route: AppRoute): { url: string; onlyWithoutQuery: boolean; then?: EarlyFollowUp } | null {
  switch (route.reads) {
    case 'courses': {
      // The list's first page as /courses without a query asks for it (views/courses/url-query.ts).
      const query = coursesApiQuery(parseCoursesQuery(''));
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return { url: `${apiBaseUrls.mainV2}/lms/courses?${search.toString()}`, onlyWithoutQuery: true };
    }
    case 'course':
      return { url: `${apiBaseUrls.mainV1}/lms/courses/{course}`, onlyWithoutQuery: false };
    case 'module':
      return { url: `${apiBaseUrls.mainV1}/lms/modules/{module}`, onlyWithoutQuery: false };
    case 'learningObject':
      // A learning object's read needs its lesson, found in its module's read: the module goes first,
      // the learning object as soon as the module has answered (lms-queries.ts `lessonOf`).
      return {
        url: `${apiBaseUrls.mainV1}/lms/modules/{module}`,
        onlyWithoutQuery: false,
        then: [`${apiBaseUrls.mainV1}/lms/learningObjects/{learningObject}?lesson_id={lesson}`, 'learningObject'],
      };
    default:
  }
  if (route.screen === 'home') return { url: `${apiBaseUrls.mainV1}/users/dashboard`, onlyWithoutQuery: false };
  return null;
}

/** The loader's early-read data for this build (config from `import.meta.env`). */
export function earlyReadsData(): EarlyReadsData {
  const routes: EarlyReadRoute[] = [];
  for (const route of ROUTES) {
    const read = firstReadOf(route);
    if (!read) continue;
    const pattern = patternOf(route.path).source;
    routes.push(
      read.then ? [pattern, read.url, read.onlyWithoutQuery, read.then] : [pattern, read.url, read.onlyWithoutQuery],
    );
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
