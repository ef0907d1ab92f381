/**
 * The machines' `description`s stay out of the published JS. They document each state and
 * transition — the source of docs/machines/*.md (`npm run machines:docs`, which reads the
 * source, not the build) and of what a developer reads in the code — but nothing in the app reads
 * them at run time, and the root actor's rules alone are ~3 KB gzip of prose on /login
 * (docs/performance.md). Tests and `npm run dev` keep them (this plugin runs on `vite build` only).
 *
 * What is removed: in `src/machines/*.machine.ts`, every object property named `description`
 * whose value is plain text — a string literal, a template without `${}`, or a `+` of those. Any
 * other `description` (computed, a call) stays.
 */
import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

const MACHINE_FILE = /[\\/]src[\\/]machines[\\/][^\\/]+\.machine\.ts$/;

/** True when `node` is text written in the source: a string, a template without `${}`, or a `+` of those. */
function isPlainText(node: ts.Expression): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  if (ts.isParenthesizedExpression(node)) return isPlainText(node.expression);
  return (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    isPlainText(node.left) &&
    isPlainText(node.right)
  );
}

/**
 * The source of a machine module without the plain-text `description` properties.
 * @param code TypeScript source; @param id its path (for the source map).
 * @returns the new code and its source map, or null when there was nothing to remove.
 */
export function withoutDescriptions(
  code: string,
  id: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out = new MagicString(code);
  let removed = 0;
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      node.name.text === 'description' &&
      isPlainText(node.initializer) &&
      ts.isObjectLiteralExpression(node.parent)
    ) {
      // The property and the comma after it (the last property may have none).
      let end = node.getEnd();
      const after = code.slice(end).match(/^\s*,/);
      if (after) end += after[0].length;
      out.remove(node.getStart(source), end);
      removed++;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (removed === 0) return null;
  return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
}

/** The Vite plugin: `vite build` only, before TypeScript is compiled. */
export function machineDescriptions(): Plugin {
  return {
    name: 'machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE_FILE.test(id)) return null;
      return withoutDescriptions(code, id);
    },
  };
}
