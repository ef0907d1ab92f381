/**
 * Platform machine (docs/product.md §1 "looked up by the site host", §4 "500 or 404 on platform lookup
 * shows the error screen", §8).
 *
 * Input `{ host, cachedPlatform? }`: the site's hostname, and the platform last looked up for it on
 * this device (services/storage/platform-cache.ts; null or absent: none) — `context.platform`
 * from the start, so what depends on the platform (the home's banners) need not wait for the
 * lookup; the lookup's answer replaces it. Looks the platform up (`lookupPlatform`), applies
 * its brand (`applyPlatform { platform }`), then loads its settings (`loadSettings`) and
 * stores them (`storeSettings { settings }`).
 * - 404 or 500 on the lookup → action `showErrorScreen { error }` (the blocking error
 *   screen with that status), final state `failed`.
 * - A transient failure (another 5xx — 502, 503…, 408/429, a timeout, a dropped
 *   connection, a malformed answer) → `retrying`: the app keeps the brand it already shows
 *   (the cached one, painted before the app loaded) and looks it up again after `retryDelay`
 *   — 1 s · 2ⁿ⁻¹ after the n-th failure in a row, at most 30 s (`RETRY_BASE_MS`,
 *   `RETRY_MAX_MS`) — or at once when the browser comes back online (invoke `watchOnline`,
 *   which sends `platform.online`). Decision: it keeps retrying for as long as the app is
 *   open (one small GET every 30 s at worst) rather than giving up after N tries, so a brand
 *   that was down when the student opened the app arrives without a reload.
 * - Any other answer (a 4xx other than 404) → `unavailable`: the current brand stays and the
 *   lookup is not asked again in this page load (asking again would get the same answer; the
 *   next page load asks). Nothing is shown for it, so there is no 'Tentar novamente' either:
 *   docs/product.md §4/§8 give a platform lookup failure only the error screen (404, 500), so the
 *   machine has no `platform.retry` event.
 * - A settings failure never blocks: the platform is `ready` without settings.
 *
 * Context `attempts`: failed lookups in a row (0 after a success).
 * Tags: `loading`, `ready`, `unavailable` (also while `retrying`), `retrying`, `failed`.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Platform, PlatformSetting } from '../services/contract/session';
import { ApiError, classifyError } from '../services/http/errors';

export interface PlatformContext {
  host: string;
  platform: Platform | null;
  settings: Record<string, string | null>;
  error: unknown;
  /** Failed lookups in a row (0 after a success): the backoff's n. */
  attempts: number;
}

/** `platform.online`: the browser is online again (sent by `watchOnline` while retrying). */
export type PlatformEvent = { type: 'platform.online' };

/** First retry delay of a transient lookup failure, ms. */
export const RETRY_BASE_MS = 1_000;
/** Longest retry delay, ms. */
export const RETRY_MAX_MS = 30_000;

/** Delay before retry number `attempts` (1-based: failures in a row), ms: 1 s · 2ⁿ⁻¹, at most 30 s. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RETRY_MAX_MS);
}

/** True for the lookup failures docs/product.md §4 sends to the error screen: HTTP 404 or 500. */
export function isBlockingLookupFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 500);
}

/**
 * Whether the home shows its banners carousel on `platform` (`options.show_banners`,
 * brand 2 of the reference data sets it false). @returns true unless the platform says
 * `show_banners: false` (a platform without the option, or not known yet, shows them).
 */
export function showsBanners(platform: Platform | null): boolean {
  return platform?.options.show_banners !== false;
}

/**
 * True for lookup failures that may pass by themselves: a 5xx other than the
 * blocking 500, 408 and 429, a timeout, no connection, or an answer that could not be read
 * (`ContractError`: malformed JSON or the wrong shape).
 */
export function isTransientLookupFailure(error: unknown): boolean {
  if (isBlockingLookupFailure(error)) return false;
  // The app's one classification of failures (services/http/errors.ts), not a second one here.
  const { kind, status } = classifyError(error);
  return ['server', 'timeout', 'offline', 'malformed', 'rateLimited'].includes(kind) || status === 408;
}

export const platformMachine = setup({
  types: {
    input: {} as { host: string; cachedPlatform?: Platform | null },
    context: {} as PlatformContext,
    events: {} as PlatformEvent,
  },
  actors: {
    lookupPlatform: fromPromise<Platform, { host: string }>(() =>
      Promise.reject(new Error('lookupPlatform not provided')),
    ),
    loadSettings: fromPromise<PlatformSetting[], { id: number }>(() => Promise.resolve([])),
    /** Sends `platform.online` when the browser regains its connection (provided by the app). */
    watchOnline: fromCallback<PlatformEvent>(() => undefined),
  },
  actions: {
    applyPlatform: (_, _params: { platform: Platform }) => {},
    storeSettings: (_, _params: { settings: Record<string, string | null> }) => {},
    showErrorScreen: (_, _params: { error: unknown }) => {},
  },
  guards: {
    blockingFailure: ({ event }) => isBlockingLookupFailure((event as { error?: unknown }).error),
    transientFailure: ({ event }) => isTransientLookupFailure((event as { error?: unknown }).error),
  },
  delays: {
    retryDelay: ({ context }) => retryDelayMs(context.attempts),
  },
}).createMachine({
  id: 'platform',
  description: 'Finds the brand of this site host, applies it and loads its settings.',
  context: ({ input }) => ({
    host: input.host,
    platform: input.cachedPlatform ?? null,
    settings: {},
    error: null,
    attempts: 0,
  }),
  initial: 'lookingUp',
  states: {
    lookingUp: {
      description: 'GET /platforms/{host}.',
      tags: 'loading',
      invoke: {
        id: 'lookupPlatform',
        src: 'lookupPlatform',
        input: ({ context }) => ({ host: context.host }),
        onDone: {
          target: 'loadingSettings',
          actions: [
            assign({ platform: ({ event }) => event.output, error: null, attempts: 0 }),
            { type: 'applyPlatform', params: ({ event }) => ({ platform: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'blockingFailure',
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => event.error }),
              { type: 'showErrorScreen', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            guard: 'transientFailure',
            target: 'retrying',
            actions: assign({ error: ({ event }) => event.error, attempts: ({ context }) => context.attempts + 1 }),
          },
          { target: 'unavailable', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    loadingSettings: {
      description: 'GET /platforms/{id}/settings.',
      tags: 'loading',
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ id: context.platform?.id ?? 0 }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ settings: ({ event }) => Object.fromEntries(event.output.map((s) => [s.key, s.value])) }),
            { type: 'storeSettings', params: ({ context }) => ({ settings: context.settings }) },
          ],
        },
        onError: 'ready',
      },
    },
    ready: { description: 'Brand applied; settings known (or empty).', tags: 'ready' },
    retrying: {
      description:
        'A transient failure (5xx but 500, timeout, offline, malformed): the current brand stays; looked up again after retryDelay, or at once back online.',
      tags: ['unavailable', 'retrying'],
      invoke: { id: 'watchOnline', src: 'watchOnline' },
      after: { retryDelay: 'lookingUp' },
      on: { 'platform.online': 'lookingUp' },
    },
    unavailable: {
      description: 'The lookup was refused (a 4xx but 404): the current brand stays; the next page load asks again.',
      tags: 'unavailable',
    },
    failed: { type: 'final', description: 'Lookup answered 404 or 500: the error screen shows it.', tags: 'failed' },
  },
});
