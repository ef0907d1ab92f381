/**
 * Short videos of the reference API (docs/product.md §3 "Short video: resource (URL)", §7):
 *
 * - main v1 (`shortVideoV1Routes`, student token): `GET /shortVideos` → `{ data: ShortVideo[] }`
 *   of the student's platform, all of them; with `page` and/or `per_page` (default 12, at most
 *   100) → `{ data, pagination }`, one page of them (`ShortVideoPageResponse`); `POST /shortVideos/:id/start` and `/end` → `{ data: ShortVideoProgress }`,
 *   idempotent by `Idempotency-Key`, dated by `X-Client-Timestamp` (never in the future).
 * - file repository (`shortVideoFileRoutes`): `GET /proxy?resource=…&token=…` — the proxy path
 *   video URLs are rewritten through (docs/product.md §7). `token` must be a valid session token (else 401
 *   JSON); `resource` must name a media file of THIS server's media folder, as a path
 *   (`/api/files/media/x.webm`) or an absolute URL on the request's own host (anything else
 *   400: never an open proxy); the file is served with Range support (206) like `/media/*`.
 *   The token travels in the query only because a `<video src>` cannot send headers: the answer
 *   is `Cache-Control: private` and `Referrer-Policy: no-referrer`.
 * - new LMS v1 (`newLmsRoutes`, `Authorization: Bearer <token>` only): `POST /user-activity`
 *   (body `UserActivityRequest`) and `GET /user-activity?user_id&resource_id` → `{ data:
 *   UserActivity | null }`. A student reads and writes only their own `user_id` (else 403);
 *   `resource_id` is a short video of their platform (else 404). The newest position by client
 *   time wins: a late, older write never overwrites a newer one.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  UserActivityRequest,
  type ShortVideo,
  type ShortVideoProgress,
  type ShortVideoStatus,
  type UserActivity,
} from '../../src/services/contract';
import { API_PREFIXES } from '../../src/services/contract/bases';
import { userIdOfToken } from '../auth';
import type { Db } from '../db/client';
import { recordStartOrEnd } from '../content-progress';
import { HttpProblem, MESSAGES, idempotent, jsonBody, parseId, requireStudent, type AppEnv, happenedAt } from '../http';

const ASSETS = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'assets');
/** Path prefix of this server's media folder. */
const MEDIA_PATH = `${API_PREFIXES.files}/media/`;
/** Media the proxy serves, by extension. */
const PROXY_TYPES: Record<string, string> = {
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
};

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

const statusOf = (startedAt: unknown, completedAt: unknown): ShortVideoStatus =>
  completedAt ? 'completed' : startedAt ? 'started' : 'not_started';

const NOT_FOUND = 'Vídeo não encontrado.';

/** Paging query of `GET /shortVideos`; both optional (neither: the whole list, unpaged). */
const ShortVideoQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number))),
  per_page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,2}$/), v.transform(Number), v.maxValue(100))),
});
/** Page size of a paged `GET /shortVideos` without `per_page`. */
const DEFAULT_PER_PAGE = 12;

async function videoOfPlatform(db: Db, userId: number, platformId: number, id: number): Promise<boolean> {
  const [row] = await db.rows(sql`
    SELECT id FROM short_videos WHERE id = ${id} AND platform_id = ${platformId}
      AND (audience_user_id IS NULL OR audience_user_id = ${userId})`);
  return row !== undefined;
}

async function progressOf(db: Db, userId: number, id: number): Promise<ShortVideoProgress> {
  const [p] = await db.rows<{ started_at: unknown; completed_at: unknown }>(sql`
    SELECT started_at, completed_at FROM short_video_progress WHERE user_id = ${userId} AND short_video_id = ${id}`);
  return {
    id,
    status: statusOf(p?.started_at, p?.completed_at),
    started_at: iso(p?.started_at),
    completed_at: iso(p?.completed_at),
  };
}

/** Main v1: the short video list and its start/end writes (student token). */
export function shortVideoV1Routes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/shortVideos', requireStudent(db));
  app.use('/shortVideos/*', requireStudent(db));

  app.get('/shortVideos', async (c) => {
    const { id: userId, platformId } = c.var.student;
    const parsed = v.safeParse(ShortVideoQuery, c.req.query());
    if (!parsed.success) throw new HttpProblem(400, 'Parâmetros de consulta inválidos (page, per_page).');
    const paged = parsed.output.page !== undefined || parsed.output.per_page !== undefined;
    const page = parsed.output.page ?? 1;
    const perPage = parsed.output.per_page ?? DEFAULT_PER_PAGE;
    const rows = await db.rows<{
      id: number;
      title: string;
      resource: string;
      duration_seconds: number;
      thumbnail: string | null;
      started_at: unknown;
      completed_at: unknown;
    }>(sql`
      SELECT v.id, v.title, v.resource, v.duration_seconds, v.thumbnail, p.started_at, p.completed_at
      FROM short_videos v
      LEFT JOIN short_video_progress p ON p.short_video_id = v.id AND p.user_id = ${userId}
      WHERE v.platform_id = ${platformId} AND (v.audience_user_id IS NULL OR v.audience_user_id = ${userId})
      ORDER BY v.position, v.id`);
    const shown = paged ? rows.slice((page - 1) * perPage, page * perPage) : rows;
    const data: ShortVideo[] = shown.map((r) => ({
      id: r.id,
      title: r.title,
      resource: r.resource,
      duration_seconds: r.duration_seconds,
      thumbnail: r.thumbnail,
      status: statusOf(r.started_at, r.completed_at),
    }));
    if (!paged) return c.json({ data });
    const pagination = {
      page,
      per_page: perPage,
      total: rows.length,
      last_page: Math.max(1, Math.ceil(rows.length / perPage)),
    };
    return c.json({ data, pagination });
  });

  for (const kind of ['start', 'end'] as const) {
    app.post(`/shortVideos/:id/${kind}`, async (c) => {
      const id = parseId(c.req.param('id'));
      const at = happenedAt(c);
      const { id: userId, platformId } = c.var.student;
      return idempotent(c, db, async () => {
        if (!(await videoOfPlatform(db, userId, platformId, id))) throw new HttpProblem(404, NOT_FOUND);
        await recordStartOrEnd(db, 'shortVideo', kind, userId, id, at);
        return { status: 200, body: { data: await progressOf(db, userId, id) } };
      });
    });
  }
  return app;
}

/**
 * The media file a proxy `resource` names, or null when it is not one of this server's
 * media files. @param host the request's own `Host` (an absolute URL must use it).
 */
export function mediaFileOf(resource: string, host: string | undefined): string | null {
  let url: URL;
  try {
    url = new URL(resource, `http://${host ?? 'localhost'}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!host || url.host !== host) return null;
  if (url.username || url.password || !url.pathname.startsWith(MEDIA_PATH)) return null;
  let name: string;
  try {
    name = decodeURIComponent(url.pathname.slice(MEDIA_PATH.length));
  } catch {
    return null;
  }
  if (!/^[\w-][\w.-]*$/.test(name) || name.includes('..')) return null;
  const type = PROXY_TYPES[name.slice(name.lastIndexOf('.')).toLowerCase()];
  return type ? name : null;
}

/** File repository: the video proxy path (docs/product.md §7 "rewritten through a proxy path with resource and token query"). */
export function shortVideoFileRoutes(db: Db): Hono {
  const app = new Hono();
  app.get('/proxy', async (c, next) => {
    const resource = c.req.query('resource');
    const token = c.req.query('token');
    if (!resource || resource.length > 2000) throw new HttpProblem(400, 'Parâmetro resource ausente ou inválido.');
    if ((await userIdOfToken(db, token ?? null)) === null) throw new HttpProblem(401, MESSAGES.unauthorized);
    const name = mediaFileOf(resource, c.req.header('host'));
    if (name === null) throw new HttpProblem(400, 'Recurso fora do repositório de mídia deste servidor.');
    if (!existsSync(join(ASSETS, name))) throw new HttpProblem(404, MESSAGES.notFound);
    return serveStatic({
      root: ASSETS,
      path: name,
      onFound: (path, ctx) => {
        ctx.header('Content-Type', PROXY_TYPES[path.slice(path.lastIndexOf('.')).toLowerCase()]);
        ctx.header('Accept-Ranges', 'bytes');
        // The URL carries the session token: never shared by caches, never sent as a referrer.
        ctx.header('Cache-Control', 'private, max-age=3600');
        ctx.header('Referrer-Policy', 'no-referrer');
      },
    })(c, next);
  });
  return app;
}

/** New LMS auth: `Authorization: Bearer <token>` only; sets `c.var.student`; @throws 401. */
function requireBearer(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.req.header('authorization');
    const userId = auth?.startsWith('Bearer ') ? await userIdOfToken(db, auth.slice(7)) : null;
    if (userId === null) throw new HttpProblem(401, MESSAGES.unauthorized);
    const [row] = await db.rows<{ platform_id: number }>(sql`SELECT platform_id FROM users WHERE id = ${userId}`);
    if (!row) throw new HttpProblem(401, MESSAGES.unauthorized);
    c.set('student', { id: userId, platformId: row.platform_id });
    await next();
  };
}

const FORBIDDEN_OTHER = 'Você só pode acessar o seu próprio progresso.';

async function activityOf(db: Db, userId: number, resourceId: number): Promise<UserActivity | null> {
  const [row] = await db.rows<{
    position_seconds: number;
    duration_seconds: number;
    updated_at: unknown;
  }>(sql`
    SELECT position_seconds, duration_seconds, updated_at FROM user_activity
    WHERE user_id = ${userId} AND resource_id = ${resourceId}`);
  if (!row) return null;
  return {
    user_id: userId,
    resource_id: resourceId,
    position_seconds: Number(row.position_seconds),
    duration_seconds: Number(row.duration_seconds),
    updated_at: iso(row.updated_at) ?? '',
  };
}

/** New LMS v1: video progress (`/user-activity`), Bearer auth. */
export function newLmsRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/user-activity', requireBearer(db));

  app.get('/user-activity', async (c) => {
    const userId = parseId(c.req.query('user_id'), 'user_id');
    const resourceId = parseId(c.req.query('resource_id'), 'resource_id');
    if (userId !== c.var.student.id) throw new HttpProblem(403, FORBIDDEN_OTHER);
    if (!(await videoOfPlatform(db, c.var.student.id, c.var.student.platformId, resourceId)))
      throw new HttpProblem(404, NOT_FOUND);
    return c.json({ data: await activityOf(db, userId, resourceId) });
  });

  app.post('/user-activity', async (c) => {
    const body = await jsonBody(c, UserActivityRequest);
    const at = happenedAt(c);
    if (body.user_id !== c.var.student.id) throw new HttpProblem(403, FORBIDDEN_OTHER);
    if (!Number.isFinite(body.position_seconds) || !Number.isFinite(body.duration_seconds)) {
      throw new HttpProblem(400, 'Dados inválidos: position_seconds, duration_seconds');
    }
    return idempotent(c, db, async () => {
      if (!(await videoOfPlatform(db, c.var.student.id, c.var.student.platformId, body.resource_id))) {
        throw new HttpProblem(404, NOT_FOUND);
      }
      await db.rows(sql`
        INSERT INTO user_activity (user_id, resource_id, position_seconds, duration_seconds, updated_at)
        VALUES (${body.user_id}, ${body.resource_id}, ${body.position_seconds}, ${body.duration_seconds}, ${at})
        ON CONFLICT (user_id, resource_id) DO UPDATE SET
          position_seconds = EXCLUDED.position_seconds,
          duration_seconds = EXCLUDED.duration_seconds,
          updated_at = EXCLUDED.updated_at
        WHERE user_activity.updated_at <= EXCLUDED.updated_at`);
      return { status: 200, body: { data: await activityOf(db, body.user_id, body.resource_id) } };
    });
  });
  return app;
}
