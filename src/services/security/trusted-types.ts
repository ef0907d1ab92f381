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
 *   origins and VLibras (`widgetScriptOrigins`, services/widgets/config.ts) — in
 *   trusted-script-url.ts, so that the service worker's registration does not load
 *   DOMPurify with the first screen (docs/performance.md).
 *
 * Where the browser has no Trusted Types (Firefox, Safari < 26, jsdom) the same functions
 * return plain strings, sanitised the same way.
 */
import DOMPurify from 'dompurify';
import type { TrustedHTML, TrustedTypePolicy } from 'trusted-types/lib';
import { TRUSTED_TYPES_POLICY } from '../contract/security-policy';
import { factory } from './trusted-script-url';

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

// Images of server HTML load only when they come near the screen (saves mobile data; issue 20).
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'IMG') node.setAttribute('loading', 'lazy');
});

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

export { trustedScriptUrl, UntrustedScriptUrlError } from './trusted-script-url';
