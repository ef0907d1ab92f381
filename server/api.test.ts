/**
 * The reference API over HTTP on a throwaway in-memory database: answers validated with
 * the contract, real auth, progress and idempotent writes, bad input → 4xx JSON.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import {
  CourseListResponse,
  CourseResponse,
  ErrorBody,
  LearningObjectProgressResponse,
  LearningObjectResponse,
  LmsSettingsResponse,
  LoginResponse,
  ModuleResponse,
  PlatformResponse,
  PlatformSettingsResponse,
  ResetResponse,
  UserResponse,
} from '../src/services/contract';
import { DEMO_PASSWORD, useTestServer, type ApiInit } from './test-support/harness';

const server = useTestServer();
let token: string;

const api = (path: string, init: ApiInit = {}) =>
  server.api(path, { ...init, token: init.token === undefined ? token : init.token });

const login = (username: string, password = DEMO_PASSWORD) => server.signIn(username, { password });

beforeAll(async () => {
  const answer = await login('demo');
  token = v.parse(LoginResponse, await answer.json()).access_token;
});

describe('platforms and settings (public)', () => {
  it('looks the platform up by host and by id', async () => {
    const byHost = v.parse(PlatformResponse, await (await api('/api/v1/platforms/localhost', { token: null })).json());
    expect(byHost.data).toMatchObject({ id: 1, theme: { template: 'default' } });
    const brand2 = v.parse(PlatformResponse, await (await api('/api/v1/platforms/127.0.0.1', { token: null })).json());
    expect(brand2.data.theme.template).toBe('streaming');
    expect(brand2.data.theme.palette.primary.main).not.toBe(byHost.data.theme.palette.primary.main);
    expect((await api('/api/v1/platforms/2', { token: null })).status).toBe(200);
  });

  it("gives each brand a logo: its icon, served as SVG by the platform's API", async () => {
    for (const [host, id] of [
      ['localhost', 1],
      ['127.0.0.1', 2],
    ] as const) {
      const { data } = v.parse(
        PlatformResponse,
        await (await api(`/api/v1/platforms/${host}`, { token: null })).json(),
      );
      expect(data.theme.icons.logo).toBe(`/api/v1/platforms/${id}/icons/any.svg`);
      const logo = await api(data.theme.icons.logo!, { token: null });
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    }
  });

  it('answers 404 JSON for an unknown host', async () => {
    const answer = await api('/api/v1/platforms/desconhecido.example.com', { token: null });
    expect(answer.status).toBe(404);
    v.parse(ErrorBody, await answer.json());
  });

  it('lists settings and answers requested keys in data.data', async () => {
    const list = v.parse(PlatformSettingsResponse, await (await api('/api/v1/platforms/1/settings')).json());
    expect(list.data.map((s) => s.key)).toContain('clarity_key');
    const keys = v.parse(LmsSettingsResponse, await (await api('/api/v1/lms/settings/clarity_key,nope')).json());
    expect(keys.data).toEqual({ clarity_key: 'demo-clarity-1', nope: null });
  });
});

describe('auth', () => {
  it('refuses a wrong password with the pt-BR message', async () => {
    const answer = await login('demo', 'errada');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ message: 'Código de acesso ou senha inválidos' });
  });

  it('answers 400 for malformed JSON and for missing fields, never 500', async () => {
    const broken = await api('/api/v1/auth/token', { method: 'POST', token: null, body: '{nope' });
    expect(broken.status).toBe(400);
    v.parse(ErrorBody, await broken.json());
    const missing = await api('/api/v1/auth/token', {
      method: 'POST',
      token: null,
      body: JSON.stringify({ username: 'demo' }),
    });
    expect(missing.status).toBe(400);
  });

  it('needs a valid token; logout revokes it; an expired token is refused', async () => {
    expect((await api('/api/v1/users/self', { token: null })).status).toBe(401);
    expect((await api('/api/v1/users/self', { token: 'x'.repeat(43) })).status).toBe(401);
    const own = v.parse(LoginResponse, await (await login('eja')).json()).access_token;
    const me = v.parse(UserResponse, await (await api('/api/v1/users/self', { token: own })).json());
    expect(me.data).toMatchObject({ access_code: 'eja', is_eja_user: true, is_lxp_user: false });
    expect((await api('/api/v1/auth/logout', { method: 'POST', token: own })).status).toBe(204);
    const after = await api('/api/v1/users/self', { token: own });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: 'Sessão expirada. Entre novamente.' });

    const other = v.parse(LoginResponse, await (await login('lxp')).json()).access_token;
    await server.db.rows(sql`UPDATE tokens SET expires_at = now() - interval '1 second'`);
    expect((await api('/api/v1/users/self', { token: other })).status).toBe(401);
    token = v.parse(LoginResponse, await (await login('demo')).json()).access_token;
  });

  it('stores passwords hashed, never in clear', async () => {
    const rows = await server.db.rows<{ password_hash: string }>(sql`SELECT password_hash FROM users LIMIT 1`);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(rows[0]!.password_hash).not.toContain('demo1234');
  });

  it('updates the student with PUT /users/self and validates it', async () => {
    const ok = await api('/api/v1/users/self', { method: 'PUT', body: JSON.stringify({ name: 'Ana S. Souza' }) });
    expect(v.parse(UserResponse, await ok.json()).data.name).toBe('Ana S. Souza');
    const bad = await api('/api/v1/users/self', { method: 'PUT', body: JSON.stringify({ email: 'não é email' }) });
    expect(bad.status).toBe(400);
  });
});

describe('learning journey', () => {
  it('lists courses with pagination, search (accent-insensitive) and status filter', async () => {
    const page1 = v.parse(CourseListResponse, await (await api('/api/v2/lms/courses?page=1&per_page=2')).json());
    expect(page1.pagination).toEqual({ page: 1, per_page: 2, total: 4, last_page: 2 });
    expect(page1.data).toHaveLength(2);
    const found = v.parse(CourseListResponse, await (await api('/api/v2/lms/courses?search=matematica')).json());
    expect(found.data.map((c) => c.name)).toEqual(['Matemática Financeira']);
    expect((await api('/api/v2/lms/courses?page=0')).status).toBe(400);
    expect((await api('/api/v2/lms/courses?status=whatever')).status).toBe(400);
  });

  it('records start and end, shows them in module, course and list, and replays idempotent writes', async () => {
    const course = v.parse(CourseResponse, await (await api('/api/v1/lms/courses/2')).json()).data;
    expect(course.last_learning_object).toBeNull();
    const module = v.parse(
      ModuleResponse,
      await (await api(`/api/v1/lms/modules/${course.modules[0]!.id}`)).json(),
    ).data;
    const lesson = module.lessons[0]!;
    const first = lesson.learning_objects[0]!;

    const lo = v.parse(
      LearningObjectResponse,
      await (await api(`/api/v1/lms/learningObjects/${first.id}?lesson_id=${lesson.id}`)).json(),
    ).data;
    expect(lo).toMatchObject({ status: 'not_started', previous: null, module_id: module.id, course_id: 2 });
    expect(lo.next).toEqual({ id: lesson.learning_objects[1]!.id, lesson_id: lesson.id, module_id: module.id });

    const started = await api(`/api/v1/lms/learningObjects/${first.id}/start?lesson_id=${lesson.id}`, {
      method: 'PUT',
      headers: { 'Idempotency-Key': 'k-start-1' },
    });
    expect(v.parse(LearningObjectProgressResponse, await started.json()).data.status).toBe('started');
    const afterStart = v.parse(CourseResponse, await (await api('/api/v1/lms/courses/2')).json()).data;
    expect(afterStart.last_learning_object).toEqual({ id: first.id, lesson_id: lesson.id, module_id: module.id });
    expect(afterStart.status).toBe('in_progress');

    const end = () =>
      api(`/api/v1/lms/learningObjects/${first.id}/end`, {
        method: 'PUT',
        headers: { 'Idempotency-Key': 'k-end-1' },
        body: JSON.stringify({ lesson_id: lesson.id, data: { answers: [1, 2] } }),
      });
    const ended = v.parse(LearningObjectProgressResponse, await (await end()).json()).data;
    expect(ended.status).toBe('completed');
    const replay = await end();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(v.parse(LearningObjectProgressResponse, await replay.json()).data.completed_at).toBe(ended.completed_at);

    const moduleAfter = v.parse(ModuleResponse, await (await api(`/api/v1/lms/modules/${module.id}`)).json()).data;
    expect(moduleAfter.lessons[0]!.learning_objects[0]!.status).toBe('completed');
    expect(moduleAfter.lessons[0]!.completed).toBe(false);
    expect(moduleAfter.progress).toBeGreaterThan(0);
    const stored = await server.db.rows<{ data: unknown }>(sql`
      SELECT data FROM learning_object_progress WHERE learning_object_id = ${first.id}`);
    expect(stored[0]!.data).toEqual({ answers: [1, 2] });
  });

  it("names the next module and its first learning object on a module's last one; none after the course's last", async () => {
    const course = v.parse(CourseResponse, await (await api('/api/v1/lms/courses/2')).json()).data;
    const readModule = async (id: number) =>
      v.parse(ModuleResponse, await (await api(`/api/v1/lms/modules/${id}`)).json()).data;
    const lastOf = async (id: number) => {
      const lessons = (await readModule(id)).lessons;
      const lesson = lessons[lessons.length - 1]!;
      const lo = lesson.learning_objects[lesson.learning_objects.length - 1]!;
      return v.parse(
        LearningObjectResponse,
        await (await api(`/api/v1/lms/learningObjects/${lo.id}?lesson_id=${lesson.id}`)).json(),
      ).data;
    };
    const [m1, m2] = course.modules;
    const second = await readModule(m2!.id);
    const end1 = await lastOf(m1!.id);
    expect(end1.next).toBeNull();
    expect(end1.next_module).toEqual({
      id: m2!.id,
      name: m2!.name,
      first: {
        id: second.lessons[0]!.learning_objects[0]!.id,
        lesson_id: second.lessons[0]!.id,
        module_id: m2!.id,
      },
    });
    const endCourse = await lastOf(course.modules[course.modules.length - 1]!.id);
    expect(endCourse).toMatchObject({ next: null, next_module: null });
    // Not the last one: no next module named.
    const first = second.lessons[0]!.learning_objects[0]!;
    const middle = v.parse(
      LearningObjectResponse,
      await (await api(`/api/v1/lms/learningObjects/${first.id}?lesson_id=${second.lessons[0]!.id}`)).json(),
    ).data;
    expect(middle.next_module).toBeNull();
  });

  it('completes a lesson only when every learning object is complete; reset clears it', async () => {
    const module = v.parse(ModuleResponse, await (await api('/api/v1/lms/modules/7')).json()).data;
    const lesson = module.lessons[0]!;
    for (const lo of lesson.learning_objects) {
      await api(`/api/v1/lms/learningObjects/${lo.id}/end`, {
        method: 'PUT',
        body: JSON.stringify({ lesson_id: lesson.id, data: {} }),
      });
    }
    const done = v.parse(ModuleResponse, await (await api('/api/v1/lms/modules/7')).json()).data;
    expect(done.lessons[0]!.completed).toBe(true);
    const reset = await api(`/api/v1/lms/lessons/${lesson.id}/reset`, { method: 'PUT' });
    v.parse(ResetResponse, await reset.json());
    const cleared = v.parse(ModuleResponse, await (await api('/api/v1/lms/modules/7')).json()).data;
    expect(cleared.lessons[0]!.completed).toBe(false);
    expect(cleared.progress).toBe(0);
  });

  it('resets a course: progress 0 and no last learning object', async () => {
    const reset = await api('/api/v1/lms/courses/2/reset', { method: 'POST' });
    expect(v.parse(ResetResponse, await reset.json()).data).toEqual({ id: 2, reset: true });
    const course = v.parse(CourseResponse, await (await api('/api/v1/lms/courses/2')).json()).data;
    expect(course).toMatchObject({ progress: 0, status: 'not_started', last_learning_object: null });
  });

  it('answers bad ids, wrong lessons and unknown things with 4xx JSON', async () => {
    for (const [path, status] of [
      ['/api/v1/lms/courses/abc', 400],
      ['/api/v1/lms/courses/999', 404],
      ['/api/v1/lms/courses/5', 404], // another platform's course
      ['/api/v1/lms/modules/0', 400],
      // Without lesson_id it is the public preview (server/quiz-preview.test.ts).
      ['/api/v1/lms/learningObjects/abc', 400],
      ['/api/v1/lms/learningObjects/1?lesson_id=2', 404],
      ['/api/v1/nada', 404],
    ] as const) {
      const answer = await api(path);
      expect(answer.status, path).toBe(status);
      v.parse(ErrorBody, await answer.json());
    }
    const badEnd = await api('/api/v1/lms/learningObjects/1/end', {
      method: 'PUT',
      body: JSON.stringify({ data: {} }),
    });
    expect(badEnd.status).toBe(400);
  });

  it('serves demo media with byte ranges', async () => {
    const answer = await fetch(`${server.url}/api/files/media/aula.webm`, { headers: { Range: 'bytes=0-99' } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-type')).toBe('video/webm');
    expect((await answer.arrayBuffer()).byteLength).toBe(100);
    const captions = await fetch(`${server.url}/api/files/media/aula.webm.vtt`);
    expect(captions.headers.get('content-type')).toContain('text/vtt');
    expect(await captions.text()).toMatch(/^WEBVTT/);
  });
});

describe('hardening and demo data', () => {
  it('never answers 500 to ids beyond the integer range or to non-object bodies', async () => {
    for (const path of [
      '/api/v1/platforms/99999999999999',
      '/api/v1/platforms/9999999999/settings',
      '/api/v1/lms/courses/9999999999',
      '/api/v1/lms/modules/99999999999999999999',
      '/api/v1/lms/learningObjects/1?lesson_id=9999999999',
    ]) {
      const answer = await api(path);
      expect(answer.status, path).toBe(404);
      v.parse(ErrorBody, await answer.json());
    }
    for (const [path, method, body] of [
      ['/api/v1/users/self', 'PUT', '[1]'],
      ['/api/v1/auth/token', 'POST', 'null'],
      ['/api/v1/lms/learningObjects/1/end', 'PUT', JSON.stringify({ lesson_id: 1, data: [1] })],
      ['/api/v1/lms/learningObjects/1/end', 'PUT', JSON.stringify({ lesson_id: 'um' })],
    ] as const) {
      const answer = await api(path, { method, body });
      expect(answer.status, `${method} ${path} ${body}`).toBe(400);
      v.parse(ErrorBody, await answer.json());
    }
  });

  it('answers unknown API paths with 404 JSON even without a token', async () => {
    for (const path of ['/api/v1/nada', '/api/v2/nada', '/api/files/nada', '/api/files/media/nada.webm']) {
      const answer = await api(path, { token: null });
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toEqual({ message: 'Recurso não encontrado.' });
    }
    expect((await api('/api/v1/lms/courses/1', { token: null })).status).toBe(401);
    expect((await api('/api/v2/lms/courses', { token: null })).status).toBe(401);
  });

  it('serves audio, PDF and the embed page with their content types', async () => {
    const audio = await fetch(`${server.url}/api/files/media/podcast.ogg`, { headers: { Range: 'bytes=10-' } });
    expect(audio.status).toBe(206);
    expect(audio.headers.get('content-type')).toBe('audio/ogg');
    expect(audio.headers.get('content-range')).toMatch(/^bytes 10-\d+\/\d+$/);
    const pdf = await fetch(`${server.url}/api/files/media/apostila.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const embed = await fetch(`${server.url}/api/files/media/embed.html`);
    expect(embed.headers.get('content-type')).toContain('text/html');
    expect(embed.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(embed.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('seeds every module with a text and a video in its first lesson, courses by id', async () => {
    const list = v.parse(CourseListResponse, await (await api('/api/v2/lms/courses?per_page=100')).json()).data;
    expect(list.map((c) => c.id)).toEqual([...list.map((c) => c.id)].sort((a, b) => a - b));
    expect(list.slice(0, 3).map((c) => c.name)).toEqual([
      'Introdução à Informática',
      'Matemática Financeira',
      'Comunicação e Expressão',
    ]);
    const types = new Set<string>();
    for (const summary of list) {
      const course = v.parse(CourseResponse, await (await api(`/api/v1/lms/courses/${summary.id}`)).json()).data;
      expect(course.modules).toHaveLength(3);
      for (const m of course.modules) {
        const module = v.parse(ModuleResponse, await (await api(`/api/v1/lms/modules/${m.id}`)).json()).data;
        expect(module).toMatchObject({ course_id: course.id, course_name: course.name });
        const first = module.lessons[0]!.learning_objects.map((lo) => lo.type);
        expect(first).toContain('text');
        expect(first).toContain('video');
        for (const lesson of module.lessons) for (const lo of lesson.learning_objects) types.add(lo.type);
      }
    }
    expect([...types].sort()).toEqual(['audio', 'embed', 'link', 'pdf', 'quiz', 'text', 'video']);
  });

  it('shows brand 2 students only their platform courses', async () => {
    const answer = await login('stream');
    const own = v.parse(LoginResponse, await answer.json()).access_token;
    const list = v.parse(CourseListResponse, await (await api('/api/v2/lms/courses', { token: own })).json());
    expect(list.pagination.total).toBe(2);
    expect((await api('/api/v1/lms/courses/1', { token: own })).status).toBe(404);
    const me = v.parse(UserResponse, await (await api('/api/v1/users/self', { token: own })).json()).data;
    expect(me).toMatchObject({ access_code: 'stream', platform_id: 2 });
  });

  it('keeps started_at once and a completed object completed when started again', async () => {
    const module = v.parse(ModuleResponse, await (await api('/api/v1/lms/modules/9')).json()).data;
    const lesson = module.lessons[0]!;
    const lo = lesson.learning_objects[0]!;
    const start = async () =>
      v.parse(
        LearningObjectProgressResponse,
        await (
          await api(`/api/v1/lms/learningObjects/${lo.id}/start?lesson_id=${lesson.id}`, { method: 'PUT' })
        ).json(),
      ).data;
    const first = await start();
    const again = await start();
    expect(again.started_at).toBe(first.started_at);
    await api(`/api/v1/lms/learningObjects/${lo.id}/end`, {
      method: 'PUT',
      body: JSON.stringify({ lesson_id: lesson.id }),
    });
    const afterEnd = await start();
    expect(afterEnd).toMatchObject({ status: 'completed', started_at: first.started_at });
    expect(afterEnd.completed_at).not.toBeNull();
  });
});

describe('progress writes made offline', () => {
  it('keeps the client time of a late write and records a replayed write once', async () => {
    const own = v.parse(LoginResponse, await (await login('eja')).json()).access_token;
    const module = v.parse(ModuleResponse, await (await api('/api/v1/lms/modules/5', { token: own })).json()).data;
    const lesson = module.lessons[0]!;
    const lo = lesson.learning_objects[1]!;
    const clientTime = '2026-01-02T03:04:05.000Z';
    const end = () =>
      api(`/api/v1/lms/learningObjects/${lo.id}/end`, {
        method: 'PUT',
        token: own,
        headers: { 'Idempotency-Key': 'offline-1:end', 'X-Client-Timestamp': clientTime },
        body: JSON.stringify({ lesson_id: lesson.id, data: { answers: [1] } }),
      });
    const first = v.parse(LearningObjectProgressResponse, await (await end()).json()).data;
    expect(first).toMatchObject({ status: 'completed', completed_at: clientTime });
    const replay = await end();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const events = (await (await api('/api/v1/lms/progress/events', { token: own })).json()) as {
      data: { learning_object_id: number; kind: string; client_time: string | null; idempotency_key: string }[];
    };
    const ends = events.data.filter((e) => e.kind === 'end' && e.learning_object_id === lo.id);
    expect(ends).toEqual([
      expect.objectContaining({ client_time: clientTime, idempotency_key: 'offline-1:end', lesson_id: lesson.id }),
    ]);

    const bad = await api(`/api/v1/lms/learningObjects/${lo.id}/start?lesson_id=${lesson.id}`, {
      method: 'PUT',
      token: own,
      headers: { 'X-Client-Timestamp': 'ontem' },
    });
    expect(bad.status).toBe(400);
    v.parse(ErrorBody, await bad.json());
  });

  it('applies a write once when its resend arrives while the first request is still running', async () => {
    const own = v.parse(LoginResponse, await (await login('eja')).json()).access_token;
    const module = v.parse(ModuleResponse, await (await api('/api/v1/lms/modules/5', { token: own })).json()).data;
    const lesson = module.lessons[1]!;
    const lo = lesson.learning_objects[0]!;
    const start = () =>
      api(`/api/v1/lms/learningObjects/${lo.id}/start?lesson_id=${lesson.id}`, {
        method: 'PUT',
        token: own,
        headers: { 'Idempotency-Key': 'concurrent-1:start' },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, start));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    const events = (await (await api('/api/v1/lms/progress/events', { token: own })).json()) as {
      data: { idempotency_key: string | null }[];
    };
    expect(events.data.filter((e) => e.idempotency_key === 'concurrent-1:start')).toHaveLength(1);
  });

  it('never dates progress in the future', async () => {
    const own = v.parse(LoginResponse, await (await login('eja')).json()).access_token;
    const module = v.parse(ModuleResponse, await (await api('/api/v1/lms/modules/6', { token: own })).json()).data;
    const lesson = module.lessons[0]!;
    const lo = lesson.learning_objects[0]!;
    const answer = await api(`/api/v1/lms/learningObjects/${lo.id}/start?lesson_id=${lesson.id}`, {
      method: 'PUT',
      token: own,
      // Within the day of clock skew accepted: stored as now, never in the future.
      headers: { 'X-Client-Timestamp': new Date(Date.now() + 12 * 3600_000).toISOString() },
    });
    const progress = v.parse(LearningObjectProgressResponse, await answer.json()).data;
    expect(Date.parse(progress.started_at ?? '')).toBeLessThanOrEqual(Date.now() + 1000);
    // Further ahead is not a clock's skew but a broken or hostile client: 400, nothing stored.
    const far = await api(
      `/api/v1/lms/learningObjects/${lesson.learning_objects[1]!.id}/start?lesson_id=${lesson.id}`,
      {
        method: 'PUT',
        token: own,
        headers: { 'X-Client-Timestamp': '2099-01-01T00:00:00Z' },
      },
    );
    expect(far.status).toBe(400);
  });
});

describe("'Continuar' target", () => {
  it('is the last object opened, then the next incomplete one, and the first after a reset', async () => {
    const own = v.parse(LoginResponse, await (await login('aprovat')).json()).access_token;
    const course = async () =>
      v.parse(CourseResponse, await (await api('/api/v1/lms/courses/1', { token: own })).json()).data;
    const first = (await course()).modules[0]!;
    const module = v.parse(
      ModuleResponse,
      await (await api(`/api/v1/lms/modules/${first.id}`, { token: own })).json(),
    ).data;
    const [a, b] = module.lessons[0]!.learning_objects;
    const lessonId = module.lessons[0]!.id;
    expect((await course()).continue_learning_object).toMatchObject({ id: a!.id, module_id: first.id });

    await api(`/api/v1/lms/learningObjects/${b!.id}/start?lesson_id=${lessonId}`, { method: 'PUT', token: own });
    expect((await course()).continue_learning_object).toMatchObject({ id: b!.id });
    await api(`/api/v1/lms/learningObjects/${b!.id}/end`, {
      method: 'PUT',
      token: own,
      body: JSON.stringify({ lesson_id: lessonId }),
    });
    const third = module.lessons[0]!.learning_objects[2]!;
    expect((await course()).continue_learning_object).toMatchObject({ id: third.id, lesson_id: lessonId });

    await api('/api/v1/lms/courses/1/reset', { method: 'POST', token: own });
    const after = await course();
    expect(after.progress).toBe(0);
    expect(after.last_learning_object).toBeNull();
    expect(after.continue_learning_object).toMatchObject({ id: a!.id });
  });
});
