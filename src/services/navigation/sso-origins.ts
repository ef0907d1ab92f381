/**
 * The origins single sign-on and boot redirects may go to (docs/architecture.md §D5 "configured SSO hosts").
 * Kept apart from services/api/home.ts (which re-exports it) so that the boot redirect check in
 * the entry does not load the home and area schemas (docs/performance.md "Only /login in the entry").
 */
import { apiBaseUrls } from '../config';

/**
 * Origins an SSO URL may point to (docs/architecture.md §D5 "configured SSO hosts"): the app's own, the
 * main API's, and `VITE_SSO_HOSTS` (comma-separated origins).
 */
export function ssoOrigins(origin: string = location.origin): string[] {
  const env = import.meta.env as Record<string, string | undefined>;
  const configured = (env.VITE_SSO_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const origins = new Set([origin]);
  for (const raw of [apiBaseUrls.mainV1, ...configured]) {
    try {
      origins.add(new URL(raw, origin).origin);
    } catch {
      // not a URL: ignored
    }
  }
  return [...origins];
}
