/**
 * The body guard of server/input-guard.ts, route by route, over HTTP: a route takes the content
 * type it declares (JSON, or multipart on an upload route) or answers 415 before reading the
 * body; a body over the route's cap is 413 whatever its type, declared or streamed; nothing is
 * stored on a refusal (rows counted).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApp } from './app';
import { messageOf, useTestServer } from './test-support/harness';
import {
  bodyRuleOf,
  INPUT_MESSAGES,
  JSON_BODY,
  MULTIPART_UPLOAD,
  mediaTypeOf,
  unsupportedType,
  UPLOAD_ROUTES,
} from './input-guard';

const server = useTestServer();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

/** Progress rows of learning object 1 of `student`: its progress row and its audit events. */
async function progressRows(userId: number): Promise<number> {
  const [row] = await server.db.rows<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM learning_object_progress WHERE user_id = ${userId} AND learning_object_id = 1)::int
      + (SELECT count(*) FROM progress_events WHERE user_id = ${userId} AND learning_object_id = 1)::int AS n`);
  return row!.n;
}

/** A fresh student (no progress yet) and its session. */
async function freshStudent(code: string): Promise<{ id: number; token: string }> {
  await server.addStudent(code);
  const [row] = await server.db.rows<{ id: number }>(sql`SELECT id FROM users WHERE access_code = ${code}`);
  return { id: row!.id, token: await server.tokenOf(code) };
}

describe('body rules', () => {
  it('give every route JSON (1 MB) and the identity photo upload multipart (6 MB)', () => {
    expect(bodyRuleOf('PUT', '/api/v1/lms/learningObjects/1/end')).toBe(JSON_BODY);
    expect(bodyRuleOf('post', '/api/v2/biometrics/create')).toBe(MULTIPART_UPLOAD);
    expect(bodyRuleOf('PUT', '/api/v2/biometrics/create')).toBe(JSON_BODY);
    expect(Object.keys(UPLOAD_ROUTES)).toEqual(['POST /api/v2/biometrics/create']);
    expect(mediaTypeOf('Multipart/Form-Data; boundary=x')).toBe('multipart/form-data');
    expect(mediaTypeOf(undefined)).toBe('');
  });
});

describe('a progress write sent as multipart', () => {
  it('with 5 MB of `data` is refused (413 or 415) and stores nothing', async () => {
    const student = await freshStudent('guard1');
    const form = new FormData();
    form.set('lesson_id', '1');
    form.set('data', JSON.stringify({ blob: 'x'.repeat(5 * 1024 * 1024) }));
    const answer = await server.api('/api/v1/lms/learningObjects/1/end', {
      method: 'PUT',
      token: student.token,
      body: form,
    });
    expect([413, 415]).toContain(answer.status);
    expect(await progressRows(student.id)).toBe(0);
  });

  it('even small, with a JSON text inside: 415 with the route’s type in pt-BR, nothing stored', async () => {
    const student = await freshStudent('guard2');
    for (const contentType of ['multipart/form-data; boundary=x', 'text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await server.api('/api/v1/lms/learningObjects/1/end', {
        method: 'PUT',
        token: student.token,
        headers: { 'content-type': contentType },
        body: JSON.stringify({ lesson_id: 1, data: { seconds: 3 } }),
      });
      expect(answer.status, contentType).toBe(415);
      expect(await messageOf(answer)).toBe(unsupportedType(JSON_BODY));
    }
    expect(unsupportedType(JSON_BODY)).toBe('Tipo de conteúdo não aceito nesta rota: envie application/json.');
    expect(await progressRows(student.id)).toBe(0);
  });

  it('JSON under the cap still works (and a body-less write of any type)', async () => {
    const student = await freshStudent('guard3');
    const end = await server.api('/api/v1/lms/learningObjects/1/end', {
      method: 'PUT',
      token: student.token,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ lesson_id: 1, data: { blob: 'x'.repeat(60 * 1024) } }),
    });
    expect(end.status).toBe(200);
    expect(await progressRows(student.id)).toBe(2); // the progress row and one audit event
    const start = await server.api('/api/v1/lms/learningObjects/1/start?lesson_id=1', {
      method: 'PUT',
      token: student.token,
      headers: { 'content-type': 'text/plain' },
    });
    expect(start.status).toBe(200);
  });
});

describe('caps whatever the content type', () => {
  it('a JSON body over 1 MB streamed without Content-Length is cut at the cap (413)', async () => {
    const { token } = await freshStudent('guard4');
    const chunk = new TextEncoder().encode('x'.repeat(100 * 1024));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"'));
        for (let i = 0; i < 12; i++) controller.enqueue(chunk);
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
      },
    });
    const answer = await fetch(`${server.url}/api/v1/users/self`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(await messageOf(answer)).toBe(INPUT_MESSAGES.tooLarge);
  });

  it('a body longer than its declared Content-Length is counted, not believed (413)', async () => {
    const { token } = await freshStudent('guard7');
    const app = createApp(server.db, { distDir: null });
    const answer = await app.request('/api/v1/users/self', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-length': '20', 'x-access-token': token },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(await messageOf(answer)).toBe(INPUT_MESSAGES.tooLarge);
  });

  it('a multipart upload over 6 MB is 413 before the route reads it; nothing stored', async () => {
    const student = await freshStudent('guard5');
    const form = new FormData();
    form.set('photo', new Blob([PNG, new Uint8Array(6 * 1024 * 1024)], { type: 'image/png' }), 'foto.png');
    const answer = await server.api('/api/v2/biometrics/create', { method: 'POST', token: student.token, body: form });
    expect(answer.status).toBe(413);
    expect(await messageOf(answer)).toBe(INPUT_MESSAGES.multipartTooLarge);
    const [row] = await server.db.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM biometric_photos WHERE user_id = ${student.id}`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('the upload route', () => {
  it('still takes its multipart photo (201), and refuses JSON with 415', async () => {
    const student = await freshStudent('guard6');
    const form = new FormData();
    form.set('photo', new Blob([PNG], { type: 'image/png' }), 'foto.png');
    const upload = await server.api('/api/v2/biometrics/create', { method: 'POST', token: student.token, body: form });
    expect(upload.status).toBe(201);
    const json = await server.api('/api/v2/biometrics/create', {
      method: 'POST',
      token: student.token,
      body: JSON.stringify({ photo: 'x' }),
    });
    expect(json.status).toBe(415);
    expect(await messageOf(json)).toBe('Tipo de conteúdo não aceito nesta rota: envie multipart/form-data.');
  });
});
