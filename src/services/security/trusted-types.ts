/**
 * The app's Trusted Types policies (DESIGN.md §5; OWASP ASVS v5 §1.3 sanitisation). The CSP
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
import type { TrustedHTML } from 'trusted-types/lib';
import { sanitizeRichText, type RichTextLabels } from '../content/rich-text';
import { deploymentContentSources } from '../content/sources';

/** The sanitiser's texts in the default locale (pt-BR), for callers without react-intl. */
const DEFAULT_LABELS: RichTextLabels = {
  openIn: (host) => `Abrir em ${host}`,
  openImageIn: (host) => `Abrir imagem em ${host}`,
  table: 'Tabela',
  code: 'Código',
  embedTitle: (provider) => `Conteúdo do ${provider}`,
};

/**
 * Sanitises server HTML (a learning object's rich text) with DOMPurify: `sanitizeRichText` with
 * the page's origin, the deployment's content sources and pt-BR texts (a view with a brand's
 * sources and react-intl calls `sanitizeRichText` itself).
 * @returns TrustedHTML from the `dompurify` policy where the browser has Trusted Types, else the
 *   sanitised string; either can be given to `dangerouslySetInnerHTML.__html`.
 */
export function sanitizeHtml(html: string): TrustedHTML | string {
  return sanitizeRichText(html, { origin: location.origin, sources: deploymentContentSources, labels: DEFAULT_LABELS });
}

export { trustedScriptUrl, UntrustedScriptUrlError } from './trusted-script-url';
