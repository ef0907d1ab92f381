/**
 * Account security (docs/product.md §3 reset payloads, deletionReason; §5 email code challenge;
 * §7 POST /auth/resetPassword, /auth/changePassword, /users/self/delete) over HTTP on a
 * throwaway in-memory database: the code request is enumeration-safe, codes are stored hashed,
 * expire, refuse wrong tries and lock after too many; a reset changes the password (old fails,
 * new works) and revokes sessions; change password checks the current one and keeps only the
 * current session; a deleted account cannot sign in; the signed-in calls answer 401 without a token.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import {
  ChangePasswordResponse,
  DeleteAccountResponse,
  DevMailListResponse,
  ResetPasswordResponse,
} from '../src/services/contract';
import { DEMO_PASSWORD, messageOf, useTestServer } from './test-support/harness';
import {
  ACCOUNT_DELETED_MESSAGE,
  CHANGE_PASSWORD_MESSAGES,
  MAX_CODE_ATTEMPTS,
  PASSWORD_TOO_SHORT_MESSAGE,
  RESET_MESSAGES,
  RESET_CODE_REFUSED,
} from './routes/account';
import { seedAccount } from './seed-account';

// These tests read the e-mailed codes in the dev mail outbox, off unless DEV_MAIL=1.
const server = useTestServer({ env: { DEV_MAIL: '1' } });

const post = (path: string, body: unknown, token?: string) =>
  server.api(`/api/v1${path}`, { method: 'POST', body: JSON.stringify(body), token: token ?? null });

const signIn = (username: string, password: string) => server.signIn(username, { password });

const tokenOf = (username: string, password = DEMO_PASSWORD) => server.tokenOf(username, { password });

const base = (username: string) => ({ client_id: 'student-web', username, scope: 'BRA', challenge_type: 'email' });
const requestCode = (username: string) => post('/auth/resetPassword', base(username));
const confirm = (username: string, code: string, newPassword: string) =>
  post('/auth/resetPassword', { ...base(username), code, challenge_response: code, new_password: newPassword });

const usersSelf = (token: string) => server.api('/api/v1/users/self', { token });

const mailTo = async (address: string) => {
  const answer = await fetch(`${server.url}/api/dev/mail?to=${encodeURIComponent(address)}`);
  expect(answer.status).toBe(200);
  return v.parse(DevMailListResponse, await answer.json()).data;
};

const latestCode = async (address: string) => {
  const [mail] = await mailTo(address);
  const code = /(\d{6})/.exec(mail?.body ?? '')?.[1];
  expect(code).toBeDefined();
  return code!;
};

const errorOf = messageOf;

describe('seed', () => {
  it('has the throwaway students reset1 and apagar1 and is idempotent', async () => {
    await tokenOf('reset1');
    await tokenOf('apagar1');
    expect(await seedAccount(server.db)).toBe(false);
  });
});

describe('POST /auth/resetPassword (request a code)', () => {
  it('answers the same 200 for a known and an unknown access code, and mails only the known one', async () => {
    await server.addStudent('enum1');
    const known = await requestCode('enum1');
    const unknown = await requestCode('ninguem-aqui');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = v.parse(ResetPasswordResponse, await known.json());
    const unknownBody = v.parse(ResetPasswordResponse, await unknown.json());
    expect(knownBody).toEqual(unknownBody);
    expect(knownBody.data).toEqual({ status: 'code_sent', message: RESET_MESSAGES.codeSent });
    expect(await mailTo('enum1@exemplo.com.br')).toHaveLength(1);
    expect(await mailTo('ninguem-aqui@exemplo.com.br')).toHaveLength(0);
  });

  it('stores the code only as a hash', async () => {
    await server.addStudent('hash1');
    await requestCode('hash1');
    const code = await latestCode('hash1@exemplo.com.br');
    const rows = await server.db.rows<{ code_hash: string; code_salt: string }>(sql`
      SELECT code_hash, code_salt FROM password_reset_codes p JOIN users u ON u.id = p.user_id
      WHERE u.access_code = 'hash1'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses another country or challenge type (always BRA, email) with 400', async () => {
    expect((await post('/auth/resetPassword', { ...base('reset1'), scope: 'ANG' })).status).toBe(400);
    expect((await post('/auth/resetPassword', { ...base('reset1'), challenge_type: 'sms' })).status).toBe(400);
    expect((await post('/auth/resetPassword', { ...base(''), username: '' })).status).toBe(400);
  });
});

describe('POST /auth/resetPassword (set the password)', () => {
  it('changes the password with the right code: the old one fails, the new one works, sessions end', async () => {
    await server.addStudent('ok1');
    const oldSession = await tokenOf('ok1');
    await requestCode('ok1');
    const code = await latestCode('ok1@exemplo.com.br');
    const answer = await confirm('ok1', code, 'nova-senha-1');
    expect(answer.status).toBe(200);
    expect(v.parse(ResetPasswordResponse, await answer.json()).data.status).toBe('password_reset');
    expect((await signIn('ok1', 'demo1234')).status).toBe(401);
    await tokenOf('ok1', 'nova-senha-1');
    expect((await usersSelf(oldSession)).status).toBe(401);
    // The code is used up.
    const again = await confirm('ok1', code, 'outra-senha-2');
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toBe(RESET_MESSAGES.noCode);
  });

  it('refuses a wrong code with a clear message, then locks the code after too many tries', async () => {
    await server.addStudent('wrong1');
    // The code's own lock, under a per-code rate limit wider than the default 5 (server/rate-limit.ts).
    process.env.RATE_LIMIT_PER_CODE = '10';
    onTestFinished(() => {
      delete process.env.RATE_LIMIT_PER_CODE;
    });
    await requestCode('wrong1');
    const code = await latestCode('wrong1@exemplo.com.br');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
      const answer = await confirm('wrong1', wrong, 'nova-senha-1');
      expect(answer.status).toBe(400);
      expect(await errorOf(answer)).toBe(RESET_MESSAGES.wrongCode);
    }
    const last = await confirm('wrong1', wrong, 'nova-senha-1');
    expect(await errorOf(last)).toBe(RESET_MESSAGES.locked);
    // Even the right code no longer works.
    const right = await confirm('wrong1', code, 'nova-senha-1');
    expect(right.status).toBe(400);
    expect(await errorOf(right)).toBe(RESET_MESSAGES.noCode);
    await tokenOf('wrong1');
  });

  it('refuses an expired code', async () => {
    await server.addStudent('exp1');
    await requestCode('exp1');
    const code = await latestCode('exp1@exemplo.com.br');
    await server.db.rows(sql`
      UPDATE password_reset_codes SET expires_at = now() - interval '1 second'
      WHERE user_id = (SELECT id FROM users WHERE access_code = 'exp1')`);
    const answer = await confirm('exp1', code, 'nova-senha-1');
    expect(answer.status).toBe(400);
    expect(await errorOf(answer)).toBe(RESET_MESSAGES.noCode);
  });

  it('uses RESET_CODE_TTL_SECONDS for the lifetime of a new code', async () => {
    await server.addStudent('ttl1');
    process.env.RESET_CODE_TTL_SECONDS = '60';
    try {
      await requestCode('ttl1');
    } finally {
      delete process.env.RESET_CODE_TTL_SECONDS;
    }
    const [row] = await server.db.rows<{ seconds: number }>(sql`
      SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM password_reset_codes
      WHERE user_id = (SELECT id FROM users WHERE access_code = 'ttl1')`);
    expect(row!.seconds).toBe(60);
  });

  it('keeps only the newest code', async () => {
    await server.addStudent('two1');
    await requestCode('two1');
    const first = await latestCode('two1@exemplo.com.br');
    await requestCode('two1');
    const second = await latestCode('two1@exemplo.com.br');
    if (first !== second) expect((await confirm('two1', first, 'nova-senha-1')).status).toBe(400);
    expect((await confirm('two1', second, 'nova-senha-1')).status).toBe(200);
  });

  it('a wrong code for a real account answers exactly like any code for an unknown one (no enumeration)', async () => {
    await server.addStudent('enumreset1');
    await requestCode('enumreset1');
    await requestCode('ninguem-enumreset');
    const real = await confirm('enumreset1', '999999', 'nova-senha-1');
    const unknown = await confirm('ninguem-enumreset', '999999', 'nova-senha-1');
    expect([real.status, unknown.status]).toEqual([400, 400]);
    const [a, b] = [await errorOf(real), await errorOf(unknown)];
    expect(a).toBe(b);
    expect(a).toBe(RESET_CODE_REFUSED);
  });

  it('answers an unknown student like a missing code, and a short password with its rule', async () => {
    const unknown = await confirm('ninguem-aqui', '123456', 'nova-senha-1');
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toBe(RESET_MESSAGES.noCode);
    const short = await confirm('reset1', '123456', 'curta');
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toBe(PASSWORD_TOO_SHORT_MESSAGE);
  });
});

describe('POST /auth/changePassword', () => {
  it('needs a session (401)', async () => {
    expect((await post('/auth/changePassword', { current_password: 'x', new_password: 'nova-senha-1' })).status).toBe(
      401,
    );
  });

  it('checks the current password, then changes it and revokes only the other sessions', async () => {
    await server.addStudent('chg1');
    const other = await tokenOf('chg1');
    const current = await tokenOf('chg1');
    const wrong = await post(
      '/auth/changePassword',
      { current_password: 'errada', new_password: 'nova-senha-1' },
      current,
    );
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe(CHANGE_PASSWORD_MESSAGES.wrongCurrent);
    const short = await post('/auth/changePassword', { current_password: 'demo1234', new_password: 'curta' }, current);
    expect(await errorOf(short)).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    const ok = await post(
      '/auth/changePassword',
      { current_password: 'demo1234', new_password: 'nova-senha-1' },
      current,
    );
    expect(ok.status).toBe(200);
    v.parse(ChangePasswordResponse, await ok.json());
    expect((await usersSelf(current)).status).toBe(200);
    expect((await usersSelf(other)).status).toBe(401);
    expect((await signIn('chg1', 'demo1234')).status).toBe(401);
    await tokenOf('chg1', 'nova-senha-1');
  });
});

describe('POST /users/self/delete', () => {
  it('needs a session (401)', async () => {
    expect((await post('/users/self/delete', {})).status).toBe(401);
  });

  it('deletes the account: tokens revoked, sign-in refused with a clear message, no reset code', async () => {
    await server.addStudent('del1');
    const token = await tokenOf('del1');
    const answer = await post('/users/self/delete', { deletionReason: 'Não uso mais' }, token);
    expect(answer.status).toBe(200);
    v.parse(DeleteAccountResponse, await answer.json());
    expect((await usersSelf(token)).status).toBe(401);
    const refused = await signIn('del1', 'demo1234');
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(ACCOUNT_DELETED_MESSAGE);
    // Wrong password: the usual answer (deletion is not revealed).
    expect((await signIn('del1', 'errada')).status).toBe(401);
    await requestCode('del1');
    expect(await mailTo('del1@exemplo.com.br')).toHaveLength(0);
    const [row] = await server.db.rows<{ deletion_reason: string }>(sql`
      SELECT deletion_reason FROM users WHERE access_code = 'del1'`);
    expect(row!.deletion_reason).toBe('Não uso mais');
  });

  it('accepts no reason at all', async () => {
    await server.addStudent('del2');
    const token = await tokenOf('del2');
    expect((await post('/users/self/delete', {}, token)).status).toBe(200);
  });
});

describe('GET /api/dev/mail', () => {
  const outbox = () => fetch(`${server.url}/api/dev/mail?to=reset1@exemplo.com.br`);
  const expireCodes = () =>
    fetch(`${server.url}/api/dev/mail/expire-codes?to=reset1@exemplo.com.br`, { method: 'POST' });
  const withEnv = async (env: Record<string, string | undefined>, run: () => Promise<void>) => {
    const saved = { DEV_MAIL: process.env.DEV_MAIL, NODE_ENV: process.env.NODE_ENV };
    Object.assign(process.env, env);
    for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name];
    try {
      await run();
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  };

  it('needs a recipient and is on with DEV_MAIL=1', async () => {
    expect((await fetch(`${server.url}/api/dev/mail`)).status).toBe(400);
    expect((await outbox()).status).toBe(200);
  });

  it('is off (404) unless DEV_MAIL=1: the default configuration shows no reset code to anyone', async () => {
    await withEnv({ DEV_MAIL: undefined, NODE_ENV: undefined }, async () => {
      expect((await outbox()).status).toBe(404);
      expect((await expireCodes()).status).toBe(404);
    });
    await withEnv({ DEV_MAIL: '0' }, async () => {
      expect((await outbox()).status).toBe(404);
    });
  });

  it('never answers with NODE_ENV=production, even with DEV_MAIL=1', async () => {
    await withEnv({ DEV_MAIL: '1', NODE_ENV: 'production' }, async () => {
      expect((await outbox()).status).toBe(404);
      expect((await expireCodes()).status).toBe(404);
    });
  });
});
