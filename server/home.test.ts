/**
 * Home and student areas (docs/product.md §2, §6, §7 GET /users/dashboard, GET
 * /content/banners?isVisibleEad=1, POST /auth/sso/lxp, v2 POST /aprovat/user/create/external,
 * new LMS POST /sso/validate) over HTTP on a throwaway database: contract-valid answers, area
 * flags (403 for others), the one-time LXP token (valid once, refused again and when expired),
 * the idempotent traffic-education account and the idempotent seed step.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import {
  AprovatExternalUserResponse,
  BannerListResponse,
  CourseResponse,
  DashboardResponse,
  EjaStageListResponse,
  ErrorBody,
  LxpSsoResponse,
  ModuleResponse,
  ProfessionalizingCourseListResponse,
  SsoValidationResponse,
  TrafficModuleListResponse,
} from '../src/services/contract';
import { useTestServer } from './test-support/harness';
import { seedHome } from './seed-home';
import { seedEja } from './seed-eja';

const server = useTestServer({ timeout: 60_000 });
const tokens: Record<string, string> = {};

const call = (path: string, token: string | null, method = 'GET', headers: Record<string, string> = {}) =>
  server.api(path, { method, headers, token });

beforeAll(async () => {
  for (const who of ['demo', 'aprovat', 'lxp', 'eja', 'novo', 'stream']) tokens[who] = await server.tokenOf(who);
}, 60_000);

describe('GET /users/dashboard', () => {
  it('lists unfinished courses with a Continuar target, upcoming items by date and pending bills', async () => {
    const answer = await call('/api/v1/users/dashboard', tokens.demo!);
    expect(answer.status).toBe(200);
    const { data } = v.parse(DashboardResponse, await answer.json());
    expect(data.courses.length).toBeGreaterThan(0);
    expect(data.courses.length).toBeLessThanOrEqual(6);
    for (const course of data.courses) {
      expect(course.status).not.toBe('completed');
      expect(course.continue_learning_object).not.toBeNull();
    }
    // demo: 2 open + 1 overdue bills.
    expect(data.pending_bills).toBe(3);
    expect(data.upcoming.length).toBeLessThanOrEqual(5);
    const dates = data.upcoming.map((u) => u.date);
    expect([...dates].sort()).toEqual(dates);
    expect(data.upcoming.some((u) => u.kind === 'bill' && u.link === '/finances')).toBe(true);
  });

  it('has no pending bills for eja and answers 401 without a session', async () => {
    const { data } = v.parse(DashboardResponse, await (await call('/api/v1/users/dashboard', tokens.eja!)).json());
    expect(data.pending_bills).toBe(0);
    expect((await call('/api/v1/users/dashboard', null)).status).toBe(401);
  });
});

describe('GET /content/banners', () => {
  it('filters by visible_ead, per platform, in order; 400 on a bad filter', async () => {
    const visible = v.parse(
      BannerListResponse,
      await (await call('/api/v1/content/banners?isVisibleEad=1', tokens.demo!)).json(),
    );
    expect(visible.data.map((b) => b.title)).toEqual(['Matrículas abertas', 'Semana da leitura', 'Suas notas em dia']);
    expect(visible.data.every((b) => b.visible_ead)).toBe(true);
    const all = v.parse(BannerListResponse, await (await call('/api/v1/content/banners', tokens.demo!)).json());
    expect(all.data).toHaveLength(4);
    const brand2 = v.parse(
      BannerListResponse,
      await (await call('/api/v1/content/banners?isVisibleEad=1', tokens.stream!)).json(),
    );
    expect(brand2.data.map((b) => b.id)).not.toContain(visible.data[0]!.id);
    expect((await call('/api/v1/content/banners?isVisibleEad=x', tokens.demo!)).status).toBe(400);
    const image = await fetch(`${server.url}${visible.data[0]!.image_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/svg/);
  });
});

describe('areas', () => {
  it('lists the professionalizing courses of the platform', async () => {
    const one = v.parse(
      ProfessionalizingCourseListResponse,
      await (await call('/api/v1/lms/professionalizing/courses', tokens.demo!)).json(),
    );
    expect(one.data.map((c) => c.name)).toEqual(['Introdução à Informática', 'Empreendedorismo']);
    const two = v.parse(
      ProfessionalizingCourseListResponse,
      await (await call('/api/v1/lms/professionalizing/courses', tokens.stream!)).json(),
    );
    expect(two.data.map((c) => c.name)).toEqual(['Fotografia com o Celular']);
  });

  it('traffic education: the external account is created once; modules for aprovat only', async () => {
    const first = await call('/api/v2/aprovat/user/create/external', tokens.aprovat!, 'POST');
    expect(first.status).toBe(201);
    const created = v.parse(AprovatExternalUserResponse, await first.json()).data;
    expect(created.created).toBe(true);
    const again = await call('/api/v2/aprovat/user/create/external', tokens.aprovat!, 'POST');
    expect(again.status).toBe(200);
    const same = v.parse(AprovatExternalUserResponse, await again.json()).data;
    expect(same).toMatchObject({ external_id: created.external_id, created: false });
    expect((await fetch(same.platform_url)).status).toBe(200);
    const modules = v.parse(
      TrafficModuleListResponse,
      await (await call('/api/v1/aprovat/modules', tokens.aprovat!)).json(),
    );
    expect(modules.data[0]!.title).toBe('Legislação de trânsito');
    const refused = await call('/api/v2/aprovat/user/create/external', tokens.demo!, 'POST');
    expect(refused.status).toBe(403);
    v.parse(ErrorBody, await refused.json());
    expect((await call('/api/v1/aprovat/modules', tokens.demo!)).status).toBe(403);
  });

  it('EJA: stages and subjects for eja only; each subject opens the module of its name, with its progress', async () => {
    const stages = v.parse(EjaStageListResponse, await (await call('/api/v1/eja/stages', tokens.eja!)).json()).data;
    expect(stages.map((s) => s.name)).toEqual(['Ensino Fundamental — anos finais', 'Ensino Médio']);
    expect((await call('/api/v1/eja/stages', tokens.demo!)).status).toBe(403);
    // Every subject opens a module bearing its name, in the course of its stage, and shows the
    // progress that module's own answer reports.
    for (const stage of stages) {
      for (const subject of stage.subjects) {
        expect(subject.module_id, subject.name).not.toBeNull();
        const module = v.parse(
          ModuleResponse,
          await (await call(`/api/v1/lms/modules/${subject.module_id}`, tokens.eja!)).json(),
        ).data;
        expect(module.name).toBe(subject.name);
        expect(module.course_id).toBe(subject.course_id);
        expect(module.course_name).toBe(`EJA: ${stage.name}`);
        expect(subject.progress, subject.name).toBe(module.progress);
      }
    }
    // The demo's varied progress: one subject finished, some partial, some not started.
    const [fundamental, medio] = stages;
    expect(fundamental!.subjects.map((s) => [s.name, s.progress])).toEqual([
      ['Língua Portuguesa', 100],
      ['Matemática', 50],
      ['Ciências', 25],
      ['História e Geografia', 0],
    ]);
    expect(fundamental!.progress).toBe(44);
    expect(medio!.progress).toBe(19);
    // Both 'Matemática' open different modules.
    const maths = stages.flatMap((s) => s.subjects).filter((s) => s.name === 'Matemática');
    expect(new Set(maths.map((s) => s.module_id)).size).toBe(2);
  });

  it('EJA: completing a learning object of a subject moves the subject and its module alike', async () => {
    const subjectOf = async () => {
      const stages = v.parse(EjaStageListResponse, await (await call('/api/v1/eja/stages', tokens.eja!)).json()).data;
      return stages[0]!.subjects.find((s) => s.name === 'Matemática')!;
    };
    const before = await subjectOf();
    const moduleOf = async () =>
      v.parse(ModuleResponse, await (await call(`/api/v1/lms/modules/${before.module_id}`, tokens.eja!)).json()).data;
    const lesson = (await moduleOf()).lessons[0]!;
    const next = lesson.learning_objects.find((lo) => lo.status !== 'completed')!;
    const end = await server.api(`/api/v1/lms/learningObjects/${next.id}/end`, {
      method: 'PUT',
      token: tokens.eja!,
      body: JSON.stringify({ lesson_id: lesson.id, data: {} }),
    });
    expect(end.status).toBe(200);
    const after = await subjectOf();
    expect(after.progress).toBeGreaterThan(before.progress);
    expect(after.progress).toBe((await moduleOf()).progress);
    // The course page reports the same module progress.
    const course = v.parse(
      CourseResponse,
      await (await call(`/api/v1/lms/courses/${before.course_id}`, tokens.eja!)).json(),
    ).data;
    expect(course.modules.find((m) => m.id === before.module_id)!.progress).toBe(after.progress);
  });

  it('EJA: a student enrolled in no EJA course sees every subject with nothing to open, at 0 %', async () => {
    await server.addStudent('eja2', { eja: true });
    const stages = v.parse(
      EjaStageListResponse,
      await (await call('/api/v1/eja/stages', await server.tokenOf('eja2'))).json(),
    ).data;
    const subjects = stages.flatMap((s) => s.subjects);
    expect(subjects).toHaveLength(8);
    for (const subject of subjects) expect(subject).toMatchObject({ course_id: null, module_id: null, progress: 0 });
  });

  it('LXP SSO: a one-time token, valid once on the stand-in page, refused again', async () => {
    const answer = await call('/api/v1/auth/sso/lxp', tokens.lxp!, 'POST');
    expect(answer.status).toBe(201);
    const { url, expires_at } = v.parse(LxpSsoResponse, await answer.json()).data;
    const ttl = Date.parse(expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Token de acesso válido.');
    const reused = await fetch(url);
    expect(reused.status).toBe(401);
    expect(await reused.text()).toContain('já utilizado');
    expect((await call('/api/v1/auth/sso/lxp', tokens.demo!, 'POST')).status).toBe(403);
  });

  it('new LMS POST /sso/validate spends a token once; an expired token is refused', async () => {
    const { url } = v.parse(
      LxpSsoResponse,
      await (await call('/api/v1/auth/sso/lxp', tokens.lxp!, 'POST')).json(),
    ).data;
    const token = new URL(url).searchParams.get('token')!;
    const validate = () =>
      fetch(`${server.url}/api/newlms/v1/sso/validate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
    const ok = await validate();
    expect(ok.status).toBe(200);
    expect(v.parse(SsoValidationResponse, await ok.json()).data).toMatchObject({ name: 'Carla Dias', audience: 'lxp' });
    expect((await validate()).status).toBe(401);

    const next = v.parse(LxpSsoResponse, await (await call('/api/v1/auth/sso/lxp', tokens.lxp!, 'POST')).json()).data;
    await server.db.rows(sql`UPDATE sso_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await fetch(next.url)).status).toBe(401);
  });
});

it('the seed steps are idempotent', async () => {
  expect(await seedHome(server.db)).toBe(false);
  expect(await seedEja(server.db)).toBe(false);
});
