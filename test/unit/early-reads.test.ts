/**
 * Early reads (src/app/early-reads.ts, src/services/http/early-reads.ts, the loader in
 * src/app/entry-loader.js): each route's early URL is exactly what its read asks for; the HTTP
 * client uses the early answer once instead of a second request, and asks the platform itself when
 * the early request failed, was made with another token or is too old.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyReadsData } from '../../src/app/early-reads';
import { getCourses, getLearningObject, getModule } from '../../src/services/api/lms';
import { getBanners, getDashboard } from '../../src/services/api/home';
import { getPlatform } from '../../src/services/api/platforms';
import { coursesApiQuery, parseCoursesQuery } from '../../src/views/courses/url-query';
import { getGrades } from '../../src/services/api/grades';
import { getAuthorizedAttachments, getDocumentCategories, getDocuments } from '../../src/services/api/attachments';
import { gradesApiQuery, parseGradesQuery } from '../../src/views/grades/url-query';
import { documentsApiQuery, parseDocumentsQuery } from '../../src/views/attachments/url-query';
import { EARLY_READ_MAX_AGE_MS, takeEarlyRead } from '../../src/services/http/early-reads';
import { setToken, clearToken } from '../../src/services/storage/token';
import { forgetErpToken, getBills } from '../../src/services/api/finances';
import { getUsersSelf } from '../../src/services/api/users';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const moduleBody = {
  data: { id: 7, name: 'Módulo do início', course_id: 1, lessons: [] },
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: Request | string) => {
    const url = typeof input === 'string' ? input : input.url;
    if (url.includes('/lms/modules/')) return json(moduleBody);
    if (url.includes('/users/dashboard')) return json({ data: null });
    return json({ pagination: { page: 1, per_page: 12, total: 0, last_page: 1 }, data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  setToken('tok-1', false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__earlyReads;
  clearToken();
});

/** The URLs the app's own reads ask for (through the real HTTP client, fetch stubbed). */
async function urlsOf(read: () => Promise<unknown>): Promise<string[]> {
  fetchMock.mockClear();
  await read().catch(() => undefined);
  return fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : (input as Request).url));
}

/** Fills `template`'s `{name}` places with `values`, as the loader does, into an absolute URL. */
const fill = (template: string, values: Record<string, string>) =>
  new URL(
    template.replace(/[{](\w+)[}]/g, (_, name: string) => values[name]!),
    location.href,
  ).href;
/** The early reads of `path`, with the path's parameters. */
const readsOf = (path: string) =>
  earlyReadsData()
    .routes.filter((route) => new RegExp(route.pattern).test(path))
    .map((route) => ({ route, groups: new RegExp(route.pattern).exec(path)!.groups ?? {} }));
/** The early URLs the loader would ask for on `path` (their parameters filled in as the loader does). */
const templatesOf = (path: string) => readsOf(path).map(({ route, groups }) => fill(route.url, groups));
/** The one early URL of `path`, or null. */
const templateOf = (path: string) => {
  const urls = templatesOf(path);
  expect(urls.length).toBeLessThanOrEqual(1);
  return urls[0] ?? null;
};

describe('early read URLs (build data)', () => {
  it('are the URLs the screens’ reads ask for', async () => {
    expect(await urlsOf(() => getCourses(coursesApiQuery(parseCoursesQuery(''))))).toEqual([templateOf('/courses')]);
    expect(await urlsOf(() => getModule(7))).toEqual([templateOf('/courses/1/modules/7')]);
    expect(await urlsOf(() => getModule(7))).toEqual([templateOf('/courses/1/modules/7/learningObjects/3')]);
    expect(await urlsOf(() => getDashboard())).toEqual([templateOf('/home')]);
    expect(await urlsOf(() => getGrades(gradesApiQuery(parseGradesQuery(''))))).toEqual([templateOf('/grades')]);
    expect(await urlsOf(() => getUsersSelf())).toEqual([templateOf('/conta')]);
  });

  it('on /attachments, are the three reads its screen starts with (the documents’ page only without a query)', async () => {
    const asked = [
      ...(await urlsOf(() => getAuthorizedAttachments())),
      ...(await urlsOf(() => getDocumentCategories())),
      ...(await urlsOf(() => getDocuments(documentsApiQuery(parseDocumentsQuery(''))))),
    ];
    expect(templatesOf('/attachments')).toEqual(asked);
    const withQuery = readsOf('/attachments').filter(({ route }) => route.onlyWithoutQuery);
    expect(withQuery.map(({ route }) => route.url)).toEqual([expect.stringContaining('/documents/attachments?')]);
    expect(templatesOf('/grades/course/3')).toEqual([]);
  });

  it('on /finances, are the hub’s ERP token and then the bills with that token, as the screen asks for them', async () => {
    forgetErpToken();
    fetchMock.mockImplementation(async (input: Request) =>
      input.url.includes('/security/student/erp/')
        ? json({ data: { token: 'erp-7', expires_at: new Date(Date.now() + 3_600_000).toISOString() } })
        : json({ data: [] }),
    );
    const asked = await urlsOf(() => getBills());
    const [{ route, groups }] = readsOf('/finances') as [ReturnType<typeof readsOf>[number]];
    expect(route.auth).toBe('hub');
    expect(route.then).toEqual({ kind: 'erpToken', url: expect.any(String) });
    expect([fill(route.url, groups), fill(route.then!.url, groups)]).toEqual(asked);
    // Each with the headers its API gets, the ERP's with the token the hub answered.
    const sent = fetchMock.mock.calls.map(([input]) => Object.fromEntries((input as Request).headers));
    const headers = earlyReadsData().headers;
    const filled = (set: Record<string, string>, token: string) =>
      Object.fromEntries(
        Object.entries(set).map(([name, value]) => [name.toLowerCase(), value.replace('{token}', token)]),
      );
    expect(sent[0]).toMatchObject(filled(headers.hub, 'tok-1'));
    expect(sent[1]).toMatchObject(filled(headers.erp, 'erp-7'));
    forgetErpToken();
  });

  it('ask for the platform lookup of this host and, on the home screen only, the banners, as the app does', async () => {
    const data = earlyReadsData();
    const lookup = new URL(data.lookup.replace('{host}', encodeURIComponent(location.hostname)), location.href).href;
    expect(await urlsOf(() => getPlatform(location.hostname))).toEqual([lookup]);
    expect(await urlsOf(() => getBanners())).toEqual([new URL(data.banners[0], location.href).href]);
    const withBanners = (path: string) => data.banners[1].some((pattern) => new RegExp(pattern).test(path));
    expect(['/', '/home'].every(withBanners)).toBe(true);
    expect(['/courses', '/finances', '/courses/1', '/homework'].some(withBanners)).toBe(false);
  });

  it('on a learning object, follow with the URL its read asks for, with the lesson its module holds it in', async () => {
    const [{ route, groups }] = readsOf('/courses/1/modules/7/learningObjects/3') as [
      ReturnType<typeof readsOf>[number],
    ];
    const then = route.then;
    expect(then?.kind).toBe('lesson');
    if (then?.kind !== 'lesson') return;
    expect(groups[then.param]).toBe('3');
    const url = fill(then.url, { ...groups, lesson: '12' });
    expect(await urlsOf(() => getLearningObject(3, 12))).toEqual([url]);
    // Only learning objects and the bills have one.
    const kinds = earlyReadsData().routes.flatMap((r) => (r.then ? [r.then.kind] : []));
    expect(kinds.sort()).toEqual(['erpToken', 'lesson']);
  });

  it('carry each API’s headers with the token’s place, and no read for other routes', () => {
    const data = earlyReadsData();
    expect(data.cookie).toBe('token');
    expect(data.headers).toEqual({
      main: { 'x-user-environment': 'WEB', 'x-access-token': '{token}' },
      hub: { Authorization: '{token}' },
      erp: { 'X-Access-Token': '{token}' },
    });
    expect(templatesOf('/grades/course/3')).toEqual([]);
    expect(templatesOf('/attachment/5')).toEqual([]);
    // The course list only without a query: a search or a page is read by the app itself.
    expect(readsOf('/courses')[0]!.route.onlyWithoutQuery).toBe(true);
  });
});

describe('the HTTP client and an early read', () => {
  const coursesUrl = () => templateOf('/courses')!;
  /** An answer of the courses' first page listing one course named `name`. */
  const coursesPage = (name: string) =>
    json({
      pagination: { page: 1, per_page: 12, total: 1, last_page: 1 },
      data: [{ id: 9, name, description: '', image_url: null, progress: 0, status: 'not_started', modules_count: 1 }],
    });

  it('uses the early answer instead of asking again, once', async () => {
    const early = coursesPage('Curso lido cedo');
    window.__earlyReads = [{ url: coursesUrl(), token: 'tok-1', at: Date.now(), response: Promise.resolve(early) }];
    fetchMock.mockClear();
    const first = await getCourses(coursesApiQuery(parseCoursesQuery('')));
    expect(first.data.map((c) => c.name)).toEqual(['Curso lido cedo']);
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken once: the next read goes to the platform.
    await getCourses(coursesApiQuery(parseCoursesQuery('')));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives no later read an early answer that arrived after the app had asked for that URL itself', async () => {
    // The app got there first (a learning object's read, asked as soon as the module's early answer
    // was parsed, before the loader asked for it): the loader's answer is the page load's, and a
    // refresh after a write — a quiz's second attempt graded — must get the platform's answer now.
    window.__earlyReads = [];
    fetchMock.mockClear();
    await getCourses(coursesApiQuery(parseCoursesQuery('')));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const pageLoad = coursesPage('Lido no carregamento');
    window.__earlyReads.push({
      url: coursesUrl(),
      token: 'tok-1',
      at: Date.now(),
      response: Promise.resolve(pageLoad),
    });
    const refreshed = await getCourses(coursesApiQuery(parseCoursesQuery('')));
    expect(refreshed.data.map((c) => c.name)).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(window.__earlyReads).toEqual([]);
  });

  it('on /finances, takes the hub’s ERP token and the bills asked with it, and asks for neither again', async () => {
    forgetErpToken();
    const [{ route, groups }] = readsOf('/finances') as [ReturnType<typeof readsOf>[number]];
    const erp = { token: 'erp-early', expires_at: new Date(Date.now() + 3_600_000).toISOString() };
    const bill = {
      id: 4,
      description: 'Mensalidade lida cedo',
      amount_cents: 34990,
      due_date: '2026-12-10',
      status: 'open',
      paid_at: null,
    };
    window.__earlyReads = [
      { url: fill(route.url, groups), token: 'tok-1', at: Date.now(), response: Promise.resolve(json({ data: erp })) },
      // Asked with the ERP token (the loader's follow-up): taken only by a request that carries it.
      {
        url: fill(route.then!.url, groups),
        token: 'erp-early',
        at: Date.now(),
        response: Promise.resolve(json({ data: [bill] })),
      },
    ];
    fetchMock.mockClear();
    expect((await getBills()).map((b) => b.description)).toEqual(['Mensalidade lida cedo']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__earlyReads).toEqual([]);
    forgetErpToken();
  });

  it('leaves an ERP early read asked with another ERP token to the platform', async () => {
    forgetErpToken();
    const [{ route, groups }] = readsOf('/finances') as [ReturnType<typeof readsOf>[number]];
    fetchMock.mockImplementation(async (input: Request) =>
      input.url.includes('/security/student/erp/')
        ? json({ data: { token: 'erp-new', expires_at: new Date(Date.now() + 3_600_000).toISOString() } })
        : json({ data: [] }),
    );
    const stale = Promise.resolve(json({ data: [{ id: 1 }] }));
    window.__earlyReads = [{ url: fill(route.then!.url, groups), token: 'erp-old', at: Date.now(), response: stale }];
    await expect(getBills()).resolves.toEqual([]);
    expect(fetchMock.mock.calls.map(([input]) => new URL((input as Request).url).pathname)).toEqual([
      '/api/hub/security/student/erp/',
      '/api/erp/v1/bills',
    ]);
    expect(window.__earlyReads).toHaveLength(1);
    forgetErpToken();
  });

  it('asks the platform when the early request failed without an answer', async () => {
    window.__earlyReads = [{ url: coursesUrl(), token: 'tok-1', at: Date.now(), response: Promise.resolve(null) }];
    fetchMock.mockClear();
    await getCourses(coursesApiQuery(parseCoursesQuery('')));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the platform itself when the early request has not answered within the 30 s timeout', async () => {
    vi.useFakeTimers();
    try {
      window.__earlyReads = [
        {
          url: coursesUrl(),
          token: 'tok-1',
          at: Date.now(),
          response: new Promise<Response | null>(() => {}),
        },
      ];
      fetchMock.mockClear();
      const read = getCourses(coursesApiQuery(parseCoursesQuery('')));
      await vi.advanceTimersByTimeAsync(29_999);
      expect(fetchMock).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await read;
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a 401 early answer to the client’s rules like any answer', async () => {
    window.__earlyReads = [
      {
        url: coursesUrl(),
        token: 'tok-1',
        at: Date.now(),
        response: Promise.resolve(json({ message: 'Token inválido' }, 401)),
      },
    ];
    await expect(getCourses(coursesApiQuery(parseCoursesQuery('')))).rejects.toMatchObject({ status: 401 });
  });
});

describe('takeEarlyRead', () => {
  const response = Promise.resolve(json({}));
  const url = 'http://localhost:3000/api/v2/lms/courses?page=1&per_page=12';

  it('matches the same query in another order, with the same token, once', () => {
    window.__earlyReads = [{ url, token: 't', at: 1_000, response }];
    expect(takeEarlyRead('http://localhost:3000/api/v2/lms/courses?per_page=12&page=1', 't', 2_000)).toBe(response);
    expect(takeEarlyRead(url, 't', 2_000)).toBeNull();
  });

  it('refuses another URL, another token or no token, and leaves it for the right request', () => {
    window.__earlyReads = [{ url, token: 't', at: 1_000, response }];
    expect(takeEarlyRead('http://localhost:3000/api/v2/lms/courses?page=2&per_page=12', 't', 2_000)).toBeNull();
    expect(takeEarlyRead(url, 'other', 2_000)).toBeNull();
    expect(takeEarlyRead(url, null, 2_000)).toBeNull();
    expect(takeEarlyRead(url, 't', 2_000)).toBe(response);
  });

  it('hands out each of several reads (a module’s, then its learning object’s) to its own request', () => {
    const module = Promise.resolve(json({ data: 'module' }));
    const lo = Promise.resolve(json({ data: 'lo' }));
    const moduleUrl = 'http://localhost:3000/api/v1/lms/modules/1';
    const loUrl = 'http://localhost:3000/api/v1/lms/learningObjects/3?lesson_id=2';
    window.__earlyReads = [
      { url: moduleUrl, token: 't', at: 1_000, response: module },
      { url: loUrl, token: 't', at: 1_100, response: lo },
    ];
    expect(takeEarlyRead(loUrl, 't', 2_000)).toBe(lo);
    expect(takeEarlyRead(loUrl, 't', 2_000)).toBeNull();
    expect(takeEarlyRead(moduleUrl, 't', 2_000)).toBe(module);
    expect(window.__earlyReads).toEqual([]);
  });

  it('answers only the first request for its URL and token on the page: one added after it is dropped', () => {
    window.__earlyReads = [];
    expect(takeEarlyRead(url, 't', 2_000)).toBeNull();
    window.__earlyReads.push({ url, token: 't', at: 2_100, response });
    expect(takeEarlyRead(url, 't', 3_000)).toBeNull();
    expect(window.__earlyReads).toEqual([]);
    // Another token's first request is its own.
    window.__earlyReads.push({ url, token: 'u', at: 2_100, response });
    expect(takeEarlyRead(url, 'u', 3_000)).toBe(response);
  });

  it(`is not used after ${EARLY_READ_MAX_AGE_MS} ms`, () => {
    window.__earlyReads = [{ url, token: 't', at: 1_000, response }];
    expect(takeEarlyRead(url, 't', 1_000 + EARLY_READ_MAX_AGE_MS + 1)).toBeNull();
    expect(window.__earlyReads).toEqual([]);
  });
});
