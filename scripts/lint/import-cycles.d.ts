/** Types of ./import-cycles.js (the import-cycle check of eslint.config.js and its unit test). */
import type { Rule } from 'eslint';

/** The module specifiers a source imports, each with whether it is type-only and where it is. */
export function importsOf(
  fileName: string,
  text: string,
): { specifier: string; typeOnly: boolean; start: number; end: number }[];
/** The file a relative specifier names, or null (packages, assets). */
export function resolveImport(fromFile: string, specifier: string): string | null;
/** The files `file` imports: resolved path → whether every import of it is type-only. */
export function edgesOf(file: string): Map<string, boolean>;
/** The import cycles among `files` (absolute paths), type-only imports included, each as its sorted files. */
export function findImportCycles(files: readonly string[]): string[][];
/** The ESLint rule `local/no-type-import-cycle`. */
export const noTypeImportCycle: Rule.RuleModule;
