/**
 * Shared HTTP helpers of the reference API: JSON errors `{ message }`, body and id
 * parsing that answer 400 (never 500) on client mistakes, the authenticated student,
 * and `Idempotency-Key` replay for writes.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { userIdOfToken } from './auth';
import type { Db } from './db/client';

/** A client mistake or missing resource, answered as `{ message }` with `status`. */
export class HttpProblem extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  unauthorized: 'Sessão expirada. Entre novamente.',
  badJson: 'O corpo da requisição não é um JSON válido.',
  badId: 'Identificador inválido.',
  notFound: 'Recurso não encontrado.',
} as const;

/** Parses a path/query id as a positive integer; @throws HttpProblem 400. */
export function parseId(raw: string | undefined, what = 'id'): number {
  if (!raw || !/^\d+$/.test(raw) || /^0+$/.test(raw)) throw new HttpProblem(400, `${MESSAGES.badId} (${what})`);
  const id = Number(raw);
  // Well-formed but beyond the database's integer ids: it cannot exist.
  if (!Number.isSafeInteger(id) || id > MAX_ID) throw new HttpProblem(404, MESSAGES.notFound);
  return id;
}

/** Largest id of a PostgreSQL `integer` / `serial` column. */
export const MAX_ID = 2_147_483_647;

/** Reads and validates the JSON body with `schema`; @throws HttpProblem 400 with the failing fields. */
export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpProblem(400, MESSAGES.badJson);
  }
  // valibot's object() also accepts arrays; every body of this API is a JSON object.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpProblem(400, 'O corpo da requisição deve ser um objeto JSON.');
  }
  const result = v.safeParse(schema, body);
  if (!result.success) {
    const fields = result.issues.map((i) => v.getDotPath(i) ?? '(corpo)').join(', ');
    throw new HttpProblem(400, `Dados inválidos: ${fields}`);
  }
  return result.output;
}

/** The token a request presents: `x-access-token`, else `Authorization: Bearer …`. */
export function presentedToken(c: Context): string | null {
  const header = c.req.header('x-access-token');
  if (header) return header;
  const auth = c.req.header('authorization');
  return auth?.startsWith('Bearer ') ? auth.slice(7) : (auth ?? null);
}

export interface Student {
  id: number;
  platformId: number;
}

export type AppEnv = { Variables: { student: Student } };

/** Requires a valid token; sets `c.var.student`; @throws HttpProblem 401. */
export function requireStudent(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await userIdOfToken(db, presentedToken(c));
    if (userId === null) throw new HttpProblem(401, MESSAGES.unauthorized);
    const [row] = await db.rows<{ platform_id: number }>(sql`SELECT platform_id FROM users WHERE id = ${userId}`);
    if (!row) throw new HttpProblem(401, MESSAGES.unauthorized);
    c.set('student', { id: userId, platformId: row.platform_id });
    await next();
  };
}

/** Writes in progress per `${userId} ${key}`: a second request with the same key waits for the first. */
const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs a write once per (student, Idempotency-Key): a repeated key replays the first
 * answer without a second effect. Without the header the write simply runs.
 * Requests with the same key are serialised in this process (a client that timed out and
 * resent while the first request was still running gets the replay, not a second effect).
 */
export async function idempotent(
  c: Context<AppEnv>,
  db: Db,
  write: () => Promise<{ status: 200 | 201; body: unknown }>,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  if (!key) {
    const { status, body } = await write();
    return c.json(body as object, status);
  }
  if (key.length > 200) throw new HttpProblem(400, 'Idempotency-Key longa demais.');
  const userId = c.var.student.id;
  const lock = `${userId} ${key}`;
  while (inFlight.has(lock)) await inFlight.get(lock)!.catch(() => undefined);
  const run = (async () => {
    const [stored] = await db.rows<{ status: number; body: unknown }>(sql`
      SELECT status, body FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`);
    if (stored) {
      c.header('Idempotent-Replayed', 'true');
      return c.json(stored.body as object, stored.status as 200);
    }
    const { status, body } = await write();
    await db.rows(sql`
      INSERT INTO idempotency_keys (user_id, key, status, body)
      VALUES (${userId}, ${key}, ${status}, ${JSON.stringify(body)}::jsonb)
      ON CONFLICT DO NOTHING`);
    return c.json(body as object, status);
  })();
  inFlight.set(lock, run);
  try {
    return await run;
  } finally {
    if (inFlight.get(lock) === run) inFlight.delete(lock);
  }
}

/** When the write happened on the device (`X-Client-Timestamp`), as SQL, never in the future. @throws 400. */
export function happenedAt(c: Context) {
  const raw = c.req.header('x-client-timestamp') ?? null;
  if (raw === null) return sql`now()`;
  if (raw.length > 40 || Number.isNaN(Date.parse(raw))) {
    throw new HttpProblem(400, 'X-Client-Timestamp deve ser uma data ISO 8601.');
  }
  return sql`LEAST(${new Date(raw).toISOString()}::timestamptz, now())`;
}
