/**
 * Personal data kept where it belongs, over HTTP on a throwaway in-memory database: answers to a
 * signed-in request are `Cache-Control: no-store` (unless the route chose its own caching), a
 * password-reset code reaches the server's log only with `DEV_MAIL=1`, and `PUT /users/self`
 * honours its Idempotency-Key like the progress writes (one write, the answer replayed).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { UserResponse } from '../src/services/contract';
import { useTestServer, withEnv } from './test-support/harness';

const server = useTestServer();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Cache-Control of answers with personal data', () => {
  it('is no-store on every signed-in read and write, main API, ERP and 401 alike', async () => {
    const token = await server.tokenOf('demo');
    const erp = await server.erpTokenOf(token);
    const answers: [string, Response][] = [
      ['GET /users/self', await server.api('/api/v1/users/self', { token })],
      [
        'PUT /users/self',
        await server.api('/api/v1/users/self', { method: 'PUT', token, body: JSON.stringify({ name: 'Ana Demo' }) }),
      ],
      ['grades', await server.api('/api/v1/lms/student/grades', { token })],
      ['documents', await server.api('/api/v1/documents/attachments', { token })],
      ['cities', await server.api('/api/v1/cities?state=SP', { token })],
      ['ERP bills', await fetch(`${server.url}/api/erp/v1/bills`, { headers: { 'x-access-token': erp } })],
      ['a revoked token (401)', await server.api('/api/v1/users/self', { token: 'x'.repeat(40) })],
    ];
    for (const [name, answer] of answers) {
      expect(answer.status, name).toBeLessThan(500);
      expect(answer.headers.get('cache-control'), name).toBe('no-store');
    }
  });

  it('leaves a route’s own caching alone, and public answers without a token as they were', async () => {
    const token = await server.tokenOf('demo');
    const media = await server.api('/api/files/media/embed.html', { token });
    expect(media.headers.get('cache-control')).toBe('public, max-age=3600');
    const platform = await fetch(`${server.url}/api/v1/platforms/localhost`);
    expect(platform.status).toBe(200);
    expect(platform.headers.get('cache-control')).toBeNull();
  });
});

describe('password-reset codes in the log', () => {
  /** Asks a reset code for a fresh student; @returns what the server printed, and the code mailed. */
  async function resetLog(code: string): Promise<{ printed: string; mailed: string }> {
    await server.addStudent(code);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const answer = await server.api('/api/v1/auth/resetPassword', {
      method: 'POST',
      body: JSON.stringify({ client_id: 'student-web', username: code, scope: 'BRA', challenge_type: 'email' }),
    });
    expect(answer.status).toBe(200);
    const printed = log.mock.calls.map((call) => call.join(' ')).join('\n');
    log.mockRestore();
    const [mail] = await server.db.rows<{ body: string }>(
      sql`SELECT body FROM mail_outbox WHERE to_address = ${`${code}@exemplo.com.br`} ORDER BY id DESC LIMIT 1`,
    );
    return { printed, mailed: /(\d{6})/.exec(mail!.body)![1]! };
  }

  it('are not printed by default: the mail is logged without its body', async () => {
    withEnv({ DEV_MAIL: undefined, NODE_ENV: undefined });
    const { printed, mailed } = await resetLog('logcode1');
    expect(printed).toContain('[mail] to=logcode1@exemplo.com.br');
    expect(printed).not.toContain(mailed);
    expect(printed).not.toMatch(/\d{6}/);
  });

  it('are printed with DEV_MAIL=1 (the demo switch), never with NODE_ENV=production', async () => {
    withEnv({ DEV_MAIL: '1', NODE_ENV: undefined });
    const shown = await resetLog('logcode2');
    expect(shown.printed).toContain(shown.mailed);
    withEnv({ DEV_MAIL: '1', NODE_ENV: 'production' });
    const hidden = await resetLog('logcode3');
    expect(hidden.printed).not.toContain(hidden.mailed);
  });
});

describe('PUT /users/self with an Idempotency-Key', () => {
  it('writes once and replays the first answer to a resend; another body with the key is 422', async () => {
    await server.addStudent('idemself1');
    const token = await server.tokenOf('idemself1');
    const put = (name: string) =>
      server.api('/api/v1/users/self', {
        method: 'PUT',
        token,
        headers: { 'Idempotency-Key': 'self-1' },
        body: JSON.stringify({ name }),
      });
    const first = await put('Primeiro Nome');
    expect(first.status).toBe(200);
    const answer = v.parse(UserResponse, await first.json()).data;
    expect(answer.name).toBe('Primeiro Nome');
    // Changed since (another device): a resend of the first write must not apply it again.
    await server.db.rows(sql`UPDATE users SET name = 'Mudado Depois' WHERE access_code = 'idemself1'`);
    const resend = await put('Primeiro Nome');
    expect(resend.status).toBe(200);
    expect(resend.headers.get('idempotent-replayed')).toBe('true');
    expect(v.parse(UserResponse, await resend.json()).data).toEqual(answer);
    const [row] = await server.db.rows<{ name: string }>(sql`SELECT name FROM users WHERE access_code = 'idemself1'`);
    expect(row!.name).toBe('Mudado Depois');
    expect((await put('Outro Nome')).status).toBe(422);
    const [keys] = await server.db.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'self-1'`,
    );
    expect(keys!.n).toBe(1);
  });
});
