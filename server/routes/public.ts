/**
 * Public routes of main v1: platform lookup, settings, sign-in and sign-out (docs/product.md §7).
 * Sign-in takes the access code in normal form (server/identifiers.ts), is rate limited per
 * access code and per address, or per known device (429 + Retry-After, server/rate-limit.ts,
 * server/device-cookie.ts), and spends the same work on an unknown access code as on a wrong
 * password (a dummy scrypt hash: no enumeration by timing). Sign-out revokes the session and,
 * with it, every token derived from it.
 */
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { LoginRequest, type LoginResponse, type Platform } from '../../src/services/contract';
import { issueToken, revokeToken, TOKEN_TTL_SECONDS, verifyPasswordOrDummy } from '../auth';
import type { Db } from '../db/client';
import { HttpProblem, jsonBody, MAX_ID, parseId, presentedToken, type AppEnv } from '../http';
import { rateLimit, usernameOfBody } from '../rate-limit';
import { withNormalisedAccessCode } from '../identifiers';
import { knownDevice, rememberDevice } from '../device-cookie';
import { previewLearningObject } from '../lms';
import { contentOriginOf } from '../content-host';
import { ACCOUNT_DELETED_MESSAGE } from './account';
import { API_PREFIXES } from '../../src/services/contract/bases';

interface PlatformRow {
  id: number;
  host: string;
  name: string;
  template: 'default' | 'streaming';
  favicon: string | null;
  primary_color: string;
  secondary_color: string;
  options: Record<string, unknown>;
  is_external_platform: boolean;
  external_api_url: string | null;
  enforce_session_throttle: boolean;
}

const toPlatform = (row: PlatformRow): Platform => ({
  id: row.id,
  name: row.name,
  host: row.host,
  theme: {
    template: row.template,
    // The brand's logo: its icon on its primary colour (routes/manifest.ts).
    icons: { favicon: row.favicon, logo: `${API_PREFIXES.mainV1}/platforms/${row.id}/icons/any.svg` },
    palette: { primary: { main: row.primary_color }, secondary: { main: row.secondary_color } },
  },
  options: row.options ?? {},
  is_external_platform: row.is_external_platform,
  external_api_url: row.external_api_url,
  enforce_session_throttle: row.enforce_session_throttle,
});

/** Platform id of the request's Host (`localhost` → 1 …), or 1 when unknown. */
export async function platformIdOfHost(db: Db, hostHeader: string | undefined): Promise<number> {
  const host = (hostHeader ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const [row] = await db.rows<{ id: number }>(sql`SELECT id FROM platforms WHERE host = ${host}`);
  return row?.id ?? 1;
}

/**
 * Hosts whose lookup answers 500, for tests of the error screen (docs/product.md §4): the comma list in
 * `PLATFORM_LOOKUP_FAIL_HOSTS` (e.g. `falha.localhost`); empty by default.
 */
const failingHosts = () =>
  new Set(
    (process.env.PLATFORM_LOOKUP_FAIL_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );

export function publicRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/platforms/:idOrHost', async (c) => {
    const key = c.req.param('idOrHost');
    if (failingHosts().has(key.toLowerCase())) {
      return c.json({ message: 'Falha ao consultar a plataforma (simulada para testes).' }, 500);
    }
    const rows = /^\d+$/.test(key)
      ? await db.rows<PlatformRow>(sql`SELECT * FROM platforms WHERE id = ${Number(key) > MAX_ID ? 0 : Number(key)}`)
      : await db.rows<PlatformRow>(sql`SELECT * FROM platforms WHERE host = ${key.toLowerCase()}`);
    if (!rows[0]) throw new HttpProblem(404, 'Plataforma não encontrada.');
    return c.json({ data: toPlatform(rows[0]) });
  });

  app.get('/platforms/:id/settings', async (c) => {
    const id = parseId(c.req.param('id'));
    const [platform] = await db.rows(sql`SELECT id FROM platforms WHERE id = ${id}`);
    if (!platform) throw new HttpProblem(404, 'Plataforma não encontrada.');
    const rows = await db.rows<{ key: string; value: string | null }>(sql`
      SELECT key, value FROM platform_settings WHERE platform_id = ${id} ORDER BY key`);
    return c.json({ data: rows });
  });

  app.get('/lms/settings/:keys', async (c) => {
    const keys = c.req
      .param('keys')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    if (keys.length === 0 || keys.length > 50) throw new HttpProblem(400, 'Informe de 1 a 50 chaves.');
    const platformId = await platformIdOfHost(db, c.req.header('host'));
    const rows = await db.rows<{ key: string; value: string | null }>(sql`
      SELECT key, value FROM platform_settings WHERE platform_id = ${platformId}`);
    const found = new Map(rows.map((r) => [r.key, r.value]));
    return c.json({ data: Object.fromEntries(keys.map((k) => [k, found.get(k) ?? null])) });
  });

  // Public preview (docs/product.md §2 `/lo/preview/{learningObject}`, no login): the learning object of
  // the request host's platform without `lesson_id` and without progress. With `lesson_id`
  // this is the student's read (routes/student.ts), which needs a session.
  app.get('/lms/learningObjects/:id', async (c, next) => {
    if (c.req.query('lesson_id') !== undefined) return next();
    const platformId = await platformIdOfHost(db, c.req.header('host'));
    const lo = await previewLearningObject(
      db,
      platformId,
      parseId(c.req.param('id')),
      contentOriginOf(c.req.header('host')),
    );
    if (!lo) throw new HttpProblem(404, 'Conteúdo não encontrado.');
    c.header('Cache-Control', 'no-store');
    return c.json({ data: lo });
  });

  // Limited per access code and per address, or per known device (server/rate-limit.ts); the
  // access code is validated and looked up in normal form (server/identifiers.ts).
  app.post('/auth/token', rateLimit(db, 'login', usernameOfBody, { knownDevice }), async (c) => {
    const body = await jsonBody(c, withNormalisedAccessCode(LoginRequest));
    const [user] = await db.rows<{ id: number; password_hash: string; deleted_at: unknown }>(sql`
      SELECT id, password_hash, deleted_at FROM users WHERE access_code = ${body.username}`);
    // An unknown access code verifies against a dummy hash: same answer, same work.
    if (!(await verifyPasswordOrDummy(body.password, user?.password_hash)) || !user) {
      throw new HttpProblem(401, 'Código de acesso ou senha inválidos');
    }
    // A deleted account (routes/account.ts) never signs in again; said only to its password's owner.
    if (user.deleted_at) throw new HttpProblem(403, ACCOUNT_DELETED_MESSAGE);
    const answer: LoginResponse = {
      access_token: await issueToken(db, user.id),
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_SECONDS,
    };
    // This device is now known for this access code (server/device-cookie.ts).
    rememberDevice(c, body.username);
    return c.json(answer);
  });

  app.post('/auth/logout', async (c) => {
    const token = presentedToken(c);
    if (token) await revokeToken(db, token);
    return c.body(null, 204);
  });

  return app;
}
