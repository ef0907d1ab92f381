/**
 * v2 `GET /lms/courses` with a query (course list search and filter): search by name
 * is case- and accent-insensitive for pt-BR, status filters by the student's own progress,
 * both combine, and pagination counts the filtered list. Throwaway in-memory database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { CourseListResponse } from '../src/services/contract';
import { useTestServer, type ApiInit } from './test-support/harness';

const server = useTestServer();
let token: string;

const api = (path: string, init: ApiInit = {}) =>
  server.api(path, { ...init, token: init.token === undefined ? token : init.token });

const list = async (query: string, as?: string) => {
  const answer = await api(`/api/v2/lms/courses?${query}`, as === undefined ? {} : { token: as });
  expect(answer.status).toBe(200);
  return v.parse(CourseListResponse, await answer.json());
};
const names = async (query: string) => (await list(query)).data.map((c) => c.name);

/** Marks learning objects of a course started (and completed) for a student, straight in the database. */
async function progress(userCode: string, courseName: string, how: 'all-completed' | 'one-started') {
  await server.db.rows(sql`
    INSERT INTO learning_object_progress (user_id, learning_object_id, started_at, completed_at)
    SELECT u.id, lo.id, now(), ${how === 'all-completed' ? sql`now()` : sql`NULL`}
    FROM users u, courses c
    JOIN modules m ON m.course_id = c.id
    JOIN lessons l ON l.module_id = m.id
    JOIN learning_objects lo ON lo.lesson_id = l.id
    WHERE u.access_code = ${userCode} AND c.name = ${courseName}
    ${how === 'one-started' ? sql`AND lo.id = (SELECT min(lo2.id) FROM learning_objects lo2 JOIN lessons l2 ON l2.id = lo2.lesson_id JOIN modules m2 ON m2.id = l2.module_id WHERE m2.course_id = c.id)` : sql``}
    ON CONFLICT DO NOTHING`);
}

beforeAll(async () => {
  token = await server.tokenOf('lxp');
  await progress('lxp', 'Matemática Financeira', 'all-completed');
  await progress('lxp', 'Introdução à Informática', 'one-started');
});

describe('course list search (accent- and case-insensitive, pt-BR)', () => {
  it.each([
    ['informatica', ['Introdução à Informática']],
    ['INFORMÁTICA', ['Introdução à Informática']],
    ['introducao a inf', ['Introdução à Informática']],
    ['  Expressão ', ['Comunicação e Expressão']],
    ['ção', ['Introdução à Informática', 'Comunicação e Expressão']],
    ['A', ['Introdução à Informática', 'Matemática Financeira', 'Comunicação e Expressão']],
  ])('%j finds %j', async (search, expected) => {
    expect(await names(`search=${encodeURIComponent(search)}`)).toEqual(expected);
  });

  it('treats LIKE wildcards literally and answers an empty page when nothing matches', async () => {
    for (const search of ['%', '_', 'fotografia']) {
      const answer = await list(`search=${encodeURIComponent(search)}`);
      expect(answer.data).toEqual([]);
      expect(answer.pagination).toEqual({ page: 1, per_page: 12, total: 0, last_page: 1 });
    }
  });

  it("searches only the student's platform", async () => {
    const stream = await server.tokenOf('stream');
    expect((await list('search=informatica', stream)).data).toEqual([]);
    expect((await list('search=fotografia', stream)).data.map((c) => c.name)).toEqual(['Fotografia com o Celular']);
  });
});

describe('course list status filter and pagination', () => {
  it("filters by the student's own progress", async () => {
    expect(await names('status=completed')).toEqual(['Matemática Financeira']);
    expect(await names('status=in_progress')).toEqual(['Introdução à Informática']);
    expect(await names('status=not_started')).toEqual(['Comunicação e Expressão', 'Empreendedorismo']);
    // Another student's progress does not count.
    const demo = await server.tokenOf('demo');
    expect((await list('status=completed', demo)).data).toEqual([]);
  });

  it('combines search and status', async () => {
    expect(await names('search=informatica&status=in_progress')).toEqual(['Introdução à Informática']);
    const none = await list('search=informatica&status=completed');
    expect(none.data).toEqual([]);
    expect(none.pagination.total).toBe(0);
  });

  it('paginates the filtered list and counts it', async () => {
    const first = await list('status=not_started&per_page=1&page=1');
    expect(first.pagination).toEqual({ page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(first.data.map((c) => c.name)).toEqual(['Comunicação e Expressão']);
    const second = await list('status=not_started&per_page=1&page=2');
    expect(second.data.map((c) => c.name)).toEqual(['Empreendedorismo']);
    const searched = await list('search=ao&per_page=1&page=2');
    expect(searched.pagination).toMatchObject({ total: 2, last_page: 2 });
    expect(searched.data.map((c) => c.name)).toEqual(['Comunicação e Expressão']);
    // Past the last page: no rows, but the true total.
    const beyond = await list('status=not_started&per_page=1&page=3');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ page: 3, total: 2, last_page: 2 });
  });

  it('refuses a bad query with 400 and needs a token', async () => {
    expect((await api('/api/v2/lms/courses?status=todos')).status).toBe(400);
    expect((await api(`/api/v2/lms/courses?search=${'a'.repeat(201)}`)).status).toBe(400);
    expect((await api('/api/v2/lms/courses?search=informatica', { token: null })).status).toBe(401);
  });
});
