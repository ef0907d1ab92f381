/**
 * Home and student areas of the reference API (docs/product.md §2 /home, /, /profissionalizante,
 * /transito, /graduacao, /tecmix; §6 area flags; §7). Migration `0012_home.sql`, demo data
 * `seed-home.ts`.
 *
 * main v1 (`homeV1Routes`, session token):
 * - `GET /users/dashboard` → `{ data: Dashboard }`: unfinished courses (in progress first, then
 *   by progress; ≤ 6) with their 'Continuar' target, upcoming items (ungraded assessments →
 *   `/grades/course/{id}`, unpaid bills → `/finances`; by date, ≤ 5) and `pending_bills`
 *   (open + overdue bills).
 * - `GET /content/banners?isVisibleEad=1` → `{ data: Banner[] }` of the student's platform by
 *   position; `isVisibleEad=1` keeps only `visible_ead` ones, `0` only the others, absent = all;
 *   anything else → 400.
 * - `GET /lms/professionalizing/courses` → `{ data: CourseSummary[] }` (courses with
 *   `area = 'professionalizing'`, with the student's progress).
 * - `GET /aprovat/modules` → `{ data: TrafficModule[] }` (is_aprovat_user, else 403).
 * - `GET /eja/stages` → `{ data: EjaStage[] }` (is_eja_user, else 403): each subject names what it
 *   opens on the student's platform (`course_id`, `module_id`, or null) and its progress is the
 *   student's progress there — the module's, else the course's, as `GET /lms/modules/{id}` and
 *   `GET /lms/courses/{id}` answer it (0 when it opens nothing); a stage's is its subjects' average.
 * - `POST /auth/sso/lxp` → 201 `{ data: { url, expires_at } }` (is_lxp_user, else 403): a one-time
 *   token (32 random bytes, stored as SHA-256, `SSO_TOKEN_TTL_SECONDS` = 60 s, single use) in
 *   the URL of the LXP stand-in page.
 * - stand-in pages (HTML, no session): `GET /lxp/entrar?token=` spends the token exactly like the
 *   new LMS `POST /sso/validate` and greets the student (200) or refuses it (401);
 *   `GET /aprovat/plataforma` is the traffic-education platform's landing page.
 *
 * main v2 (`homeV2Routes`): `POST /aprovat/user/create/external` → the student's external
 * traffic-education account: 201 `{ data: { external_id, created: true, platform_url } }` the
 * first time, then 200 with the same `external_id` and `created: false` (is_aprovat_user, else 403).
 *
 * new LMS v1 (`homeNewLmsRoutes`): `POST /sso/validate` with `Authorization: Bearer <SSO token>`
 * → `{ data: { user_id, name, audience } }` and the token is spent; unknown, expired or used → 401.
 * This is how an SSO partner (the LXP) checks a token it received; the LXP stand-in page uses
 * the same `consumeSsoToken`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { sql } from 'drizzle-orm';
import type {
  AprovatExternalUser,
  Banner,
  CourseSummary,
  Dashboard,
  DashboardCourse,
  EjaStage,
  LxpSso,
  SsoValidation,
  TrafficModule,
  UpcomingItem,
} from '../../src/services/contract';
import { API_PREFIXES } from '../../src/services/contract/bases';
import type { Db } from '../db/client';
import { HttpProblem, MESSAGES, requireStudent, type AppEnv } from '../http';
import { forStudent, getCourse, listCourses, percent } from '../lms';

/** Lifetime of a one-time SSO token, seconds. */
export const SSO_TOKEN_TTL_SECONDS = 60;
/** Most courses and upcoming items on the dashboard. */
export const DASHBOARD_COURSES = 6;
export const DASHBOARD_UPCOMING = 5;

const FORBIDDEN_AREA = 'Esta área não está disponível para o seu perfil.';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

type Flag = 'is_aprovat_user' | 'is_lxp_user' | 'is_eja_user';

/** @throws 403 unless the signed-in student has `flag` (docs/product.md §6). */
async function requireFlag(db: Db, c: Context<AppEnv>, flag: Flag): Promise<{ name: string }> {
  const [row] = await db.rows<{ name: string; allowed: boolean }>(sql`
    SELECT name, ${sql.raw(flag)} AS allowed FROM users WHERE id = ${c.var.student.id}`);
  if (!row?.allowed) throw new HttpProblem(403, FORBIDDEN_AREA);
  return { name: row.name };
}

/** The dashboard of one student (see the file header). */
export async function dashboardOf(db: Db, userId: number, platformId: number): Promise<Dashboard> {
  const all = (await listCourses(db, userId, platformId, { page: 1, perPage: 100 })).data;
  const unfinished = all
    .filter((c) => c.status !== 'completed')
    .sort(
      (a, b) =>
        Number(b.status === 'in_progress') - Number(a.status === 'in_progress') ||
        b.progress - a.progress ||
        a.id - b.id,
    )
    .slice(0, DASHBOARD_COURSES);
  const courses: DashboardCourse[] = [];
  for (const summary of unfinished) {
    const course = await getCourse(db, userId, platformId, summary.id);
    courses.push({
      id: summary.id,
      name: summary.name,
      image_url: summary.image_url,
      progress: summary.progress,
      status: summary.status,
      continue_learning_object: course?.continue_learning_object ?? course?.last_learning_object ?? null,
    });
  }
  const assessments = await db.rows<{ course_id: number; course_name: string; name: string; held_on: string }>(sql`
    SELECT c.id AS course_id, c.name AS course_name, a.name,
      to_char(a.held_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS held_on
    FROM assessments a JOIN courses c ON c.id = a.course_id
    LEFT JOIN assessment_grades ag ON ag.assessment_id = a.id AND ag.user_id = ${userId}
    WHERE c.platform_id = ${platformId} AND ${forStudent(userId)} AND ag.assessment_id IS NULL AND a.held_at IS NOT NULL
    ORDER BY a.held_at, a.id`);
  const bills = await db.rows<{ description: string; due_date: string }>(sql`
    SELECT description, to_char(due_date, 'YYYY-MM-DD') AS due_date
    FROM bills WHERE user_id = ${userId} AND paid_at IS NULL ORDER BY due_date, id`);
  const upcoming: UpcomingItem[] = [
    ...assessments.map((a): UpcomingItem => ({
      kind: 'assessment',
      title: `${a.name} — ${a.course_name}`,
      date: a.held_on,
      link: `/grades/course/${a.course_id}`,
    })),
    ...bills.map((b): UpcomingItem => ({ kind: 'bill', title: b.description, date: b.due_date, link: '/finances' })),
  ]
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, DASHBOARD_UPCOMING);
  return { courses, upcoming, pending_bills: bills.length };
}

/** Banners of a platform; `visible` filters on `visible_ead` (undefined = all). */
export async function bannersOf(db: Db, platformId: number, visible?: boolean): Promise<Banner[]> {
  const rows = await db.rows<Banner>(sql`
    SELECT id, title, text, image_url, alt, link, visible_ead, position FROM banners
    WHERE platform_id = ${platformId} ${visible === undefined ? sql`` : sql`AND visible_ead = ${visible}`}
    ORDER BY position, id`);
  return rows.map((r) => ({ ...r, id: Number(r.id), position: Number(r.position) }));
}

/**
 * Spends a one-time SSO token: valid only if known, unexpired, unused and the session it was
 * issued from still live (derived tokens die with the session); marks it used.
 * @returns whose token it was, or null (unknown, expired or already used).
 */
export async function consumeSsoToken(db: Db, token: string | null | undefined): Promise<SsoValidation | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db.rows<{ user_id: number; name: string; audience: 'lxp' }>(sql`
    UPDATE sso_tokens t SET used_at = now() FROM users u, tokens s
    WHERE t.token_hash = ${sha256(token)} AND t.used_at IS NULL AND t.expires_at > now() AND u.id = t.user_id
      AND u.deleted_at IS NULL
      AND s.token_hash = t.session_token_hash AND s.revoked_at IS NULL AND s.expires_at > now()
    RETURNING t.user_id, u.name, t.audience`);
  return row ? { user_id: Number(row.user_id), name: row.name, audience: row.audience } : null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A small self-contained HTML page (no script) for the stand-ins. */
function standInPage(title: string, lines: string[]): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}</style></head><body><main><h1>${escapeHtml(title)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</main></body></html>`;
}
const STAND_IN_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/** main v1 routes of the home and the areas (see the file header). */
export function homeV1Routes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireStudent(db);

  app.get('/users/dashboard', auth, async (c) =>
    c.json({ data: await dashboardOf(db, c.var.student.id, c.var.student.platformId) }),
  );

  app.get('/content/banners', auth, async (c) => {
    const raw = c.req.query('isVisibleEad');
    if (raw !== undefined && raw !== '0' && raw !== '1') throw new HttpProblem(400, 'Parâmetro inválido: isVisibleEad');
    const visible = raw === undefined ? undefined : raw === '1';
    return c.json({ data: await bannersOf(db, c.var.student.platformId, visible) });
  });

  app.get('/lms/professionalizing/courses', auth, async (c) => {
    const { id, platformId } = c.var.student;
    const ids = new Set(
      (
        await db.rows<{ id: number }>(sql`
          SELECT id FROM courses c WHERE c.platform_id = ${platformId} AND c.area = 'professionalizing' AND ${forStudent(id)}`)
      ).map((r) => Number(r.id)),
    );
    const all = (await listCourses(db, id, platformId, { page: 1, perPage: 100 })).data;
    const data: CourseSummary[] = all.filter((course) => ids.has(course.id));
    return c.json({ data });
  });

  app.get('/aprovat/modules', auth, async (c) => {
    await requireFlag(db, c, 'is_aprovat_user');
    const rows = await db.rows<TrafficModule>(sql`
      SELECT id, title, summary, hours FROM traffic_modules ORDER BY position, id`);
    return c.json({ data: rows.map((r) => ({ ...r, id: Number(r.id), hours: Number(r.hours) })) });
  });

  app.get('/eja/stages', auth, async (c) => {
    await requireFlag(db, c, 'is_eja_user');
    const { id: userId, platformId } = c.var.student;
    // What a subject opens: its module, else its course (a course the student may see on their
    // platform, else nothing). Its progress counts the learning objects of exactly that, as the
    // module and course answers do.
    const rows = await db.rows<{
      id: number;
      stage: string;
      name: string;
      course_id: number | null;
      module_id: number | null;
      total: number;
      completed: number;
    }>(sql`
      SELECT s.id, s.stage, s.name, c.id AS course_id, m.id AS module_id,
        count(lo.id)::int AS total, count(p.completed_at)::int AS completed
      FROM eja_subjects s
      LEFT JOIN courses c ON c.id = s.course_id AND c.platform_id = ${platformId} AND ${forStudent(userId)}
      LEFT JOIN modules m ON m.id = s.module_id AND m.course_id = c.id
      LEFT JOIN modules opened ON opened.course_id = c.id AND (m.id IS NULL OR opened.id = m.id)
      LEFT JOIN lessons l ON l.module_id = opened.id
      LEFT JOIN learning_objects lo ON lo.lesson_id = l.id
      LEFT JOIN learning_object_progress p ON p.learning_object_id = lo.id AND p.user_id = ${userId}
      GROUP BY s.id, c.id, m.id
      ORDER BY (SELECT min(id) FROM eja_subjects x WHERE x.stage = s.stage), s.position, s.id`);
    const stages = new Map<string, EjaStage>();
    for (const r of rows) {
      const stage = stages.get(r.stage) ?? { name: r.stage, progress: 0, subjects: [] };
      stage.subjects.push({
        id: Number(r.id),
        name: r.name,
        progress: percent(Number(r.completed), Number(r.total)),
        course_id: r.course_id === null ? null : Number(r.course_id),
        module_id: r.module_id === null ? null : Number(r.module_id),
      });
      stages.set(r.stage, stage);
    }
    const data = [...stages.values()].map((s) => ({
      ...s,
      progress: Math.round(s.subjects.reduce((sum, x) => sum + x.progress, 0) / Math.max(1, s.subjects.length)),
    }));
    return c.json({ data });
  });

  app.post('/auth/sso/lxp', auth, async (c) => {
    await requireFlag(db, c, 'is_lxp_user');
    const token = randomBytes(32).toString('base64url');
    const [row] = await db.rows<{ expires_at: unknown }>(sql`
      INSERT INTO sso_tokens (token_hash, user_id, session_token_hash, audience, expires_at)
      VALUES (${sha256(token)}, ${c.var.student.id}, ${c.var.student.tokenHash!}, 'lxp',
        now() + make_interval(secs => ${SSO_TOKEN_TTL_SECONDS}))
      RETURNING expires_at`);
    const origin = new URL(c.req.url).origin;
    const data: LxpSso = {
      url: `${origin}${API_PREFIXES.mainV1}/lxp/entrar?token=${encodeURIComponent(token)}`,
      expires_at: new Date(row!.expires_at as string | Date).toISOString(),
    };
    return c.json({ data }, 201);
  });

  // Stand-in of the LXP: spends the one-time token (like POST /sso/validate) and says so.
  app.get('/lxp/entrar', async (c) => {
    c.header('Content-Security-Policy', STAND_IN_CSP);
    c.header('Cache-Control', 'no-store');
    const who = await consumeSsoToken(db, c.req.query('token'));
    if (!who) {
      return c.html(
        standInPage('Plataforma de graduação (demonstração)', [
          'Token de acesso inválido, expirado ou já utilizado.',
          'Volte ao portal do aluno e abra a plataforma de graduação novamente.',
        ]),
        401,
      );
    }
    return c.html(
      standInPage('Plataforma de graduação (demonstração)', [
        'Token de acesso válido.',
        `Bem-vindo(a), ${who.name}. Esta página representa a plataforma de graduação (LXP).`,
      ]),
    );
  });

  // Stand-in of the traffic-education platform.
  app.get('/aprovat/plataforma', (c) => {
    c.header('Content-Security-Policy', STAND_IN_CSP);
    return c.html(
      standInPage('Plataforma de trânsito (demonstração)', [
        'Esta página representa a plataforma externa de educação para o trânsito.',
      ]),
    );
  });

  return app;
}

/** main v2 routes of the areas: the traffic-education account. */
export function homeV2Routes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/aprovat/user/create/external', requireStudent(db), async (c) => {
    await requireFlag(db, c, 'is_aprovat_user');
    const userId = c.var.student.id;
    const candidate = `APV-${String(userId).padStart(6, '0')}-${randomBytes(3).toString('hex').toUpperCase()}`;
    const inserted = await db.rows<{ external_id: string }>(sql`
      INSERT INTO aprovat_accounts (user_id, external_id) VALUES (${userId}, ${candidate})
      ON CONFLICT (user_id) DO NOTHING RETURNING external_id`);
    const [row] = inserted.length
      ? inserted
      : await db.rows<{ external_id: string }>(sql`SELECT external_id FROM aprovat_accounts WHERE user_id = ${userId}`);
    const data: AprovatExternalUser = {
      external_id: row!.external_id,
      created: inserted.length > 0,
      platform_url: `${new URL(c.req.url).origin}${API_PREFIXES.mainV1}/aprovat/plataforma`,
    };
    return c.json({ data }, inserted.length > 0 ? 201 : 200);
  });
  return app;
}

/** New LMS v1: `POST /sso/validate` (Bearer <one-time SSO token>). */
export function homeNewLmsRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/sso/validate', async (c) => {
    const auth = c.req.header('authorization');
    const who = await consumeSsoToken(db, auth?.startsWith('Bearer ') ? auth.slice(7) : null);
    if (!who) throw new HttpProblem(401, MESSAGES.unauthorized);
    return c.json({ data: who });
  });
  return app;
}
