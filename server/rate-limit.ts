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
 * The account is the access code in normal form (server/identifiers.ts `normaliseAccessCode`:
 * trimmed, lower-cased, NFC), the same form the routes validate, look up and e-mail, so every
 * spelling of one code shares one bucket. The client address is the rightmost address not of a
 * trusted proxy (server/client-address.ts, `TRUST_PROXY`).
 *
 * Known devices (sign-in only, `knownDevice` of the options; server/device-cookie.ts): an
 * attempt carrying a valid device cookie for the access code is counted in that device's own
 * bucket (`perCode` attempts) instead of the code's and the address's buckets, so a stranger's
 * wrong passwords lock out unknown devices, never the device the student signed in from
 * (docs/security.md "Sign-in limits and device cookies").
 *
 * Configuration (env, read per request so tests and e2e runs can shrink them):
 *   RATE_LIMIT_WINDOW_SECONDS  sliding window, seconds               default 900 (15 min)
 *   RATE_LIMIT_PER_CODE        attempts per account per window        default 5   (0 = no limit)
 *                              (and per known device of an account)
 *   RATE_LIMIT_PER_ADDRESS     attempts per client address per window default 50  (0 = no limit)
 *   TRUST_PROXY                trusted proxy hops in front of the server (server/client-address.ts,
 *                              docs/scaling.md "Trusted proxies and device cookies"); unset: the
 *                              TCP peer address.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import type { AppEnv } from './http';
import { clientAddress, trustedProxies } from './client-address';
import { normaliseAccessCode } from './identifiers';

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

/**
 * One line for the start banner: the limits of `env` and whose address is counted.
 * @returns e.g. `5 per access code (and per known device), 50 per address, per 900 s; client address: the TCP peer (TRUST_PROXY off)`.
 */
export function describeRateLimits(env: NodeJS.ProcessEnv = process.env): string {
  const l = rateLimits(env);
  const n = (x: number) => (x === 0 ? 'unlimited' : String(x));
  return (
    `${n(l.perCode)} per access code (and per known device), ${n(l.perAddress)} per address, per ${l.windowSeconds} s; ` +
    `client address: ${trustedProxies(env.TRUST_PROXY).description}`
  );
}

/** The limited calls; each has its own counters. */
export type RateAction = 'login' | 'reset-request' | 'reset-confirm' | 'change-password' | 'delete-account';

/** Calls that count every attempt (not only failures). */
const COUNTS_EVERY_ATTEMPT: ReadonlySet<RateAction> = new Set(['reset-request']);

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

/** Options of `rateLimit`. */
export interface RateLimitOptions {
  /**
   * The known device the request comes from for `account` (server/device-cookie.ts
   * `knownDevice`), or null for an unknown device. A known device's attempts count in its own
   * bucket only (see the file header).
   */
  knownDevice?: (c: Context<AppEnv>, account: string) => string | null;
}

/**
 * Middleware limiting `action` (see the file header; a function picks it per request, e.g. the
 * reset path's two steps). `accountOf` names the account the call
 * is about (the normal-form access code of the body, the signed-in student…) or null when it
 * names none (then only the address counts). Put it after `requireStudent` for signed-in calls.
 * Answers 429 + `Retry-After` (seconds) + `{ message: RATE_LIMIT_MESSAGE }` when over a limit.
 */
export function rateLimit(
  db: Db,
  actionOf: RateAction | ((c: Context<AppEnv>) => Promise<RateAction>),
  accountOf: (c: Context<AppEnv>) => Promise<string | null> | string | null,
  options: RateLimitOptions = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limits = rateLimits();
    const action = typeof actionOf === 'string' ? actionOf : await actionOf(c);
    const account = await accountOf(c);
    const device = account !== null && options.knownDevice ? options.knownDevice(c, account) : null;
    const buckets: Bucket[] = [];
    if (device !== null) {
      if (limits.perCode > 0) {
        buckets.push({ name: `${action}:device:${device}`, limit: limits.perCode, perAccount: true });
      }
    } else {
      if (account !== null && limits.perCode > 0) {
        buckets.push({ name: `${action}:code:${account.slice(0, 200)}`, limit: limits.perCode, perAccount: true });
      }
      if (limits.perAddress > 0) {
        buckets.push({ name: `${action}:addr:${clientAddress(c)}`, limit: limits.perAddress, perAccount: false });
      }
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
 * The access code a sign-in or reset body names (`username`, a string), in normal form
 * (server/identifiers.ts `normaliseAccessCode`), else null. Reads the JSON body Hono caches, so
 * the route reads it again freely; a body that is not JSON names none.
 */
export async function usernameOfBody(c: Context): Promise<string | null> {
  try {
    const body = (await c.req.json()) as unknown;
    const username = typeof body === 'object' && body !== null ? (body as { username?: unknown }).username : null;
    return typeof username === 'string' ? normaliseAccessCode(username) : null;
  } catch {
    return null;
  }
}
