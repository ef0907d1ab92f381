/**
 * react-intl messages precompiled to ICU AST at build time, so the ICU parser is not shipped
 * (formatjs "Advanced Usage / Bundle size": precompile every message, then alias
 * `@formatjs/icu-messageformat-parser` to its `no-parser` build — ~10 KB gzip less JS).
 *
 * - `defaultMessage`s in the code (the pt-BR texts) become ASTs through `@formatjs/vite-plugin`
 *   (`ast: true`, whitespace kept as written; `description` removed).
 * - The lazily loaded catalogues `src/i18n/{en,es}.json` (id → ICU string) are parsed to ASTs
 *   when imported (what `formatjs compile --ast` does), so nothing is parsed in the browser.
 * - A guard fails the build when a chunk still holds a string `defaultMessage`: without the
 *   parser such a message would show its raw ICU text.
 *
 * Unit tests (vitest.config.ts) do not use this: they keep string messages and the parser.
 */
import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';
import formatjs from '@formatjs/vite-plugin';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
/** Lazily loaded catalogues whose ICU strings are compiled to AST on import. */
const CATALOGUE = /[\\/]src[\\/]i18n[\\/](?:en|es)\.json$/;
/** A string `defaultMessage` left in minified output (`defaultMessage:"…"`, `'…'` or `` `…` ``). */
const STRING_DEFAULT_MESSAGE = /defaultMessage:\s*["'`]/;

/**
 * Compiles one catalogue (id → ICU message string) to id → AST.
 * @throws Error naming the id of a message that is not valid ICU.
 */
export function compileCatalogue(messages: Record<string, string>): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`i18n: message "${id}" is not valid ICU: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}

/** The Vite plugins (and the parser alias) of precompiled messages. */
export function precompiledMessages(): Plugin[] {
  const noParser = require.resolve('@formatjs/icu-messageformat-parser/no-parser.js');
  return [
    formatjs({ ast: true, preserveWhitespace: true }) as Plugin,
    {
      name: 'precompiled-messages',
      enforce: 'pre',
      config: () => ({
        resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: noParser }] },
      }),
      transform(code, id) {
        if (!CATALOGUE.test(id)) return null;
        return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>)), map: null };
      },
      generateBundle(_, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && STRING_DEFAULT_MESSAGE.test(file.code)) {
            this.error(
              `${file.fileName} still holds a string defaultMessage (not precompiled): use defineMessages/defineMessage or intl.formatMessage with a literal descriptor`,
            );
          }
        }
      },
    },
  ];
}
