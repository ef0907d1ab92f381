/**
 * Runtime configuration of the API bases (docs/product.md §7, §9), read once from Vite's
 * `import.meta.env` at build time. Every base defaults to the same-origin prefix
 * the reference server uses (`API_PREFIXES`), so `npm start` needs no set-up.
 *
 * | env var                    | base          | default           |
 * |----------------------------|---------------|-------------------|
 * | VITE_API_MAIN_V1_URL       | main v1       | /api/v1           |
 * | VITE_API_MAIN_V2_URL       | main v2       | /api/v2           |
 * | VITE_API_HUB_URL           | hub           | /api/hub          |
 * | VITE_API_FILES_URL         | file repo     | /api/files        |
 * | VITE_API_FILES_AUTH        | file repo fixed Authorization value | '' |
 * | VITE_API_ERP_URL           | ERP v1        | /api/erp/v1       |
 * | VITE_API_CERTIFICATES_URL  | certificates  | /api/certificates |
 * | VITE_API_NEW_LMS_URL       | new LMS v1    | /api/newlms/v1    |
 * | VITE_SESSION_PING_MS       | session ping interval, ms (docs/product.md §9; demos may shorten it) | 300000 |
 * | VITE_API_TIMEOUT_MS        | replaces every API timeout, ms (tests and demos only)     | unset (docs/product.md §9) |
 * | VITE_SENTRY_DSN            | error reporting (Sentry) DSN; unset = no hosted reporting | '' |
 * | VITE_APP_VERSION           | version shown to students (set by vite.config.ts: APP_VERSION or package.json) | 'dev' |
 * | VITE_APP_BUILD             | build id: version + git commit (vite.config.ts); busts saved offline reads | 'dev' |
 */
import { API_PREFIXES, type ApiBase } from './contract/bases';

const env = import.meta.env as Record<string, string | undefined>;

const pick = (name: string, fallback: string): string => {
  const value = env[name];
  return value && value.trim() !== '' ? value.trim() : fallback;
};

/** Base URL of each API (absolute or same-origin path, no trailing slash). */
export const apiBaseUrls: Record<ApiBase, string> = {
  mainV1: pick('VITE_API_MAIN_V1_URL', API_PREFIXES.mainV1),
  mainV2: pick('VITE_API_MAIN_V2_URL', API_PREFIXES.mainV2),
  hub: pick('VITE_API_HUB_URL', API_PREFIXES.hub),
  files: pick('VITE_API_FILES_URL', API_PREFIXES.files),
  erp: pick('VITE_API_ERP_URL', API_PREFIXES.erp),
  certificates: pick('VITE_API_CERTIFICATES_URL', API_PREFIXES.certificates),
  newLms: pick('VITE_API_NEW_LMS_URL', API_PREFIXES.newLms),
};

/** The file repository's fixed `Authorization` value (docs/product.md §7); empty when unset. */
export const filesAuthorization: string = pick('VITE_API_FILES_AUTH', '');

/**
 * `VITE_API_TIMEOUT_MS`: a positive integer (ms) replacing the 30 s / 60 s timeouts of every API
 * base (the 5 s user-activity read keeps the smaller of the two). For tests and demos only — the
 * fault-injection suite builds with 4 s so that a request the server never answers fails fast.
 */
const timeoutOverride: number | null = (() => {
  const value = Number(pick('VITE_API_TIMEOUT_MS', ''));
  return Number.isInteger(value) && value > 0 ? value : null;
})();

/** Request timeouts in ms (docs/product.md §9: 30 s default, 60 s file repository and ERP, 5 s user-activity read). */
export const TIMEOUTS_MS = {
  default: timeoutOverride ?? 30_000,
  files: timeoutOverride ?? 60_000,
  erp: timeoutOverride ?? 60_000,
  userActivityRead: Math.min(timeoutOverride ?? 5_000, 5_000),
} as const;

/** Session ping interval of docs/product.md §9: 5 minutes, unless `VITE_SESSION_PING_MS` (a positive integer, ms) shortens it. */
export const SESSION_PING_MS: number = (() => {
  const value = Number(pick('VITE_SESSION_PING_MS', ''));
  return Number.isInteger(value) && value > 0 ? value : 300_000;
})();

/** Sentry DSN of the error-reporting boot step (docs/product.md §4 Startup); '' = no hosted reporting. */
export const SENTRY_DSN: string = pick('VITE_SENTRY_DSN', '');

/** The app version shown to students (login page), e.g. '0.1.0'. */
export const APP_VERSION: string = pick('VITE_APP_VERSION', 'dev');

/** The build id (version + commit): offline reads saved by another build are discarded (docs/offline.md). */
export const APP_BUILD: string = pick('VITE_APP_BUILD', 'dev');
