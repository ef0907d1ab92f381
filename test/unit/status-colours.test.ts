// @vitest-environment node
/**
 * One status colour scale (src/styles/tokens.css): success, warning, danger, neutral and info,
 * each a text colour and a background, in the light and the dark theme. Every pair reaches
 * WCAG AA for text (4.5:1) — text on its own background, and on the page and card backgrounds
 * where the status text also appears alone (field errors, 'Concluído' ticks) — and the filled
 * danger button's text reaches it on danger. The app's other CSS writes no hex colour of its
 * own outside the few media surfaces named below, so a status colour comes from the scale.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { describe, expect, it } from 'vitest';

extend([a11yPlugin]);

const ROOT = join(process.cwd(), 'src');
const TOKENS = readFileSync(join(ROOT, 'styles/tokens.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const STATUSES = ['success', 'warning', 'danger', 'neutral', 'info'] as const;

/** The custom properties of the first rule whose selector is exactly `selector`. */
function tokensOf(selector: string): Map<string, string> {
  const start = TOKENS.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const body = TOKENS.slice(start, TOKENS.indexOf('}', start));
  return new Map([...body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const LIGHT = tokensOf(':root');
const THEMES = {
  light: LIGHT,
  dark: new Map([...LIGHT, ...tokensOf(":root[data-theme='dark']")]),
};

/** A token's colour in a theme, following `var(--…)` references. */
function colour(theme: Map<string, string>, name: string): string {
  const value = theme.get(name);
  expect(value, `${name} is defined`).toBeDefined();
  const reference = /^var\((--[\w-]+)\)$/.exec(value!);
  return reference ? colour(theme, reference[1]!) : value!;
}

const contrast = (theme: Map<string, string>, text: string, background: string): number =>
  colord(colour(theme, text)).contrast(colour(theme, background));

describe('status colour scale (src/styles/tokens.css)', () => {
  for (const [name, theme] of Object.entries(THEMES)) {
    for (const status of STATUSES) {
      it(`${name}: ${status} text reaches 4.5:1 on its background, the page and the cards`, () => {
        for (const background of [`--color-${status}-bg`, '--color-bg', '--color-surface']) {
          expect(contrast(theme, `--color-${status}`, background), `${status} on ${background}`).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      });
    }

    it(`${name}: the filled danger button's text reaches 4.5:1`, () => {
      expect(contrast(theme, '--color-on-danger', '--color-danger')).toBeGreaterThanOrEqual(4.5);
    });

    it(`${name}: the five statuses look different from one another`, () => {
      const backgrounds = STATUSES.map((status) => colord(colour(theme, `--color-${status}-bg`)).toHex());
      expect(new Set(backgrounds).size).toBe(STATUSES.length);
    });
  }
});

/** Hex colours allowed outside tokens.css: black behind media, and the white-on-dark captions over it. */
const MEDIA_SURFACES = new Set([
  'views/short-videos/short-videos.module.css|#000',
  'views/learning-object/provider-embed.css|#000',
  'views/learning-object/provider-embed.css|#1b1f24',
  'views/learning-object/provider-embed.css|#ffffff',
  'styles/signed-in.css|#000',
]);

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('colours outside tokens.css', () => {
  it('are tokens: no hex colour but the media surfaces', () => {
    const found = cssFiles(ROOT)
      .map((path) => relative(ROOT, path).split('\\').join('/'))
      .filter((file) => file !== 'styles/tokens.css')
      .flatMap((file) =>
        [
          ...readFileSync(join(ROOT, file), 'utf8')
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .matchAll(/#[0-9a-f]{3,8}\b/gi),
        ].map((m) => `${file}|${m[0].toLowerCase()}`),
      )
      .filter((use) => !MEDIA_SURFACES.has(use));
    expect(found).toEqual([]);
  });
});
