/**
 * Device cookies (docs/security.md "Sign-in limits and device cookies"): a device a student has
 * signed in from is counted apart from unknown devices, so a stranger's wrong passwords slow
 * the stranger down without locking the student out.
 *
 * A successful sign-in sets `lms_device`: HttpOnly, SameSite=Lax, Secure when the request is
 * HTTPS (server/client-address.ts `requestIsHttps`), scoped to the sign-in path, kept
 * `DEVICE_COOKIE_MAX_AGE_SECONDS`. Its value is up to `MAX_DEVICE_ENTRIES` entries
 * `<nonce>.<issued>.<mac>` joined by `~` (one per access code signed in on the device, newest
 * first): a random 128-bit nonce, the issue time (Unix seconds, base 36) and
 * HMAC-SHA256(secret, access code, nonce, issue time). The access code itself is not in the
 * cookie; an entry is valid only for the code it was signed for, unexpired, and under the
 * current secret. A tampered, forged or foreign entry is simply not a known device.
 *
 * The secret is `DEVICE_COOKIE_SECRET` (env, at least 32 characters), else a random one made
 * once per process. Several processes must share one `DEVICE_COOKIE_SECRET` (docs/scaling.md
 * "Trusted proxies and device cookies"): otherwise a cookie one process signed is unknown to the
 * others and its student counts as an unknown device there (nothing is refused that would not
 * be anyway). A cluster primary gives its workers one with `ensureSharedDeviceSecret`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { requestIsHttps } from './client-address';

/** The cookie's name. */
export const DEVICE_COOKIE = 'lms_device';

/** How long a device stays known after its last successful sign-in, seconds (180 days). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** Access codes remembered per device (a shared family computer); the oldest entry goes first. */
export const MAX_DEVICE_ENTRIES = 5;

/** Least length of `DEVICE_COOKIE_SECRET`, characters. */
const MIN_SECRET_LENGTH = 32;

/** Tolerated clock difference between processes for an entry's issue time, seconds. */
const CLOCK_SKEW_SECONDS = 300;

const ENTRY = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

let processSecret: Buffer | null = null;
let reportedShortSecret = false;

/** The signing secret (see the file header); a too-short `DEVICE_COOKIE_SECRET` is reported and ignored. */
function secret(env: NodeJS.ProcessEnv): Buffer {
  const configured = env.DEVICE_COOKIE_SECRET;
  if (configured && configured.length >= MIN_SECRET_LENGTH) return Buffer.from(configured, 'utf8');
  if (configured && !reportedShortSecret) {
    reportedShortSecret = true;
    console.error(
      `[server] DEVICE_COOKIE_SECRET has fewer than ${MIN_SECRET_LENGTH} characters and is ignored (a random per-process secret is used)`,
    );
  }
  processSecret ??= randomBytes(32);
  return processSecret;
}

/**
 * Gives the processes a primary is about to fork one device-cookie secret: when `env` has no
 * usable `DEVICE_COOKIE_SECRET`, sets a random one (32 bytes, base64url) that forked workers
 * inherit with the environment. Call once in a cluster primary before `cluster.fork()`; several
 * machines still need one `DEVICE_COOKIE_SECRET` set by the deployment.
 * @param env the environment the workers inherit (default `process.env`); changed in place.
 * @returns whether a secret was set.
 */
export function ensureSharedDeviceSecret(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.DEVICE_COOKIE_SECRET ?? '').length >= MIN_SECRET_LENGTH) return false;
  env.DEVICE_COOKIE_SECRET = randomBytes(32).toString('base64url');
  return true;
}

const macOf = (key: Buffer, code: string, nonce: string, issued: string) =>
  createHmac('sha256', key).update(`lms-device\n${code}\n${nonce}\n${issued}`).digest();

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Entry {
  raw: string;
  nonce: string;
  issued: string;
  mac: string;
}

/** The well-formed, unexpired entries of the request's cookie (at most `MAX_DEVICE_ENTRIES`). */
function entriesOf(c: Context): Entry[] {
  const value = getCookie(c, DEVICE_COOKIE) ?? '';
  const now = nowSeconds();
  const entries: Entry[] = [];
  for (const raw of value.split('~').slice(0, MAX_DEVICE_ENTRIES)) {
    const match = ENTRY.exec(raw);
    if (!match) continue;
    const age = now - parseInt(match[2]!, 36);
    if (age > DEVICE_COOKIE_MAX_AGE_SECONDS || age < -CLOCK_SKEW_SECONDS) continue;
    entries.push({ raw, nonce: match[1]!, issued: match[2]!, mac: match[3]! });
  }
  return entries;
}

const signedFor = (key: Buffer, entry: Entry, code: string) => {
  const given = Buffer.from(entry.mac, 'base64url');
  const expected = macOf(key, code, entry.nonce, entry.issued);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * The known device a request comes from for `code`: the nonce of a valid entry of its
 * `lms_device` cookie signed for that access code.
 * @param c the request's context.
 * @param code the access code in normal form (server/identifiers.ts).
 * @param env the environment to read `DEVICE_COOKIE_SECRET` from (default `process.env`).
 * @returns the device's nonce (22 base64url characters), or null for an unknown device (no
 *   cookie, or no entry valid for `code`: tampered, forged, expired, another secret).
 */
export function knownDevice(c: Context, code: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const key = secret(env);
  return entriesOf(c).find((entry) => signedFor(key, entry, code))?.nonce ?? null;
}

/**
 * Remembers the request's device for `code` after a successful sign-in: sets `lms_device` with a
 * new entry for `code` first, then the cookie's other entries (the old one for `code` dropped,
 * at most `MAX_DEVICE_ENTRIES` in all).
 * @param c the request's context (its answer gets the `Set-Cookie` header).
 * @param code the access code in normal form (server/identifiers.ts).
 * @param env the environment to read `DEVICE_COOKIE_SECRET` and `TRUST_PROXY` from.
 */
export function rememberDevice(c: Context, code: string, env: NodeJS.ProcessEnv = process.env): void {
  const key = secret(env);
  const nonce = randomBytes(16).toString('base64url');
  const issued = nowSeconds().toString(36);
  const fresh = `${nonce}.${issued}.${macOf(key, code, nonce, issued).toString('base64url')}`;
  const others = entriesOf(c)
    .filter((entry) => !signedFor(key, entry, code))
    .map((entry) => entry.raw);
  setCookie(c, DEVICE_COOKIE, [fresh, ...others].slice(0, MAX_DEVICE_ENTRIES).join('~'), {
    path: c.req.path,
    httpOnly: true,
    secure: requestIsHttps(c, env),
    sameSite: 'Lax',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
