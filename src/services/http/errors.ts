/**
 * Typed errors raised by the API clients (`services/http`, `services/api`).
 * Machines branch on them with guards; views show their `message`.
 * Shapes follow spec §3 Global error store: an HTTP error has a status and a
 * `data` object with a `message`.
 */
import { ContractError } from '../contract/core';

export { ContractError, MALFORMED_RESPONSE_MESSAGE } from '../contract/core';

/** A non-2xx HTTP answer. `data.message` is the server's text (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly data: { message: string };
  readonly url: string;
  constructor(status: number, data: { message: string }, url: string) {
    super(data.message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.url = url;
  }
}

/** The request never got an answer: offline, DNS, connection reset. */
export class NetworkError extends Error {
  constructor(message = 'Sem conexão com o servidor') {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The request took longer than its API base's timeout (spec §9), in ms. */
export class TimeoutError extends Error {
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`A requisição excedeu ${timeoutMs} ms`);
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** True for an `ApiError` with status 401 (spec §8: logout and go to /login). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
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
 * at most once. Any other answer (4xx) is a refusal.
 */
export function isRetryableWrite(error: unknown): boolean {
  return isTransient(error) || error instanceof ContractError;
}
