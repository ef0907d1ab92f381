/**
 * Implementations of the boot steps of docs/product.md §4 Startup, run in order by `bootMachine`:
 * authentication → HTTP client → translations → error reporting → event bus.
 * Each step may return `{ redirect }` or throw a `BootRedirectError`; what it prepares is kept
 * in `bootResults` for the app to use once mounted.
 */
import { getUsersSelf } from '../api/users';
import { onUnauthorized } from '../http/clients';
import { clearToken, getToken, setToken } from '../storage/token';
import { SENTRY_DSN } from '../config';
import { createErrorReporter, loadSentry, type ErrorReporter } from './error-reporting';
import { clearCachedUser, readLastKnownUser, writeCachedUser } from '../storage/user-cache';
import { readSettings } from '../storage/accessibility-settings';
import { createEventBus, type EventBus } from '../events/bus';
import { loadTranslations, type Translations } from '../../i18n';
import { BootRedirectError } from './redirect-error';
import { ROUTE_PATHS } from '../navigation/routes';

export interface BootResults {
  translations: Translations | null;
  eventBus: EventBus | null;
  /** Set by the error-reporting step (a no-op without `VITE_SENTRY_DSN`). */
  errorReporter?: ErrorReporter;
}

/** What the steps prepared (filled as they run). */
export const bootResults: BootResults = { translations: null, eventBus: null };

/** Route a student lands on after an `access_token` sign-in (docs/product.md §2). */
export const ACCESS_TOKEN_LANDING = ROUTE_PATHS.courses;
/** Where an `access_token` that cannot fetch the user sends the student (docs/product.md §8). */
const SIGN_IN_ROUTE = ROUTE_PATHS.login;

/**
 * sessionStorage key where the pre-paint script (src/app/prepaint.js) leaves the token of an
 * `access_token` sign-in link it took out of the address; with storage disabled it leaves it on
 * `window.__lmsAccessToken` instead.
 */
export const ACCESS_TOKEN_HANDOFF_KEY = 'lms.accessToken';

declare global {
  interface Window {
    /** The pre-paint script's `access_token` where sessionStorage is disabled (src/app/prepaint.js). */
    __lmsAccessToken?: string;
  }
}

/**
 * @returns the token the pre-paint script took out of the address on this tab, or null; it is
 *   removed from where it waited either way (it is used once).
 */
function takeHandedOffToken(): string | null {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(ACCESS_TOKEN_HANDOFF_KEY);
    sessionStorage.removeItem(ACCESS_TOKEN_HANDOFF_KEY);
  } catch {
    // storage disabled: the pre-paint script used the window property
  }
  const onWindow = window.__lmsAccessToken;
  delete window.__lmsAccessToken;
  return stored || onWindow || null;
}

/**
 * Authentication step (docs/product.md §2 Navigation: "If a URL carries an access_token query
 * parameter, it is stored as the session token (30 days), the user is fetched, and the
 * user goes to /courses"). The pre-paint script (src/app/prepaint.js) has already taken the token
 * out of the address before any subresource was requested (no Referer, history entry or log
 * holds it) and left it in sessionStorage (`ACCESS_TOKEN_HANDOFF_KEY`) or on the window, where
 * this step takes it from. Where the script did not run, the token is still in the address: it
 * leaves it here at once (history.replaceState), and that one wins as the newer.
 * @returns `{ redirect: '/courses' }` after a token sign-in, else nothing (no `access_token`).
 * @throws BootRedirectError to `/login` when the user cannot be fetched with the token (docs/product.md §8
 *   "Failure fetching the current user: logout and clear stored auth"; stored auth cleared first):
 *   the step failed, and its failure carries where to go (docs/product.md §4).
 */
export async function authenticationStep(): Promise<{ redirect?: string } | void> {
  const handedOff = takeHandedOffToken();
  const url = new URL(location.href);
  const inAddress = url.searchParams.get('access_token');
  if (inAddress) {
    url.searchParams.delete('access_token');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  const token = inAddress || handedOff;
  if (!token) return;
  setToken(token);
  try {
    writeCachedUser(await getUsersSelf());
    return { redirect: ACCESS_TOKEN_LANDING };
  } catch {
    clearToken();
    clearCachedUser();
    throw new BootRedirectError(SIGN_IN_ROUTE);
  }
}

/**
 * HTTP client step: connects the 401 rule of docs/product.md §8 to `onExpired` (the session actor).
 */
export function httpClientStep(onExpired: () => void): Promise<void> {
  onUnauthorized(onExpired);
  return Promise.resolve();
}

/** Translations step: resolves the locale (default pt-BR) and its messages. */
export async function translationsStep(): Promise<void> {
  // The language of whoever used this device last (their accessibility settings), so the
  // first render is already in it; a catalogue that cannot load falls back to pt-BR.
  const language = readSettings(readLastKnownUser()?.id ?? null).language;
  bootResults.translations = await loadTranslations(language).catch(() => loadTranslations(null));
}

/**
 * Error reporting step: uncaught errors and rejections are logged for developers
 * (docs/product.md §8 "Startup step failures are logged for developers only"); never shown to the
 * student and never carrying tokens. With `VITE_SENTRY_DSN` they also go to Sentry, loaded
 * lazily after the page has loaded (services/boot/error-reporting.ts, tokens scrubbed);
 * without it the reporter is a no-op. The step itself never waits for Sentry.
 */
export function errorReportingStep(): Promise<void> {
  const { reporter } = createErrorReporter({
    dsn: SENTRY_DSN,
    dev: import.meta.env.DEV,
    secrets: () => [getToken()].filter((t): t is string => t !== null),
    load: () => afterPageLoad().then(loadSentry),
  });
  bootResults.errorReporter = reporter;
  const log = (label: string, detail: unknown) => {
    if (import.meta.env.DEV) console.error(`[app] ${label}`, detail);
    if (SENTRY_DSN) reporter.captureException(detail);
  };
  window.addEventListener('error', (event) => log('uncaught error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => log('unhandled rejection', event.reason));
  return Promise.resolve();
}

/** Resolves once the page has loaded (third-party code never before it, docs/architecture.md §D3). */
function afterPageLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** Event bus step: creates the app's single typed bus. */
export function eventBusStep(): Promise<void> {
  bootResults.eventBus = createEventBus();
  return Promise.resolve();
}
