/**
 * Applies a platform's brand to the page (spec §3 Platform theme): palette colours as CSS
 * custom properties and the favicon. A brand colour is used for text only when it reaches
 * WCAG AA (4.5:1) against the page background; otherwise it is darkened until it does.
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type { Platform } from '../contract';

extend([a11yPlugin]);

/** Minimum text contrast, WCAG 2.1 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * @returns `color` when it reaches 4.5:1 against `background`, else the same hue darkened
 *   in 5 % steps until it does (black at worst); invalid colours return null.
 */
export function readableOn(color: string, background = '#ffffff'): string | null {
  let c = colord(color);
  if (!c.isValid()) return null;
  for (let i = 0; i < 20 && c.contrast(background) < MIN_TEXT_CONTRAST; i++) c = c.darken(0.05);
  return c.contrast(background) >= MIN_TEXT_CONTRAST ? c.toHex() : '#000000';
}

/** Sets --color-primary / --color-secondary (readable) and the favicon of `platform`. */
export function applyPlatform(platform: Platform, root: HTMLElement = document.documentElement): void {
  const primary = readableOn(platform.theme.palette.primary.main);
  const secondary = readableOn(platform.theme.palette.secondary.main);
  if (primary) root.style.setProperty('--color-primary', primary);
  if (secondary) root.style.setProperty('--color-secondary', secondary);
  root.dataset.template = platform.theme.template;
  const favicon = platform.theme.icons.favicon;
  if (favicon) {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = favicon;
  }
}
