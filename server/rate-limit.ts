/**
 * Rate limits of the guessable calls: sign-in (`POST /auth/token`), password-reset
 * code requests and confirmations (`POST /auth/resetPassword`), `POST /auth/changePassword` and
 * account deletion (`POST /users/self/delete`).
 *
 * Each call is limited per account (the access code sent, or the signed-in student) and per
 * client address, in a sliding window: at most `perCode` counted attempts per account and
 * `perAddress` per address within the last `windowSeconds`. Beyond that the call is answered
 * 429 `{ message: RATE_LIMIT_MESSAGE }` with `Retry-After: <seconds>` (when the oldest attempt
 * that blocks leaves the window) and does nothing — its own attempt is not counted.
 *
 * What counts: a failure (any 4xx answer) for sign-in, reset confirmation, change password and
 * deletion; EVERY code request (each one e-mails a code, and it always answers 200 so that it
 * does not tell whether the account exists). A success (2xx) of a failure-counted call clears
 * its per-account counter (and does not count for the address). A 5xx counts for nothing.
 * The same limits apply whether the access code exists or not (no enumeration).
 *
 * Counters are rows of `rate_limit_events` (migration 0014), so several server processes on one
 * database share them. An attempt is inserted first and then the window is counted, so
 * concurrent attempts cannot all slip under the limit.
 *
 * Configuration (env, read per request so tests and e2e runs can shrink them):
 *   RATE_LIMIT_WINDOW_SECONDS  sliding window, seconds               default 900 (15 min)
 *   RATE_LIMIT_PER_CODE        attempts per account per window        default 5   (0 = no limit)
 *   RATE_LIMIT_PER_ADDRESS     attempts per client address per window default 50  (0 = no limit)
 *   TRUST_PROXY=1              the client address is the first `X-Forwarded-For` entry (behind a
 *                              reverse proxy); otherwise the TCP peer address.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import type { AppEnv } from './http';

/** The answer's message (pt-BR), with 429 and `Retry-After`. */
export const RATE_LIMIT_MESSAGE = 'Muitas tentativas. Tente novamente mais tarde.';

export interface RateLimits {
  /** Sliding window, seconds. */
  windowSeconds: number;
  /** Counted attempts allowed per account in the window; 0 = unlimited. */
  perCode: number;
  /** Counted attempts allowed per client address in the window; 0 = unlimited. */
  perAddress: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { windowSeconds: 900, perCode: 5, perAddress: 50 };

const envInt = (raw: string | undefined, fallback: number, min: number): number => {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min ? n : fallback;
};

/** The limits of `env` (default `process.env`); invalid values fall back to the defaults. */
export function rateLimits(env: NodeJS.ProcessEnv = process.env): RateLimits {
  return {
    windowSeconds: envInt(env.RATE_LIMIT_WINDOW_SECONDS, DEFAULT_RATE_LIMITS.windowSeconds, 1),
    perCode: envInt(env.RATE_LIMIT_PER_CODE, DEFAULT_RATE_LIMITS.perCode, 0),
    perAddress: envInt(env.RATE_LIMIT_PER_ADDRESS, DEFAULT_RATE_LIMITS.perAddress, 0),
  };
}

/** One line for the start banner. */
export function describeRateLimits(env: NodeJS.ProcessEnv = process.env): string {
  const l = rateLimits(env);
  const n = (x: number) => (x === 0 ? 'unlimited' : String(x));
  return `${n(l.perCode)} per access code, ${n(l.perAddress)} per address, per ${l.windowSeconds} s`;
}

/** The limited calls; each has its own counters. */
export type RateAction = 'login' | 'reset-request' | 'reset-confirm' | 'change-password' | 'delete-account';

/** Calls that count every attempt (not only failures). */
const COUNTS_EVERY_ATTEMPT: ReadonlySet<RateAction> = new Set(['reset-request']);

/**
 * The client's address: the TCP peer (IPv4-mapped IPv6 shown as IPv4), or with `TRUST_PROXY=1`
 * the first `X-Forwarded-For` entry; 'unknown' when neither is available (e.g. `app.request`).
 */
export function clientAddress(c: Context): string {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  return (address ?? 'unknown').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}

interface Bucket {
  name: string;
  limit: number;
  perAccount: boolean;
}

/**
 * Counts one attempt in each bucket.
 * @returns the ids of the inserted rows and, when a bucket is over its limit, the seconds until
 *   an attempt is allowed again (the largest over the buckets), else null.
 */
async function reserve(db: Db, buckets: Bucket[], windowSeconds: number) {
  const ids: number[] = [];
  let retryAfter: number | null = null;
  for (const bucket of buckets) {
    const [row] = await db.rows<{ id: number }>(sql`
      INSERT INTO rate_limit_events (bucket) VALUES (${bucket.name}) RETURNING id`);
    const id = Number(row!.id);
    ids.push(id);
    // Attempts in the window, this one included; when over the limit, the limit-th newest OTHER
    // attempt is the one whose leaving the window lets the next attempt through.
    const [count] = await db.rows<{ n: number; retry: number | null }>(sql`
      SELECT count(*)::int AS n,
        (SELECT ceil(extract(epoch FROM (e.at + make_interval(secs => ${windowSeconds}) - clock_timestamp())))::int
           FROM rate_limit_events e
          WHERE e.bucket = ${bucket.name} AND e.id <> ${id}
            AND e.at > clock_timestamp() - make_interval(secs => ${windowSeconds})
          ORDER BY e.at DESC OFFSET ${bucket.limit - 1} LIMIT 1) AS retry
      FROM rate_limit_events
      WHERE bucket = ${bucket.name} AND at > clock_timestamp() - make_interval(secs => ${windowSeconds})`);
    if (count && count.n > bucket.limit) {
      retryAfter = Math.max(retryAfter ?? 1, Math.max(1, Number(count.retry ?? windowSeconds)));
    }
  }
  // Housekeeping: attempts older than the window never count again — this call's buckets each
  // time, every bucket now and then (buckets of access codes tried once would otherwise stay).
  if (Math.random() < 0.01) {
    await db.rows(sql`
      DELETE FROM rate_limit_events WHERE at <= clock_timestamp() - make_interval(secs => ${windowSeconds})`);
  }
  await db.rows(sql`
    DELETE FROM rate_limit_events
    WHERE bucket IN (${sql.join(
      buckets.map((b) => sql`${b.name}`),
      sql`, `,
    )}) AND at <= clock_timestamp() - make_interval(secs => ${windowSeconds})`);
  return { ids, retryAfter };
}

const forget = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve()
    : db.rows(
        sql`DELETE FROM rate_limit_events WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );

/**
 * Middleware limiting `action` (see the file header; a function picks it per request, e.g. the
 * reset path's two steps). `accountOf` names the account the call
 * is about (the access code of the body, the signed-in student…) or null when it names none
 * (then only the address counts). Put it after `requireStudent` for signed-in calls.
 * Answers 429 + `Retry-After` + `{ message: RATE_LIMIT_MESSAGE }` when over a limit.
 */
export function rateLimit(
  db: Db,
  actionOf: RateAction | ((c: Context<AppEnv>) => Promise<RateAction>),
  accountOf: (c: Context<AppEnv>) => Promise<string | null> | string | null,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limits = rateLimits();
    const action = typeof actionOf === 'string' ? actionOf : await actionOf(c);
    const account = await accountOf(c);
    const buckets: Bucket[] = [];
    if (account !== null && limits.perCode > 0) {
      buckets.push({ name: `${action}:code:${account.slice(0, 200)}`, limit: limits.perCode, perAccount: true });
    }
    if (limits.perAddress > 0) {
      buckets.push({ name: `${action}:addr:${clientAddress(c)}`, limit: limits.perAddress, perAccount: false });
    }
    if (buckets.length === 0) return next();
    const { ids, retryAfter } = await reserve(db, buckets, limits.windowSeconds);
    if (retryAfter !== null) {
      await forget(db, ids);
      c.header('Retry-After', String(retryAfter));
      c.header('Cache-Control', 'no-store');
      return c.json({ message: RATE_LIMIT_MESSAGE }, 429);
    }
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } catch (error) {
      status = (error as { status?: number }).status ?? 500;
      throw error;
    } finally {
      if (status >= 500) {
        await forget(db, ids);
      } else if (status < 400 && !COUNTS_EVERY_ATTEMPT.has(action)) {
        // A success clears the account's counter and does not count for the address.
        const own = buckets.find((b) => b.perAccount);
        if (own) await db.rows(sql`DELETE FROM rate_limit_events WHERE bucket = ${own.name}`);
        await forget(db, ids);
      }
    }
  };
}

/**
 * The access code a sign-in or reset body names (`username`, a string), else null. Reads the
 * JSON body Hono caches, so the route reads it again freely; a body that is not JSON names none.
 */
export async function usernameOfBody(c: Context): Promise<string | null> {
  try {
    const body = (await c.req.json()) as unknown;
    const username = typeof body === 'object' && body !== null ? (body as { username?: unknown }).username : null;
    return typeof username === 'string' ? username : null;
  } catch {
    return null;
  }
}
