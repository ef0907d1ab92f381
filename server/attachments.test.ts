/**
 * "Materiais de apoio" (docs/product.md §7 `GET courses/{id}/attachments`, `GET modules/{id}/attachments`)
 * over HTTP on a throwaway in-memory database: answers match the contract, files are real
 * and downloadable, another platform's or an unknown course/module is 404, a token is needed,
 * and the demo seed step is idempotent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { CourseAttachmentListResponse, CourseResponse, ErrorBody } from '../src/services/contract';
import { useTestServer, type ApiInit } from './test-support/harness';
import { seedAttachments } from './seed-attachments';

const server = useTestServer();
let token: string;

const api = (path: string, init: ApiInit = {}) =>
  server.api(path, { ...init, token: init.token === undefined ? token : init.token });

const attachments = async (path: string, as?: string) => {
  const answer = await api(path, as === undefined ? {} : { token: as });
  expect(answer.status).toBe(200);
  return v.parse(CourseAttachmentListResponse, await answer.json()).data;
};

const notFound = async (path: string, as?: string) => {
  const answer = await api(path, as === undefined ? {} : { token: as });
  expect(answer.status).toBe(404);
  return v.parse(ErrorBody, await answer.json()).message;
};

beforeAll(async () => {
  token = await server.tokenOf('demo');
});

describe('course attachments', () => {
  it("lists the course's own files in order, with name, type, size, url and date", async () => {
    const list = await attachments('/api/v1/courses/1/attachments');
    expect(list.map((a) => [a.name, a.file_name, a.mime_type])).toEqual([
      ['Guia do curso', 'guia-do-curso-introducao-a-informatica.pdf', 'application/pdf'],
      ['Cronograma de estudos', 'cronograma-introducao-a-informatica.csv', 'text/csv'],
    ]);
    for (const a of list) {
      expect(a).toMatchObject({ course_id: 1, module_id: null });
      expect(a.url).toMatch(/^\/api\/files\//);
      expect(Date.parse(a.created_at)).not.toBeNaN();
    }
  });

  it('points at real files whose size and content type match', async () => {
    for (const a of await attachments('/api/v1/courses/1/attachments')) {
      const file = await fetch(`${server.url}${a.url}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain(a.mime_type);
      expect((await file.arrayBuffer()).byteLength).toBe(a.size_bytes);
    }
  });

  it('answers 404 for a course of another platform or an unknown one, 400 for a bad id', async () => {
    const stream = await server.tokenOf('stream');
    const [own] = (await (await api('/api/v2/lms/courses', { token: stream })).json()).data as { id: number }[];
    expect((await attachments(`/api/v1/courses/${own!.id}/attachments`, stream)).length).toBeGreaterThan(0);
    expect(await notFound('/api/v1/courses/1/attachments', stream)).toBe('Curso não encontrado.');
    expect(await notFound(`/api/v1/courses/${own!.id}/attachments`)).toBe('Curso não encontrado.');
    await notFound('/api/v1/courses/99999/attachments');
    await notFound('/api/v1/courses/99999999999/attachments');
    expect((await api('/api/v1/courses/abc/attachments')).status).toBe(400);
  });

  it('needs a valid token', async () => {
    expect((await api('/api/v1/courses/1/attachments', { token: null })).status).toBe(401);
    expect((await api('/api/v1/courses/1/attachments', { token: 'nope-nope-nope-nope' })).status).toBe(401);
  });
});

describe('module attachments', () => {
  it("lists one module's files with its course id; the last module has none", async () => {
    const course = v.parse(CourseResponse, await (await api('/api/v1/lms/courses/1')).json()).data;
    const [first, second, last] = course.modules;
    const firstList = await attachments(`/api/v1/modules/${first!.id}/attachments`);
    expect(firstList).toHaveLength(1);
    expect(firstList[0]).toMatchObject({
      name: `Lista de exercícios — ${first!.name}`,
      file_name: 'exercicios-modulo-1-introducao-a-informatica.pdf',
      mime_type: 'application/pdf',
      course_id: 1,
      module_id: first!.id,
    });
    expect(await attachments(`/api/v1/modules/${second!.id}/attachments`)).toHaveLength(1);
    expect(await attachments(`/api/v1/modules/${last!.id}/attachments`)).toEqual([]);
    // The course list does not mix in its modules' files.
    expect((await attachments('/api/v1/courses/1/attachments')).some((a) => a.module_id !== null)).toBe(false);
  });

  it('answers 404 for a module of another platform or an unknown one, 401 without token', async () => {
    const stream = await server.tokenOf('stream');
    expect(await notFound('/api/v1/modules/1/attachments', stream)).toBe('Módulo não encontrado.');
    await notFound('/api/v1/modules/99999/attachments');
    expect((await api('/api/v1/modules/1/attachments', { token: null })).status).toBe(401);
  });
});

describe('demo seed step', () => {
  it('is idempotent', async () => {
    const count = async () =>
      (await server.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM course_attachments`))[0]!.n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    expect(await seedAttachments(server.db)).toBe(false);
    expect(await count()).toBe(before);
    await server.db.rows(sql`DELETE FROM course_attachments WHERE course_id = 1`);
    expect(await seedAttachments(server.db)).toBe(true);
    expect(await count()).toBe(before);
  });
});
