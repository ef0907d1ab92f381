/**
 * The heavy demo student `maratona` on the reference API over HTTP (throwaway
 * in-memory database): every list at its size, each answer parsed with the app's contract,
 * nothing of it visible to another student, the seed step idempotent; and a table of each
 * endpoint's median response time and size (printed, not asserted: this machine is shared).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import {
  BillListResponse,
  CourseListResponse,
  CourseResponse,
  DocumentCategoriesResponse,
  DocumentListResponse,
  GradeListResponse,
  ModuleResponse,
  ShortVideoListResponse,
  ShortVideoPageResponse,
  DashboardResponse,
} from '../src/services/contract';
import { useTestServer } from './test-support/harness';
import { MARATHON_TOTALS, seedMarathon, seedMarathonDocuments } from './seed-marathon';

const server = useTestServer({ timeout: 60_000 });
let token: string;
let erpToken: string;

const get = async (path: string, headers: Record<string, string> = { 'x-access-token': token }) => {
  const answer = await fetch(`${server.url}${path}`, { headers });
  expect(answer.status, path).toBe(200);
  return answer.json() as Promise<unknown>;
};

const v1 = (path: string) => get(`/api/v1${path}`);
const v2 = (path: string) => get(`/api/v2${path}`);

/** Median time (ms) and size (bytes) of `calls` GETs of `path`. */
async function measure(path: string, headers: Record<string, string>, calls = 5) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const answer = await fetch(`${server.url}${path}`, { headers });
    const body = await answer.arrayBuffer();
    times.push(performance.now() - t0);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { ms: Math.round(times[Math.floor(calls / 2)]! * 10) / 10, bytes };
}

beforeAll(async () => {
  token = await server.tokenOf('maratona');
  erpToken = await server.erpTokenOf(token);
}, 60_000);

describe('maratona', () => {
  it('has 120 courses, paginated 12 a page, in every status', async () => {
    const first = v.parse(CourseListResponse, await v2('/lms/courses'));
    expect(first.pagination).toMatchObject({ page: 1, per_page: 12, total: MARATHON_TOTALS.courses, last_page: 10 });
    expect(first.data).toHaveLength(12);
    const last = v.parse(CourseListResponse, await v2('/lms/courses?page=10'));
    expect(last.data).toHaveLength(12);
    const all = v.parse(CourseListResponse, await v2('/lms/courses?per_page=100&page=2'));
    expect(all.data).toHaveLength(20);
    for (const status of ['not_started', 'in_progress', 'completed'] as const) {
      const some = v.parse(CourseListResponse, await v2(`/lms/courses?status=${status}&per_page=100`));
      expect(some.pagination.total, status).toBeGreaterThanOrEqual(30);
    }
    const search = v.parse(CourseListResponse, await v2(`/lms/courses?search=${encodeURIComponent('maratona')}`));
    expect(search.data.map((c) => c.name)).toEqual(['Maratona — Formação Completa']);
  });

  it('has the big course: 12 modules, each of 10 lessons × 6 learning objects of every type', async () => {
    const search = v.parse(CourseListResponse, await v2('/lms/courses?search=Forma%C3%A7%C3%A3o%20Completa'));
    const course = v.parse(CourseResponse, await v1(`/lms/courses/${search.data[0]!.id}`)).data;
    expect(course.modules).toHaveLength(MARATHON_TOTALS.bigCourseModules);
    expect(course.status).toBe('in_progress');
    const module = v.parse(ModuleResponse, await v1(`/lms/modules/${course.modules[0]!.id}`)).data;
    expect(module.lessons).toHaveLength(MARATHON_TOTALS.lessonsPerModule);
    const objects = module.lessons.flatMap((l) => l.learning_objects);
    expect(objects).toHaveLength(60);
    expect(new Set(objects.map((o) => o.type))).toEqual(
      new Set(['text', 'video', 'pdf', 'audio', 'embed', 'link', 'quiz']),
    );
  });

  it('has 240 bills over ten years: most paid, some overdue, some open', async () => {
    const bills = v.parse(BillListResponse, await get('/api/erp/v1/bills', { 'X-Access-Token': erpToken })).data;
    expect(bills).toHaveLength(MARATHON_TOTALS.bills);
    const by = (s: string) => bills.filter((b) => b.status === s).length;
    expect(by('paid')).toBeGreaterThan(200);
    expect(by('overdue')).toBeGreaterThan(0);
    expect(by('open')).toBeGreaterThan(0);
    const years = bills.map((b) => Number(b.due_date.slice(0, 4)));
    expect(Math.max(...years) - Math.min(...years)).toBeGreaterThanOrEqual(9);
    expect(Math.max(...years) - Math.min(...years)).toBeLessThanOrEqual(10);
  });

  it('has 400 documents in 12 categories', async () => {
    const categories = v.parse(DocumentCategoriesResponse, await v1('/documents/categories')).data;
    expect(categories).toHaveLength(MARATHON_TOTALS.categories);
    expect(categories.reduce((sum, c) => sum + c.count, 0)).toBe(MARATHON_TOTALS.documents);
    expect(categories.every((c) => c.count > 0)).toBe(true);
    const page = v.parse(DocumentListResponse, await v1('/documents/attachments?per_page=100&page=4'));
    expect(page.pagination).toMatchObject({ total: MARATHON_TOTALS.documents, last_page: 4 });
    expect(page.data).toHaveLength(100);
  });

  it('has grades for all 120 courses, and 60 short videos', async () => {
    const grades = v.parse(GradeListResponse, await v1('/lms/student/grades?per_page=100'));
    expect(grades.pagination.total).toBe(MARATHON_TOTALS.courses);
    const videos = v.parse(ShortVideoListResponse, await v1('/shortVideos')).data;
    expect(videos).toHaveLength(MARATHON_TOTALS.shortVideos);
    const lastBatch = v.parse(ShortVideoPageResponse, await v1('/shortVideos?page=5&per_page=12'));
    expect(lastBatch.pagination).toEqual({ page: 5, per_page: 12, total: MARATHON_TOTALS.shortVideos, last_page: 5 });
    expect(lastBatch.data.map((x) => x.id)).toEqual(videos.slice(48).map((x) => x.id));
    v.parse(DashboardResponse, await v1('/users/dashboard'));
  });

  it('is nobody else’s: another student of brand 1 sees none of it', async () => {
    const other = await server.tokenOf('demo');
    const headers = { 'x-access-token': other };
    const courses = v.parse(CourseListResponse, await get('/api/v2/lms/courses', headers));
    expect(courses.pagination.total).toBe(4);
    const videos = v.parse(ShortVideoListResponse, await get('/api/v1/shortVideos', headers)).data;
    expect(videos).toHaveLength(2);
    const categories = v.parse(DocumentCategoriesResponse, await get('/api/v1/documents/categories', headers)).data;
    expect(categories).toHaveLength(3);
    const mine = v.parse(CourseListResponse, await v2('/lms/courses?search=Forma%C3%A7%C3%A3o%20Completa'));
    const theirs = await fetch(`${server.url}/api/v1/lms/courses/${mine.data[0]!.id}`, { headers });
    expect(theirs.status).toBe(404);
  });

  it('seeds once (idempotent, set-based)', async () => {
    const count = async () =>
      (
        await server.db.rows<{ n: number }>(sql`
          SELECT (SELECT count(*) FROM courses WHERE audience_user_id IS NOT NULL)
            + (SELECT count(*) FROM learning_objects) + (SELECT count(*) FROM bills)
            + (SELECT count(*) FROM attachments) + (SELECT count(*) FROM short_videos)
            + (SELECT count(*) FROM assessment_grades) AS n`)
      )[0]!.n;
    const before = await count();
    expect(await seedMarathon(server.db)).toBe(false);
    expect(await seedMarathonDocuments(server.db)).toBe(false);
    expect(await count()).toBe(before);
  });

  it('measures each endpoint (median of 5): time and size', async () => {
    const main = { 'x-access-token': token };
    const search = v.parse(CourseListResponse, await v2('/lms/courses?search=Forma%C3%A7%C3%A3o%20Completa'));
    const course = v.parse(CourseResponse, await v1(`/lms/courses/${search.data[0]!.id}`)).data;
    const rows: [string, string, Record<string, string>][] = [
      ['courses page 1 (12)', '/api/v2/lms/courses', main],
      ['courses per_page=100', '/api/v2/lms/courses?per_page=100', main],
      ['big course', `/api/v1/lms/courses/${course.id}`, main],
      ['its module (60 LOs)', `/api/v1/lms/modules/${course.modules[0]!.id}`, main],
      ['bills (240)', '/api/erp/v1/bills', { 'X-Access-Token': erpToken }],
      ['document categories', '/api/v1/documents/categories', main],
      ['documents page (20)', '/api/v1/documents/attachments', main],
      ['documents per_page=100', '/api/v1/documents/attachments?per_page=100', main],
      ['grades page (10)', '/api/v1/lms/student/grades', main],
      ['grades per_page=100', '/api/v1/lms/student/grades?per_page=100', main],
      ['short videos (60)', '/api/v1/shortVideos', main],
      ['short videos page (12)', '/api/v1/shortVideos?page=1', main],
      ['dashboard', '/api/v1/users/dashboard', main],
    ];
    const table: string[] = ['| endpoint | median ms | bytes |', '| --- | ---: | ---: |'];
    for (const [name, path, headers] of rows) {
      const { ms, bytes } = await measure(path, headers);
      table.push(`| ${name} | ${ms} | ${bytes} |`);
    }
    console.log(`maratona, reference server on PGlite (median of 5):\n${table.join('\n')}`);
  }, 60_000);
});
