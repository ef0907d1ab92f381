/**
 * Bundle report for the performance bench (docs/performance.md): when the build runs
 * with `BUNDLE_REPORT=<file>`, writes there, as JSON, every JS chunk of the build with its
 * gzip size and the modules it holds — which chunks the entry pulls in, which chunk each lazy
 * route loads, and which modules land where. Does nothing without the variable.
 *
 *   BundleReport = { chunks: ReportChunk[] }
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

/** One JS chunk of the build. Sizes in bytes. */
export interface ReportChunk {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The module the chunk was made for (a lazy route's screen), relative to the root; null for shared chunks. */
  facadeModule: string | null;
  /** Modules that import `facadeModule` with `import()` (src/app/app-root.tsx for the lazy routes). */
  dynamicImporters: string[];
  /** Chunks it imports statically (loaded with it). */
  imports: string[];
  /** Chunks it may load later. */
  dynamicImports: string[];
  /** CSS files loaded with it. */
  css: string[];
  bytes: number;
  /** gzip level 9, as a CDN precompresses. */
  gzipBytes: number;
  /** Modules by rendered (pre-minification) length, largest first. */
  modules: { id: string; renderedLength: number }[];
}

export interface BundleReport {
  chunks: ReportChunk[];
}

/** gzip size (level 9) of `data`, in bytes. */
export const gzipSize = (data: string | Uint8Array): number =>
  gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).length;

/** Writes the bundle report to `process.env.BUNDLE_REPORT` at the end of a build, if set. */
export function bundleReport(): Plugin {
  let root = process.cwd();
  return {
    name: 'bundle-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_, bundle) {
      const target = process.env.BUNDLE_REPORT;
      if (!target) return;
      const short = (id: string) =>
        id.includes('node_modules') ? id.slice(id.lastIndexOf('node_modules/')) : relative(root, id);
      const chunks: ReportChunk[] = [];
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        // A lazily loaded module placed in a group chunk (the learning-object viewer:
        // scripts/vite/vendor-chunk.ts) has no chunk of its own: the group's is its route's chunk.
        const lazy =
          file.facadeModuleId ??
          Object.keys(file.modules).find((id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) ??
          null;
        chunks.push({
          fileName: file.fileName,
          isEntry: file.isEntry,
          isDynamicEntry: file.isDynamicEntry || (!file.isEntry && lazy !== null),
          facadeModule: lazy ? short(lazy) : null,
          dynamicImporters: lazy ? (this.getModuleInfo(lazy)?.dynamicImporters ?? []).map(short) : [],
          imports: file.imports,
          dynamicImports: file.dynamicImports,
          css: [...(file.viteMetadata?.importedCss ?? [])],
          bytes: Buffer.byteLength(file.code),
          gzipBytes: gzipSize(file.code),
          modules: Object.entries(file.modules)
            .map(([id, m]) => ({ id: short(id), renderedLength: m.renderedLength }))
            .sort((a, b) => b.renderedLength - a.renderedLength),
        });
      }
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, JSON.stringify({ chunks } satisfies BundleReport, null, 1));
    },
  };
}
