/**
 * Typed errors raised by the API clients (`services/http`, `services/api`).
 * Machines branch on them with guards; views show their `message`.
 * Shapes follow docs/product.md §3 Global error store: an HTTP error has a status and a
 * `data` object with a `message`.
 */
import { ContractError } from '../contract/core';

export { ContractError, MALFORMED_RESPONSE_MESSAGE } from '../contract/core';

/** A non-2xx HTTP answer. `data.message` is the server's text (docs/product.md §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly data: { message: string };
  readonly url: string;
  /** False when the answer carried no `message` and `data.message` is the fallback 'Erro N'. */
  readonly hasServerMessage: boolean;
  /** The answer's `Retry-After`, in ms (429/503; null without one). */
  readonly retryAfterMs: number | null;
  constructor(
    status: number,
    data: { message: string },
    url: string,
    hasServerMessage = true,
    retryAfterMs: number | null = null,
  ) {
    super(data.message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.url = url;
    this.hasServerMessage = hasServerMessage;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The request never got an answer: offline, DNS, connection reset. */
export class NetworkError extends Error {
  constructor(message = 'Sem conexão com o servidor') {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The request took longer than its API base's timeout (docs/product.md §9), in ms. */
export class TimeoutError extends Error {
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`A requisição excedeu ${timeoutMs} ms`);
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** True for an `ApiError` with status 401 (docs/product.md §8: logout and go to /login). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * A `Retry-After` header value (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) in ms from `now`.
 * @returns null when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The wait a 429 (or 503) asked for, ms; null when the error carries none. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof ApiError ? error.retryAfterMs : null;
}

/** True when retrying later may succeed: offline, timeout, or a 5xx answer. */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof NetworkError || error instanceof TimeoutError || (error instanceof ApiError && error.status >= 500)
  );
}

/**
 * True when an idempotent write (sent with its `Idempotency-Key`) should be sent again: a
 * transient failure, or an answer that could not be read (`ContractError`: malformed JSON or the
 * wrong shape) — the write may or may not have been applied, and the key makes a resend apply it
 * at most once — or 'too many requests' / 'request timeout' (429, 408: try again later).
 * Any other answer (4xx) is a refusal.
 */
export function isRetryableWrite(error: unknown): boolean {
  return (
    isTransient(error) ||
    error instanceof ContractError ||
    (error instanceof ApiError && (error.status === 429 || error.status === 408))
  );
}

/** What kind of failure a student is shown a message for (views/components/error-messages.ts). */
export type ErrorKind =
  | 'offline'
  | 'timeout'
  | 'server'
  | 'malformed'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'rateLimited'
  | 'rejected'
  | 'unknown';

/**
 * A failure as plain data (safe in machine context and in error reports): its kind, the HTTP
 * status (null without an answer), the platform's own message for a refused request (a 4xx with
 * a `message`, e.g. 'CPF inválido'; null otherwise) and a technical `detail` for error reporting
 * and the 'Detalhes' disclosure (never shown as the message; never holds a token). A refusal
 * (4xx other than 401 and 429) keeps the platform's message.
 */
export interface ClassifiedError {
  kind: ErrorKind;
  status: number | null;
  serverMessage: string | null;
  detail: string;
  /** For `rateLimited`: how long the platform asked to wait, ms (null when it did not say). */
  retryAfterMs?: number | null;
}

/** `url` without its query and fragment (a media URL may carry a token, docs/architecture.md §D5). */
const pathOf = (url: string): string => {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return '';
  }
};

/**
 * Sorts any thrown value into the error catalogue the views translate (one
 * error-to-message mapping, docs/errors.md): NetworkError → offline, TimeoutError → timeout, ContractError →
 * malformed, ApiError 401/403/404/429 → unauthorized/forbidden/notFound/rateLimited, 5xx →
 * server, other 4xx → rejected (keeping the platform's message), anything else → unknown.
 */
export function classifyError(error: unknown): ClassifiedError {
  if (error instanceof NetworkError) return { kind: 'offline', status: null, serverMessage: null, detail: 'network' };
  if (error instanceof TimeoutError) {
    return { kind: 'timeout', status: null, serverMessage: null, detail: `timeout ${error.timeoutMs} ms` };
  }
  if (error instanceof ContractError) {
    return {
      kind: 'malformed',
      status: null,
      serverMessage: null,
      detail: `malformed answer: ${error.issues.slice(0, 3).join('; ')}`,
    };
  }
  if (error instanceof ApiError) {
    const { status } = error;
    const detail = `HTTP ${status} ${pathOf(error.url)}`.trim();
    const kind: ErrorKind =
      status === 401
        ? 'unauthorized'
        : status === 403
          ? 'forbidden'
          : status === 404
            ? 'notFound'
            : status === 429
              ? 'rateLimited'
              : status >= 500
                ? 'server'
                : 'rejected';
    // A refusal's own words are kept (e.g. 'CPF inválido', 'Esta conta foi excluída.'); a 5xx's
    // text is technical and a 401's is replaced by the session's or sign-in's message.
    const keepsMessage = (kind === 'rejected' || kind === 'forbidden' || kind === 'notFound') && error.hasServerMessage;
    const serverMessage = keepsMessage && error.data.message ? error.data.message : null;
    return kind === 'rateLimited'
      ? { kind, status, serverMessage, detail, retryAfterMs: error.retryAfterMs }
      : { kind, status, serverMessage, detail };
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: 'unknown', status: null, serverMessage: null, detail: detail.slice(0, 200) };
}
