/**
 * The app's Trusted Types policies (DESIGN.md §5; OWASP ASVS v5 §1.3 sanitisation). The CSP
 * runs Trusted Types in report-only mode (`require-trusted-types-for 'script'; trusted-types
 * dompurify widget-scripts`, src/services/contract/security-policy.ts): every HTML or script-URL
 * sink the app feeds gets a typed value from one of these named policies, so the browser
 * reports nothing, and any other string reaching a sink is reported.
 *
 * - `dompurify`: the policy DOMPurify uses to parse and to return sanitised HTML (module-private:
 *   only DOMPurify's output becomes TrustedHTML).
 * - `widget-scripts`: script URLs, only from the page's origin, the configured widget sources'
 *   origins and VLibras (`widgetScriptOrigins`, services/widgets/config.ts).
 *
 * Where the browser has no Trusted Types (Firefox, Safari < 26, jsdom) the same functions
 * return plain strings, sanitised the same way.
 */
import DOMPurify from 'dompurify';
import type { TrustedHTML, TrustedScriptURL, TrustedTypePolicy, TrustedTypePolicyFactory } from 'trusted-types/lib';
import { TRUSTED_TYPES_POLICY } from '../contract/security-policy';
import { widgetScriptOrigins } from '../widgets/config';

/** The browser's policy factory, or null without Trusted Types. */
function factory(): TrustedTypePolicyFactory | null {
  const tt = (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;
  return tt && typeof tt.createPolicy === 'function' ? tt : null;
}

const passThrough = { createHTML: (s: string) => s, createScriptURL: (s: string) => s };
type HtmlPolicy = Pick<TrustedTypePolicy, 'name' | 'createHTML' | 'createScriptURL'>;
let htmlPolicy: HtmlPolicy | null | undefined;

/** DOMPurify's own policy (created once; pass-through because only DOMPurify calls it). */
function domPurifyPolicy(): HtmlPolicy | null {
  if (htmlPolicy === undefined) {
    const tt = factory();
    htmlPolicy = tt ? tt.createPolicy(TRUSTED_TYPES_POLICY.html, passThrough) : null;
  }
  return htmlPolicy;
}

/** What survives: formatting, lists, links, images, tables; never scripts, handlers, forms or frames. */
const HTML_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['form', 'input', 'button', 'iframe', 'object', 'embed', 'style'],
};

/**
 * Sanitises server HTML (a learning object's rich text) with DOMPurify.
 * @returns TrustedHTML from the `dompurify` policy where the browser has Trusted Types, else the
 *   sanitised string; either can be given to `dangerouslySetInnerHTML.__html`.
 */
export function sanitizeHtml(html: string): TrustedHTML | string {
  const policy = domPurifyPolicy();
  return policy
    ? DOMPurify.sanitize(html, {
        ...HTML_CONFIG,
        RETURN_TRUSTED_TYPE: true,
        TRUSTED_TYPES_POLICY: policy as unknown as TrustedTypePolicy,
      })
    : DOMPurify.sanitize(html, HTML_CONFIG);
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
