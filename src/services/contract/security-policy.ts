/**
 * The security headers of the built app (docs/architecture.md §D5; OWASP ASVS v5 §3.4 HTTP headers,
 * §3.6 external resources): ONE source for the reference server (`npm start` serving `dist/`),
 * the build's CDN header file (`dist/_headers`) and the checked-in `deploy/_headers`, so they
 * cannot drift. Pure functions of the build configuration (the `VITE_*` variables); no I/O.
 *
 * Shared with the app only for the Trusted Types policy names (`TRUSTED_TYPES_POLICY`).
 */
import { API_PREFIXES, type ApiBase } from './bases.ts';
import { contentCspSources, contentSources, type ContentCspSources } from './content-sources.ts';

/** Names of the app's Trusted Types policies (src/services/security/trusted-types.ts). */
export const TRUSTED_TYPES_POLICY = {
  /** Server HTML sanitised by DOMPurify (learning-object rich text). */
  html: 'dompurify',
  /** Script URLs of the configured third-party widgets and VLibras. */
  widgetScripts: 'widget-scripts',
} as const;

/** The federal VLibras widget (docs/product.md §3 is_libras_enabled); fixed, not configurable. */
export const VLIBRAS_ORIGIN = 'https://vlibras.gov.br';

/** Production script templates of the widgets (docs/product.md §7 Third-party); `{key}` = the platform setting. */
export const DEFAULT_WIDGET_SOURCES = {
  clarity: 'https://www.clarity.ms/tag/{key}',
  chatbot: 'https://widget.imbot.com.br/imbot.js?key={key}',
  survey: 'https://sdk.surveysdk.com.br/v1/sdk.js',
} as const;

/** Env variables of the API bases (src/services/config.ts). */
const API_ENV: Record<ApiBase, string> = {
  mainV1: 'VITE_API_MAIN_V1_URL',
  mainV2: 'VITE_API_MAIN_V2_URL',
  hub: 'VITE_API_HUB_URL',
  files: 'VITE_API_FILES_URL',
  erp: 'VITE_API_ERP_URL',
  certificates: 'VITE_API_CERTIFICATES_URL',
  newLms: 'VITE_API_NEW_LMS_URL',
};

/** Env variables of the widget scripts (src/services/widgets/config.ts). */
const WIDGET_ENV = {
  clarity: 'VITE_CLARITY_SRC',
  chatbot: 'VITE_CHATBOT_SRC',
  survey: 'VITE_SURVEY_SRC',
} as const;

/**
 * What a widget's script loads or calls beyond its own origin (vendor documentation):
 * Microsoft Clarity's tag loads `scripts.clarity.ms` and sends its recordings to
 * `{x}.clarity.ms` and `c.bing.com`.
 */
const VENDOR_HOSTS: Record<string, { script: string[]; connect: string[] }> = {
  'https://www.clarity.ms': {
    script: ['https://scripts.clarity.ms'],
    connect: ['https://*.clarity.ms', 'https://c.bing.com'],
  },
};

/** Origins the built app loads scripts from and talks to, derived from its configuration. */
export interface AppOrigins {
  /** Cross-origin API bases (same-origin ones are `'self'`). */
  api: string[];
  /** Script origins of the configured widgets, their vendors' script hosts and VLibras. */
  scripts: string[];
  /** Origins the widgets send to (their own origins, vendor beacons) and VLibras. */
  widgetConnect: string[];
  /** Course content: the content hosts and the allowed embed providers (content-sources.ts). */
  content: ContentCspSources;
}

type Env = Readonly<Record<string, string | undefined>>;

const pick = (env: Env, name: string, fallback: string): string => {
  const value = env[name];
  return value && value.trim() !== '' ? value.trim() : fallback;
};

/** The origin of an absolute http(s) URL, or null for a same-origin path (or anything else). */
function crossOrigin(raw: string): string | null {
  if (!/^https?:\/\//i.test(raw)) return null;
  try {
    return new URL(raw.replaceAll('{key}', 'k')).origin;
  } catch {
    return null;
  }
}

const unique = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/**
 * @param env the build's environment (`VITE_API_*_URL`, `VITE_CLARITY_SRC`, `VITE_CHATBOT_SRC`,
 *   `VITE_SURVEY_SRC`, `VITE_CONTENT_HOSTS`, `VITE_EMBED_PROVIDERS`); missing = the defaults of the
 *   app (same-origin APIs, production widgets, the demo content host, every embed provider).
 * @returns the cross-origin hosts the CSP must allow; same-origin ones are covered by `'self'`.
 * @throws Error when the content sources are misconfigured (content-sources.ts `contentSources`).
 */
export function appOrigins(env: Env = {}): AppOrigins {
  const api = Object.entries(API_ENV)
    .map(([base, name]) => crossOrigin(pick(env, name, API_PREFIXES[base as ApiBase])))
    .filter((o): o is string => o !== null);
  const widgetOrigins = (Object.keys(WIDGET_ENV) as (keyof typeof WIDGET_ENV)[])
    .map((w) => crossOrigin(pick(env, WIDGET_ENV[w], DEFAULT_WIDGET_SOURCES[w])))
    .filter((o): o is string => o !== null);
  const scripts = [VLIBRAS_ORIGIN, ...widgetOrigins, ...widgetOrigins.flatMap((o) => VENDOR_HOSTS[o]?.script ?? [])];
  const widgetConnect = [
    VLIBRAS_ORIGIN,
    ...widgetOrigins,
    ...widgetOrigins.flatMap((o) => VENDOR_HOSTS[o]?.connect ?? []),
  ];
  return {
    api: unique(api),
    scripts: unique(scripts),
    widgetConnect: unique(widgetConnect),
    content: contentCspSources(contentSources(env)),
  };
}

const CSP_HASH = /^'sha256-[A-Za-z0-9+/=]+'$/;

/**
 * The Content-Security-Policy of the app's HTML (docs/architecture.md §D5): scripts only from 'self', the
 * hashed inline scripts (pre-paint, deferred-entry loader) and the configured widget hosts; no plugins, no `<base>`, no framing;
 * `connect-src` limited to the API bases, the widgets' own hosts and the content hosts; images,
 * media and frames from the content hosts and the allowed embed providers (content-sources.ts);
 * styles only from files.
 * @param origins from `appOrigins(env)`.
 * @param scriptHashes `'sha256-…'` of the inline scripts of index.html (dist/csp.json).
 * @throws Error when a hash is not a CSP sha256 source.
 */
export function contentSecurityPolicy(origins: AppOrigins, scriptHashes: readonly string[]): string {
  for (const hash of scriptHashes) if (!CSP_HASH.test(hash)) throw new Error(`not a CSP hash source: ${hash}`);
  const directive = (name: string, fixed: string[], ...hosts: (string | readonly string[])[]) =>
    [name, ...fixed, ...unique(hosts.flat())].join(' ');
  return [
    directive('default-src', ["'self'"]),
    directive('script-src', ["'self'"], scriptHashes, origins.scripts),
    directive('style-src', ["'self'"]),
    directive('img-src', ["'self'", 'data:', 'blob:'], origins.api, origins.widgetConnect, origins.content.img),
    directive('media-src', ["'self'", 'blob:'], origins.api, VLIBRAS_ORIGIN, origins.content.media),
    directive('font-src', ["'self'"]),
    directive('connect-src', ["'self'"], origins.api, origins.widgetConnect, origins.content.connect),
    // blob: frames only the app's own copies of downloaded PDFs (shown offline, typed application/pdf).
    directive('frame-src', ["'self'", 'blob:'], origins.api, origins.content.frame),
    directive('worker-src', ["'self'"]),
    directive('manifest-src', ["'self'"]),
    directive('object-src', ["'none'"]),
    directive('base-uri', ["'none'"]),
    directive('form-action', ["'self'"]),
    directive('frame-ancestors', ["'none'"]),
  ].join('; ');
}

/**
 * Trusted Types in report-only mode (`Content-Security-Policy-Report-Only`): every HTML and
 * script-URL sink should receive a value from one of the app's named policies; a string that
 * does not is reported (console), not blocked.
 */
export const TRUSTED_TYPES_REPORT_ONLY = `require-trusted-types-for 'script'; trusted-types ${TRUSTED_TYPES_POLICY.html} ${TRUSTED_TYPES_POLICY.widgetScripts}`;

/**
 * Browser features the app may use: the camera for the identity photo on the account screen
 * (same origin only), fullscreen and picture-in-picture for its own video players, writing the
 * Pix code to the clipboard; every other powerful feature is off for the app and any frame.
 * Only features Chromium recognises (an unknown one is a console error on every page).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'fullscreen=(self)',
  'picture-in-picture=(self)',
  'clipboard-write=(self)',
  'accelerometer=()',
  'autoplay=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** HTTP Strict Transport Security: two years, subdomains included (browsers ignore it over http). */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** Headers every answer of the app's origin carries. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': HSTS,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * Headers of the app's HTML documents (index.html and every deep link answered with it).
 * @returns COMMON_HEADERS plus CSP, Trusted Types report-only, Permissions-Policy, frame denial
 *   for old browsers (`X-Frame-Options`) and a cross-origin opener isolation.
 */
export function documentHeaders(origins: AppOrigins, scriptHashes: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(origins, scriptHashes),
    'Content-Security-Policy-Report-Only': TRUSTED_TYPES_REPORT_ONLY,
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    ...COMMON_HEADERS,
  };
}

/** Cache-Control of hashed build assets and of everything else (HTML, service worker). */
export const CACHE_CONTROL = { assets: 'public, max-age=31536000, immutable', other: 'no-cache' } as const;

/**
 * The `_headers` file of Netlify and Cloudflare Pages (docs/deploy.md maps it onto other CDNs):
 * the document headers on every path, and the long cache of the hashed `/assets/*`.
 * @returns the file's text (ends with a newline).
 */
export function headersFile(headers: Readonly<Record<string, string>>): string {
  const block = (path: string, entries: Record<string, string>) =>
    [path, ...Object.entries(entries).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${[
    '# Security headers of the student web client (generated from src/services/contract/security-policy.ts',
    '# by the build; see docs/deploy.md). Do not edit by hand: run `npm run headers`.',
    // No Cache-Control here: CDNs merge the headers of every matching rule, and HTML keeps the
    // CDN's own revalidating default (docs/deploy.md).
    block('/*', headers),
    block('/assets/*', { 'Cache-Control': CACHE_CONTROL.assets }),
  ].join('\n')}\n`;
}
