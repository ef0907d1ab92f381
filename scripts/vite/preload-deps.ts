/**
 * Vite's preload lists without what is certainly loaded already (docs/performance.md).
 *
 * Every lazy chunk that `import()`s another carries the list of what that import needs
 * (`__vite__mapDeps`: the chunk, the chunks it imports, their styles), and Vite's preload helper
 * adds a `<link rel=modulepreload>` for each file of it not on the page yet before the import. The
 * list held every chunk down to the libraries (`vendor`), the entry and, from a signed-in screen,
 * the `signed-in` chunk — files that are always loaded by then: the entry's, which run before any
 * `import()`, and those the importing chunk imports itself, which ran before it. They are left out
 * here (Vite's `build.modulePreload.resolveDependencies`); styles are always kept (the preload
 * helper is what adds a lazy chunk's stylesheets). A JS file left out only loses a hint for a file
 * already there: the import itself still loads whatever it needs.
 */
import type { Plugin, Rollup } from 'vite';

/**
 * `deps` (JS files of an `import()` in the chunk `host`) without those loaded whenever `host` runs:
 * the entry's static imports and `host`'s own, followed transitively.
 * @param bundle the build's output; a `host` not in it (another build) keeps every dep.
 * @returns the deps to keep, in their order.
 */
export function depsNotLoaded(deps: readonly string[], host: string, bundle: Rollup.OutputBundle): string[] {
  const chunk = (name: string) => {
    const file = bundle[name];
    return file?.type === 'chunk' ? file : undefined;
  };
  if (!chunk(host)) return [...deps];
  const loaded = new Set<string>();
  const follow = (name: string) => {
    if (loaded.has(name)) return;
    loaded.add(name);
    for (const next of chunk(name)?.imports ?? []) follow(next);
  };
  follow(host);
  for (const file of Object.values(bundle)) if (file.type === 'chunk' && file.isEntry) follow(file.fileName);
  return deps.filter((dep) => !loaded.has(dep));
}

/** The Vite plugin (build only). */
export function preloadDeps(): Plugin {
  let bundle: Rollup.OutputBundle | null = null;
  return {
    name: 'preload-deps',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file, deps, { hostId }) => (bundle ? depsNotLoaded(deps, hostId, bundle) : deps),
        },
      },
    }),
    // Before Vite writes the lists (its own generateBundle): the bundle they are made from.
    generateBundle: {
      order: 'pre',
      handler(_, output) {
        bundle = output;
      },
    },
  };
}
