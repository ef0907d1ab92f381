/**
 * Progress sent by the service worker (docs/offline.md "Progress sent with the app closed";
 * docs/decisions/0012-progress-sent-by-the-service-worker.md): on a Background Sync, the signed-in
 * student's pending writes are sent from the app's own outbox store (IndexedDB `lms-outbox`),
 * oldest first, with their Idempotency-Keys and client timestamps, under the same rules as the
 * page's outbox (src/machines/outbox.machine.ts; docs/decisions/0006-the-outbox-retries-writes.md).
 */
import { OUTBOX_SEND_LOCK } from '../services/pwa/background-sync';
import { outboxRequestHeaders, outboxRequestOf } from '../services/api/outbox-requests';
import { AUTH_HEADERS } from '../services/http/auth-headers';
import { apiBaseUrls } from '../services/config';
import { activityOf, type OutboxStore } from '../services/storage/outbox-store';
import { TOKEN_COOKIE } from '../services/storage/token';

/** How one run ended: `done` (nothing left), `signedOut` (nobody to send for: nothing sent),
 * `signInNeeded` (a 401: the rest waits for the page after sign-in), `retry` (no answer, a
 * timeout, 408, 429 or 5xx: the rest waits for the next sync). */
export type WorkerSendResult = 'done' | 'signedOut' | 'signInNeeded' | 'retry';

export interface WorkerSendOutcome {
  result: WorkerSendResult;
  /** Writes the server took (removed from the store). */
  sent: number;
  /** What the writes the server took were about (`activityOf`), once each. */
  activities: string[];
  /** Writes the server refused for good (a 4xx other than 401, 408, 429): set aside as refused. */
  refused: number;
}

export interface WorkerSendOptions {
  store: OutboxStore;
  /** The signed-in student (the service worker's owner entry), or null. */
  userId: number | null;
  /** The session token (the `token` cookie), or null. */
  token: string | null;
  /** Sends one request (the worker's `fetch`). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The origin the API prefixes are resolved against (the worker's). */
  origin: string;
  /** Time allowed for each request, ms (default 30 000, docs/product.md §9). */
  timeoutMs?: number;
}

const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/**
 * Sends `userId`'s pending writes, oldest first, one at a time: a 2xx removes the write; a 401
 * stops with every remaining write kept; no answer, a timeout, 408, 429 or a 5xx stops with the
 * rest kept (the sync is retried by the browser); any other 4xx sets the write aside as refused
 * (status and the server's message) and goes on. Without a student or a token nothing is sent.
 * @returns how it ended and how many were sent and refused. Rejects only when the store fails.
 */
export async function sendStoredWrites(options: WorkerSendOptions): Promise<WorkerSendOutcome> {
  const { store, userId, token, origin } = options;
  const outcome: WorkerSendOutcome = { result: 'done', sent: 0, refused: 0, activities: [] };
  if (userId === null || token === null) return { ...outcome, result: 'signedOut' };
  for (const entry of await store.list(userId)) {
    const request = outboxRequestOf(entry);
    const url = new URL(`${apiBaseUrls[request.base]}${request.path}`, origin);
    for (const [name, value] of Object.entries(request.searchParams ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = {
      ...AUTH_HEADERS[request.base](token),
      ...outboxRequestHeaders(entry),
      ...(request.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    };
    let response: Response;
    try {
      response = await options.fetch(url.href, {
        method: request.method,
        headers,
        ...(request.json !== undefined ? { body: JSON.stringify(request.json) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch {
      return { ...outcome, result: 'retry' };
    }
    if (response.ok) {
      await store.remove(entry.id);
      outcome.sent += 1;
      const activity = activityOf(entry.write);
      if (!outcome.activities.includes(activity)) outcome.activities.push(activity);
    } else if (response.status === 401) {
      return { ...outcome, result: 'signInNeeded' };
    } else if (isRetryableStatus(response.status)) {
      return { ...outcome, result: 'retry' };
    } else {
      await store.reject(entry.id, { status: response.status, message: await messageOf(response) });
      outcome.refused += 1;
    }
  }
  return outcome;
}

/** The server's `message`, or the status text. */
async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON.
  }
  return response.statusText || String(response.status);
}

export interface OutboxSyncOptions extends Omit<WorkerSendOptions, 'userId' | 'token'> {
  /** Who is signed in (the owner entry the page keeps for the worker). */
  readOwner(): Promise<number | null>;
  /** The session token as the worker reads it (the `token` cookie), or null. */
  readToken(): Promise<string | null>;
  /** Whether a page of the app is open (then it shows what was sent itself). */
  pageOpen(): Promise<boolean>;
  /** The lock manager (`navigator.locks`); without one the run is not serialized. */
  locks?: LockManager | undefined;
  now?: () => Date;
}

/**
 * One Background Sync of the outbox: holding `OUTBOX_SEND_LOCK` (so a page never sends the same
 * write at once), reads who is signed in and the token, sends (`sendStoredWrites`) and, when no
 * page of the app is open, adds the activities of what the server took to the student's report
 * (the page shows it once at the next open).
 * @returns the outcome. Rejects when it must be tried again (`retry`), so the browser schedules
 *   another sync; resolves otherwise (signed out, 401: the page sends after sign-in).
 */
export async function runOutboxSync(options: OutboxSyncOptions): Promise<WorkerSendOutcome> {
  const run = async (): Promise<WorkerSendOutcome> => {
    const [userId, token] = await Promise.all([options.readOwner(), options.readToken()]);
    const outcome = await sendStoredWrites({ ...options, userId, token });
    if (userId !== null && outcome.sent > 0 && !(await options.pageOpen()))
      await options.store.recordSentInBackground(
        userId,
        outcome.activities,
        (options.now?.() ?? new Date()).toISOString(),
      );
    return outcome;
  };
  const outcome = options.locks ? await options.locks.request(OUTBOX_SEND_LOCK, run) : await run();
  if (outcome.result === 'retry') throw new Error('outbox: the platform did not take every write; retry');
  return outcome;
}

/**
 * The session token as the service worker reads it: the `token` cookie through the Cookie Store
 * API (Chromium), the same cookie the page's scripts read — nothing is copied for the worker.
 * @returns null without the API, or without the cookie (signed out).
 */
export async function readTokenCookie(
  store: CookieStore | undefined = (globalThis as { cookieStore?: CookieStore }).cookieStore,
): Promise<string | null> {
  if (!store) return null;
  try {
    const cookie = await store.get(TOKEN_COOKIE);
    return cookie?.value ? cookie.value : null;
  } catch {
    return null;
  }
}
