/**
 * Short videos on the reference API over HTTP (throwaway in-memory database): the list,
 * idempotent start/end, the media proxy (token, own media folder only, byte ranges) and the
 * new LMS video progress with Bearer auth, own student only, bad input → 4xx JSON.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  ErrorBody,
  ShortVideoListResponse,
  ShortVideoPageResponse,
  ShortVideoProgressResponse,
  UserActivityResponse,
  UserResponse,
} from '../src/services/contract';
import { useTestServer, type ApiInit } from './test-support/harness';
import { seedShortVideos } from './seed-short-videos';

const server = useTestServer();
let token: string;
let userId: number;

const api = (path: string, init: ApiInit = {}) =>
  server.api(path, { ...init, token: init.token === undefined ? token : init.token });

const list = async (t = token) =>
  v.parse(ShortVideoListResponse, await (await api('/api/v1/shortVideos', { token: t })).json()).data;

const proxy = (resource: string, t: string | null = token, init: RequestInit = {}) =>
  fetch(
    `${server.url}/api/files/proxy?resource=${encodeURIComponent(resource)}${t === null ? '' : `&token=${encodeURIComponent(t)}`}`,
    init,
  );

const activity = (body: unknown, init: { token?: string | null; bearer?: boolean; headers?: HeadersInit } = {}) =>
  api('/api/newlms/v1/user-activity', {
    method: 'POST',
    bearer: true,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });

beforeAll(async () => {
  token = await server.tokenOf('demo');
  userId = v.parse(UserResponse, await (await api('/api/v1/users/self')).json()).data.id;
});

describe('GET /shortVideos', () => {
  it('lists the platform’s videos with resource, duration and status; needs a token', async () => {
    const videos = await list();
    expect(videos.length).toBeGreaterThanOrEqual(2);
    expect(videos[0]).toMatchObject({
      title: 'Como organizar sua semana de estudos',
      resource: '/api/files/media/curto.webm',
      duration_seconds: 24,
      thumbnail: null,
      status: 'not_started',
    });
    const brand2 = await list(await server.tokenOf('stream'));
    expect(brand2.map((x) => x.id)).not.toContain(videos[0]!.id);
    expect((await api('/api/v1/shortVideos', { token: null })).status).toBe(401);
  });

  it('pages the same list with page and per_page; without them it answers the whole list, unpaged', async () => {
    const all = await list();
    const whole = (await (await api('/api/v1/shortVideos')).json()) as Record<string, unknown>;
    expect(whole).not.toHaveProperty('pagination');
    const pageOf = async (query: string) =>
      v.parse(ShortVideoPageResponse, await (await api(`/api/v1/shortVideos?${query}`)).json());
    const first = await pageOf('page=1&per_page=1');
    expect(first.pagination).toEqual({ page: 1, per_page: 1, total: all.length, last_page: all.length });
    expect(first.data).toEqual([all[0]]);
    const second = await pageOf('page=2&per_page=1');
    expect(second.data).toEqual([all[1]]);
    const defaults = await pageOf('page=1');
    expect(defaults.pagination).toMatchObject({ page: 1, per_page: 12, total: all.length });
    expect(defaults.data).toEqual(all.slice(0, 12));
    const beyond = await pageOf(`page=${all.length + 1}&per_page=1`);
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ page: all.length + 1, last_page: all.length });
    for (const bad of ['page=0', 'per_page=0', 'per_page=101', 'page=x', 'page=-1&per_page=5']) {
      const answer = await api(`/api/v1/shortVideos?${bad}`);
      expect(answer.status, bad).toBe(400);
      v.parse(ErrorBody, await answer.json());
    }
  });

  it('seeds once: running the step again inserts nothing', async () => {
    expect(await seedShortVideos(server.db)).toBe(false);
  });
});

describe('POST /shortVideos/{id}/start and /end', () => {
  it('records start then end, replays a repeated Idempotency-Key without a second effect', async () => {
    const [video] = await list();
    const id = video!.id;
    const start = await api(`/api/v1/shortVideos/${id}/start`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'sv-1:start', 'X-Client-Timestamp': new Date(Date.now() - 60_000).toISOString() },
    });
    expect(start.status).toBe(200);
    const started = v.parse(ShortVideoProgressResponse, await start.json()).data;
    expect(started).toMatchObject({ id, status: 'started', completed_at: null });
    expect(Date.now() - Date.parse(started.started_at!)).toBeGreaterThan(50_000);

    const replay = await api(`/api/v1/shortVideos/${id}/start`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'sv-1:start' },
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const end = await api(`/api/v1/shortVideos/${id}/end`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'sv-1:end' },
    });
    expect(v.parse(ShortVideoProgressResponse, await end.json()).data.status).toBe('completed');
    await api(`/api/v1/shortVideos/${id}/end`, { method: 'POST', headers: { 'Idempotency-Key': 'sv-1:end' } });
    const [row] = await server.db.rows<{ starts: number; ends: number }>(
      (await import('drizzle-orm')).sql`SELECT starts, ends FROM short_video_progress WHERE short_video_id = ${id}`,
    );
    expect(row).toEqual({ starts: 1, ends: 1 });
    expect((await list()).find((x) => x.id === id)?.status).toBe('completed');
  });

  it('answers 404 for another platform’s or an unknown video, 400 for bad ids and timestamps', async () => {
    const other = (await list(await server.tokenOf('stream')))[0]!.id;
    expect((await api(`/api/v1/shortVideos/${other}/start`, { method: 'POST' })).status).toBe(404);
    expect((await api('/api/v1/shortVideos/99999/end', { method: 'POST' })).status).toBe(404);
    const bad = await api('/api/v1/shortVideos/abc/start', { method: 'POST' });
    expect(bad.status).toBe(400);
    v.parse(ErrorBody, await bad.json());
    const [video] = await list();
    const badTime = await api(`/api/v1/shortVideos/${video!.id}/start`, {
      method: 'POST',
      headers: { 'X-Client-Timestamp': 'ontem' },
    });
    expect(badTime.status).toBe(400);
  });
});

describe('GET /api/files/proxy (docs/product.md §7 proxy path with resource and token)', () => {
  it('serves the resource with byte ranges for a valid token', async () => {
    const whole = await proxy('/api/files/media/curto.webm');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('cache-control')).toContain('private');
    const size = (await whole.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(10_000);
    expect(size).toBeLessThan(150_000);
    const part = await proxy('/api/files/media/curto.webm', token, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const absolute = await proxy(`${server.url}/api/files/media/aula.webm`, token, { headers: { Range: 'bytes=0-9' } });
    expect(absolute.status).toBe(206);
  });

  it('answers 401 JSON without a valid token', async () => {
    for (const t of [null, 'x'.repeat(43)]) {
      const answer = await proxy('/api/files/media/curto.webm', t);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ message: 'Sessão expirada. Entre novamente.' });
    }
  });

  it('is never an open proxy: other hosts, other folders and traversal are 400', async () => {
    for (const resource of [
      'https://example.com/api/files/media/curto.webm',
      'http://127.0.0.2:1/api/files/media/curto.webm',
      '/api/v1/users/self',
      '/api/files/media/../../../server/seed.ts',
      '/api/files/media/%2e%2e%2fseed.ts',
      '/api/files/media/embed.html',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      const answer = await proxy(resource);
      expect(answer.status, resource).toBe(400);
      v.parse(ErrorBody, await answer.json());
    }
    expect((await fetch(`${server.url}/api/files/proxy?token=${token}`)).status).toBe(400);
    expect((await proxy('/api/files/media/nada.webm')).status).toBe(404);
  });
});

describe('new LMS /user-activity (Bearer)', () => {
  it('saves and reads the student’s position; the newest client time wins', async () => {
    const [video] = await list();
    const resource_id = video!.id;
    const empty = await api(`/api/newlms/v1/user-activity?user_id=${userId}&resource_id=${resource_id}`, {
      bearer: true,
    });
    expect(v.parse(UserActivityResponse, await empty.json()).data).toBeNull();

    const now = Date.now();
    const saved = await activity(
      { user_id: userId, resource_id, position_seconds: 12.5, duration_seconds: 24 },
      { headers: { 'X-Client-Timestamp': new Date(now - 1000).toISOString(), 'Idempotency-Key': 'p-1' } },
    );
    expect(saved.status).toBe(200);
    expect(v.parse(UserActivityResponse, await saved.json()).data).toMatchObject({ position_seconds: 12.5 });
    // An older write arriving late (the outbox sends in order, but another device may not).
    const late = await activity(
      { user_id: userId, resource_id, position_seconds: 3, duration_seconds: 24 },
      { headers: { 'X-Client-Timestamp': new Date(now - 60_000).toISOString() } },
    );
    expect(v.parse(UserActivityResponse, await late.json()).data?.position_seconds).toBe(12.5);

    const read = await api(`/api/newlms/v1/user-activity?user_id=${userId}&resource_id=${resource_id}`, {
      bearer: true,
    });
    const data = v.parse(UserActivityResponse, await read.json()).data;
    expect(data).toMatchObject({ user_id: userId, resource_id, position_seconds: 12.5, duration_seconds: 24 });
    expect(Date.parse(data!.updated_at)).toBeLessThanOrEqual(now);
  });

  it('needs Authorization: Bearer (401 without, with x-access-token only, or revoked)', async () => {
    const [video] = await list();
    const query = `/api/newlms/v1/user-activity?user_id=${userId}&resource_id=${video!.id}`;
    expect((await api(query, { token: null })).status).toBe(401);
    expect((await api(query)).status).toBe(401); // x-access-token is not the new LMS's auth
    const body = { user_id: userId, resource_id: video!.id, position_seconds: 1, duration_seconds: 24 };
    expect((await activity(body, { token: null })).status).toBe(401);
    expect((await activity(body, { token: 'y'.repeat(43) })).status).toBe(401);
  });

  it('lets a student read and write only their own user_id (403) and own platform videos (404)', async () => {
    const [video] = await list();
    const other = await server.tokenOf('eja');
    const body = { user_id: userId, resource_id: video!.id, position_seconds: 5, duration_seconds: 24 };
    const write = await activity(body, { token: other });
    expect(write.status).toBe(403);
    v.parse(ErrorBody, await write.json());
    const read = await api(`/api/newlms/v1/user-activity?user_id=${userId}&resource_id=${video!.id}`, {
      token: other,
      bearer: true,
    });
    expect(read.status).toBe(403);
    const foreign = (await list(await server.tokenOf('stream')))[0]!.id;
    expect((await activity({ ...body, resource_id: foreign })).status).toBe(404);
    expect(
      (await api(`/api/newlms/v1/user-activity?user_id=${userId}&resource_id=${foreign}`, { bearer: true })).status,
    ).toBe(404);
  });

  it('answers 400 to bad bodies and queries, never 500', async () => {
    const [video] = await list();
    const good = { user_id: userId, resource_id: video!.id, position_seconds: 5, duration_seconds: 24 };
    for (const bad of [
      '{nope',
      '[]',
      JSON.stringify({ ...good, position_seconds: -1 }),
      JSON.stringify({ ...good, position_seconds: '5' }),
      JSON.stringify({ ...good, resource_id: 0 }),
      JSON.stringify({ user_id: userId }),
    ]) {
      const answer = await activity(bad);
      expect(answer.status, bad).toBe(400);
      v.parse(ErrorBody, await answer.json());
    }
    expect((await activity(good, { headers: { 'X-Client-Timestamp': 'amanhã' } })).status).toBe(400);
    for (const query of ['', `?user_id=${userId}`, `?user_id=x&resource_id=${video!.id}`]) {
      expect((await api(`/api/newlms/v1/user-activity${query}`, { bearer: true })).status, query).toBe(400);
    }
  });
});
