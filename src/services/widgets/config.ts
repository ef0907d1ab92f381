/**
 * Where the third-party widgets come from (docs/product.md §7 Third-party), read once from Vite's
 * `import.meta.env` at build time. `{key}` in a source is replaced by the platform setting
 * (URL-encoded). The end-to-end build points all three at the reference server's stand-ins
 * (`/api/standins/*.js`, test/e2e/support/global-setup.ts).
 *
 * | env var           | widget                          | default (production)                         |
 * |-------------------|---------------------------------|----------------------------------------------|
 * | VITE_CLARITY_SRC  | analytics (clarity_key)         | https://www.clarity.ms/tag/{key}             |
 * | VITE_CHATBOT_SRC  | chatbot (imbot_key)             | https://widget.imbot.com.br/imbot.js?key={key} |
 * | VITE_SURVEY_SRC   | satisfaction survey SDK         | https://sdk.surveysdk.com.br/v1/sdk.js       |
 */
import { DEFAULT_WIDGET_SOURCES, VLIBRAS_ORIGIN } from '../contract/security-policy';

const env = import.meta.env as Record<string, string | undefined>;

const pick = (name: string, fallback: string): string => {
  const value = env[name];
  return value && value.trim() !== '' ? value.trim() : fallback;
};

/** Script sources of the widgets (templates with `{key}` where the vendor needs the key). */
export const widgetSources = {
  clarity: pick('VITE_CLARITY_SRC', DEFAULT_WIDGET_SOURCES.clarity),
  chatbot: pick('VITE_CHATBOT_SRC', DEFAULT_WIDGET_SOURCES.chatbot),
  survey: pick('VITE_SURVEY_SRC', DEFAULT_WIDGET_SOURCES.survey),
} as const;

/**
 * Origins the widget scripts may load from (the Trusted Types `widget-scripts` policy and the
 * CSP's script-src agree: src/services/contract/security-policy.ts): each configured source's
 * origin, VLibras, and the page's own origin for same-origin sources.
 */
export function widgetScriptOrigins(base: string = location.href): string[] {
  const origins = new Set<string>([VLIBRAS_ORIGIN]);
  for (const template of Object.values(widgetSources)) {
    try {
      origins.add(new URL(template.replaceAll('{key}', 'k'), base).origin);
    } catch {
      // not a URL: nothing allowed for it
    }
  }
  return [...origins];
}

/** Load timeouts in ms (docs/product.md §9: survey SDK 10 s; the same bound for the other two). */
export const WIDGET_TIMEOUTS_MS = { clarity: 10_000, chatbot: 10_000, survey: 10_000 } as const;

/** `template` with `{key}` replaced by the URL-encoded `key`. */
export const withKey = (template: string, key: string): string => template.replaceAll('{key}', encodeURIComponent(key));
