/**
 * LGPD consent and the session ping (docs/product.md §4 LGPD, §7, §9):
 *
 * - main v1 `POST /users/updateAcceptedLgpd` (student) → `{ data: User }` with `accepted_lgpd: true`;
 *   idempotent (accepting again changes nothing; the first acceptance time is kept).
 * - main v2 `POST /user-session/log` (student) → 201 `{ data: SessionLogEntry }`: stores one ping
 *   of the student's session (the app sends one every 5 min while the platform's
 *   `enforce_session_throttle` is set).
 * - main v2 `GET /user-session/log` (student; reference-only, for tests and demos) →
 *   `{ data: SessionLogEntry[] }`: the student's own pings, newest first (at most 100).
 *
 * A missing or invalid token → 401 (`requireStudent`).
 */
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { SessionLogEntry, User } from '../../src/services/contract';
import type { Db } from '../db/client';
import { HttpProblem, requireStudent, type AppEnv } from '../http';

/** Main v1: `POST /users/updateAcceptedLgpd`. */
export function consentV1Routes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/users/updateAcceptedLgpd', requireStudent(db));
  app.post('/users/updateAcceptedLgpd', async (c) => {
    const [row] = await db.rows<User>(sql`
      UPDATE users SET accepted_lgpd = true, accepted_lgpd_at = coalesce(accepted_lgpd_at, now())
      WHERE id = ${c.var.student.id}
      RETURNING id, name, email, access_code, platform_id, is_aprovat_user, is_lxp_user, is_eja_user, accepted_lgpd`);
    if (!row) throw new HttpProblem(404, 'Usuário não encontrado.');
    return c.json({ data: row });
  });
  return app;
}

const toEntry = (row: { id: number; logged_at: Date | string }): SessionLogEntry => ({
  id: row.id,
  logged_at: new Date(row.logged_at).toISOString(),
});

/** Main v2: `POST /user-session/log` and the reference-only `GET /user-session/log`. */
export function sessionLogV2Routes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/user-session/log', requireStudent(db));
  app.post('/user-session/log', async (c) => {
    const [row] = (await db.rows<{ id: number; logged_at: Date | string }>(sql`
      INSERT INTO session_pings (user_id, platform_id)
      VALUES (${c.var.student.id}, ${c.var.student.platformId})
      RETURNING id, logged_at`)) as [{ id: number; logged_at: Date | string }];
    return c.json({ data: toEntry(row) }, 201);
  });
  app.get('/user-session/log', async (c) => {
    const rows = await db.rows<{ id: number; logged_at: Date | string }>(sql`
      SELECT id, logged_at FROM session_pings WHERE user_id = ${c.var.student.id}
      ORDER BY logged_at DESC, id DESC LIMIT 100`);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: rows.map(toEntry) });
  });
  return app;
}
