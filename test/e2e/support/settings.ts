/**
 * Accessibility settings for a browser context, stored as the app stores them: every student's and
 * the device's (`a11y:<userId>`, `a11y:device`) and the pre-paint script's cache (`prepaint`) of
 * src/services/storage/accessibility-settings.ts, written before each page load so the first paint
 * already has them. Used by the layout sweep and `npm run screenshots`.
 */
import type { BrowserContext } from '@playwright/test';
import {
  DEFAULT_SETTINGS,
  presentationOf,
  type AccessibilitySettings,
} from '../../../src/services/storage/accessibility-settings';

/** The largest text with the largest spacing (docs/product.md §3: font_size 3, font_spacing 3). */
export const LARGEST_TEXT: AccessibilitySettings = { ...DEFAULT_SETTINGS, font_size: 3, font_spacing: 3 };

/** Stores `settings` in `context` before every load (init script); resolves once registered. */
export async function applySettings(context: BrowserContext, settings: AccessibilitySettings): Promise<void> {
  await context.addInitScript(
    ({ json, prepaint }) => {
      const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
      for (const key of [...keys.filter((k) => /^a11y:\d+$/.test(k)), 'a11y:device']) localStorage.setItem(key, json);
      const stored = JSON.parse(localStorage.getItem('prepaint') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('prepaint', JSON.stringify({ ...stored, settings: prepaint }));
    },
    { json: JSON.stringify(settings), prepaint: presentationOf(settings) },
  );
}
