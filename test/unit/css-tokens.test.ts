// @vitest-environment node
/**
 * One visual language: every font size, line height, margin, padding and gap in the
 * app's CSS comes from the type and spacing scales of `src/styles/tokens.css`. This test reads
 * every other `.css` file under `src/` and fails on a raw length (`px`, `rem`, `em`) or a raw
 * line-height number in those properties. `0`, `auto`, `inherit`, `normal` and `var(--…)`
 * (also inside `calc()`) are fine; the allowlist below names the few deliberate exceptions.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(process.cwd(), 'src');
const TOKENS = 'styles/tokens.css';

/** Properties that must use the scales. */
const SCALED =
  /^(font-size|line-height|gap|row-gap|column-gap|(margin|padding)(-(top|right|bottom|left|block|inline)(-(start|end))?)?)$/;

/** A raw length left once the `var(--…)` parts are removed (a bare number is a `calc()` factor). */
const RAW = /(^|[\s(,*/+-])-?(\d+\.?\d*|\.\d+)(px|rem|em)(?=$|[\s),*/+])/;
/** A line height: any number that is not a token. */
const RAW_LINE_HEIGHT = /\d/;

/**
 * Deliberate exceptions, as `file|property|value`:
 * - `margin: -1px` is the visually hidden (`.sr-only`) pattern: a fixed 1 px box, not spacing.
 * (The root `font-size: calc(100% * var(--font-scale))` — the font size setting — is a percentage,
 * not a length, and passes.)
 */
const ALLOWED = new Set(['styles/global.css|margin|-1px', 'views/grades/grades.module.css|margin|-1px']);

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** `file|property|value` of every declaration in `css` that uses a raw size. */
export function rawSizes(file: string, css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found: string[] = [];
  for (const match of withoutComments.matchAll(/([a-z-]+)\s*:\s*([^;{}]+);/g)) {
    const [, property = '', rawValue = ''] = match;
    if (!SCALED.test(property)) continue;
    const value = rawValue.trim();
    const stripped = value.replace(/var\(--[\w-]+(,[^()]*)?\)/g, 'V');
    if ((property === 'line-height' ? RAW_LINE_HEIGHT : RAW).test(stripped)) found.push(`${file}|${property}|${value}`);
  }
  return found;
}

describe('type and spacing scales (src/styles/tokens.css)', () => {
  it('are used by every font size, line height, margin, padding and gap outside tokens.css', () => {
    const files = cssFiles(ROOT).filter((path) => relative(ROOT, path) !== TOKENS);
    expect(files.length).toBeGreaterThan(5);
    const raw = files
      .flatMap((path) => rawSizes(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8')))
      .filter((entry) => !ALLOWED.has(entry));
    expect(raw).toEqual([]);
  });

  it('defines the type scale, line heights and spacing scale', () => {
    const tokens = readFileSync(join(ROOT, TOKENS), 'utf8');
    for (const name of [
      '--font-size-xs',
      '--font-size-base',
      '--font-size-2xl',
      '--line-height-body',
      '--space-1',
      '--space-8',
    ]) {
      expect(tokens).toContain(`${name}:`);
    }
  });

  it('catches a raw size and lets tokens, zero and auto through', () => {
    expect(rawSizes('a.css', '.a { padding: 8px 12px; }')).toEqual(['a.css|padding|8px 12px']);
    expect(rawSizes('a.css', '.a { font-size: 1.25rem; line-height: 1.2; }')).toHaveLength(2);
    expect(rawSizes('a.css', '.a { margin: 0 auto var(--space-2); gap: 0 var(--space-4); }')).toEqual([]);
    expect(rawSizes('a.css', '.a { padding-bottom: calc(var(--space-4) * 2); }')).toEqual([]);
    expect(rawSizes('a.css', '.a { margin-block: var(--space-6) 0; font-size: var(--font-size-sm); }')).toEqual([]);
  });
});
