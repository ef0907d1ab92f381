/**
 * Grades (docs/product.md §2 /grades, /grades/course/{courseId}; §3 "Grades response: pagination, data,
 * stats"; §7 `GET /lms/student/grades`, `GET /lms/student/grades/{id}/details`) over HTTP on a
 * throwaway in-memory database: answers match the contract, pagination, sort, filter and
 * search, stats over the whole filtered set, the needed-to-pass arithmetic, each student sees
 * only their own grades, 401 without a token, 400 on a bad query, 404 for an unknown or
 * another platform's course, and the demo seed step is idempotent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { ErrorBody, GradeDetailsResponse, GradeListResponse } from '../src/services/contract';
import { useTestServer } from './test-support/harness';
import { gradeOutcome } from './routes/grades';
import { seedGrades } from './seed-grades';

const server = useTestServer();
const tokens: Record<string, string> = {};
const courseIds: Record<string, number> = {};

const api = (path: string, token: string | null) => server.api(path, { token });

const list = async (as: string, query = '') => {
  const answer = await api(`/api/v1/lms/student/grades${query}`, tokens[as]!);
  expect(answer.status).toBe(200);
  return v.parse(GradeListResponse, await answer.json());
};

const details = async (as: string, course: string) => {
  const answer = await api(`/api/v1/lms/student/grades/${courseIds[course]}/details`, tokens[as]!);
  expect(answer.status).toBe(200);
  return v.parse(GradeDetailsResponse, await answer.json()).data;
};

const names = (answer: { data: { course_name: string }[] }) => answer.data.map((g) => g.course_name);

beforeAll(async () => {
  for (const code of ['demo', 'aprovat', 'lxp', 'eja', 'novo', 'stream']) tokens[code] = await server.tokenOf(code);
  for (const row of await server.db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM courses`)) {
    courseIds[row.name] = row.id;
  }
});

describe('GET /lms/student/grades', () => {
  it('lists every course of the platform with the grade, status and stats (by name, default page)', async () => {
    const answer = await list('aprovat');
    expect(answer.pagination).toEqual({ page: 1, per_page: 10, total: 4, last_page: 1 });
    expect(answer.data.map((g) => [g.course_name, g.grade, g.status, g.passing_grade])).toEqual([
      ['Comunicação e Expressão', 3.8, 'failed', 6],
      ['Empreendedorismo', 9, 'in_progress', null],
      ['Introdução à Informática', 8.1, 'approved', 6],
      ['Matemática Financeira', 6.6, 'in_progress', 7],
    ]);
    expect(answer.data.find((g) => g.course_name === 'Matemática Financeira')).toMatchObject({
      graded_assessments: 2,
      total_assessments: 3,
    });
    for (const g of answer.data) expect(Date.parse(g.updated_at!)).not.toBeNaN();
    // (3,8 + 9 + 8,1 + 6,6) / 4 = 6,875
    expect(answer.stats).toEqual({ average: 6.88, approved: 1, in_progress: 2, failed: 1 });
  });

  it('sorts by grade, status, name and date, courses without a grade last in either order', async () => {
    expect(names(await list('aprovat', '?sort=grade&order=desc'))).toEqual([
      'Empreendedorismo',
      'Introdução à Informática',
      'Matemática Financeira',
      'Comunicação e Expressão',
    ]);
    expect(names(await list('aprovat', '?sort=grade&order=asc'))).toEqual([
      'Comunicação e Expressão',
      'Matemática Financeira',
      'Introdução à Informática',
      'Empreendedorismo',
    ]);
    expect(names(await list('aprovat', '?sort=status'))).toEqual([
      'Introdução à Informática',
      'Empreendedorismo',
      'Matemática Financeira',
      'Comunicação e Expressão',
    ]);
    expect(names(await list('aprovat', '?sort=course_name&order=desc'))[0]).toBe('Matemática Financeira');
    // demo has no grade in Empreendedorismo: last whether ascending or descending.
    expect(names(await list('demo', '?sort=grade&order=asc')).at(-1)).toBe('Empreendedorismo');
    expect(names(await list('demo', '?sort=grade&order=desc')).at(-1)).toBe('Empreendedorismo');
    expect(names(await list('demo', '?sort=updated_at&order=asc')).at(-1)).toBe('Empreendedorismo');
    const byDate = await list('aprovat', '?sort=updated_at&order=desc');
    const dates = byDate.data.map((g) => g.updated_at!);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters by status and by name (accent-insensitive); stats cover the whole filtered set', async () => {
    const inProgress = await list('aprovat', '?status=in_progress');
    expect(names(inProgress)).toEqual(['Empreendedorismo', 'Matemática Financeira']);
    expect(inProgress.stats).toEqual({ average: 7.8, approved: 0, in_progress: 2, failed: 0 });
    const found = await list('aprovat', '?search=MATEMATICA');
    expect(names(found)).toEqual(['Matemática Financeira']);
    expect(found.pagination.total).toBe(1);
    const none = await list('aprovat', '?search=matematica&status=failed');
    expect(none.data).toEqual([]);
    expect(none.pagination).toEqual({ page: 1, per_page: 10, total: 0, last_page: 1 });
    expect(none.stats).toEqual({ average: null, approved: 0, in_progress: 0, failed: 0 });
  });

  it('paginates; stats still cover every page', async () => {
    const page1 = await list('aprovat', '?per_page=3');
    expect(page1.pagination).toEqual({ page: 1, per_page: 3, total: 4, last_page: 2 });
    expect(page1.data).toHaveLength(3);
    const page2 = await list('aprovat', '?per_page=3&page=2');
    expect(names(page2)).toEqual(['Matemática Financeira']);
    expect(page2.stats).toEqual(page1.stats);
    expect((await list('aprovat', '?per_page=3&page=9')).data).toEqual([]);
  });

  it('shows each student only their own grades and platform', async () => {
    const lxp = await list('lxp');
    expect(lxp.data.map((g) => [g.course_name, g.grade, g.status])).toEqual([
      ['Comunicação e Expressão', 7.4, 'approved'],
      ['Empreendedorismo', 6.5, 'approved'],
      ['Introdução à Informática', 4.7, 'failed'],
      ['Matemática Financeira', 1.4, 'in_progress'],
    ]);
    const novo = await list('novo');
    expect(novo.data.every((g) => g.grade === null && g.status === 'in_progress' && g.graded_assessments === 0)).toBe(
      true,
    );
    expect(novo.stats).toEqual({ average: null, approved: 0, in_progress: 4, failed: 0 });
    const stream = await list('stream');
    expect(names(stream)).toEqual(['Fotografia com o Celular', 'Inglês Básico']);
    expect(stream.stats).toEqual({ average: 6.25, approved: 1, in_progress: 1, failed: 0 });
  });

  it('answers 401 without a valid token and 400 for a malformed query', async () => {
    const anonymous = await api('/api/v1/lms/student/grades', null);
    expect(anonymous.status).toBe(401);
    expect(v.parse(ErrorBody, await anonymous.json()).message).toBe('Sessão expirada. Entre novamente.');
    expect((await api('/api/v1/lms/student/grades', 'x'.repeat(43))).status).toBe(401);
    for (const bad of [
      'page=0',
      'page=abc',
      'per_page=101',
      'per_page=-1',
      'sort=name',
      'order=up',
      'status=passed',
      `search=${'a'.repeat(201)}`,
    ]) {
      const answer = await api(`/api/v1/lms/student/grades?${bad}`, tokens.demo!);
      expect(answer.status, bad).toBe(400);
      v.parse(ErrorBody, await answer.json());
    }
  });
});

describe('GET /lms/student/grades/{id}/details', () => {
  it('lists the assessments with weight, grade (null = not graded) and date; says what is needed', async () => {
    const math = await details('aprovat', 'Matemática Financeira');
    expect(math).toMatchObject({
      course_id: courseIds['Matemática Financeira'],
      course_name: 'Matemática Financeira',
      passing_grade: 7,
      final_grade: 6.6,
      status: 'in_progress',
      pass_outlook: 'needed',
      // (7 × 100 − (20 × 6 + 30 × 7)) / 50 = 7,4
      needed_to_pass: 7.4,
    });
    expect(math.assessments.map((a) => [a.name, a.weight, a.grade])).toEqual([
      ['Lista de exercícios', 20, 6],
      ['Prova 1', 30, 7],
      ['Prova 2', 50, null],
    ]);
    expect(math.assessments.reduce((sum, a) => sum + a.weight, 0)).toBe(100);
    for (const a of math.assessments) expect(Date.parse(a.date!)).not.toBeNaN();
  });

  it('rounds what is needed up to one decimal, and tells reached, unreachable and no passing grade apart', async () => {
    // (600 − 390) / 40 = 5,25 → 5,3
    expect(await details('demo', 'Introdução à Informática')).toMatchObject({
      final_grade: 6.5,
      pass_outlook: 'needed',
      needed_to_pass: 5.3,
    });
    // 10 and 10 on 60 % of the weight: 6,0 already secured.
    expect(await details('demo', 'Comunicação e Expressão')).toMatchObject({
      status: 'in_progress',
      pass_outlook: 'reached',
      needed_to_pass: null,
    });
    expect(await details('demo', 'Empreendedorismo')).toMatchObject({
      final_grade: null,
      passing_grade: null,
      pass_outlook: 'none',
      needed_to_pass: null,
    });
    expect(await details('aprovat', 'Introdução à Informática')).toMatchObject({
      final_grade: 8.1,
      status: 'approved',
      pass_outlook: 'reached',
    });
    // (700 − 70) / 50 = 12,6 > 10
    expect(await details('lxp', 'Matemática Financeira')).toMatchObject({
      status: 'in_progress',
      pass_outlook: 'unreachable',
      needed_to_pass: null,
    });
    expect(await details('lxp', 'Introdução à Informática')).toMatchObject({
      final_grade: 4.7,
      status: 'failed',
      pass_outlook: 'unreachable',
    });
    expect(await details('eja', 'Introdução à Informática')).toMatchObject({ needed_to_pass: 6 });
    expect(await details('eja', 'Matemática Financeira')).toMatchObject({ final_grade: 7, status: 'approved' });
    expect(await details('stream', 'Inglês Básico')).toMatchObject({ needed_to_pass: 5.7 });
  });

  it("answers 404 for an unknown or another platform's course, 400 for a bad id, 401 without a token", async () => {
    const other = await api(`/api/v1/lms/student/grades/${courseIds['Inglês Básico']}/details`, tokens.demo!);
    expect(other.status).toBe(404);
    expect(v.parse(ErrorBody, await other.json()).message).toBe('Curso não encontrado.');
    expect(
      (await api(`/api/v1/lms/student/grades/${courseIds['Empreendedorismo']}/details`, tokens.stream!)).status,
    ).toBe(404);
    expect((await api('/api/v1/lms/student/grades/99999/details', tokens.demo!)).status).toBe(404);
    expect((await api('/api/v1/lms/student/grades/abc/details', tokens.demo!)).status).toBe(400);
    expect((await api(`/api/v1/lms/student/grades/${courseIds['Empreendedorismo']}/details`, null)).status).toBe(401);
  });
});

describe('grade arithmetic and demo data', () => {
  it('computes grade, status and outlook from weights and grades', () => {
    expect(gradeOutcome(6, [])).toEqual({
      grade: null,
      status: 'in_progress',
      pass_outlook: 'needed',
      needed_to_pass: 6,
    });
    expect(
      gradeOutcome(6, [
        { weight: 50, grade: null },
        { weight: 50, grade: null },
      ]),
    ).toMatchObject({ grade: null, pass_outlook: 'needed', needed_to_pass: 6 });
    expect(
      gradeOutcome(6, [
        { weight: 50, grade: 6 },
        { weight: 50, grade: 6 },
      ]),
    ).toEqual({ grade: 6, status: 'approved', pass_outlook: 'reached', needed_to_pass: null });
    expect(
      gradeOutcome(6, [
        { weight: 50, grade: 5.9 },
        { weight: 50, grade: 6 },
      ]),
    ).toMatchObject({ grade: 5.95, status: 'failed', pass_outlook: 'unreachable' });
    // Relative weights work as well as percentages: 1 × 2 + ? × 1 ≥ 5 × 3 → 13 > 10.
    expect(
      gradeOutcome(5, [
        { weight: 2, grade: 1 },
        { weight: 1, grade: null },
      ]),
    ).toMatchObject({ grade: 1, pass_outlook: 'unreachable' });
    expect(
      gradeOutcome(null, [
        { weight: 1, grade: 2 },
        { weight: 1, grade: 3 },
      ]),
    ).toEqual({ grade: 2.5, status: 'approved', pass_outlook: 'none', needed_to_pass: null });
    // Exactly 10 needed is still possible.
    expect(
      gradeOutcome(5, [
        { weight: 50, grade: 0 },
        { weight: 50, grade: null },
      ]),
    ).toMatchObject({ pass_outlook: 'needed', needed_to_pass: 10 });
  });

  it('seeds the demo grades once', async () => {
    const count = async () =>
      (await server.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM assessment_grades`))[0]!.n;
    const before = await count();
    expect(before).toBeGreaterThan(20);
    expect(await seedGrades(server.db)).toBe(false);
    expect(await count()).toBe(before);
  });
});
