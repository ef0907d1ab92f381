/**
 * Translations (docs/product.md §3 language: pt-BR default, also en and es — complete): the source
 * catalogue `src/i18n/pt-BR.json` matches the messages in the code (`npm run i18n:extract`
 * rewrites it), and en/es translate every message with the same ICU arguments, plurals and
 * selects, so no screen shows a Portuguese string or a broken placeholder in another language.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import ptBR from '../../src/i18n/pt-BR.json';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';

/** The ICU arguments of a message (name:type), sorted — what a translation must keep. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument) found.add(`${element.value}:argument`);
      if (element.type === TYPE.number) found.add(`${element.value}:number`);
      if (element.type === TYPE.date || element.type === TYPE.time) found.add(`${element.value}:date`);
      if (element.type === TYPE.plural) {
        found.add(`${element.value}:plural`);
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.select) {
        found.add(`${element.value}:select`);
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) {
        found.add(`${element.value}:tag`);
        walk(element.children);
      }
    }
  };
  walk(parse(message, { ignoreTag: false }));
  return [...found].sort();
}

describe('translations', () => {
  it('pt-BR.json holds exactly the messages of the code (run `npm run i18n:extract` after changing one)', () => {
    mkdirSync('.tmp', { recursive: true });
    const result = spawnSync(
      process.execPath,
      [
        'node_modules/@formatjs/cli/bin/formatjs',
        'extract',
        'src/**/*.{ts,tsx}',
        '--ignore',
        'src/**/*.d.ts',
        '--format',
        'simple',
        '--out-file',
        '.tmp/i18n-extracted.json',
      ],
      { encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    const extracted = JSON.parse(readFileSync('.tmp/i18n-extracted.json', 'utf8')) as Record<string, string>;
    expect(ptBR).toEqual(extracted);
  });

  for (const [locale, catalogue] of [
    ['en', en],
    ['es', es],
  ] as const) {
    it(`${locale} translates every message, keeping its ICU arguments`, () => {
      const messages = catalogue as Record<string, string>;
      expect(Object.keys(messages).sort()).toEqual(Object.keys(ptBR).sort());
      for (const [id, source] of Object.entries(ptBR as Record<string, string>)) {
        expect(argumentsOf(messages[id] ?? ''), `${locale} ${id}`).toEqual(argumentsOf(source));
      }
    });
  }
});
