/**
 * What the build ships, from the bundle report (scripts/vite/bundle-report.ts) and dist/:
 * the JS + CSS the entry loads before anything else (`initialAssets`) and the chunk of each
 * lazily loaded route (`lazyRouteChunks`). Sizes are gzip level 9, in bytes.
 *
 * Run alone after `BUNDLE_REPORT=.tmp/bundle-report.json npx vite build`:
 *   node --import tsx scripts/bench/bundle.ts [.tmp/bundle-report.json] [--modules]
 * prints the entry's chunks and, with --modules, the largest modules in them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSize, type BundleReport, type ReportChunk } from '../vite/bundle-report';

/** One file of the build with its gzip size (bytes). */
export interface SizedFile {
  file: string;
  gzipBytes: number;
}

/**
 * The entry chunk and every chunk it imports statically (what index.html loads and
 * modulepreloads), with their CSS.
 * @param distDir the build folder, to size the CSS files.
 * @throws Error when the report has no entry chunk.
 */
export function initialAssets(report: BundleReport, distDir: string): { js: SizedFile[]; css: SizedFile[] } {
  const byName = new Map(report.chunks.map((c) => [c.fileName, c]));
  const entry = report.chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('bundle report: no entry chunk');
  const seen = new Set<string>();
  const visit = (chunk: ReportChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) visit(next);
    }
  };
  visit(entry);
  const chunks = [...seen].map((name) => byName.get(name)!);
  const css = [...new Set(chunks.flatMap((c) => c.css))].map((file) => ({
    file,
    gzipBytes: gzipSize(readFileSync(join(distDir, file))),
  }));
  return { js: chunks.map((c) => ({ file: c.fileName, gzipBytes: c.gzipBytes })), css };
}

/** Where the lazily loaded routes are declared (src/app/route-table.ts) and their shared shell (lazy-routes). */
const SCREENS_MODULE = 'src/app/route-table.ts';
const ROUTES_SHELL = 'src/app/lazy-routes.tsx';

/**
 * What opening each lazily loaded route costs once /login's assets are loaded (gzip -9 bytes):
 * - the shell of the routes other than /login (src/app/lazy-routes.tsx: TanStack Query, guards,
 *   signed-in layout), counted once, as "src/app/lazy-routes.tsx";
 * - each screen of src/app/route-table.ts: its chunk plus the chunks it imports statically that neither
 *   the entry nor the shell already loaded.
 */
export function lazyRouteChunks(report: BundleReport): (SizedFile & { module: string; files: string[] })[] {
  const byName = new Map(report.chunks.map((c) => [c.fileName, c]));
  const closure = (chunk: ReportChunk, into: Set<string>) => {
    if (into.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) closure(next, into);
    }
  };
  const loaded = new Set<string>();
  const entry = report.chunks.find((c) => c.isEntry);
  if (entry) closure(entry, loaded);
  const cost = (chunk: ReportChunk, already: Set<string>) => {
    const files = new Set<string>();
    closure(chunk, files);
    const own = [...files].filter((name) => !already.has(name));
    return {
      file: chunk.fileName,
      module: chunk.facadeModule ?? chunk.fileName,
      files: own,
      gzipBytes: own.reduce((sum, name) => sum + (byName.get(name)?.gzipBytes ?? 0), 0),
    };
  };
  const rows = [];
  const shell = report.chunks.find((c) => c.isDynamicEntry && c.facadeModule === ROUTES_SHELL);
  if (shell) {
    rows.push(cost(shell, loaded));
    closure(shell, loaded);
  }
  for (const chunk of report.chunks) {
    if (chunk.isDynamicEntry && !chunk.isEntry && chunk.dynamicImporters.includes(SCREENS_MODULE)) {
      rows.push(cost(chunk, loaded));
    }
  }
  return rows.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv.find((a, i) => i > 1 && !a.startsWith('--')) ?? '.tmp/bundle-report.json';
  const report = JSON.parse(readFileSync(file, 'utf8')) as BundleReport;
  const { js, css } = initialAssets(report, 'dist');
  const total = [...js, ...css].reduce((sum, f) => sum + f.gzipBytes, 0);
  for (const f of [...js, ...css]) console.log(`${kb(f.gzipBytes).padStart(7)} KB  ${f.file}`);
  console.log(`${kb(total).padStart(7)} KB  initial JS + CSS (gzip -9)`);
  if (process.argv.includes('--modules')) {
    const names = new Set(js.map((f) => f.file));
    const modules = report.chunks.filter((c) => names.has(c.fileName)).flatMap((c) => c.modules);
    modules.sort((a, b) => b.renderedLength - a.renderedLength);
    for (const m of modules.slice(0, 60)) console.log(`${String(m.renderedLength).padStart(8)}  ${m.id}`);
  }
  console.log('\nlazy route chunks:');
  for (const c of lazyRouteChunks(report))
    console.log(`${kb(c.gzipBytes).padStart(7)} KB  ${c.module}  (${c.files.join(' ')})`);
}
