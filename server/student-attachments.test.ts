/**
 * The attachments area of the reference API (docs/product.md §7): the student's own files, documents
 * by category with search and pages, one attachment, and its idempotent start/end.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import {
  AttachmentProgressResponse,
  AuthorizedAttachmentsResponse,
  DocumentCategoriesResponse,
  DocumentListResponse,
  ErrorBody,
  StudentAttachmentResponse,
} from '../src/services/contract';
import { useTestServer, type ApiInit } from './test-support/harness';
import { seedAdditions } from './seed-additions';

const server = useTestServer();
const tokens: Record<string, string> = {};

const api = (path: string, init: ApiInit = {}) =>
  server.api(path, { ...init, token: init.token === undefined ? tokens.eja : init.token });

beforeAll(async () => {
  for (const user of ['eja', 'lxp', 'stream']) tokens[user] = await server.tokenOf(user);
});

const authorized = async (user: string) =>
  v.parse(
    AuthorizedAttachmentsResponse,
    await (await api('/api/v1/attachments/authorized', { token: tokens[user] })).json(),
  ).data;

describe('attachments area', () => {
  it("lists only the student's own files as authorized, seeded once", async () => {
    expect(await seedAdditions(server.db)).toBe(0);
    const mine = await authorized('eja');
    expect(mine.length).toBe(2);
    expect(mine.every((a) => a.personal && a.category_id === null && a.status === 'not_started')).toBe(true);
    const theirs = await authorized('lxp');
    expect(theirs.map((a) => a.id).some((id) => mine.some((m) => m.id === id))).toBe(false);
    expect((await api('/api/v1/attachments/authorized', { token: null })).status).toBe(401);
  });

  it('lists categories with counts and documents filtered by category, search and page', async () => {
    const categories = v.parse(
      DocumentCategoriesResponse,
      await (await api('/api/v1/documents/categories')).json(),
    ).data;
    expect(categories.map((c) => c.name)).toEqual(['Manuais', 'Regulamentos', 'Calendários']);
    expect(categories.map((c) => c.count)).toEqual([2, 1, 1]);

    const all = v.parse(DocumentListResponse, await (await api('/api/v1/documents/attachments')).json());
    expect(all.pagination).toMatchObject({ page: 1, total: 4, last_page: 1 });
    expect(all.data.every((d) => !d.personal)).toBe(true);

    const manuals = v.parse(
      DocumentListResponse,
      await (await api(`/api/v1/documents/attachments?category_id=${categories[0]!.id}`)).json(),
    );
    expect(manuals.data.map((d) => d.name).sort()).toEqual(['Guia de acessibilidade', 'Manual do aluno']);

    const search = v.parse(
      DocumentListResponse,
      await (await api('/api/v1/documents/attachments?search=calendario')).json(),
    );
    expect(search.data.map((d) => d.name)).toEqual(['Calendário acadêmico 2026']);

    const page2 = v.parse(
      DocumentListResponse,
      await (await api('/api/v1/documents/attachments?per_page=3&page=2')).json(),
    );
    expect(page2.pagination).toMatchObject({ page: 2, per_page: 3, total: 4, last_page: 2 });
    expect(page2.data).toHaveLength(1);

    for (const bad of ['category_id=x', 'page=0', 'per_page=500']) {
      const answer = await api(`/api/v1/documents/attachments?${bad}`);
      expect(answer.status, bad).toBe(400);
      v.parse(ErrorBody, await answer.json());
    }
  });

  it("opens a document or one's own file, never another student's or another brand's", async () => {
    const own = (await authorized('eja'))[0]!;
    const doc = v.parse(DocumentListResponse, await (await api('/api/v1/documents/attachments')).json()).data[0]!;
    for (const id of [own.id, doc.id]) {
      const answer = await api(`/api/v1/attachments/${id}`);
      expect(answer.status).toBe(200);
      expect(v.parse(StudentAttachmentResponse, await answer.json()).data.id).toBe(id);
    }
    const other = (await authorized('lxp'))[0]!;
    expect((await api(`/api/v1/attachments/${other.id}`)).status).toBe(404);
    const brand2 = (await authorized('stream'))[0]!;
    expect((await api(`/api/v1/attachments/${brand2.id}`)).status).toBe(404);
    const brand2Doc = v.parse(
      DocumentListResponse,
      await (await api('/api/v1/documents/attachments', { token: tokens.stream })).json(),
    ).data[0]!;
    expect((await api(`/api/v1/attachments/${brand2Doc.id}`)).status).toBe(404);
    expect((await api('/api/v1/attachments/abc')).status).toBe(400);
  });

  it('records start then end once per Idempotency-Key, keeping the client time', async () => {
    const file = (await authorized('eja'))[1]!;
    const put = (kind: 'start' | 'end', key: string, time?: string) =>
      api(`/api/v1/attachments/${file.id}/${kind}`, {
        method: 'PUT',
        headers: { 'Idempotency-Key': key, ...(time ? { 'X-Client-Timestamp': time } : {}) },
      });
    const startedAt = '2026-11-01T10:00:00.000Z';
    const started = v.parse(AttachmentProgressResponse, await (await put('start', 'a:start', startedAt)).json()).data;
    expect(started).toMatchObject({ status: 'started', started_at: startedAt, completed_at: null });
    const replay = await put('start', 'a:start', startedAt);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const ended = v.parse(AttachmentProgressResponse, await (await put('end', 'a:end')).json()).data;
    expect(ended.status).toBe('completed');
    await put('end', 'a:end');
    const [counts] = await server.db.rows<{ starts: number; ends: number }>(
      sql`SELECT starts, ends FROM attachment_progress WHERE attachment_id = ${file.id}`,
    );
    expect(counts).toEqual({ starts: 1, ends: 1 });
    const after = v.parse(StudentAttachmentResponse, await (await api(`/api/v1/attachments/${file.id}`)).json()).data;
    expect(after).toMatchObject({ status: 'completed', started_at: startedAt });

    expect((await put('start', 'bad-time', 'ontem')).status).toBe(400);
    const other = (await authorized('lxp'))[0]!;
    expect((await api(`/api/v1/attachments/${other.id}/start`, { method: 'PUT' })).status).toBe(404);
  });
});
