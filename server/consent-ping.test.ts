/**
 * LGPD consent and session ping of the reference server (docs/product.md §4 LGPD, §7, §9) over HTTP on a
 * throwaway in-memory database: `POST /users/updateAcceptedLgpd` sets accepted_lgpd (idempotent,
 * only the caller's own), `POST /user-session/log` stores pings the reference-only
 * `GET /user-session/log` lists (own only, newest first), 401 without a token, the LGPD settings
 * are seeded for both platforms and the seed step (throwaway student `lgpd1`) is idempotent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  AcceptLgpdResponse,
  ErrorBody,
  LmsSettingsResponse,
  SessionLogListResponse,
  SessionLogResponse,
  UserResponse,
} from '../src/services/contract';
import { useTestServer } from './test-support/harness';
import { seedConsent } from './seed-consent';

const server = useTestServer();
const tokens: Record<string, string> = {};

const api = (path: string, token: string | null, init: RequestInit = {}) => server.api(path, { ...init, token });

const self = async (as: string) =>
  v.parse(UserResponse, await (await api('/api/v1/users/self', tokens[as]!)).json()).data;

beforeAll(async () => {
  for (const code of ['demo', 'novo', 'lgpd1', 'stream']) tokens[code] = await server.tokenOf(code);
});

describe('POST /users/updateAcceptedLgpd', () => {
  it('sets accepted_lgpd of the caller only, and again changes nothing', async () => {
    expect((await self('lgpd1')).accepted_lgpd).toBe(false);
    const first = await api('/api/v1/users/updateAcceptedLgpd', tokens.lgpd1!, { method: 'POST' });
    expect(first.status).toBe(200);
    const user = v.parse(AcceptLgpdResponse, await first.json()).data;
    expect(user).toMatchObject({ access_code: 'lgpd1', accepted_lgpd: true });
    const again = await api('/api/v1/users/updateAcceptedLgpd', tokens.lgpd1!, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(v.parse(AcceptLgpdResponse, await again.json()).data.accepted_lgpd).toBe(true);
    expect((await self('lgpd1')).accepted_lgpd).toBe(true);
    expect((await self('novo')).accepted_lgpd).toBe(false);
  });

  it('answers 401 without a valid token', async () => {
    for (const token of [null, 'não-é-um-token']) {
      const answer = await api('/api/v1/users/updateAcceptedLgpd', token, { method: 'POST' });
      expect(answer.status).toBe(401);
      expect(v.parse(ErrorBody, await answer.json()).message).toBe('Sessão expirada. Entre novamente.');
    }
  });
});

describe('POST and GET /user-session/log (v2)', () => {
  it('stores each ping of the student and lists only their own, newest first', async () => {
    const before = v.parse(SessionLogListResponse, await (await api('/api/v2/user-session/log', tokens.demo!)).json());
    expect(before.data).toEqual([]);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await api('/api/v2/user-session/log', tokens.demo!, { method: 'POST' });
      expect(answer.status).toBe(201);
      ids.push(v.parse(SessionLogResponse, await answer.json()).data.id);
    }
    await api('/api/v2/user-session/log', tokens.stream!, { method: 'POST' });
    const listed = await api('/api/v2/user-session/log', tokens.demo!);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    const mine = v.parse(SessionLogListResponse, await listed.json()).data;
    expect(mine.map((p) => p.id)).toEqual([...ids].reverse());
    const theirs = v.parse(
      SessionLogListResponse,
      await (await api('/api/v2/user-session/log', tokens.stream!)).json(),
    );
    expect(theirs.data).toHaveLength(1);
  });

  it('answers 401 without a valid token (the app logs out on it, docs/product.md §8)', async () => {
    expect((await api('/api/v2/user-session/log', null, { method: 'POST' })).status).toBe(401);
    expect((await api('/api/v2/user-session/log', 'x'.repeat(43))).status).toBe(401);
  });
});

describe('LGPD demo data', () => {
  it('serves the terms and the policy link of the host platform', async () => {
    const one = v.parse(
      LmsSettingsResponse,
      await (await api('/api/v1/lms/settings/lgpd_terms,lgpd_policy_url', null)).json(),
    );
    expect(one.data.lgpd_terms).toContain('Lei Geral de Proteção de Dados');
    expect(one.data.lgpd_policy_url).toMatch(/^https:\/\//);
  });

  it('seeds lgpd1 and the settings once', async () => {
    expect(await seedConsent(server.db)).toBe(false);
  });
});
