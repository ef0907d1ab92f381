/**
 * Locale resolution for react-intl (spec §3 Accessibility settings: language,
 * default pt-BR). Messages are declared next to each view with `defineMessages`;
 * their `defaultMessage` IS the pt-BR text (word for word from the spec where it
 * gives one), so pt-BR needs no catalogue. Other locales load a catalogue lazily.
 */
export const DEFAULT_LOCALE = 'pt-BR';
export const SUPPORTED_LOCALES = ['pt-BR'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

export interface Translations {
  locale: Locale;
  messages: Record<string, string>;
}

/**
 * @param preferred the student's language setting (e.g. from accessibility settings), if any.
 * @returns the locale to use and its messages (empty for pt-BR: the default messages are pt-BR).
 */
export async function loadTranslations(preferred?: string | null): Promise<Translations> {
  const locale = (SUPPORTED_LOCALES as readonly string[]).includes(preferred ?? '')
    ? (preferred as Locale)
    : DEFAULT_LOCALE;
  document.documentElement.lang = locale;
  return { locale, messages: {} };
}
