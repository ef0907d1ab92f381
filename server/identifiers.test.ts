/**
 * One form per access code (server/identifiers.ts) over HTTP on a throwaway database: padded,
 * cased, composed (NFC) and decomposed (NFD) spellings of one code reach the same account and
 * share one rate-limit bucket, for sign-in and for both steps of the password reset; a padded
 * code with the right password is refused while its account is locked.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiAt, messageOf, signInAt, useTestServer } from './test-support/harness';
import { normaliseAccessCode } from './identifiers';
import { RATE_LIMIT_MESSAGE } from './rate-limit';

const server = useTestServer();

const signIn = (username: string, password = 'errada') => signInAt(server.url, username, { password });

const resetRequest = (username: string) =>
  apiAt(server.url, '/api/v1/auth/resetPassword', {
    method: 'POST',
    body: JSON.stringify({ client_id: 'student-web', username, scope: 'BRA', challenge_type: 'email' }),
  });

const resetConfirm = (username: string, code: string) =>
  apiAt(server.url, '/api/v1/auth/resetPassword', {
    method: 'POST',
    body: JSON.stringify({
      client_id: 'student-web',
      username,
      scope: 'BRA',
      challenge_type: 'email',
      code,
      challenge_response: code,
      new_password: 'nova-senha-1',
    }),
  });

const expectLimited = async (answer: Response) => {
  expect(answer.status).toBe(429);
  expect(await messageOf(answer)).toBe(RATE_LIMIT_MESSAGE);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
};

const bucketCount = async (bucket: string) => {
  const [row] = await server.db.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM rate_limit_events WHERE bucket = ${bucket}`,
  );
  return row!.n;
};

const mailsTo = async (address: string) => {
  const [row] = await server.db.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = ${address}`,
  );
  return row!.n;
};

/** `joão` composed (NFC, as stored) and decomposed (NFD: `a` + combining tilde). */
const NFC = 'jo\u00e3o';
const NFD = 'joa\u0303o';

beforeEach(async () => {
  await server.db.rows(sql`DELETE FROM rate_limit_events`);
});

describe('normaliseAccessCode', () => {
  it('trims, lower-cases, composes and drops invisible code points', () => {
    for (const spelling of [
      'demo',
      '  demo',
      'demo  ',
      '\tDEMO\n',
      'Demo',
      '\u00a0demo\u3000',
      '\u200bde\u00admo\ufeff',
    ]) {
      expect(normaliseAccessCode(spelling), JSON.stringify(spelling)).toBe('demo');
    }
    for (const spelling of [NFC, NFD, NFC.toUpperCase(), NFD.toUpperCase(), ` ${NFD} `]) {
      expect(normaliseAccessCode(spelling), JSON.stringify(spelling)).toBe(NFC);
    }
    expect(normaliseAccessCode('   ')).toBe('');
    expect(normaliseAccessCode('aluno 7')).toBe('aluno 7');
  });

  it('leaves every seeded access code as it is stored (the demo sign-ins keep working)', async () => {
    const codes = (await server.db.rows<{ access_code: string }>(sql`SELECT access_code FROM users`)).map(
      (r) => r.access_code,
    );
    expect(codes).toEqual(expect.arrayContaining(['demo', 'maratona', 'escola']));
    expect(codes.filter((code) => normaliseAccessCode(code) !== code)).toEqual([]);
  });
});

describe('POST /auth/token', () => {
  it('signs any spelling of a code in to its one account', async () => {
    await server.addStudent(NFC);
    for (const spelling of [NFC, NFD, ` ${NFD.toUpperCase()} `, '  DEMO', 'demo  ']) {
      expect((await signIn(spelling, 'demo1234')).status, JSON.stringify(spelling)).toBe(200);
    }
  });

  it('counts padded and cased spellings in one bucket: the 6th wrong password gets 429', async () => {
    await server.addStudent('idn1');
    for (const spelling of ['  idn1', 'idn1  ', 'IDN1', '\u200bIdn1', ' iDN1 ']) {
      expect((await signIn(spelling)).status, JSON.stringify(spelling)).toBe(401);
    }
    expect(await bucketCount('login:code:idn1')).toBe(5);
    await expectLimited(await signIn('idn1'));
    await expectLimited(await signIn('  IDN1  ', 'demo1234'));
  });

  it('counts NFC and NFD spellings in one bucket', async () => {
    await server.addStudent('mañana');
    const nfd = 'man\u0303ana';
    for (const spelling of ['mañana', nfd, nfd.toUpperCase(), ' MAÑANA', `${nfd}\t`]) {
      expect((await signIn(spelling)).status, JSON.stringify(spelling)).toBe(401);
    }
    expect(await bucketCount('login:code:mañana')).toBe(5);
    await expectLimited(await signIn('mañana', 'demo1234'));
    await expectLimited(await signIn(nfd, 'demo1234'));
  });

  it('refuses "  maratona  " with the right password while maratona is locked', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('maratona', `errada-${i}`)).status).toBe(401);
    await expectLimited(await signIn('  maratona  ', 'demo1234'));
    await expectLimited(await signIn('MARATONA', 'demo1234'));
    await expectLimited(await signIn('maratona', 'demo1234'));
  });
});

describe('POST /auth/resetPassword', () => {
  it('counts padded, cased and NFD code requests in one bucket: 5 e-mails, then 429', async () => {
    await server.addStudent('idn2ção');
    const nfd = 'idn2c\u0327a\u0303o';
    for (const spelling of ['idn2ção', ' idn2ção', 'IDN2ÇÃO  ', nfd, ` ${nfd.toUpperCase()}`]) {
      expect((await resetRequest(spelling)).status, JSON.stringify(spelling)).toBe(200);
    }
    await expectLimited(await resetRequest('\u200b  idn2ção'));
    expect(await bucketCount('reset-request:code:idn2ção')).toBe(5);
    // Every spelling reached the one account: five codes were e-mailed to its one inbox.
    expect(await mailsTo('idn2ção@exemplo.com.br')).toBe(5);
  });

  it('counts padded and cased wrong confirmations in one bucket', async () => {
    await server.addStudent('idn3');
    expect((await resetRequest('IDN3')).status).toBe(200);
    expect(await mailsTo('idn3@exemplo.com.br')).toBe(1);
    for (const [i, spelling] of ['idn3 ', ' IDN3', 'Idn3', '\tidn3', 'iDn3'].entries()) {
      expect((await resetConfirm(spelling, `99999${i}`)).status, JSON.stringify(spelling)).toBe(400);
    }
    expect(await bucketCount('reset-confirm:code:idn3')).toBe(5);
    await expectLimited(await resetConfirm('  idn3  ', '999999'));
  });
});
