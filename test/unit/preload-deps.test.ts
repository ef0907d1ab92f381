/**
 * Vite's preload lists leave out the chunks certainly loaded when an `import()` runs
 * (scripts/vite/preload-deps.ts): the entry's and the importing chunk's own static imports,
 * followed transitively; what the import alone brings stays, in its order.
 */
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { depsNotLoaded } from '../../scripts/vite/preload-deps';

const chunk = (fileName: string, imports: string[], isEntry = false) =>
  ({ type: 'chunk', fileName, imports, isEntry }) as unknown as Rollup.OutputChunk;
const bundle: Rollup.OutputBundle = Object.fromEntries(
  [
    chunk('index.js', ['vendor.js', 'clients.js'], true),
    chunk('vendor.js', []),
    chunk('clients.js', ['vendor.js']),
    chunk('signed-in.js', ['vendor.js', 'index.js']),
    chunk('learning-object.js', ['signed-in.js', 'sources.js']),
    chunk('sources.js', []),
    chunk('rich-text.js', ['vendor.js', 'signed-in.js', 'learning-object.js', 'purify.js']),
    chunk('purify.js', []),
  ].map((c) => [c.fileName, c]),
);

describe('preload lists', () => {
  it('keep what the import alone brings, not the entry’s chunks nor the importer’s own', () => {
    const deps = ['rich-text.js', 'vendor.js', 'signed-in.js', 'learning-object.js', 'sources.js', 'purify.js'];
    expect(depsNotLoaded(deps, 'learning-object.js', bundle)).toEqual(['rich-text.js', 'purify.js']);
    // From the entry, the signed-in chunk is not loaded yet: it stays.
    expect(depsNotLoaded(['signed-in.js', 'vendor.js', 'index.js'], 'index.js', bundle)).toEqual(['signed-in.js']);
  });

  it('keep every dep of a chunk that is not in the bundle (another build)', () => {
    expect(depsNotLoaded(['vendor.js', 'x.js'], 'sw.js', bundle)).toEqual(['vendor.js', 'x.js']);
  });
});
