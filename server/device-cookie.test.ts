/**
 * No lockout of the owner (server/device-cookie.ts, server/rate-limit.ts) over HTTP on a
 * throwaway database: a successful sign-in sets a signed `lms_device` cookie; after a stranger's
 * wrong passwords lock the access code for unknown devices, the owner's device still signs in
 * while the stranger keeps getting 429; a device's own wrong passwords lock that device only;
 * a tampered, forged, foreign, expired or differently signed cookie is an unknown device.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messageOf, signInAt, useTestServer, withEnv } from './test-support/harness';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  ensureSharedDeviceSecret,
  MAX_DEVICE_ENTRIES,
} from './device-cookie';
import { RATE_LIMIT_MESSAGE } from './rate-limit';

const server = useTestServer();

/** A sign-in with `cookie` (a `Cookie` header value) and more headers, if any. */
const signIn = (username: string, password: string, cookie?: string, headers: Record<string, string> = {}) =>
  signInAt(server.url, username, { password, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

/** The `lms_device=…` pair of an answer's `Set-Cookie` (the test fails without one). */
const deviceCookieOf = (answer: Response): string => {
  const header = answer.headers.get('set-cookie') ?? '';
  const pair = header.split(';')[0]!;
  expect(pair.startsWith(`${DEVICE_COOKIE}=`), header).toBe(true);
  return pair;
};

/** Signs `code` in with the right password (200) and @returns its device cookie. */
const ownerDevice = async (code: string, cookie?: string) => {
  const answer = await signIn(code, 'demo1234', cookie);
  expect(answer.status).toBe(200);
  return deviceCookieOf(answer);
};

const expectLimited = async (answer: Response) => {
  expect(answer.status).toBe(429);
  expect(await messageOf(answer)).toBe(RATE_LIMIT_MESSAGE);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
};

/** Five wrong passwords for `code` from a stranger's unknown device (401 each). */
const strangerGuesses = async (code: string) => {
  for (let i = 0; i < 5; i++) expect((await signIn(code, `errada-${i}`)).status).toBe(401);
};

/** `pair` with the character at `index` of its value changed. */
const tampered = (pair: string, index: number) => {
  const value = pair.slice(DEVICE_COOKIE.length + 1);
  const swapped = value[index] === 'a' ? 'b' : 'a';
  return `${DEVICE_COOKIE}=${value.slice(0, index)}${swapped}${value.slice(index + 1)}`;
};

const SECRET = 'um-segredo-de-teste-com-mais-de-32-caracteres';

/** An entry signed with `SECRET` for `code`, issued `ageSeconds` ago (the format of server/device-cookie.ts). */
const entrySignedAt = (code: string, ageSeconds: number) => {
  const nonce = 'AAAAAAAAAAAAAAAAAAAAAA';
  const issued = (Math.floor(Date.now() / 1000) - ageSeconds).toString(36);
  const mac = createHmac('sha256', SECRET).update(`lms-device\n${code}\n${nonce}\n${issued}`).digest('base64url');
  return `${nonce}.${issued}.${mac}`;
};

beforeEach(async () => {
  await server.db.rows(sql`DELETE FROM rate_limit_events`);
});

describe('the device cookie', () => {
  it('is set by a successful sign-in: HttpOnly, SameSite=Lax, on the sign-in path, without the access code', async () => {
    await server.addStudent('dev1');
    const answer = await signIn('dev1', 'demo1234');
    expect(answer.status).toBe(200);
    expect(Object.keys((await answer.json()) as object).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    const header = answer.headers.get('set-cookie')!;
    expect(header).toMatch(/^lms_device=[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/api/v1/auth/token');
    expect(header).toContain(`Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`);
    // Plain HTTP without a trusted proxy saying otherwise: not Secure (the browser would drop it).
    expect(header).not.toContain('Secure');
    expect(header).not.toContain('dev1');
  });

  it('gets one secret for the workers a cluster primary forks, unless the deployment set one', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(ensureSharedDeviceSecret(env)).toBe(true);
    expect(env.DEVICE_COOKIE_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const set = env.DEVICE_COOKIE_SECRET;
    expect(ensureSharedDeviceSecret(env)).toBe(false);
    expect(env.DEVICE_COOKIE_SECRET).toBe(set);
    const short: NodeJS.ProcessEnv = { DEVICE_COOKIE_SECRET: 'curto' };
    expect(ensureSharedDeviceSecret(short)).toBe(true);
    expect(short.DEVICE_COOKIE_SECRET).not.toBe('curto');
  });

  it('is not set by a failed sign-in', async () => {
    await server.addStudent('dev2');
    expect((await signIn('dev2', 'errada')).headers.get('set-cookie')).toBeNull();
  });

  it('is Secure when a trusted proxy says the request is HTTPS', async () => {
    await server.addStudent('dev3');
    const https = { 'x-forwarded-proto': 'https' };
    // Not believed from an untrusted peer…
    expect((await signIn('dev3', 'demo1234', undefined, https)).headers.get('set-cookie')).not.toContain('Secure');
    // …believed from the one trusted hop in front.
    withEnv({ TRUST_PROXY: '1' });
    expect((await signIn('dev3', 'demo1234', undefined, https)).headers.get('set-cookie')).toContain('Secure');
  });
});

describe('no lockout of the owner', () => {
  it("after a stranger's 5 wrong passwords the owner's known device signs in, the stranger still gets 429", async () => {
    await server.addStudent('own1');
    const device = await ownerDevice('own1');
    await strangerGuesses('own1');
    await expectLimited(await signIn('own1', 'errada-6'));
    // The owner, from the device of an earlier sign-in, with the right password (any spelling).
    const again = await signIn('own1', 'demo1234', device);
    expect(again.status).toBe(200);
    deviceCookieOf(again);
    expect((await signIn('  OWN1 ', 'demo1234', device)).status).toBe(200);
    // The stranger is still limited, even with the right password, and so is any unknown device.
    await expectLimited(await signIn('own1', 'errada-7'));
    await expectLimited(await signIn('own1', 'demo1234'));
  });

  it("a known device is not held back by its address's budget (a school's shared address)", async () => {
    withEnv({ RATE_LIMIT_PER_ADDRESS: '3' });
    await server.addStudent('own2');
    const device = await ownerDevice('own2');
    for (const code of ['outro-a', 'outro-b', 'outro-c']) expect((await signIn(code, 'errada')).status).toBe(401);
    await expectLimited(await signIn('outro-d', 'errada'));
    expect((await signIn('own2', 'demo1234', device)).status).toBe(200);
  });

  it("a known device's own wrong passwords lock that device, not the access code's unknown devices", async () => {
    await server.addStudent('own3');
    const device = await ownerDevice('own3');
    for (let i = 0; i < 5; i++) expect((await signIn('own3', `errada-${i}`, device)).status).toBe(401);
    await expectLimited(await signIn('own3', 'demo1234', device));
    expect((await signIn('own3', 'demo1234')).status).toBe(200);
  });

  it('treats a tampered or forged cookie as an unknown device', async () => {
    await server.addStudent('own4');
    const device = await ownerDevice('own4');
    await strangerGuesses('own4');
    const length = device.length - DEVICE_COOKIE.length - 1;
    for (const forged of [
      tampered(device, 3), // the nonce
      tampered(device, 24), // the issue time
      tampered(device, length - 2), // the MAC
      `${DEVICE_COOKIE}=${'A'.repeat(22)}.${Date.now().toString(36)}.${'A'.repeat(43)}`,
      `${DEVICE_COOKIE}=own4`,
      `${DEVICE_COOKIE}=`,
    ]) {
      await expectLimited(await signIn('own4', 'demo1234', forged));
    }
    expect((await signIn('own4', 'demo1234', device)).status).toBe(200);
  });

  it("treats another account's device cookie as an unknown device for this account", async () => {
    await server.addStudent('own5');
    await server.addStudent('own5b');
    const otherDevice = await ownerDevice('own5b');
    await strangerGuesses('own5');
    await expectLimited(await signIn('own5', 'demo1234', otherDevice));
  });

  it('remembers several accounts signed in on one device', async () => {
    await server.addStudent('fam1');
    await server.addStudent('fam2');
    const first = await ownerDevice('fam1');
    const both = await ownerDevice('fam2', first);
    expect(both.split('~')).toHaveLength(2);
    await strangerGuesses('fam1');
    await strangerGuesses('fam2');
    expect((await signIn('fam1', 'demo1234', both)).status).toBe(200);
    expect((await signIn('fam2', 'demo1234', both)).status).toBe(200);
    // At most MAX_DEVICE_ENTRIES accounts, the newest first.
    let cookie = both;
    for (let i = 0; i < MAX_DEVICE_ENTRIES + 1; i++) {
      await server.addStudent(`fam-x${i}`);
      cookie = await ownerDevice(`fam-x${i}`, cookie);
    }
    expect(cookie.split('~')).toHaveLength(MAX_DEVICE_ENTRIES);
  });

  it('knows a device only under the secret that signed it, and only until it expires', async () => {
    withEnv({ DEVICE_COOKIE_SECRET: SECRET });
    await server.addStudent('own6');
    await strangerGuesses('own6');
    expect((await signIn('own6', 'demo1234', `${DEVICE_COOKIE}=${entrySignedAt('own6', 60)}`)).status).toBe(200);
    await expectLimited(
      await signIn('own6', 'demo1234', `${DEVICE_COOKIE}=${entrySignedAt('own6', DEVICE_COOKIE_MAX_AGE_SECONDS + 60)}`),
    );
    withEnv({ DEVICE_COOKIE_SECRET: `${SECRET}-outro` });
    await expectLimited(await signIn('own6', 'demo1234', `${DEVICE_COOKIE}=${entrySignedAt('own6', 60)}`));
  });
});
