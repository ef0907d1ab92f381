/**
 * Error reporting adapter of the boot step "error reporting" (docs/product.md §4 Startup; docs/architecture.md §D5
 * "tokens never appear in … error reports").
 *
 * - With a DSN (`VITE_SENTRY_DSN`), Sentry (`@sentry/react`) is loaded lazily (dynamic
 *   `import()`, after the page has loaded) and initialised with `scrubEvent` as `beforeSend` and
 *   `scrubBreadcrumb` as `beforeBreadcrumb`, without default PII.
 * - Without a DSN (or when Sentry cannot load) the reporter is a no-op that logs in development.
 *
 * `scrubEvent` / `scrubBreadcrumb` / `scrubText` are pure: they remove the session token and
 * every `access_token` / `token` value from URLs (query and fragment), headers, cookies,
 * breadcrumbs, messages and any nested field, whatever its name.
 */

/** What replaces a secret. */
export const FILTERED = '[Filtered]';

/** Field and query-parameter names whose values are always secrets (lower case). */
const SECRET_NAMES = new Set([
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'x-access-token',
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'new_password',
]);

const isSecretName = (name: string) => SECRET_NAMES.has(name.toLowerCase());

/** `name=value` pairs of secret names in URLs, cookies or free text. */
const SECRET_PAIR = /([?&#;\s]|^)((?:access_|refresh_|id_)?token|x-access-token|password|new_password)=([^&#;\s"']*)/gi;
/** `Authorization: Bearer …` / `x-access-token: …` written out in free text. */
const SECRET_HEADER = /\b(authorization|x-access-token)(\s*[:=]\s*)(bearer\s+)?[^\s,;"']+/gi;

/**
 * Removes secrets from one string: secret query/cookie pairs, written-out auth headers, and
 * every occurrence of each of `secrets` (e.g. the current session token).
 */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let out = text
    .replace(SECRET_PAIR, (_m, lead: string, name: string) => `${lead}${name}=${FILTERED}`)
    .replace(SECRET_HEADER, (_m, name: string, sep: string) => `${name}${sep}${FILTERED}`);
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join(FILTERED);
  return out;
}

/** Deep copy of `value` with secrets removed (depth-limited; cycles become '[Circular]'). */
function scrubValue(value: unknown, secrets: readonly string[], depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  if (depth > 12) return '[Truncated]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, secrets, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] =
      isSecretName(key) && item !== null && item !== undefined ? FILTERED : scrubValue(item, secrets, depth + 1, seen);
  }
  return out;
}

/**
 * Sentry `beforeSend`: a copy of `event` without secrets (request URL, query string, headers,
 * cookies, breadcrumbs, exception messages, extra data…). Never returns null (the event is kept).
 * @param secrets literal values to remove too (the current session token).
 */
export function scrubEvent<T>(event: T, secrets: readonly string[] = []): T {
  return scrubValue(event, secrets, 0, new WeakSet()) as T;
}

/** Sentry `beforeBreadcrumb`: the breadcrumb without secrets (same rules as `scrubEvent`). */
export function scrubBreadcrumb<T>(breadcrumb: T, secrets: readonly string[] = []): T {
  return scrubEvent(breadcrumb, secrets);
}

/** What the app reports through (Sentry, or the no-op). */
export interface ErrorReporter {
  captureException(error: unknown): void;
}

/** The part of `@sentry/react` this adapter uses. */
export interface SentryLike {
  init(options: {
    dsn: string;
    sendDefaultPii: boolean;
    beforeSend: (event: unknown) => unknown;
    beforeBreadcrumb: (breadcrumb: unknown) => unknown;
  }): void;
  captureException(error: unknown): unknown;
}

/**
 * Loads `@sentry/react` on demand: Vite splits it into its own chunk, fetched only when a DSN is
 * configured (never on a build without `VITE_SENTRY_DSN`, and never before the page has loaded).
 */
export const loadSentry = (): Promise<SentryLike> => import('./sentry-sdk') as Promise<SentryLike>;

/** The reporter without a DSN: logs in development, sends nothing. */
export function noopReporter(dev: boolean): ErrorReporter {
  return {
    captureException: (error) => {
      if (dev) console.error('[app] error (not reported: no VITE_SENTRY_DSN)', error);
    },
  };
}

/**
 * Creates the reporter. @param options.dsn Sentry DSN ('' = no-op); `load` the Sentry loader
 * (tests pass a fake); `secrets` the values to scrub at report time (the session token);
 * `dev` logs when not reporting.
 * @returns a reporter at once; with a DSN, reports made before Sentry has loaded are queued.
 * A Sentry that cannot load leaves the no-op (logged in development).
 */
export function createErrorReporter(options: {
  dsn: string;
  load?: () => Promise<SentryLike>;
  secrets?: () => readonly string[];
  dev?: boolean;
}): { reporter: ErrorReporter; ready: Promise<boolean> } {
  const dev = options.dev ?? false;
  const fallback = noopReporter(dev);
  if (!options.dsn) return { reporter: fallback, ready: Promise.resolve(false) };
  const secrets = options.secrets ?? (() => []);
  let sentry: SentryLike | null = null;
  let failed = false;
  const queue: unknown[] = [];
  const ready = (options.load ?? loadSentry)()
    .then((loaded) => {
      loaded.init({
        dsn: options.dsn,
        sendDefaultPii: false,
        beforeSend: (event) => scrubEvent(event, secrets()),
        beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb, secrets()),
      });
      sentry = loaded;
      for (const error of queue.splice(0)) loaded.captureException(error);
      return true;
    })
    .catch((error: unknown) => {
      failed = true;
      if (dev) console.error('[app] error reporting unavailable', error);
      for (const queued of queue.splice(0)) fallback.captureException(queued);
      return false;
    });
  return {
    ready,
    reporter: {
      captureException(error) {
        if (sentry) sentry.captureException(error);
        else if (failed) fallback.captureException(error);
        else queue.push(error);
      },
    },
  };
}
