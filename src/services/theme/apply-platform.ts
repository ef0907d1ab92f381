/**
 * Applies a platform's brand to the page (docs/product.md §3 Platform theme): palette colours as CSS
 * custom properties, the template and the favicon — and caches them for the pre-paint
 * script, so a returning student sees their brand before the lookup answers.
 *
 * A brand colour is used for text only when it reaches WCAG AA (4.5:1) against the theme's
 * backgrounds; otherwise it is darkened (light theme) or lightened (dark theme) until it
 * does. Each colour gets both variants: `--brand-primary-light` / `--brand-primary-dark`
 * (and secondary); tokens.css picks the one of the current theme.
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type { Platform } from '../contract/session';
import { applyPresentation, writePrepaint, type Presentation } from '../storage/accessibility-settings';

extend([a11yPlugin]);

/** Minimum text contrast, WCAG 2.1 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;
/** The strictest background of each theme for coloured text (tokens.css --color-bg / --color-surface). */
export const THEME_BACKGROUNDS = { light: '#f5f7fa', dark: '#1c1f24' } as const;

/**
 * @returns `color` when it reaches 4.5:1 against `background`, else the same hue darkened
 *   (light background) or lightened (dark background) in 5 % steps until it does (black or
 *   white at worst); invalid colours return null.
 */
export function readableOn(color: string, background = '#ffffff'): string | null {
  let c = colord(color);
  if (!c.isValid()) return null;
  const dark = colord(background).isDark();
  for (let i = 0; i < 20 && c.contrast(background) < MIN_TEXT_CONTRAST; i++)
    c = dark ? c.lighten(0.05) : c.darken(0.05);
  if (c.contrast(background) >= MIN_TEXT_CONTRAST) return c.toHex();
  return dark ? '#ffffff' : '#000000';
}

/**
 * The brand's logo as an absolute URL: `theme.icons.logo`, or the favicon when the
 * platform has no logo; relative paths resolve against `base` (default: the page's address).
 * @returns null when the platform has neither, or the address is not http(s).
 */
export function brandLogoUrl(
  platform: Platform,
  base: string = globalThis.location?.href ?? 'http://localhost/',
): string | null {
  const icons = platform.theme.icons as Partial<Platform['theme']['icons']>;
  const src = icons.logo || icons.favicon;
  if (!src) return null;
  try {
    const url = new URL(src, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `value` as a CSS string token (quotes, backslashes and line breaks escaped). */
const cssString = (value: string) => `"${value.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, ' ')}"`;

/**
 * The page presentation of a brand (pure): template attribute, both theme variants of its
 * colours, and — for the pre-rendered /login before the app runs (global.css
 * `.brand-mark`) — its logo (`--brand-logo`, a CSS url) and name (`--brand-name`, a CSS string).
 */
export function brandPresentation(platform: Platform): Presentation {
  const vars: Record<string, string> = {};
  const logo = brandLogoUrl(platform);
  if (logo) vars['--brand-logo'] = `url(${cssString(logo)})`;
  if (platform.name) vars['--brand-name'] = cssString(platform.name);
  for (const [name, value] of [
    ['primary', platform.theme.palette.primary.main],
    ['secondary', platform.theme.palette.secondary.main],
  ] as const) {
    const light = readableOn(value, THEME_BACKGROUNDS.light);
    const dark = readableOn(value, THEME_BACKGROUNDS.dark);
    if (light) vars[`--brand-${name}-light`] = light;
    if (dark) vars[`--brand-${name}-dark`] = dark;
  }
  return { attrs: { 'data-template': platform.theme.template }, vars };
}

/** Applies `platform`'s brand, favicon and theme colour to the page and caches it for the next first paint. */
export function applyPlatform(platform: Platform, root: HTMLElement = document.documentElement): void {
  const presentation = brandPresentation(platform);
  applyPresentation(presentation, root);
  writePrepaint('brand', presentation);
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
  // The browser's UI colour (and the installed app's, with the brand's manifest, docs/offline.md "Deploying").
  document
    .querySelector<HTMLMetaElement>('meta[name="theme-color"]')
    ?.setAttribute('content', platform.theme.palette.primary.main);
}
