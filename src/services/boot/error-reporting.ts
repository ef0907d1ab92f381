/**
 * Error reporting adapter of the boot step "error reporting" (docs/product.md §4 Startup; docs/architecture.md §D5
 * "tokens never appear in … error reports").
 *
 * - With a DSN (`VITE_SENTRY_DSN`), Sentry (`@sentry/react`) is loaded lazily (dynamic
 *   `import()`, after the page has loaded) and initialised with `scrubEvent` as `beforeSend` and
 *   `scrubBreadcrumb` as `beforeBreadcrumb` (./scrub.ts, loaded with it), without default PII.
 * - Without a DSN (or when Sentry cannot load) the reporter is a no-op that logs in development.
 */

/** What the app reports through (Sentry, or the no-op). */
export interface ErrorReporter {
  captureException(error: unknown): void;
}

/** The part of `@sentry/react` this adapter uses, and the scrubbers that load with it (./scrub.ts). */
export interface SentryLike {
  scrubEvent<T>(event: T, secrets: readonly string[]): T;
  scrubBreadcrumb<T>(breadcrumb: T, secrets: readonly string[]): T;
  init(options: {
    dsn: string;
    sendDefaultPii: boolean;
    beforeSend: (event: unknown) => unknown;
    beforeBreadcrumb: (breadcrumb: unknown) => unknown;
  }): void;
  captureException(error: unknown): unknown;
}

/**
 * Loads `@sentry/react` and the scrubbers on demand: Vite splits them into their own chunk, fetched only when a DSN is
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
        beforeSend: (event) => loaded.scrubEvent(event, secrets()),
        beforeBreadcrumb: (breadcrumb) => loaded.scrubBreadcrumb(breadcrumb, secrets()),
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
