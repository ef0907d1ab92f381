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
import { deploymentContentSources } from '../services/content/sources';
import { AUTH_HEADERS } from '../services/http/clients';
import { TOKEN_COOKIE } from '../services/storage/token';
import { coursesApiQuery, parseCoursesQuery } from '../views/courses/url-query';
import { gradesApiQuery, parseGradesQuery } from '../views/grades/url-query';
import { documentsApiQuery, parseDocumentsQuery } from '../views/attachments/url-query';
import { patternOf, ROUTES, type AppRoute } from './route-table';

/** Which header set of `EarlyReadsData.headers` a read is sent with. */
export type EarlyAuth = 'main' | 'hub' | 'erp';

/**
 * A read asked for once the route's first read has answered, from what that answer holds:
 * - `lesson`: a main API read whose URL's `{lesson}` is the id of the answer's lesson
 *   (`data.lessons[]`) that holds the learning object whose id is the path parameter `param`
 *   (a learning object's read, after its module's);
 * - `erpToken`: an ERP read sent with the answer's `data.token` (the hub's ERP token, docs/product.md §7) as
 *   its token (the bills, after the hub's `GET /security/student/erp/`).
 */
export type EarlyFollowUp =
  | {
      kind: 'lesson';
      url: string;
      param: string;
      /**
       * The embed providers' page hosts (`*.` = a vendor's subdomains): when the learning object's
       * answer has its URL on one, the code of a provider's content (`kinds.provider`) is preloaded.
       */
      providerHosts: string[];
    }
  | { kind: 'erpToken'; url: string };

/**
 * One early read of a route. A route whose screen starts with several reads has an entry for each
 * (the loader asks for every entry whose pattern matches).
 */
export interface EarlyReadRoute {
  /** The route's path pattern (RegExp source, named groups = path parameters). */
  pattern: string;
  /** Absolute or same-origin URL; `{name}` = a path parameter. */
  url: string;
  /** The header set it is sent with, `{token}` = the session token. */
  auth: Exclude<EarlyAuth, 'erp'>;
  /** Asked for only when the page's URL has no query (a list's first page). */
  onlyWithoutQuery?: true;
  /** The read that follows once this one has answered. */
  then?: EarlyFollowUp;
}

/**
 * What the loader needs: the token cookie's name, each API's auth headers (`{token}` = the token
 * the read is sent with), the routes' reads, the platform lookup and the banners.
 */
export interface EarlyReadsData {
  cookie: string;
  headers: Record<EarlyAuth, Record<string, string>>;
  routes: EarlyReadRoute[];
  /**
   * The platform lookup of this site host (`{host}`, docs/product.md §1), asked for on every signed-in page
   * load: the brand, and whether /home has banners, do not wait for the app to start.
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
type EarlyReadSpec = Omit<EarlyReadRoute, 'pattern'>;

/** `{ page: 1, per_page: 10 }` → `page=1&per_page=10`, as ky writes a read's `searchParams`. */
const searchOf = (query: object): string =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

/** The reads a route's screen (or its startup reads) starts with on a page load; none for most routes. */
function earlyReadsOf(route: AppRoute): EarlyReadSpec[] {
  const main = (path: string): string => `${apiBaseUrls.mainV1}${path}`;
  switch (route.reads) {
    case 'courses':
      // The list's first page as /courses without a query asks for it (views/courses/url-query.ts).
      return [
        {
          url: `${apiBaseUrls.mainV2}/lms/courses?${searchOf(coursesApiQuery(parseCoursesQuery('')))}`,
          auth: 'main',
          onlyWithoutQuery: true,
        },
      ];
    case 'course':
      return [{ url: main('/lms/courses/{course}'), auth: 'main' }];
    case 'module':
      return [{ url: main('/lms/modules/{module}'), auth: 'main' }];
    case 'learningObject':
      // A learning object's read needs its lesson, found in its module's read: the module goes first,
      // the learning object as soon as the module has answered (lms-queries.ts `lessonOf`).
      return [
        {
          url: main('/lms/modules/{module}'),
          auth: 'main',
          then: {
            kind: 'lesson',
            url: main('/lms/learningObjects/{learningObject}?lesson_id={lesson}'),
            param: 'learningObject',
            providerHosts: deploymentContentSources.providers.flatMap((p) => p.pageHosts),
          },
        },
      ];
    default:
  }
  switch (route.screen) {
    case 'home':
      return [{ url: main('/users/dashboard'), auth: 'main' }];
    case 'grades':
      // The list's first page in its default order, as /grades without a query asks for it.
      return [
        {
          url: main(`/lms/student/grades?${searchOf(gradesApiQuery(parseGradesQuery('')))}`),
          auth: 'main',
          onlyWithoutQuery: true,
        },
      ];
    case 'attachments':
      // The student's own files and the documents' categories whatever the query; the documents'
      // first page as /attachments without a query asks for it.
      return [
        { url: main('/attachments/authorized'), auth: 'main' },
        { url: main('/documents/categories'), auth: 'main' },
        {
          url: main(`/documents/attachments?${searchOf(documentsApiQuery(parseDocumentsQuery('')))}`),
          auth: 'main',
          onlyWithoutQuery: true,
        },
      ];
    case 'finances':
      // The bills need the ERP token, which the hub gives for the session token (services/api/finances.ts):
      // the hub first, the bills as soon as it has answered, with its token.
      return [
        {
          url: `${apiBaseUrls.hub}/security/student/erp/`,
          auth: 'hub',
          then: { kind: 'erpToken', url: `${apiBaseUrls.erp}/bills` },
        },
      ];
    case 'account':
      // 'Minha conta' shows the student as `GET /users/self` answers (views/account/profile.tsx).
      return [{ url: main('/users/self'), auth: 'main' }];
    default:
      return [];
  }
}

/** The loader's early-read data for this build (config from `import.meta.env`). */
export function earlyReadsData(): EarlyReadsData {
  return {
    cookie: TOKEN_COOKIE,
    headers: {
      main: AUTH_HEADERS.mainV1('{token}'),
      hub: AUTH_HEADERS.hub('{token}'),
      erp: AUTH_HEADERS.erp('{token}'),
    },
    routes: ROUTES.flatMap((route) =>
      earlyReadsOf(route).map((read) => ({ pattern: patternOf(route.path).source, ...read })),
    ),
    lookup: `${apiBaseUrls.mainV1}/platforms/{host}`,
    banners: [
      `${apiBaseUrls.mainV1}/content/banners?isVisibleEad=1`,
      ROUTES.filter((route) => route.screen === 'home').map((route) => patternOf(route.path).source),
    ],
  };
}
