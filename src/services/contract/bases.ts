/**
 * Path prefixes of the API bases of docs/product.md §7 on the reference server (`server/`),
 * and the defaults the app uses when no `VITE_*_URL` is configured (same origin).
 * Everything lives under `/api` so that the SPA fallback (deep links) and later the
 * service worker's navigation fallback never answer an API path with `index.html`.
 */
export const API_PREFIXES = {
  /** main API v1: headers x-access-token, x-user-environment WEB; 30 s. */
  mainV1: '/api/v1',
  /** main API v2: same headers as v1; 30 s. */
  mainV2: '/api/v2',
  /** hub: Authorization token; 30 s. */
  hub: '/api/hub',
  /** file repository: fixed authorization; 60 s. */
  files: '/api/files',
  /** ERP v1: X-Access-Token, multipart by default, JSON when a token is present; 60 s. */
  erp: '/api/erp/v1',
  /** certificates: Bearer, blob answers; 30 s. */
  certificates: '/api/certificates',
  /** new LMS v1: Bearer; 30 s (5 s for the user-activity read). */
  newLms: '/api/newlms/v1',
} as const;

export type ApiBase = keyof typeof API_PREFIXES;

/** OAuth client id the web client sends in `POST /auth/token` (docs/product.md §3 Login payload). */
export const WEB_CLIENT_ID = 'student-web';
