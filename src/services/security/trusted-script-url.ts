/**
 * The app's Trusted Types policy for script URLs, `widget-scripts` (docs/architecture.md §D5; see
 * trusted-types.ts): script URLs only from the page's origin, the configured widget sources'
 * origins and VLibras (`widgetScriptOrigins`, services/widgets/config.ts). Apart from the HTML
 * policy (DOMPurify) so that what loads with the first screen — the service worker's
 * registration — stays small (docs/performance.md).
 */
import type { TrustedScriptURL, TrustedTypePolicyFactory } from 'trusted-types/lib';
import { TRUSTED_TYPES_POLICY } from '../contract/security-policy';
import { widgetScriptOrigins } from '../widgets/config';

/** The browser's policy factory, or null without Trusted Types. */
export function factory(): TrustedTypePolicyFactory | null {
  const tt = (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;
  return tt && typeof tt.createPolicy === 'function' ? tt : null;
}

/** Refused script URL (not http(s), or not on an allowed origin). */
export class UntrustedScriptUrlError extends Error {
  constructor(readonly url: string) {
    super(`script URL not allowed: ${url}`);
    this.name = 'UntrustedScriptUrlError';
  }
}

let scriptPolicy: { createScriptURL(url: string): TrustedScriptURL } | null | undefined;

/**
 * Checks a third-party script URL against the allowed origins.
 * @param url absolute or same-origin.
 * @returns the absolute URL as TrustedScriptURL (`widget-scripts` policy) where supported, else
 *   the string.
 * @throws UntrustedScriptUrlError when it is not http(s) on the page's origin or an allowed one.
 */
export function trustedScriptUrl(url: string): TrustedScriptURL | string {
  const check = (raw: string): string => {
    let parsed: URL;
    try {
      parsed = new URL(raw, location.href);
    } catch {
      throw new UntrustedScriptUrlError(raw);
    }
    const ok =
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      (parsed.origin === location.origin || widgetScriptOrigins().includes(parsed.origin));
    if (!ok) throw new UntrustedScriptUrlError(raw);
    return parsed.href;
  };
  if (scriptPolicy === undefined) {
    const tt = factory();
    scriptPolicy = tt ? tt.createPolicy(TRUSTED_TYPES_POLICY.widgetScripts, { createScriptURL: check }) : null;
  }
  return scriptPolicy ? scriptPolicy.createScriptURL(url) : check(url);
}
