/**
 * The one harness of the reference server's tests (`server/**\/*.test.ts`): a server on a free
 * port over a throwaway in-memory database (seeded with the demo data), and the HTTP calls every
 * test repeats — main-API requests with the web client's headers, sign-in, the ERP token, the
 * pt-BR message of an error answer, and a fresh student in the database.
 *
 *   const server = useTestServer();          // started before the file's tests, closed after
 *   const token = await server.tokenOf('demo');
 *   const answer = await server.api('/api/v1/users/self', { token });
 *
 * The functions taking a `baseUrl` work against any running server (a second server, a data
 * folder reopened, PostgreSQL).
 */
import { afterAll, beforeAll, expect, inject, onTestFinished } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { ErpTokenResponse, ErrorBody, LoginResponse, WEB_CLIENT_ID } from '../../src/services/contract';
import { startServer, type RunningServer, type StartOptions } from '../app';
import { hashPassword } from '../auth';
import type { Db } from '../db/client';
import type { Admission } from '../admission';

/** Password of every demo student of the seed (server/seed.ts), and of `addStudent`'s. */
export const DEMO_PASSWORD = 'demo1234';

/**
 * A request to one of the server's API bases: `RequestInit` plus the session token.
 * - `token`: sent as `x-access-token` (main API v1/v2), or as `Authorization: Bearer <token>`
 *   with `bearer` (new LMS, certificates); null or absent: no token.
 * A string body is sent as `application/json` unless `headers` set another content type.
 */
export interface ApiInit extends RequestInit {
  token?: string | null;
  bearer?: boolean;
}

/**
 * `fetch` of `baseUrl + path` with the web client's headers (`x-user-environment: WEB`, the token
 * of `init`, JSON content type for a string body).
 * @returns the raw answer (any status).
 */
export function apiAt(baseUrl: string, path: string, init: ApiInit = {}): Promise<Response> {
  const { token, bearer, ...request } = init;
  const headers = new Headers(request.headers);
  headers.set('x-user-environment', 'WEB');
  if (token) headers.set(bearer ? 'authorization' : 'x-access-token', bearer ? `Bearer ${token}` : token);
  if (typeof request.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(`${baseUrl}${path}`, { ...request, headers });
}

/** Options of a sign-in: the password (default `DEMO_PASSWORD`) and extra headers (e.g. `host`). */
export interface SignInOptions {
  password?: string;
  headers?: Record<string, string>;
}

/**
 * `POST /api/v1/auth/token` with the login payload of docs/product.md §3 (client `student-web`, grant
 * `password`, scope BRA).
 * @returns the raw answer: 200 `{ access_token, token_type, expires_in }`, 401 on wrong
 *   credentials, 429 when rate limited.
 */
export function signInAt(baseUrl: string, username: string, options: SignInOptions = {}): Promise<Response> {
  return apiAt(baseUrl, '/api/v1/auth/token', {
    method: 'POST',
    ...(options.headers ? { headers: options.headers } : {}),
    body: JSON.stringify({
      client_id: WEB_CLIENT_ID,
      grant_type: 'password',
      username,
      password: options.password ?? DEMO_PASSWORD,
      scope: 'BRA',
    }),
  });
}

/**
 * Signs `username` in and expects it to work.
 * @returns the session's access token.
 * @throws (fails the test) when the answer is not a 200 of the contract's `LoginResponse`.
 */
export async function tokenAt(baseUrl: string, username: string, options: SignInOptions = {}): Promise<string> {
  const answer = await signInAt(baseUrl, username, options);
  expect(answer.status, `sign-in of ${username}`).toBe(200);
  return v.parse(LoginResponse, await answer.json()).access_token;
}

/**
 * The `message` of an error answer (`{ message }`, docs/product.md §3 Global error store).
 * @throws (fails the test) when the body is not an `ErrorBody`.
 */
export async function messageOf(answer: Response): Promise<string> {
  return v.parse(ErrorBody, await answer.json()).message;
}

/**
 * Sets environment variables (undefined = unset) for the current test only; the previous values
 * come back when it finishes. Call inside a test.
 */
export function withEnv(env: Record<string, string | undefined>): void {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[k];
    else process.env[k] = value;
  }
  onTestFinished(() => restoreEnv(saved));
}

function restoreEnv(saved: Record<string, string | undefined>): void {
  for (const [k, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[k];
    else process.env[k] = value;
  }
}

/** Flags of a student added by `addStudent` (all false by default; LGPD accepted by default). */
export interface StudentFlags {
  lxp?: boolean;
  aprovat?: boolean;
  eja?: boolean;
  acceptedLgpd?: boolean;
}

/**
 * Adds a student to platform 1 (`localhost`): access code `code`, name `Aluno <code>`, e-mail
 * `<code>@exemplo.com.br`, password `DEMO_PASSWORD`.
 * @throws the database error when the access code is taken.
 */
export async function addStudent(db: Db, code: string, flags: StudentFlags = {}): Promise<void> {
  await db.rows(sql`
    INSERT INTO users (platform_id, access_code, name, email, password_hash, accepted_lgpd, is_lxp_user, is_aprovat_user, is_eja_user)
    VALUES (1, ${code}, ${`Aluno ${code}`}, ${`${code}@exemplo.com.br`}, ${await hashPassword(DEMO_PASSWORD)},
      ${flags.acceptedLgpd ?? true}, ${flags.lxp ?? false}, ${flags.aprovat ?? false}, ${flags.eja ?? false})`);
}

/** The running server of a test file and the calls bound to it (see `useTestServer`). */
export interface TestServer {
  /** `http://localhost:<port>`; throws before the server started. */
  readonly url: string;
  readonly port: number;
  /** The server's database (for fixtures and checks straight in SQL). */
  readonly db: Db;
  /** The server's admission queue (server/admission.ts), null when off. */
  readonly admission: Admission | null;
  /** `apiAt(url, path, init)`. */
  api(path: string, init?: ApiInit): Promise<Response>;
  /** `signInAt(url, username, options)`: the raw answer. */
  signIn(username: string, options?: SignInOptions): Promise<Response>;
  /** `tokenAt(url, username, options)`: the access token (the test fails unless 200). */
  tokenOf(username: string, options?: SignInOptions): Promise<string>;
  /**
   * Hub `GET /api/hub/security/student/erp/` with `Authorization: <session>`.
   * @returns the ERP token for the `X-Access-Token` of ERP v1 calls (the test fails unless 200).
   */
  erpTokenOf(session: string): Promise<string>;
  /** `addStudent(db, code, flags)`. */
  addStudent(code: string, flags?: StudentFlags): Promise<void>;
}

/** Options of `useTestServer`. */
export interface TestServerOptions {
  /** Environment variables set before the server starts and restored after it closes. */
  env?: Record<string, string | undefined>;
  /** More options of `startServer` (default: free port, in-memory database, no `dist/`). */
  start?: StartOptions;
  /** Timeout of the start hook, ms (vitest's default otherwise). */
  timeout?: number;
}

/**
 * Registers `beforeAll`/`afterAll` hooks in the calling test file (or `describe`) that start the
 * reference server on a free port over a fresh in-memory database with the demo seed, and close
 * it afterwards. Call at the top level of the file, like a hook.
 * @returns the server handle; its fields are usable from the tests and later hooks on.
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let running: RunningServer | undefined;
  let savedEnv: Record<string, string | undefined> = {};
  const get = (): RunningServer => {
    if (!running) throw new Error('useTestServer: the server has not started yet (use it inside tests or hooks)');
    return running;
  };
  beforeAll(async () => {
    const env = options.env ?? {};
    savedEnv = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    for (const [k, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[k];
      else process.env[k] = value;
    }
    // From the seeded database's dump made once per run (server/test-support/global-setup.ts).
    const template = inject('pgliteTemplate');
    running = await startServer({
      port: 0,
      dataDir: 'memory',
      distDir: null,
      ...(template ? { template } : {}),
      ...options.start,
    });
  }, options.timeout);
  afterAll(async () => {
    await running?.close();
    running = undefined;
    restoreEnv(savedEnv);
  });
  const handle: TestServer = {
    get url() {
      return get().url;
    },
    get port() {
      return get().port;
    },
    get db() {
      return get().db;
    },
    get admission() {
      return get().admission;
    },
    api: (path, init) => apiAt(get().url, path, init),
    signIn: (username, signInOptions) => signInAt(get().url, username, signInOptions),
    tokenOf: (username, signInOptions) => tokenAt(get().url, username, signInOptions),
    async erpTokenOf(session) {
      const answer = await fetch(`${get().url}/api/hub/security/student/erp/`, { headers: { Authorization: session } });
      expect(answer.status, 'hub ERP token').toBe(200);
      return v.parse(ErpTokenResponse, await answer.json()).data.token;
    },
    addStudent: (code, flags) => addStudent(get().db, code, flags),
  };
  return handle;
}
