/**
 * Import cycles of the app's modules, type-only imports included (docs/architecture.md "Layers
 * and allowed imports"). `import-x/no-cycle` skips every `import type` (they are erased at build
 * time), so a cycle closed by a type import is invisible to it; the modules of such a cycle still
 * cannot be understood, moved or split one without the other. This module reads the imports of a
 * file with the TypeScript parser (static, `import type`, `export … from`, `import()` calls and
 * `import('…')` types), resolves the relative ones to files, and finds cycles:
 *
 * - `findImportCycles(files)`: every cycle of a set of files, as strongly connected components
 *   (what the unit test test/unit/lint-boundaries.test.ts checks is empty for src/);
 * - `noTypeImportCycle`: the ESLint rule `local/no-type-import-cycle` (eslint.config.js), which
 *   reports an import that starts a cycle back to its own file through at least one type-only
 *   import — the cycles `import-x/no-cycle` does not see (it reports the others).
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The file extensions an import may leave out, in the order they are tried (as eslint.config.js resolves). */
const EXTENSIONS = ['.ts', '.tsx', '.js', '.d.ts'];

/** The kind of script TypeScript parses `fileName` as. */
const scriptKindOf = (fileName) =>
  fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : fileName.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;

/** True when every one of `elements` (import or export specifiers) is marked `type`. */
const allTypeOnly = (elements) => elements.length > 0 && elements.every((element) => element.isTypeOnly);

/**
 * The module specifiers `text` (the source of `fileName`) imports, each with whether it is
 * type-only (erased at build time: `import type`, `import { type A }`, `export type … from`,
 * `import('…')` in a type) and its position in `text`.
 * @returns `{ specifier, typeOnly, start, end }[]`, in source order (dynamic imports after the static ones).
 */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKindOf(fileName));
  const found = [];
  const add = (literal, typeOnly, node) => {
    if (literal && ts.isStringLiteralLike(literal)) {
      found.push({ specifier: literal.text, typeOnly, start: node.getStart(source), end: node.getEnd() });
    }
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : null;
      const typeOnly = Boolean(clause?.isTypeOnly || (clause && !clause.name && named && allTypeOnly(named.elements)));
      add(statement.moduleSpecifier, typeOnly, statement);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const named = statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause : null;
      add(statement.moduleSpecifier, statement.isTypeOnly || Boolean(named && allTypeOnly(named.elements)), statement);
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      add(statement.moduleReference.expression, statement.isTypeOnly, statement);
    }
  }
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true, node);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}

/** True when `path` is a file. */
const isFile = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/**
 * The file a relative `specifier` of `fromFile` names (`./a` → `./a.ts`, `./dir` → `./dir/index.tsx`),
 * or null: packages, assets (`.css`, `?url`) and anything that is not a source file.
 */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    ...(EXTENSIONS.some((ext) => base.endsWith(ext)) ? [base] : []),
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => resolve(base, `index${ext}`)),
  ];
  return candidates.find(isFile) ?? null;
}

/** Each file's resolved imports, read again when the file changes (ESLint's runs in an editor last). */
const cache = new Map();

/**
 * The files `file` imports (on disk), each with whether every import of it is type-only.
 * @returns a Map of resolved path → typeOnly.
 */
export function edgesOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return new Map();
  }
  const cached = cache.get(file);
  if (cached && cached.mtime === mtime) return cached.edges;
  const edges = edgesFrom(file, readFileSync(file, 'utf8'));
  cache.set(file, { mtime, edges });
  return edges;
}

/** The resolved imports of `text` as the source of `file`: path → whether every import of it is type-only. */
function edgesFrom(file, text) {
  const edges = new Map();
  for (const { specifier, typeOnly } of importsOf(file, text)) {
    const target = resolveImport(file, specifier);
    if (target) edges.set(target, (edges.get(target) ?? true) && typeOnly);
  }
  return edges;
}

/**
 * The import cycles among `files` (absolute paths), type-only imports included: the strongly
 * connected components of their import graph with more than one file, or one file importing
 * itself (Tarjan's algorithm). Imports of files outside `files` are not followed.
 * @returns each cycle as its files (sorted), the cycles in the order of their first file.
 */
export function findImportCycles(files) {
  const inSet = new Set(files);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const connect = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edgesOf(file).keys()) {
      if (!inSet.has(target)) continue;
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edgesOf(file).has(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return cycles.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * A shortest way from `start` back to `file` that takes at least one type-only import, counting
 * the first import (`startTypeOnly`); ways through `file` itself are not followed.
 * @returns the files of the way (`start` … `file`), or null when there is none.
 */
function typeCycleBack(file, start, startTypeOnly) {
  const key = (path, typed) => `${typed ? 1 : 0}${path}`;
  const parent = new Map([[key(start, startTypeOnly), null]]);
  const queue = [[start, startTypeOnly]];
  while (queue.length > 0) {
    const [path, typed] = queue.shift();
    if (path === file) {
      if (!typed) continue;
      const way = [];
      for (let at = key(path, typed); at !== null; at = parent.get(at)) way.unshift(at.slice(1));
      return way;
    }
    for (const [target, typeOnly] of edgesOf(path)) {
      const state = key(target, typed || typeOnly);
      if (parent.has(state)) continue;
      parent.set(state, key(path, typed));
      queue.push([target, typed || typeOnly]);
    }
  }
  return null;
}

/** `local/no-type-import-cycle`: see the module's comment. */
export const noTypeImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles closed by type-only imports (import-x/no-cycle skips them).' },
    schema: [],
    messages: {
      cycle:
        'Import cycle through a type-only import: {{way}}. Move the shared type to a module both import (docs/architecture.md "Layers and allowed imports").',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!file || file === '<text>' || !file.startsWith('/')) return {};
    return {
      'Program:exit'() {
        const { sourceCode } = context;
        // Each imported file once, at its first import; type-only when every import of it is.
        const targets = new Map();
        for (const { specifier, typeOnly, start, end } of importsOf(file, sourceCode.text)) {
          const target = resolveImport(file, specifier);
          if (!target) continue;
          const first = targets.get(target);
          targets.set(target, first ? { ...first, typeOnly: first.typeOnly && typeOnly } : { typeOnly, start, end });
        }
        for (const [target, { typeOnly, start, end }] of targets) {
          const way = target === file ? (typeOnly ? [file] : null) : typeCycleBack(file, target, typeOnly);
          if (!way) continue;
          const shown = [file, ...way].map((path) => relative(process.cwd(), path)).join(' → ');
          context.report({
            loc: { start: sourceCode.getLocFromIndex(start), end: sourceCode.getLocFromIndex(end) },
            messageId: 'cycle',
            data: { way: shown },
          });
        }
      },
    };
  },
};
