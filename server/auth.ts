/**
 * Real auth for the reference API: scrypt-hashed salted passwords, opaque random tokens
 * (32 bytes, base64url) stored only as SHA-256 hashes, 30-day expiry, revocation.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Token lifetime, seconds (docs/product.md §9: 30 days). */
export const TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** @returns `scrypt$<salt b64>$<hash b64>` for `password` (16-byte salt, 64-byte key). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 64);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** @returns whether `password` matches `stored` (constant-time compare). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** SHA-256 hex of a token: how every token is stored and looked up. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A scrypt hash of a random password nobody knows, made like a real one (same salt and key
 * sizes): sign-in verifies against it when the access code is unknown, so an unknown code
 * spends the same work as a wrong password and timing does not reveal which codes exist.
 */
const dummyHash: Promise<string> = hashPassword(randomBytes(32).toString('base64url'));

/**
 * Checks a sign-in: `stored` is the account's hash, or null/undefined for an unknown access
 * code (then the dummy hash is verified and the answer is false) — same work either way.
 * @returns whether the password matches a real account's hash.
 */
export async function verifyPasswordOrDummy(password: string, stored: string | null | undefined): Promise<boolean> {
  const matches = await verifyPassword(password, stored ?? (await dummyHash));
  return matches && typeof stored === 'string';
}

/**
 * Issues a token for `userId`, valid `ttlSeconds`.
 * @returns the opaque token (only its hash is stored).
 */
export async function issueToken(db: Db, userId: number, ttlSeconds = TOKEN_TTL_SECONDS): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.rows(sql`
    INSERT INTO tokens (token_hash, user_id, expires_at)
    VALUES (${sha256(token)}, ${userId}, now() + make_interval(secs => ${ttlSeconds}))`);
  return token;
}

/** @returns the user id of a valid (known, unexpired, unrevoked) token, else null. */
export async function userIdOfToken(db: Db, token: string | null | undefined): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const rows = await db.rows<{ user_id: number }>(sql`
    SELECT user_id FROM tokens
    WHERE token_hash = ${sha256(token)} AND revoked_at IS NULL AND expires_at > now()`);
  return rows[0]?.user_id ?? null;
}

/** Revokes `token`; @returns whether a live token was revoked. */
export async function revokeToken(db: Db, token: string): Promise<boolean> {
  const rows = await db.rows(sql`
    UPDATE tokens SET revoked_at = now()
    WHERE token_hash = ${sha256(token)} AND revoked_at IS NULL RETURNING user_id`);
  return rows.length > 0;
}
