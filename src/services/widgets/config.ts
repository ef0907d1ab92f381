/**
 * Where the third-party widgets come from (spec §7 Third-party), read once from Vite's
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
const env = import.meta.env as Record<string, string | undefined>;

const pick = (name: string, fallback: string): string => {
  const value = env[name];
  return value && value.trim() !== '' ? value.trim() : fallback;
};

/** Script sources of the widgets (templates with `{key}` where the vendor needs the key). */
export const widgetSources = {
  clarity: pick('VITE_CLARITY_SRC', 'https://www.clarity.ms/tag/{key}'),
  chatbot: pick('VITE_CHATBOT_SRC', 'https://widget.imbot.com.br/imbot.js?key={key}'),
  survey: pick('VITE_SURVEY_SRC', 'https://sdk.surveysdk.com.br/v1/sdk.js'),
} as const;

/** Load timeouts in ms (spec §9: survey SDK 10 s; the same bound for the other two). */
export const WIDGET_TIMEOUTS_MS = { clarity: 10_000, chatbot: 10_000, survey: 10_000 } as const;

/** `template` with `{key}` replaced by the URL-encoded `key`. */
export const withKey = (template: string, key: string): string => template.replaceAll('{key}', encodeURIComponent(key));
