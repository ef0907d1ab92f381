/**
 * Fuzz test of the reference API (bad input is a 4xx, never a 500): a deterministic,
 * seeded, corpus-based fuzzer drives EVERY `/api` route of the app (read from Hono's route
 * table, so a new route is fuzzed without touching this file) with hostile path segments,
 * query values, headers (`X-Client-Timestamp`, `Idempotency-Key`, tokens) and bodies (every
 * field name the contract uses, filled with NUL, lone surrogates, huge, deep, negative,
 * overflowing, wrongly typed values, and raw non-JSON / multipart garbage), with a valid session
 * or without. It asserts that no answer is a 5xx and that the server still answers normally
 * afterwards. Same seed → same requests (`FUZZ_SEED` / `FUZZ_ROUNDS` env to explore further).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LoginResponse } from '../src/services/contract';
import { createApp } from './app';
import { useTestServer } from './test-support/harness';

const SEED = Number(process.env.FUZZ_SEED ?? 19);
/** Requests per route. */
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 12);

/** mulberry32: a small deterministic PRNG, uniform in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** JSON text spliced into a body as it is (JSON.stringify cannot even write 6 000 levels). */
class RawJson {
  constructor(readonly text: string) {}
}
const deep = (depth: number) => new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`);

/** JSON.stringify that writes `RawJson` values verbatim. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RawJson ? `\u0001raw${raws.push(item.text) - 1}\u0001` : item,
  );
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Hostile JSON values (strings, numbers, wrong types, structures). */
const VALUES: unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '😀',
  'ção',
  'x'.repeat(5_000),
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\r\nX-Injected: 1',
  '0000-01-01',
  '+010000-01-01T00:00:00Z',
  '2024-02-30',
  '9999-99-99',
  '١٢٣',
  'NaN',
  'Infinity',
  '1e309',
  '0x10',
  ' 1',
  'demo',
  'BRA',
  'email',
  'password',
  '00000000000',
  '01310100',
  'SP',
  'ZZ',
  -1,
  0,
  1,
  2,
  3,
  1.5,
  -0.0001,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  {},
  [null],
  { '\u0000': 1 },
  { __proto__: { admin: true } },
  { constructor: { prototype: { x: 1 } } },
  deep(40),
  deep(6_000),
  { answers: [{ question_id: -1, option_id: '\u0000' }] },
  { seconds: -5, position: 1e308 },
];

/** Field names the contract's request bodies use. */
const FIELDS = [
  'client_id',
  'grant_type',
  'username',
  'password',
  'scope',
  'code',
  'challenge_response',
  'challenge_type',
  'new_password',
  'current_password',
  'deletionReason',
  'name',
  'email',
  'cpf',
  'phone',
  'birth_date',
  'address',
  'lesson_id',
  'data',
  'answers',
  'widget',
  'event',
  'user_id',
  'resource_id',
  'position_seconds',
  'duration_seconds',
  'accepted_lgpd',
  'status',
  'token',
];

const ADDRESS_FIELDS = ['cep', 'street', 'number', 'complement', 'district', 'city', 'state'];

/** Path segments (already URL-encoded where needed). */
const SEGMENTS = [
  '1',
  '2',
  '3',
  '7',
  'localhost',
  '127.0.0.1',
  'clarity_key,imbot_key',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '%FF',
  '-1',
  '0',
  '00',
  '1.5',
  '1e3',
  '99999999999999999999',
  '2147483648',
  'abc',
  '%2e%2e',
  '..%2F..%2Fetc',
  '%20',
  'null',
  encodeURIComponent('😀'),
  'x'.repeat(300),
  encodeURIComponent(','.repeat(60)),
];

const QUERY_NAMES = [
  'lesson_id',
  'page',
  'per_page',
  'search',
  'status',
  'sort',
  'order',
  'state',
  'to',
  'user_id',
  'resource_id',
  'contract_id',
  'erp_user_id',
  'isVisibleEad',
  'token',
  'resource',
];

const QUERY_VALUES = [
  '1',
  '2',
  '0',
  '-1',
  '%00',
  '%ED%A0%80',
  '%E0%A4%A',
  'abc',
  '1e9',
  '99999999999',
  'x'.repeat(400),
  '',
  'SP',
  'completed',
  'name',
  'desc',
  'demo%40exemplo.com.br',
  'aula.webm',
];

/** Header values (fetch refuses NUL, CR, LF and non-Latin-1 in headers, so do real clients). */
const TIMESTAMPS = [
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '1999-12-31T23:59:59Z',
  'ontem',
  '',
  '2024-02-30T25:61:61Z',
  '1e20',
  'x'.repeat(100),
];
const KEYS = ['k', '', ' ', 'x'.repeat(201), 'x'.repeat(200), '%00', 'fuzz-key'];

interface Route {
  method: string;
  path: string;
}

// The dev routes are fuzzed too; keep reaching the handlers (per-code limits stay on).
const server = useTestServer({ env: { DEV_MAIL: '1', RATE_LIMIT_PER_ADDRESS: '0' } });
let token = '';

/** Every concrete API route of the app (middleware entries and the catch-all excluded). */
function apiRoutes(): Route[] {
  const app = createApp(server.db, { distDir: null });
  const seen = new Map<string, Route>();
  for (const r of app.routes) {
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) continue;
    if (!r.path.startsWith('/api/') || r.path.endsWith('*')) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  // Requests that end the fuzzing session go last.
  const last = (r: Route) => (/\/(logout|delete|changePassword)$/.test(r.path) ? 1 : 0);
  return [...seen.values()].sort((a, b) => last(a) - last(b) || a.path.localeCompare(b.path));
}

function request(route: Route, random: () => number): { url: string; init: RequestInit; label: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const path = route.path.replace(/:[A-Za-z_]+/g, () => (random() < 0.4 ? pick(['1', '2', '3']) : pick(SEGMENTS)));
  const query: string[] = [];
  const nQuery = Math.floor(random() * 4);
  for (let i = 0; i < nQuery; i++) query.push(`${pick(QUERY_NAMES)}=${pick(QUERY_VALUES)}`);
  const url = `${server.url}${path}${query.length ? `?${query.join('&')}` : ''}`;

  const headers: Record<string, string> = { 'x-user-environment': 'WEB' };
  const auth = random();
  if (auth < 0.6) headers['x-access-token'] = token;
  else if (auth < 0.7) headers.authorization = `Bearer ${token}`;
  else if (auth < 0.75) headers.authorization = token;
  else if (auth < 0.85) headers['x-access-token'] = pick(['x', 'x'.repeat(500), '', 'null']);
  if (random() < 0.3) headers['x-client-timestamp'] = pick(TIMESTAMPS);
  if (random() < 0.3) headers['idempotency-key'] = pick(KEYS);

  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (route.method !== 'GET') {
    const shape = random();
    if (shape < 0.65) {
      const object: Record<string, unknown> = {};
      const nFields = 1 + Math.floor(random() * 6);
      for (let i = 0; i < nFields; i++) {
        const field = pick(FIELDS);
        object[field] =
          field === 'address' && random() < 0.7
            ? Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, pick(VALUES)]))
            : pick(VALUES);
      }
      body = toJson(object);
      headers['content-type'] = 'application/json';
    } else if (shape < 0.85) {
      body = pick([
        '',
        'null',
        '[]',
        '"x"',
        '{',
        '{"a":',
        '{"username":"\\u0000"}',
        '{"\\ud800":1}',
        `{"data":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
        `{"data":{"x":"${'y'.repeat(70 * 1024)}"}}`,
        `{"name":"${'z'.repeat(1_100_000)}"}`,
        'not json at all',
      ]);
      headers['content-type'] = pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']);
    } else {
      const bytes = new Uint8Array(1 + Math.floor(random() * 256));
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
      body = bytes;
      headers['content-type'] = pick([
        'multipart/form-data; boundary=x',
        'multipart/form-data',
        'application/octet-stream',
        'application/json',
      ]);
    }
  }
  const label = `${route.method} ${url.slice(server.url.length, server.url.length + 160)} ${JSON.stringify(headers).slice(0, 200)} ${typeof body === 'string' ? body.slice(0, 160) : body ? `<${body.length} bytes>` : ''}`;
  return { url, init: { method: route.method, headers, ...(body !== undefined ? { body } : {}) }, label };
}

beforeAll(async () => {
  await server.addStudent('fuzz1', { lxp: true, aprovat: true, eja: true });
  token = await server.tokenOf('fuzz1');
});

describe('fuzzing every API route with hostile input', () => {
  it(`answers no 5xx (seed ${SEED}, ${ROUNDS} requests per route) and keeps answering`, async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const random = prng(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const route of routes) {
      for (let round = 0; round < ROUNDS; round++) {
        const { url, init, label } = request(route, random);
        let status: number;
        try {
          const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
          await answer.arrayBuffer();
          status = answer.status;
        } catch (error) {
          failures.push(`no answer (${(error as Error).message}): ${label}`);
          continue;
        }
        sent++;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) failures.push(`${status}: ${label}`);
      }
    }
    expect(failures, failures.slice(0, 10).join('\n')).toEqual([]);
    expect(sent).toBe(routes.length * ROUNDS);
    // Hostile input mostly refused, but some requests got through to real answers.
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
    expect([...statuses.keys()].some((s) => s === 400)).toBe(true);

    // Still answering normally: a platform lookup, a sign-in and a signed-in read.
    expect((await fetch(`${server.url}/api/v1/platforms/localhost`)).status).toBe(200);
    const login = await fetch(`${server.url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: 'w',
        grant_type: 'password',
        username: 'eja',
        password: 'demo1234',
        scope: 'BRA',
      }),
    });
    expect(login.status).toBe(200);
    const fresh = v.parse(LoginResponse, await login.json()).access_token;
    expect((await fetch(`${server.url}/api/v2/lms/courses`, { headers: { 'x-access-token': fresh } })).status).toBe(
      200,
    );
  }, 240_000);
});
