/**
 * Shared HTTP helpers of the reference API: JSON errors `{ message }`, body and id
 * parsing that answer 400 (never 500) on client mistakes, the authenticated student,
 * `Idempotency-Key` replay for writes (bound to the request) and `X-Client-Timestamp`.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { sha256, userIdOfToken } from './auth';
import type { Db } from './db/client';

/** A client mistake or missing resource, answered as `{ message }` with `status`. */
export class HttpProblem extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429,
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
  /** SHA-256 of the session token the request presented (tokens derived from it link to it). */
  tokenHash?: string;
}

export type AppEnv = { Variables: { student: Student } };

/** Requires a valid token; sets `c.var.student`; @throws HttpProblem 401. */
export function requireStudent(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = presentedToken(c);
    const userId = await userIdOfToken(db, token);
    if (userId === null || token === null) throw new HttpProblem(401, MESSAGES.unauthorized);
    const [row] = await db.rows<{ platform_id: number }>(sql`SELECT platform_id FROM users WHERE id = ${userId}`);
    if (!row) throw new HttpProblem(401, MESSAGES.unauthorized);
    c.set('student', { id: userId, platformId: row.platform_id, tokenHash: sha256(token) });
    await next();
  };
}

/** Answer (422) to an Idempotency-Key already used by another request. */
export const IDEMPOTENCY_MISMATCH_MESSAGE =
  'Esta Idempotency-Key já foi usada com outra requisição. Gere uma nova chave para cada escrita.';

/**
 * Fingerprint of a request for its Idempotency-Key: SHA-256 hex of the method, the path with
 * its query and the body as sent (`body`, else the request's text body; '' when none).
 */
export async function requestFingerprint(c: Context, body?: string): Promise<string> {
  const url = new URL(c.req.url);
  const text = body ?? (c.req.raw.body || c.req.bodyCache.text ? await c.req.text() : '');
  return createHash('sha256').update(`${c.req.method}\n${url.pathname}${url.search}\n`).update(text).digest('hex');
}

/**
 * Seconds after which a pending Idempotency-Key claim (its write started but never recorded an
 * answer: the process died mid-write) may be taken over by a request with the same key.
 */
export const IDEMPOTENCY_CLAIM_TIMEOUT_SECONDS = 30;

/** Pause between two looks at a claim another request holds, ms. */
const CLAIM_POLL_MS = 20;

type StoredAnswer = { status: number | null; body: unknown; request_hash: string | null; stale: boolean };

/**
 * Runs a write once per (student, Idempotency-Key): a repeated key with the same request
 * (method, path with query, body: `requestFingerprint`) replays the first answer without a
 * second effect; the same key with another request is refused with 422
 * `IDEMPOTENCY_MISMATCH_MESSAGE` — nothing replayed, nothing written. Without the
 * header the write simply runs. `fingerprint` replaces the default one (multipart uploads pass
 * a hash of their file).
 *
 * The key is claimed in the database (a pending row of `idempotency_keys`, migration 0018)
 * before the write runs, so requests with the same key are serialised across every server
 * process on the database: a client that timed out and resent while the first request was
 * still running — on this process or another — waits and gets the replay. A write that fails
 * (throws, e.g. a 404) releases its claim, and a retry runs it again. A claim left pending
 * longer than `IDEMPOTENCY_CLAIM_TIMEOUT_SECONDS` (its process died between the write and its
 * answer) is taken over by the next request with the key, which runs the write again
 * (docs/decisions/0009-idempotency-keys-claimed-in-the-database.md).
 * @returns the write's answer (`{ status, body }` as JSON), or the stored one with
 *   `Idempotent-Replayed: true`.
 * @throws HttpProblem 400 (key longer than 200), 422 (key bound to another request); whatever
 *   `write` throws.
 */
export async function idempotent(
  c: Context<AppEnv>,
  db: Db,
  write: () => Promise<{ status: 200 | 201; body: unknown }>,
  fingerprint?: string,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  if (!key) {
    const { status, body } = await write();
    return c.json(body as object, status);
  }
  if (key.length > 200) throw new HttpProblem(400, 'Idempotency-Key longa demais.');
  const requestHash = fingerprint ?? (await requestFingerprint(c));
  const userId = c.var.student.id;
  for (;;) {
    const claimed = await db.rows(sql`
      INSERT INTO idempotency_keys (user_id, key, status, body, request_hash)
      VALUES (${userId}, ${key}, NULL, NULL, ${requestHash})
      ON CONFLICT (user_id, key) DO NOTHING RETURNING key`);
    if (claimed.length === 0) {
      const [stored] = await db.rows<StoredAnswer>(sql`
        SELECT status, body, request_hash,
          created_at < now() - make_interval(secs => ${IDEMPOTENCY_CLAIM_TIMEOUT_SECONDS}) AS stale
        FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`);
      // Released by a failed write in between: claim it again.
      if (!stored) continue;
      // Rows from before migration 0014 carry no hash: they replay as they always did.
      if (stored.request_hash !== null && stored.request_hash !== requestHash) {
        throw new HttpProblem(422, IDEMPOTENCY_MISMATCH_MESSAGE);
      }
      if (stored.status !== null) {
        c.header('Idempotent-Replayed', 'true');
        return c.json(stored.body as object, stored.status as 200);
      }
      const takenOver =
        stored.stale &&
        (
          await db.rows(sql`
            UPDATE idempotency_keys SET created_at = now()
            WHERE user_id = ${userId} AND key = ${key} AND status IS NULL
              AND created_at < now() - make_interval(secs => ${IDEMPOTENCY_CLAIM_TIMEOUT_SECONDS})
            RETURNING key`)
        ).length > 0;
      if (!takenOver) {
        // Another request (here or on another process) is running this write: wait for its answer.
        await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
        continue;
      }
    }
    let answer: { status: 200 | 201; body: unknown };
    try {
      answer = await write();
    } catch (error) {
      await db.rows(sql`
        DELETE FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key} AND status IS NULL`);
      throw error;
    }
    await db.rows(sql`
      UPDATE idempotency_keys SET status = ${answer.status}, body = ${JSON.stringify(answer.body)}::jsonb
      WHERE user_id = ${userId} AND key = ${key}`);
    return c.json(answer.body as object, answer.status);
  }
}

/** Earliest `X-Client-Timestamp` accepted: 2000-01-01T00:00:00Z. */
export const MIN_CLIENT_TIME_MS = Date.UTC(2000, 0, 1);
/** How far ahead of the server's clock an `X-Client-Timestamp` may be, ms (1 day of clock skew). */
export const MAX_CLIENT_TIME_AHEAD_MS = 24 * 60 * 60 * 1000;

/** Answer (400) to an `X-Client-Timestamp` that is not a sane ISO 8601 date. */
export const CLIENT_TIMESTAMP_MESSAGE =
  'X-Client-Timestamp deve ser uma data ISO 8601 entre 2000-01-01 e o dia seguinte ao de hoje.';

/**
 * Parses `X-Client-Timestamp` (when a write happened on the device): null when absent, else
 * the instant as an ISO string (UTC, ms). Accepted: at most 40 characters, a date `Date.parse`
 * understands, from `MIN_CLIENT_TIME_MS` to now + `MAX_CLIENT_TIME_AHEAD_MS` (a year 0,
 * −1 or 10000 would otherwise reach the database and answer 500).
 * @throws HttpProblem 400 `CLIENT_TIMESTAMP_MESSAGE` otherwise.
 */
export function parseClientTimestamp(raw: string | null | undefined, now = Date.now()): string | null {
  if (raw === null || raw === undefined) return null;
  const ms = raw.length > 40 ? Number.NaN : Date.parse(raw);
  if (Number.isNaN(ms) || ms < MIN_CLIENT_TIME_MS || ms > now + MAX_CLIENT_TIME_AHEAD_MS) {
    throw new HttpProblem(400, CLIENT_TIMESTAMP_MESSAGE);
  }
  return new Date(ms).toISOString();
}

/** When the write happened on the device (`X-Client-Timestamp`), as SQL, never in the future. @throws 400. */
export function happenedAt(c: Context) {
  const at = parseClientTimestamp(c.req.header('x-client-timestamp'));
  return at === null ? sql`now()` : sql`LEAST(${at}::timestamptz, now())`;
}
