/**
 * Accessibility settings (docs/product.md §3: is_dark_mode, font_size 1–3, font_spacing 1–3, language,
 * volume_of_sounds, is_libras_enabled) persisted per student on this device, and how they
 * (with the cached brand) reach the page: `presentationOf` turns them into `<html>`
 * attributes and CSS custom properties, and `writePrepaint` stores exactly that so the
 * pre-paint script (`src/prepaint.js`, inlined in index.html) applies it before first paint.
 *
 * Keys (localStorage): `a11y:<userId>` per student, `a11y:device` for whoever is not signed
 * in (the login screen) — a student's settings become the device's when they sign in, so
 * a returning student sees them before the app loads; `prepaint` for the pre-paint script.
 */
import * as v from 'valibot';

/** Interface languages (docs/product.md §3 language; default pt-BR). */
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

const Level = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3));

/** Stored form; any field missing or invalid falls back to its default (never throws). */
export const AccessibilitySettingsSchema = v.object({
  is_dark_mode: v.fallback(v.boolean(), false),
  font_size: v.fallback(Level, 1),
  font_spacing: v.fallback(Level, 1),
  language: v.fallback(v.picklist(LANGUAGES), 'pt-BR'),
  volume_of_sounds: v.fallback(v.pipe(v.number(), v.minValue(0), v.maxValue(1)), 0.6),
  is_libras_enabled: v.fallback(v.boolean(), false),
  /**
   * 'Economia de dados' (a device preference beside the docs/product.md §3 settings): true/false
   * when the student chose; absent = follow the browser's Save-Data (`dataSaverOn`).
   */
  data_saver: v.fallback(v.optional(v.boolean()), undefined),
});
export type AccessibilitySettings = v.InferOutput<typeof AccessibilitySettingsSchema>;

/** Defaults of docs/product.md §3 / §9. */
export const DEFAULT_SETTINGS: AccessibilitySettings = {
  is_dark_mode: false,
  font_size: 1,
  font_spacing: 1,
  language: 'pt-BR',
  volume_of_sounds: 0.6,
  is_libras_enabled: false,
};

/** Root font scale per font_size level (1 = 100 %, 2 = 125 %, 3 = 150 %). */
export const FONT_SCALES = [1, 1.25, 1.5] as const;
/** Letter spacing per font_spacing level; 3 is WCAG 1.4.12's 0.12 em. */
export const LETTER_SPACINGS = ['normal', '0.06em', '0.12em'] as const;
/** Word spacing per font_spacing level; 3 is WCAG 1.4.12's 0.16 em. */
export const WORD_SPACINGS = ['normal', '0.08em', '0.16em'] as const;

const key = (userId: number | null) => (userId === null ? 'a11y:device' : `a11y:${userId}`);

/** Parses any stored value into complete settings (defaults for what is missing or invalid). */
export function parseSettings(raw: unknown): AccessibilitySettings {
  const input = raw && typeof raw === 'object' ? raw : {};
  return v.parse(AccessibilitySettingsSchema, input);
}

/**
 * @returns the settings of `userId` on this device; for a student without any yet, the
 *   device's (what was chosen on the login screen); defaults when storage is unavailable.
 */
export function readSettings(userId: number | null): AccessibilitySettings {
  try {
    const own = localStorage.getItem(key(userId));
    const raw = own ?? (userId === null ? null : localStorage.getItem(key(null)));
    return parseSettings(raw ? JSON.parse(raw) : {});
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** Removes the stored settings of `userId` (`a11y:<id>`; account deletion). Storage failures are ignored. */
export function forgetSettings(userId: number): void {
  try {
    localStorage.removeItem(key(userId));
  } catch {
    // Nothing stored, or storage unavailable.
  }
}

/** Stores `settings` for `userId` and as the device's. Storage failures are ignored (private mode). */
export function writeSettings(userId: number | null, settings: AccessibilitySettings): void {
  try {
    const json = JSON.stringify(settings);
    if (userId !== null) localStorage.setItem(key(userId), json);
    localStorage.setItem(key(null), json);
  } catch {
    // Not persisted: the settings still apply for this page's life.
  }
}

/** What the page shows of the settings: `<html>` attributes and CSS custom properties. */
export interface Presentation {
  attrs: Record<string, string>;
  vars: Record<string, string>;
}

/** The page presentation of `settings` (pure). */
export function presentationOf(settings: AccessibilitySettings): Presentation {
  return {
    attrs: {
      lang: settings.language,
      'data-theme': settings.is_dark_mode ? 'dark' : 'light',
      'data-font-size': String(settings.font_size),
      'data-font-spacing': String(settings.font_spacing),
      // 'Economia de dados' as chosen ('auto': follow the browser's Save-Data). Read before the app
      // runs by the inline loader, which preloads the first banner image only when data may be spent.
      'data-data-saver': settings.data_saver === undefined ? 'auto' : settings.data_saver ? 'on' : 'off',
    },
    vars: {
      '--font-scale': String(FONT_SCALES[settings.font_size - 1]),
      '--letter-spacing': LETTER_SPACINGS[settings.font_spacing - 1]!,
      '--word-spacing': WORD_SPACINGS[settings.font_spacing - 1]!,
    },
  };
}

/** Applies a presentation to `root` (default `<html>`). */
export function applyPresentation(p: Presentation, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(p.attrs)) root.setAttribute(name, value);
  for (const [name, value] of Object.entries(p.vars)) root.style.setProperty(name, value);
}

const PREPAINT_KEY = 'prepaint';

/**
 * Stores what the pre-paint script applies before first paint: `part` ('settings' or 'brand')
 * replaces that part of the stored presentation. The script (src/prepaint.js) knows nothing
 * else: it copies `attrs` onto `<html>` and `vars` into its style.
 */
export function writePrepaint(part: 'settings' | 'brand', presentation: Presentation): void {
  try {
    const stored = JSON.parse(localStorage.getItem(PREPAINT_KEY) ?? '{}') as Record<string, Presentation>;
    stored[part] = presentation;
    localStorage.setItem(PREPAINT_KEY, JSON.stringify(stored));
  } catch {
    // Nothing cached: the next load paints with the defaults, then applies.
  }
}
