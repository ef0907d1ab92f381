/**
 * The scrubbers of error reports (docs/architecture.md §D5 "tokens never appear in … error
 * reports"): pure functions that remove the session token and every `access_token` / `token`
 * value from URLs (query and fragment), headers, cookies, breadcrumbs, messages and any nested
 * field, whatever its name. Sentry runs them as `beforeSend` / `beforeBreadcrumb`
 * (./error-reporting.ts); they load with the Sentry chunk (./sentry-sdk.ts), only where a DSN is
 * configured — never with the app's entry.
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
