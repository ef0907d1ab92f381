/**
 * One ky instance per API base of docs/product.md §7, with its headers and timeouts
 * (docs/product.md §9), and `request`, the single way the app calls an API: it validates
 * every answer against its contract schema and turns every failure into a typed
 * error (`ApiError`, `NetworkError`, `TimeoutError`, `ContractError`).
 * `requestBlob` is its twin for file answers (the certificates' PDFs).
 *
 * | base         | auth header(s)                                  | timeout |
 * |--------------|-------------------------------------------------|---------|
 * | mainV1/V2    | x-access-token: <token>, x-user-environment: WEB | 30 s   |
 * | hub          | Authorization: <token>                          | 30 s    |
 * | files        | Authorization: <fixed value from config>        | 60 s    |
 * | erp          | X-Access-Token: <ERP token> (`authToken`)       | 60 s    |
 * | certificates | Authorization: Bearer <token>                   | 30 s    |
 * | newLms       | Authorization: Bearer <token>                   | 30 s    |
 *
 * A 401 from main v1/v2 outside the sign-in pages (/login, /requestResetPassword and
 * /resetPassword: `isSignInPage` of ../navigation/routes.ts) calls the handler registered with
 * `onUnauthorized` (docs/product.md §8: logout → /login).
 */
import ky, { isHTTPError, isTimeoutError, type KyInstance } from 'ky';
import type * as v from 'valibot';
import { ContractError, parseResponse } from '../contract/core';
import type { ApiBase } from '../contract/bases';
import { apiBaseUrls, TIMEOUTS_MS } from '../config';
import { AUTH_HEADERS } from './auth-headers';
import { getToken } from '../storage/token';
import { ApiError, NetworkError, TimeoutError, parseRetryAfter } from './errors';
import { takeEarlyRead } from './early-reads';
import { reportNetworkFailure, reportNetworkSuccess, setProbeUrl } from './connectivity';
import { isSignInPage } from '../navigation/routes';

// While the platform is unreachable, its public platform lookup is what is asked (any answer counts).
setProbeUrl(() =>
  typeof location === 'undefined'
    ? null
    : new URL(`${apiBaseUrls.mainV1}/platforms/${encodeURIComponent(location.hostname)}`, location.href).href,
);

let unauthorizedHandler: (() => void) | null = null;

/** Registers what a 401 from the main APIs does (the session actor's `session.expired`). */
export function onUnauthorized(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

const currentPath = (): string => (typeof location === 'undefined' ? '/' : location.pathname);

export { AUTH_HEADERS };

const TIMEOUT_OF: Record<ApiBase, number> = {
  mainV1: TIMEOUTS_MS.default,
  mainV2: TIMEOUTS_MS.default,
  hub: TIMEOUTS_MS.default,
  files: TIMEOUTS_MS.files,
  erp: TIMEOUTS_MS.erp,
  certificates: TIMEOUTS_MS.default,
  newLms: TIMEOUTS_MS.default,
};

/**
 * The bases the inline loader may have read from early (src/app/early-reads.ts), and the header
 * whose value is the token an early answer must have been asked with: the session token on the
 * main APIs and the hub, the ERP token on the ERP.
 */
const EARLY_READ_CREDENTIAL: Partial<Record<ApiBase, string>> = {
  mainV1: 'x-access-token',
  mainV2: 'x-access-token',
  hub: 'Authorization',
  erp: 'X-Access-Token',
};

const isMainApi = (base: ApiBase): boolean => base === 'mainV1' || base === 'mainV2';

/** `answer`, or null when it has not settled within `ms`. */
const withinTimeout = (answer: Promise<Response | null>, ms: number): Promise<Response | null> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    answer.then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });

/** Longest `Retry-After` a read waits before its retry, ms (a longer one is shortened to it). */
export const READ_MAX_RETRY_AFTER_MS = 10_000;

/**
 * Builds the ky instance of one API base.
 * @param base which API of docs/product.md §7.
 * @param fetchImpl fetch to use (tests pass a fake); defaults to the global fetch.
 */
export function createClient(base: ApiBase, fetchImpl?: typeof fetch): KyInstance {
  return ky.create({
    // Absolute, so that Request objects parse it in every runtime (same-origin default).
    prefixUrl: typeof location === 'undefined' ? apiBaseUrls[base] : new URL(apiBaseUrls[base], location.href).href,
    timeout: TIMEOUT_OF[base],
    // Reads are retried by ky on network errors and 5xx; writes are retried by
    // their lifecycle machines (with Idempotency-Key), never twice by two layers. A 503 or 429
    // with `Retry-After` (a busy server: server/admission.ts) is retried after the time it asks
    // for, at most READ_MAX_RETRY_AFTER_MS.
    retry: { limit: 2, methods: ['get'], afterStatusCodes: [413, 429, 503], maxRetryAfter: READ_MAX_RETRY_AFTER_MS },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = getToken();
          for (const [name, value] of Object.entries(AUTH_HEADERS[base](token))) {
            // A call's own auth header (`RequestOptions.authToken`, e.g. the ERP token) wins.
            if (!request.headers.has(name)) request.headers.set(name, value);
          }
          // A read the inline loader asked for with the HTML (./early-reads.ts), with the token this
          // request carries: its answer stands for this request; without one (failed, none) the
          // request is sent.
          // ky's timeout covers the fetch, not this hook: the early answer gets the base's timeout
          // too, after which the request is sent as usual.
          const credential = EARLY_READ_CREDENTIAL[base];
          if (credential && request.method === 'GET') {
            const early = takeEarlyRead(request.url, request.headers.get(credential));
            if (early) return withinTimeout(early, TIMEOUT_OF[base]).then((response) => response ?? undefined);
          }
          return undefined;
        },
      ],
      afterResponse: [
        (_request, _options, response) => {
          reportNetworkSuccess();
          if (
            response.status === 401 &&
            isMainApi(base) &&
            // On the sign-in pages a 401 is an answer to show, not a reason to log out.
            !isSignInPage(currentPath()) &&
            unauthorizedHandler
          ) {
            unauthorizedHandler();
          }
        },
      ],
    },
  });
}

const clients = new Map<ApiBase, KyInstance>();

/**
 * Points the main API (v1 and v2) at an external platform's API (docs/product.md §3 Platform:
 * `is_external_platform` + `external_api_url`): `root` is where that API's versions live,
 * so main v1 becomes `${root}/v1` and main v2 `${root}/v2` for every later call.
 * @param root an https URL (or http on localhost), or a same-origin path starting with '/'.
 * @returns false (nothing changed) when `root` is not such an address.
 */
export function repointMainApi(root: string): boolean {
  const trimmed = root.trim().replace(/\/+$/, '');
  let ok = trimmed.startsWith('/') && !trimmed.startsWith('//');
  if (!ok) {
    try {
      const url = new URL(trimmed);
      ok = url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname));
    } catch {
      ok = false;
    }
  }
  if (!ok || trimmed === '') return false;
  apiBaseUrls.mainV1 = `${trimmed}/v1`;
  apiBaseUrls.mainV2 = `${trimmed}/v2`;
  clients.delete('mainV1');
  clients.delete('mainV2');
  return true;
}

/** The shared ky instance of `base` (created on first use). */
export function client(base: ApiBase): KyInstance {
  let instance = clients.get(base);
  if (!instance) {
    instance = createClient(base);
    clients.set(base, instance);
  }
  return instance;
}

/** Options of one API call. */
export interface RequestOptions {
  json?: unknown;
  searchParams?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Sent as `Idempotency-Key` so the server applies a retried write once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Overrides the base's timeout, in ms (e.g. 5 s for the user-activity read). */
  timeoutMs?: number;
  /**
   * Token for this call's auth header(s) instead of the session token, in the base's own
   * format (AUTH_HEADERS): the ERP calls send the hub's ERP token as `X-Access-Token`.
   */
  authToken?: string;
  /**
   * A multipart body (e.g. v2 `POST /biometrics/create`); the browser sets its
   * `Content-Type` with the boundary. Ignored when `json` is given.
   */
  formData?: FormData;
}

const messageOf = (data: unknown, fallback: string): string =>
  data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
    ? (data as { message: string }).message
    : fallback;

/** The JSON body of an error answer, or undefined when it has none (or is not JSON). */
async function bodyOf(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * Converts anything ky or fetch throws into the app's typed errors.
 * @returns ApiError (status + `data.message`), TimeoutError, NetworkError, or the error itself.
 */
export async function toTypedError(error: unknown, timeoutMs: number): Promise<unknown> {
  if (isHTTPError(error)) {
    const status = error.response.status;
    const message = messageOf(await bodyOf(error.response), '');
    const retryAfterMs = parseRetryAfter(error.response.headers.get('Retry-After'));
    return new ApiError(
      status,
      { message: message || `Erro ${status}` },
      error.request.url,
      message !== '',
      retryAfterMs,
    );
  }
  if (isTimeoutError(error)) return new TimeoutError(timeoutMs);
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    // No answer at all: the platform is unreachable from here (services/http/connectivity.ts).
    reportNetworkFailure();
    return new NetworkError();
  }
  return error;
}

/**
 * Calls `method path` on `base`, validates the JSON answer against `schema`.
 * @returns the validated body (`undefined` for 204 when `schema` is null).
 * @throws ApiError | TimeoutError | NetworkError | ContractError.
 */
export async function request<S extends v.GenericSchema>(
  base: ApiBase,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  schema: S,
  options: RequestOptions = {},
  instance: KyInstance = client(base),
): Promise<v.InferOutput<S>> {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_OF[base];
  const headers: Record<string, string> = { ...options.headers };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.authToken !== undefined) Object.assign(headers, AUTH_HEADERS[base](options.authToken));
  let body: unknown;
  try {
    const response = await instance(path.replace(/^\//, ''), {
      method,
      headers,
      ...(options.json !== undefined ? { json: options.json } : {}),
      ...(options.json === undefined && options.formData ? { body: options.formData } : {}),
      ...(options.searchParams ? { searchParams: options.searchParams } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
    });
    const text = await response.text();
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch (error) {
    if (error instanceof SyntaxError) throw new ContractError(['(root): invalid JSON']);
    throw await toTypedError(error, timeoutMs);
  }
  return parseResponse(schema, body);
}

/** Content types `requestBlob` accepts by default: the certificates API answers PDFs (docs/product.md §7). */
export const PDF_CONTENT_TYPE = 'application/pdf';

/**
 * Calls `method path` on `base` for a file answer (docs/product.md §7 certificates: "blob answers"),
 * with the base's headers and timeout (30 s for certificates, docs/product.md §9) and `Accept: <type>`.
 * An error answer keeps the server's JSON `message` (ApiError.data.message).
 * @param options as `request`, plus `accept`: the expected MIME type (default `application/pdf`).
 * @returns the body as a `Blob` whose `type` is the answer's content type.
 * @throws ApiError | TimeoutError | NetworkError, or ContractError (message 'A resposta da API
 *   não está no formato esperado') when the answer is not of the expected type or is empty.
 */
export async function requestBlob(
  base: ApiBase,
  method: 'get' | 'post',
  path: string,
  options: RequestOptions & { accept?: string } = {},
  instance: KyInstance = client(base),
): Promise<Blob> {
  const accept = options.accept ?? PDF_CONTENT_TYPE;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_OF[base];
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let blob: Blob;
  let contentType: string;
  try {
    const response = await instance(path.replace(/^\//, ''), {
      method,
      headers,
      ...(options.json !== undefined ? { json: options.json } : {}),
      ...(options.searchParams ? { searchParams: options.searchParams } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
    });
    contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    blob = await response.blob();
  } catch (error) {
    throw await toTypedError(error, timeoutMs);
  }
  if (contentType !== accept) {
    throw new ContractError([`(root): expected ${accept}, got ${contentType || 'no content type'}`]);
  }
  if (blob.size === 0) throw new ContractError(['(root): empty file']);
  return blob.type === accept ? blob : new Blob([blob], { type: accept });
}
