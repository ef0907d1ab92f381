/**
 * Interface languages (docs/product.md §3 Accessibility settings: language, default pt-BR). Messages
 * are declared next to each view with `defineMessages`; their `defaultMessage` IS the pt-BR
 * text (word for word from docs/product.md where it gives one), so pt-BR needs no catalogue.
 * English and Spanish catalogues (`en.json`, `es.json`: id → ICU message, every id of
 * `pt-BR.json`, which `npm run i18n:extract` writes from the code) load lazily, each in its
 * own chunk, only when chosen.
 */
export const DEFAULT_LOCALE = 'pt-BR';
export const SUPPORTED_LOCALES = ['pt-BR', 'en', 'es'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

export interface Translations {
  locale: Locale;
  messages: Record<string, string>;
}

const CATALOGUES: Record<Exclude<Locale, 'pt-BR'>, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('./en.json'),
  es: () => import('./es.json'),
};

/** `preferred` when supported, else pt-BR. */
export function resolveLocale(preferred?: string | null): Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(preferred ?? '') ? (preferred as Locale) : DEFAULT_LOCALE;
}

/**
 * @param preferred the student's language setting, if any.
 * @returns the locale to use and its messages (empty for pt-BR: the default messages are pt-BR).
 * @throws when a catalogue chunk cannot load (offline before it was cached): callers keep
 *   the current language.
 */
export async function loadTranslations(preferred?: string | null): Promise<Translations> {
  const locale = resolveLocale(preferred);
  const messages = locale === DEFAULT_LOCALE ? {} : (await CATALOGUES[locale]()).default;
  return { locale, messages };
}
