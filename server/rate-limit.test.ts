/**
 * Rate limits of the guessable calls (server/rate-limit.ts) over HTTP on a throwaway
 * database: sign-in, reset code requests and confirmations, change password and account
 * deletion answer 429 with Retry-After and a pt-BR message after 5 counted attempts per access
 * code (sliding window), a success clears the code's counter, the address has its own budget,
 * the counters live in the database (two app instances on one database share them), and an
 * unknown access code gets the same answers and the same timing as a wrong password.
 */
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { sql } from 'drizzle-orm';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { apiAt, messageOf, signInAt, useTestServer, withEnv } from './test-support/harness';
import { describeRateLimits, RATE_LIMIT_MESSAGE, rateLimits } from './rate-limit';
import { trustedProxies } from './client-address';

const server = useTestServer();

const post = (
  path: string,
  body: unknown,
  init: { token?: string; base?: string; headers?: Record<string, string> } = {},
) =>
  apiAt(init.base ?? server.url, `/api/v1${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    token: init.token ?? null,
    ...(init.headers ? { headers: init.headers } : {}),
  });

const signIn = (username: string, password: string, init: { base?: string; headers?: Record<string, string> } = {}) =>
  signInAt(init.base ?? server.url, username, { password, ...(init.headers ? { headers: init.headers } : {}) });

const tokenOf = (username: string) => server.tokenOf(username);

/** Expects a 429 with the pt-BR message and a Retry-After in (0, max] seconds; @returns it. */
const expectLimited = async (answer: Response, max = 900) => {
  expect(answer.status).toBe(429);
  expect(await messageOf(answer)).toBe(RATE_LIMIT_MESSAGE);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(max);
  return retryAfter;
};

const addStudent = (code: string) => server.addStudent(code);

const bucketCount = async (bucket: string) => {
  const [row] = await server.db.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM rate_limit_events WHERE bucket = ${bucket}`,
  );
  return row!.n;
};

beforeEach(async () => {
  // Every test starts with no counted attempt (they all come from this machine's address).
  await server.db.rows(sql`DELETE FROM rate_limit_events`);
});

describe('configuration', () => {
  it('defaults to 5 per access code and 50 per address in 15 minutes, and reads the env', () => {
    expect(rateLimits({})).toEqual({ windowSeconds: 900, perCode: 5, perAddress: 50 });
    expect(
      rateLimits({ RATE_LIMIT_WINDOW_SECONDS: '60', RATE_LIMIT_PER_CODE: '3', RATE_LIMIT_PER_ADDRESS: '0' }),
    ).toEqual({ windowSeconds: 60, perCode: 3, perAddress: 0 });
    expect(rateLimits({ RATE_LIMIT_WINDOW_SECONDS: 'x', RATE_LIMIT_PER_CODE: '-1' })).toEqual(rateLimits({}));
  });
});

describe('POST /auth/token', () => {
  it('answers the 6th wrong password within 15 minutes with 429 and Retry-After, even with the right password', async () => {
    await addStudent('rl1');
    for (let i = 0; i < 5; i++) {
      const answer = await signIn('rl1', `errada-${i}`);
      expect(answer.status).toBe(401);
    }
    expect(await bucketCount('login:code:rl1')).toBe(5);
    const retryAfter = await expectLimited(await signIn('rl1', 'errada-6'));
    expect(retryAfter).toBeGreaterThan(890);
    // Guessing stops here: the right password is not even checked until the window passes.
    await expectLimited(await signIn('rl1', 'demo1234'));
    // Refused attempts are not counted (they do not push the unlock further away).
    expect(await bucketCount('login:code:rl1')).toBe(5);
  });

  it('limits an unknown access code exactly like a known one (same answers)', async () => {
    const known: [number, string][] = [];
    const unknown: [number, string][] = [];
    await addStudent('rl2');
    for (let i = 0; i < 5; i++) {
      const a = await signIn('rl2', 'errada');
      known.push([a.status, await messageOf(a)]);
      const b = await signIn('ninguem-rl2', 'errada');
      unknown.push([b.status, await messageOf(b)]);
    }
    expect(unknown).toEqual(known);
    await expectLimited(await signIn('rl2', 'errada'));
    await expectLimited(await signIn('ninguem-rl2', 'errada'));
  });

  it('clears the access code counter on a successful sign-in', async () => {
    await addStudent('rl3');
    for (let i = 0; i < 4; i++) expect((await signIn('rl3', 'errada')).status).toBe(401);
    await tokenOf('rl3');
    expect(await bucketCount('login:code:rl3')).toBe(0);
    for (let i = 0; i < 5; i++) expect((await signIn('rl3', 'errada')).status).toBe(401);
    await expectLimited(await signIn('rl3', 'errada'));
  });

  it('is a sliding window: an attempt is allowed again once Retry-After has passed', async () => {
    withEnv({ RATE_LIMIT_WINDOW_SECONDS: '2' });
    await addStudent('rl4');
    for (let i = 0; i < 5; i++) expect((await signIn('rl4', 'errada')).status).toBe(401);
    const retryAfter = await expectLimited(await signIn('rl4', 'errada'), 2);
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
    expect((await signIn('rl4', 'demo1234')).status).toBe(200);
  });

  it('has a budget per client address across access codes (the proxy header only with TRUST_PROXY=1)', async () => {
    withEnv({ RATE_LIMIT_PER_ADDRESS: '3' });
    for (const code of ['rl5a', 'rl5b', 'rl5c']) expect((await signIn(code, 'errada')).status).toBe(401);
    await expectLimited(await signIn('rl5d', 'errada'));
    // A forged X-Forwarded-For does not escape the limit by default…
    await expectLimited(await signIn('rl5d', 'errada', { headers: { 'x-forwarded-for': '203.0.113.9' } }));
    // …behind a trusted proxy it names the client, which then has its own budget.
    withEnv({ TRUST_PROXY: '1' });
    expect((await signIn('rl5d', 'errada', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(401);
    expect(await bucketCount('login:addr:203.0.113.9')).toBe(1);
  });

  it('shares its counters between two app instances on the same database', async () => {
    const second = serve({ fetch: createApp(server.db, { distDir: null }).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => second.once('listening', () => r()));
    onTestFinished(() => new Promise<void>((r) => second.close(() => r())));
    const secondBase = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
    await addStudent('rl6');
    for (let i = 0; i < 3; i++) expect((await signIn('rl6', 'errada')).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await signIn('rl6', 'errada', { base: secondBase })).status).toBe(401);
    await expectLimited(await signIn('rl6', 'errada'));
    await expectLimited(await signIn('rl6', 'errada', { base: secondBase }));
  });
});

describe('the client address behind trusted proxies (TRUST_PROXY)', () => {
  /** A random documentation address (203.0.113.0/24), as a client would forge. */
  const randomAddress = () => `203.0.113.${Math.floor(Math.random() * 254) + 1}`;

  it('parses a hop count, a list of proxies, and refuses anything else', () => {
    expect(trustedProxies(undefined).trust).toBeNull();
    expect(trustedProxies('0').trust).toBeNull();
    expect(trustedProxies('').error).toBeNull();
    const one = trustedProxies('1').trust!;
    expect([one('198.51.100.1', 0), one('198.51.100.1', 1)]).toEqual([true, false]);
    const list = trustedProxies('loopback, 10.0.0.0/8').trust!;
    expect([list('127.0.0.1', 0), list('10.9.8.7', 1), list('198.51.100.1', 1)]).toEqual([true, true, false]);
    for (const bad of ['true', 'yes', '10.0.0.0/99', '999']) {
      expect(trustedProxies(bad).trust, bad).toBeNull();
      expect(trustedProxies(bad).error, bad).toMatch(/TRUST_PROXY/);
    }
    expect(describeRateLimits({ TRUST_PROXY: '1' })).toMatch(/client address: X-Forwarded-For behind 1 trusted hop/);
  });

  it('with TRUST_PROXY=1 a forged first X-Forwarded-For entry does not lift the per-address limit', async () => {
    withEnv({ RATE_LIMIT_PER_ADDRESS: '3', TRUST_PROXY: '1' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      // The client writes any first entry; the one proxy in front appends the address it saw.
      const answer = await signIn(`rl13-${i}`, 'errada', {
        headers: { 'x-forwarded-for': `${randomAddress()}, 198.51.100.23` },
      });
      statuses.push(answer.status);
      if (answer.status === 429) await expectLimited(answer);
    }
    expect(statuses).toEqual([...Array<number>(3).fill(401), ...Array<number>(17).fill(429)]);
    expect(await bucketCount('login:addr:198.51.100.23')).toBe(3);
  });

  it('with TRUST_PROXY=2 (a CDN and a proxy) the client is the second entry from the right', async () => {
    withEnv({ RATE_LIMIT_PER_ADDRESS: '2', TRUST_PROXY: '2' });
    const xff = () => `${randomAddress()}, 198.51.100.24, 192.0.2.${Math.floor(Math.random() * 254) + 1}`;
    for (let i = 0; i < 2; i++) {
      expect((await signIn(`rl14-${i}`, 'errada', { headers: { 'x-forwarded-for': xff() } })).status).toBe(401);
    }
    await expectLimited(await signIn('rl14-x', 'errada', { headers: { 'x-forwarded-for': xff() } }));
    expect(await bucketCount('login:addr:198.51.100.24')).toBe(2);
  });

  it('with a list of proxies the client is the rightmost address not in it', async () => {
    withEnv({ RATE_LIMIT_PER_ADDRESS: '2', TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    const xff = () => `${randomAddress()}, 198.51.100.25, 10.1.2.${Math.floor(Math.random() * 254) + 1}`;
    for (let i = 0; i < 2; i++) {
      expect((await signIn(`rl15-${i}`, 'errada', { headers: { 'x-forwarded-for': xff() } })).status).toBe(401);
    }
    await expectLimited(await signIn('rl15-x', 'errada', { headers: { 'x-forwarded-for': xff() } }));
    expect(await bucketCount('login:addr:198.51.100.25')).toBe(2);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is invalid (true would trust the client)', async () => {
    withEnv({ RATE_LIMIT_PER_ADDRESS: '2', TRUST_PROXY: 'true' });
    for (let i = 0; i < 2; i++) {
      const headers = { 'x-forwarded-for': randomAddress() };
      expect((await signIn(`rl16-${i}`, 'errada', { headers })).status).toBe(401);
    }
    await expectLimited(await signIn('rl16-x', 'errada', { headers: { 'x-forwarded-for': randomAddress() } }));
  });

  it('counts an IPv6 client by its /64 prefix', async () => {
    withEnv({ RATE_LIMIT_PER_ADDRESS: '2', TRUST_PROXY: '1' });
    for (const [i, address] of ['2001:db8:1:2::a', '2001:0db8:0001:0002:ffff::b'].entries()) {
      expect((await signIn(`rl17-${i}`, 'errada', { headers: { 'x-forwarded-for': address } })).status).toBe(401);
    }
    await expectLimited(await signIn('rl17-x', 'errada', { headers: { 'x-forwarded-for': '2001:db8:1:2:3:4:5:6' } }));
    expect(await bucketCount('login:addr:2001:db8:1:2::/64')).toBe(2);
    expect((await signIn('rl17-y', 'errada', { headers: { 'x-forwarded-for': '2001:db8:1:3::a' } })).status).toBe(401);
  });
});

describe('POST /auth/resetPassword', () => {
  const base = (username: string) => ({ client_id: 'student-web', username, scope: 'BRA', challenge_type: 'email' });

  it('counts every code request: the 6th for one access code in the window gets 429', async () => {
    await addStudent('rl7');
    for (let i = 0; i < 5; i++) expect((await post('/auth/resetPassword', base('rl7'))).status).toBe(200);
    await expectLimited(await post('/auth/resetPassword', base('rl7')));
    // Unknown codes: same answers, same limit (no enumeration).
    for (let i = 0; i < 5; i++) expect((await post('/auth/resetPassword', base('ninguem-rl7'))).status).toBe(200);
    await expectLimited(await post('/auth/resetPassword', base('ninguem-rl7')));
    const [mails] = await server.db.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = 'rl7@exemplo.com.br'`,
    );
    expect(mails!.n).toBe(5);
  });

  it('answers the 6th wrong confirmation with 429', async () => {
    await addStudent('rl8');
    const confirm = (code: string) =>
      post('/auth/resetPassword', { ...base('rl8'), code, challenge_response: code, new_password: 'nova-senha-1' });
    for (let i = 0; i < 5; i++) expect((await confirm(`00000${i}`)).status).toBe(400);
    await expectLimited(await confirm('000009'));
  });
});

describe('signed-in calls', () => {
  it('POST /auth/changePassword: the 6th wrong current password gets 429, even with the right one', async () => {
    await addStudent('rl9');
    const token = await tokenOf('rl9');
    const change = (current: string) =>
      post('/auth/changePassword', { current_password: current, new_password: 'outra-senha-9' }, { token });
    for (let i = 0; i < 5; i++) expect((await change(`errada-${i}`)).status).toBe(400);
    await expectLimited(await change('errada-6'));
    await expectLimited(await change('demo1234'));
  });

  it('POST /users/self/delete: the 6th refused request gets 429 and nothing is deleted', async () => {
    await addStudent('rl10');
    const token = await tokenOf('rl10');
    for (let i = 0; i < 5; i++) {
      expect((await post('/users/self/delete', { deletionReason: 42 }, { token })).status).toBe(400);
    }
    await expectLimited(await post('/users/self/delete', { deletionReason: 'ok' }, { token }));
    const [row] = await server.db.rows<{ deleted_at: unknown }>(
      sql`SELECT deleted_at FROM users WHERE access_code = 'rl10'`,
    );
    expect(row!.deleted_at).toBeNull();
  });
});

/** Median of `xs`. */
/**
 * The lower quartile of a series of durations: what the work itself takes. Load from elsewhere on
 * the machine (Vitest runs files in parallel) only ever adds time, mostly to some samples, and
 * moved the medians of two equal series 20 % apart on a busy run; a path that skipped the
 * password hash (~tens of ms) still shows in every quartile.
 */
const lowerQuartile = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 4)]!;

/** Relative difference of two durations, 0…1. */
const spread = (a: number, b: number) => Math.abs(a - b) / Math.max(a, b);

describe('no account enumeration by timing', () => {
  it('a reset-code request for an unknown access code takes as long as for a real one (lower quartiles within 20 %)', async () => {
    withEnv({ RATE_LIMIT_PER_CODE: '0', RATE_LIMIT_PER_ADDRESS: '0' });
    await addStudent('rl12');
    const timed = async (username: string) => {
      const started = performance.now();
      const answer = await post('/auth/resetPassword', {
        client_id: 'student-web',
        username,
        scope: 'BRA',
        challenge_type: 'email',
      });
      const ms = performance.now() - started;
      expect(answer.status).toBe(200);
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 24; i++) {
      known.push(await timed('rl12'));
      unknown.push(await timed(`ninguem-rl12-${i}`));
    }
    const [k, u] = [lowerQuartile(known), lowerQuartile(unknown)];
    expect(spread(k, u), `lower quartiles: real code ${k} ms, unknown code ${u} ms`).toBeLessThan(0.2);
  });

  it('an unknown access code takes as long as a wrong password (lower quartiles within 20 %)', async () => {
    withEnv({ RATE_LIMIT_PER_CODE: '0', RATE_LIMIT_PER_ADDRESS: '0' });
    await addStudent('rl11');
    const timed = async (username: string) => {
      const started = performance.now();
      const answer = await signIn(username, 'senha-errada');
      const ms = performance.now() - started;
      expect(answer.status).toBe(401);
      return ms;
    };
    await timed('rl11'); // warm-up (first scrypt, first query plans)
    await timed('ninguem-rl11');
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so that load from elsewhere on the machine hits both series alike.
    for (let i = 0; i < 24; i++) {
      known.push(await timed('rl11'));
      unknown.push(await timed(`ninguem-rl11-${i}`));
    }
    const [k, u] = [lowerQuartile(known), lowerQuartile(unknown)];
    expect(spread(k, u), `lower quartiles: wrong password ${k} ms, unknown code ${u} ms`).toBeLessThan(0.2);
  });
});
