/**
 * Shared HTTP helpers of the reference API: JSON errors `{ message }`, body and id
 * parsing that answer 400 (never 500) on client mistakes, the authenticated student,
 * `Idempotency-Key` replay for writes (bound to the request, claimed in the write's own
 * transaction) and `X-Client-Timestamp`.
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

/**
 * Middleware: `Cache-Control: no-store` on the answer to every request that presents a token
 * (`x-access-token` or `Authorization`: `presentedToken`) — the student's profile, grades,
 * bills, documents… and the 401s — unless its route set a `Cache-Control` of its own on
 * purpose (e.g. the public media files, the short-video proxy). Browsers and proxies then
 * keep no copy of a student's data; the app keeps its own offline copies (docs/offline.md).
 */
export function noStoreWhenSignedIn(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (presentedToken(c) && !c.res.headers.has('cache-control')) c.header('Cache-Control', 'no-store');
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

/** Answer (503, with `Retry-After: 1`) while another server's claim of the key is still open. */
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE =
  'Esta escrita ainda está sendo processada. Tente novamente em instantes.';

type StoredAnswer = { status: number | null; body: unknown; request_hash: string | null };

/** What one attempt's transaction ended with: the write's answer, or the row already there. */
type Attempt =
  { kind: 'written'; answer: { status: 200 | 201; body: unknown } } | { kind: 'stored'; stored?: StoredAnswer };

/**
 * Runs a write once per (student, Idempotency-Key): a repeated key with the same request
 * (method, path with query, body: `requestFingerprint`) replays the first answer without a
 * second effect; the same key with another request is refused with 422
 * `IDEMPOTENCY_MISMATCH_MESSAGE` — nothing replayed, nothing written. Without the
 * header the write simply runs. `fingerprint` replaces the default one (multipart uploads pass
 * a hash of their file).
 *
 * The claim of the key (a row of `idempotency_keys`), the write and the answer stored in that
 * row are ONE database transaction (`Db.transaction`; every query of `write` joins it), so a
 * crash applies all of them or none: a key whose row exists was written exactly once, and a
 * process that dies mid-write leaves no row (PostgreSQL and PGlite roll the open transaction
 * back), so the retry runs the write for the first time. Requests with the same key are
 * serialised by the database: on PostgreSQL the second claim's `INSERT … ON CONFLICT DO
 * NOTHING` waits for the first transaction, then finds its committed row and replays it; on
 * PGlite the transaction holds the one connection, so the second request runs after the
 * first committed. A write that throws (e.g. a 404) rolls its claim back with it, and a retry
 * runs it again (docs/decisions/0009-idempotency-keys-claimed-in-the-database.md).
 * @returns the write's answer (`{ status, body }` as JSON), or the stored one with
 *   `Idempotent-Replayed: true`; 503 `IDEMPOTENCY_IN_PROGRESS_MESSAGE` + `Retry-After: 1` for a
 *   row without answer (written only by a server that predates this scheme, mid-write).
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
    const attempt = await db.transaction(async (): Promise<Attempt> => {
      const claimed = await db.rows(sql`
        INSERT INTO idempotency_keys (user_id, key, status, body, request_hash)
        VALUES (${userId}, ${key}, NULL, NULL, ${requestHash})
        ON CONFLICT (user_id, key) DO NOTHING RETURNING key`);
      if (claimed.length === 0) {
        const [stored] = await db.rows<StoredAnswer>(sql`
          SELECT status, body, request_hash FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`);
        return { kind: 'stored', ...(stored ? { stored } : {}) };
      }
      const answer = await write();
      await db.rows(sql`
        UPDATE idempotency_keys SET status = ${answer.status}, body = ${JSON.stringify(answer.body)}::jsonb
        WHERE user_id = ${userId} AND key = ${key}`);
      return { kind: 'written', answer };
    });
    if (attempt.kind === 'written') return c.json(attempt.answer.body as object, attempt.answer.status);
    const stored = attempt.stored;
    // Gone between the claim and the look (a row is never deleted today): claim again.
    if (!stored) continue;
    // Rows from before migration 0014 carry no hash: they replay as they always did.
    if (stored.request_hash !== null && stored.request_hash !== requestHash) {
      throw new HttpProblem(422, IDEMPOTENCY_MISMATCH_MESSAGE);
    }
    if (stored.status === null) {
      // Only a server of the former two-step claim commits a row before its write: never
      // run the write beside it; the client retries (the outbox does on a 503).
      c.header('Retry-After', '1');
      return c.json({ message: IDEMPOTENCY_IN_PROGRESS_MESSAGE }, 503);
    }
    c.header('Idempotent-Replayed', 'true');
    return c.json(stored.body as object, stored.status as 200);
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
