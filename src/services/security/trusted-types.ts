/**
 * The app's Trusted Types policies (docs/architecture.md §D5; OWASP ASVS v5 §1.3 sanitisation). The CSP
 * runs Trusted Types in report-only mode (`require-trusted-types-for 'script'; trusted-types
 * dompurify widget-scripts`, src/services/contract/security-policy.ts): every HTML or script-URL
 * sink the app feeds gets a typed value from one of these named policies, so the browser
 * reports nothing, and any other string reaching a sink is reported.
 *
 * - `dompurify`: the policy DOMPurify uses to parse and to return sanitised HTML — in
 *   services/content/rich-text.ts, beside the app's one DOMPurify configuration
 *   (`sanitizeRichText`), and private to it: only DOMPurify's output becomes TrustedHTML.
 * - `widget-scripts`: script URLs, only from the page's origin, the configured widget sources'
 *   origins and VLibras (`widgetScriptOrigins`, services/widgets/config.ts) — in
 *   trusted-script-url.ts, so that the service worker's registration does not load
 *   DOMPurify with the first screen (docs/performance.md).
 *
 * Where the browser has no Trusted Types (Firefox, Safari < 26, jsdom) the same functions
 * return plain strings, sanitised the same way.
 */
export { trustedScriptUrl, UntrustedScriptUrlError } from './trusted-script-url';
