/**
 * The build leaves the machines' descriptions out of the published JS
 * (scripts/vite/machine-descriptions.ts): plain-text `description`s go, the code stays valid and
 * does the same; anything computed stays.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { withoutDescriptions } from '../../scripts/vite/machine-descriptions';

const syntaxErrors = (code: string) =>
  ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext } })
    .diagnostics ?? [];

describe('machine descriptions in the build', () => {
  it('removes every plain-text description of the root machine; the module still compiles', () => {
    const id = 'src/machines/app.machine.ts';
    const source = readFileSync(id, 'utf8');
    expect(source).toMatch(/description:/);
    const out = withoutDescriptions(source, id)!;
    expect(out.code).not.toMatch(/\bdescription:/);
    expect(syntaxErrors(out.code)).toEqual([]);
    expect(source.length - out.code.length).toBeGreaterThan(2000); // characters of prose
  });

  it('keeps a computed description, and the last property of an object without its comma', () => {
    const code = [
      "const a = { on: {}, description: 'Um ' + 'estado' };",
      'const b = { description: `texto`, tags: [] };',
      'const c = { description: describe(x) };',
    ].join('\n');
    const out = withoutDescriptions(code, 'x.machine.ts')!;
    expect(out.code).toBe(
      ['const a = { on: {},  };', 'const b = {  tags: [] };', 'const c = { description: describe(x) };'].join('\n'),
    );
    expect(syntaxErrors(out.code)).toEqual([]);
  });

  it('leaves a module without descriptions untouched', () => {
    expect(withoutDescriptions('export const x = { a: 1 };', 'x.machine.ts')).toBeNull();
  });
});
