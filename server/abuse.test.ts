/**
 * Abuse resistance of the reference API over HTTP on a throwaway database:
 * - tokens die with the session: the hub's ERP token (and the one-time LXP SSO token) stop
 *   working after logout, a password change that signs that session out, a password reset and
 *   account deletion;
 * - an Idempotency-Key is bound to its request: the same key with another request is 422,
 *   nothing replayed, nothing lost;
 * - hostile input (the probes) is a 4xx, never a 500, and never reaches the database;
 * - production switches: the dev mail outbox, the demo payment and the widget stand-ins;
 * - source maps are never served.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { DevMailListResponse } from '../src/services/contract';
import { createApp, isDataException } from './app';
import { DEMO_PASSWORD, messageOf, useTestServer, withEnv, type ApiInit } from './test-support/harness';
import { describeDemoFeatures, demoFeatures } from './features';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from './http';
import { INPUT_MESSAGES, MAX_JSON_DEPTH } from './input-guard';

// Many sign-ins from one address: the limits are tested in rate-limit.test.ts.
const server = useTestServer({ env: { RATE_LIMIT_PER_ADDRESS: '0' } });

const api = (path: string, init: ApiInit = {}) => server.api(path, init);
const post = (path: string, body: unknown, token?: string) =>
  api(`/api/v1${path}`, { method: 'POST', body: JSON.stringify(body), token: token ?? null });

const tokenOf = (username: string, password = DEMO_PASSWORD) => server.tokenOf(username, { password });

const erpTokenOf = (session: string) => server.erpTokenOf(session);
const billsStatus = async (erpToken: string) =>
  (await fetch(`${server.url}/api/erp/v1/bills`, { headers: { 'X-Access-Token': erpToken } })).status;

/** A fresh student: access code `code`, password demo1234 (optionally an LXP student). */
const addStudent = (code: string, lxp = false) => server.addStudent(code, { lxp });

describe('tokens die with the session', () => {
  it('logout: the ERP token of that session no longer reads /bills', async () => {
    await addStudent('tk1');
    const session = await tokenOf('tk1');
    const erp = await erpTokenOf(session);
    expect(await billsStatus(erp)).toBe(200);
    expect((await api('/api/v1/auth/logout', { method: 'POST', token: session })).status).toBe(204);
    expect(await billsStatus(erp)).toBe(401);
  });

  it('password change: ERP tokens of the sessions it signs out die; the current session keeps its own', async () => {
    await addStudent('tk2');
    const other = await tokenOf('tk2');
    const current = await tokenOf('tk2');
    const otherErp = await erpTokenOf(other);
    const currentErp = await erpTokenOf(current);
    const changed = await post(
      '/auth/changePassword',
      { current_password: 'demo1234', new_password: 'nova-senha-2' },
      current,
    );
    expect(changed.status).toBe(200);
    expect(await billsStatus(otherErp)).toBe(401);
    expect(await billsStatus(currentErp)).toBe(200);
  });

  it('password reset: every ERP token of the student dies', async () => {
    withEnv({ DEV_MAIL: '1' });
    await addStudent('tk3');
    const erp = await erpTokenOf(await tokenOf('tk3'));
    const base = { client_id: 'student-web', username: 'tk3', scope: 'BRA', challenge_type: 'email' };
    expect((await post('/auth/resetPassword', base)).status).toBe(200);
    const mails = v.parse(
      DevMailListResponse,
      await (await fetch(`${server.url}/api/dev/mail?to=tk3%40exemplo.com.br`)).json(),
    ).data;
    const code = /(\d{6})/.exec(mails[0]!.body)![1]!;
    const reset = await post('/auth/resetPassword', {
      ...base,
      code,
      challenge_response: code,
      new_password: 'nova-senha-3',
    });
    expect(reset.status).toBe(200);
    expect(await billsStatus(erp)).toBe(401);
  });

  it('account deletion: the ERP token dies with the account', async () => {
    await addStudent('tk4');
    const session = await tokenOf('tk4');
    const erp = await erpTokenOf(session);
    expect(await billsStatus(erp)).toBe(200);
    expect((await post('/users/self/delete', { deletionReason: 'teste' }, session)).status).toBe(200);
    expect(await billsStatus(erp)).toBe(401);
  });

  it('logout: an unspent one-time LXP sign-on token of that session is refused', async () => {
    await addStudent('tk5', true);
    const session = await tokenOf('tk5');
    const sso = await post('/auth/sso/lxp', {}, session);
    expect(sso.status).toBe(201);
    const { url } = ((await sso.json()) as { data: { url: string } }).data;
    const token = new URL(url).searchParams.get('token')!;
    expect((await api('/api/v1/auth/logout', { method: 'POST', token: session })).status).toBe(204);
    const spent = await fetch(`${server.url}/api/newlms/v1/sso/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(spent.status).toBe(401);
  });
});

describe('Idempotency-Key bound to its request', () => {
  it('refuses the same key on another request with 422: nothing replayed, nothing dropped', async () => {
    await addStudent('idem1');
    const token = await tokenOf('idem1');
    const key = 'idem1-key';
    const start2 = () =>
      api('/api/v1/lms/learningObjects/2/start?lesson_id=1', {
        method: 'PUT',
        token,
        headers: { 'Idempotency-Key': key },
      });
    const first = await start2();
    expect(first.status).toBe(200);
    const end3 = (idempotencyKey: string) =>
      api('/api/v1/lms/learningObjects/3/end', {
        method: 'PUT',
        token,
        headers: { 'Idempotency-Key': idempotencyKey },
        body: JSON.stringify({ lesson_id: 1, data: { seconds: 5 } }),
      });
    const reused = await end3(key);
    expect(reused.status).toBe(422);
    expect(reused.headers.get('idempotent-replayed')).toBeNull();
    expect(await messageOf(reused)).toBe(IDEMPOTENCY_MISMATCH_MESSAGE);
    const lo3 = async () =>
      (
        (await (await api('/api/v1/lms/learningObjects/3?lesson_id=1', { token })).json()) as {
          data: { status: string };
        }
      ).data.status;
    expect(await lo3()).not.toBe('completed');
    // The same request again is still the replay of the first answer.
    const again = await start2();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    // The refused write is not lost: the client sends it with its own key and it is applied once.
    expect((await end3('idem1-other-key')).status).toBe(200);
    expect(await lo3()).toBe('completed');
    const [events] = await server.db.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM progress_events p JOIN users u ON u.id = p.user_id
      WHERE u.access_code = 'idem1' AND p.learning_object_id = 3 AND p.kind = 'end'`);
    expect(events!.n).toBe(1);
  });

  it('binds the key to the query too (another lesson_id is another request)', async () => {
    await addStudent('idem2');
    const token = await tokenOf('idem2');
    const start = (lesson: number) =>
      api(`/api/v1/lms/learningObjects/2/start?lesson_id=${lesson}`, {
        method: 'PUT',
        token,
        headers: { 'Idempotency-Key': 'idem2-key' },
      });
    expect((await start(1)).status).toBe(200);
    expect((await start(2)).status).toBe(422);
  });
});

describe('bad input is a 4xx, never a 500', () => {
  let token: string;
  beforeAll(async () => {
    await addStudent('bad1');
    token = await tokenOf('bad1');
  });

  const raw = (path: string, body: string, method = 'POST', auth = true) =>
    api(path, { method, body, ...(auth ? { token } : {}), headers: { 'content-type': 'application/json' } });

  it('refuses NUL in a username, a name, an address, a deletion reason and a JSON key (400), storing nothing', async () => {
    const probes: [string, string, string?][] = [
      [
        '/api/v1/auth/token',
        '{"client_id":"w","grant_type":"password","username":"de\\u0000mo","password":"x","scope":"BRA"}',
      ],
      ['/api/v1/users/self', '{"name":"Ana\\u0000Souza"}', 'PUT'],
      [
        '/api/v1/users/self',
        '{"address":{"cep":"01310100","street":"Av\\u0000","number":"1","complement":null,"district":"B","city":"São Paulo","state":"SP"}}',
        'PUT',
      ],
      ['/api/v1/users/self/delete', '{"deletionReason":"motivo\\u0000"}'],
      [
        '/api/v1/auth/token',
        '{"client_id":"w","grant_type":"password","username":"demo","password":"x","scope":"BRA","k\\u0000":1}',
      ],
      ['/api/v1/auth/resetPassword', '{"client_id":"w","username":"\\u0000","scope":"BRA","challenge_type":"email"}'],
    ];
    for (const [path, body, method] of probes) {
      const answer = await raw(path, body, method);
      expect(answer.status, `${method ?? 'POST'} ${path} ${body}`).toBe(400);
      expect(await messageOf(answer)).toBe(INPUT_MESSAGES.badText);
    }
    const [row] = await server.db.rows<{ name: string; deleted_at: unknown }>(
      sql`SELECT name, deleted_at FROM users WHERE access_code = 'bad1'`,
    );
    expect(row).toEqual({ name: 'Aluno bad1', deleted_at: null });
  });

  it('refuses lone surrogates (400) and keeps well-formed astral characters', async () => {
    for (const body of ['{"name":"\\ud800"}', '{"name":"a\\udc00b"}', '{"\\udbff":"x"}']) {
      const answer = await raw('/api/v1/users/self', body, 'PUT');
      expect(answer.status, body).toBe(400);
    }
    const fine = await raw('/api/v1/users/self', '{"name":"Ana \\ud83d\\ude00"}', 'PUT');
    expect(fine.status).toBe(200);
  });

  it('refuses an X-Client-Timestamp in year 0, −1, 10000, before 2000 or unreadable (400)', async () => {
    for (const stamp of [
      '0000-01-01T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '+010000-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      'ontem',
    ]) {
      const answer = await api('/api/v1/lms/learningObjects/1/start?lesson_id=1', {
        method: 'PUT',
        token,
        headers: { 'X-Client-Timestamp': stamp },
      });
      expect(answer.status, stamp).toBe(400);
    }
    const ok = await api('/api/v1/lms/learningObjects/1/start?lesson_id=1', {
      method: 'PUT',
      token,
      headers: { 'X-Client-Timestamp': new Date(Date.now() - 60_000).toISOString() },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses learning-object end data nested 5 000 levels deep (400) and deeper than the limit', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    for (const depth of [5_000, 100_000, MAX_JSON_DEPTH]) {
      const answer = await raw(
        '/api/v1/lms/learningObjects/1/end',
        `{"lesson_id":1,"data":{"x":${nested(depth)}}}`,
        'PUT',
      );
      expect(answer.status, `depth ${depth}`).toBe(400);
    }
    const shallow = await raw('/api/v1/lms/learningObjects/1/end', `{"lesson_id":1,"data":{"x":${nested(10)}}}`, 'PUT');
    expect(shallow.status).toBe(200);
  });

  it('answers 413 to progress data over 64 KB (50 MB included) and to other JSON bodies over 1 MB', async () => {
    const end = (bytes: number) =>
      raw(
        '/api/v1/lms/learningObjects/1/end',
        JSON.stringify({ lesson_id: 1, data: { blob: 'x'.repeat(bytes) } }),
        'PUT',
      );
    const huge = await end(50 * 1024 * 1024);
    expect(huge.status).toBe(413);
    expect(await messageOf(huge)).toBe(INPUT_MESSAGES.tooLarge);
    const over = await end(65 * 1024);
    expect(over.status).toBe(413);
    expect(await messageOf(over)).toBe(INPUT_MESSAGES.progressTooLarge);
    expect((await end(60 * 1024)).status).toBe(200);
    const big = await raw('/api/v1/users/self', JSON.stringify({ name: 'x'.repeat(1024 * 1024) }), 'PUT');
    expect(big.status).toBe(413);
    // Without Content-Length (streamed), the limit holds too.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(100 * 1024)));
        controller.close();
      },
    });
    const streamed = await fetch(`${server.url}/api/v1/users/self`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('answers /platforms/%00 and malformed escapes in paths or queries with 400', async () => {
    for (const path of [
      '/api/v1/platforms/%00',
      '/api/v1/platforms/%ED%A0%80',
      '/api/v1/platforms/%E0%A4%A',
      '/api/v1/platforms/1/settings%00',
      '/api/v2/lms/courses?search=%00',
      '/api/v2/lms/courses?search=%E0%A4%A',
    ]) {
      const answer = await api(path, { token });
      expect(answer.status, path).toBe(400);
    }
  });

  it('recognises a database data exception (the safety net answers it 400) and nothing else', async () => {
    const failure = (query: ReturnType<typeof sql>) =>
      server.db.rows(query).then(
        () => null,
        (error: unknown) => error,
      );
    expect(isDataException(await failure(sql`SELECT '2024-13-45'::date`))).toBe(true);
    expect(isDataException(await failure(sql`SELECT ${'a\u0000b'}::text`))).toBe(true);
    expect(isDataException(await failure(sql`SELECT * FROM no_such_table`))).toBe(false);
    expect(isDataException(new Error('boom'))).toBe(false);
  });
});

describe('production switches', () => {
  it('defaults: dev mail off, demo payments and stand-ins on; production: all off, the outbox for good', () => {
    expect(demoFeatures({})).toEqual({ devMail: false, demoPayments: true, standins: true });
    expect(demoFeatures({ DEV_MAIL: '1' })).toEqual({ devMail: true, demoPayments: true, standins: true });
    expect(demoFeatures({ NODE_ENV: 'production' })).toEqual({ devMail: false, demoPayments: false, standins: false });
    expect(demoFeatures({ NODE_ENV: 'production', DEV_MAIL: '1', DEMO_PAYMENTS: '1', STANDINS: '1' })).toEqual({
      devMail: false,
      demoPayments: true,
      standins: true,
    });
    expect(describeDemoFeatures({ NODE_ENV: 'production', DEV_MAIL: '1' })).toMatch(
      /dev mail outbox .* off \(DEV_MAIL=1 ignored.*demo payments .* off .*widget stand-ins .* off/,
    );
  });

  it('with NODE_ENV=production the outbox, the demo payment and the stand-ins answer 404 unless forced', async () => {
    const erp = await erpTokenOf(await tokenOf('demo'));
    withEnv({ NODE_ENV: 'production', DEV_MAIL: '1', DEMO_PAYMENTS: undefined, STANDINS: undefined });
    const markPaid = () =>
      fetch(`${server.url}/api/erp/v1/demo/charges/ABCDEF123/mark-paid`, {
        method: 'POST',
        headers: { 'x-access-token': erp },
      });
    expect((await fetch(`${server.url}/api/dev/mail?to=demo%40exemplo.com.br`)).status).toBe(404);
    const paid = await markPaid();
    expect(paid.status).toBe(404);
    expect(await messageOf(paid)).toBe('Recurso não encontrado.');
    expect((await fetch(`${server.url}/api/standins/chatbot.js`)).status).toBe(404);
    withEnv({ DEMO_PAYMENTS: '1', STANDINS: '1' });
    // Forced on: the endpoint answers (an unknown txid is its own 404).
    expect(await messageOf(await markPaid())).toBe('Cobrança não encontrada.');
    expect((await fetch(`${server.url}/api/standins/chatbot.js`)).status).toBe(200);
  });
});

describe('source maps', () => {
  it('are never served from the built app, even when the build kept them', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-maps-'));
    onTestFinished(() => rmSync(dist, { recursive: true, force: true }));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(dist, 'csp.json'), JSON.stringify({ scriptHashes: [], headers: {} }));
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1);\n');
    writeFileSync(join(dist, 'assets', 'app.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    writeFileSync(join(dist, 'sw.js.map'), '{"version":3}');
    const app = createApp(server.db, { distDir: dist });
    expect((await app.request('/assets/app.js')).status).toBe(200);
    for (const path of ['/assets/app.js.map', '/sw.js.map', '/assets/missing.js.map']) {
      const answer = await app.request(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).not.toContain('sources');
    }
  });
});
