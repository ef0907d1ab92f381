/**
 * One `vendor` chunk for the libraries every page starts with: React, XState,
 * react-intl, wouter, ky, valibot, js-cookie, colord. Left to itself the bundler splits them
 * into a dozen small chunks (each also used by lazy routes); gzip compresses one file better
 * than twelve (−3.6 KB on /login, measured with scripts/bench/bundle.ts) and the browser makes
 * fewer requests. Libraries only lazy screens use (TanStack Query, DOMPurify, sonner, lottie,
 * qrcode-generator…) stay in their own lazy chunks.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** node_modules packages of the first screen. */
export const STARTUP_LIBRARIES = [
  'react',
  'react-dom',
  'scheduler',
  'xstate',
  '@xstate',
  'use-sync-external-store',
  'use-isomorphic-layout-effect',
  'react-intl',
  '@formatjs',
  'intl-messageformat',
  'wouter',
  'regexparam',
  'ky',
  'js-cookie',
  'valibot',
  'colord',
  'react-error-boundary',
];

/**
 * Parts of those packages that only lazy screens use: they stay in those screens' chunks (colord's
 * colour-name table is only for text lessons whose colours are words, services/content/colour-names.ts).
 */
export const LAZY_LIBRARY_PARTS = ['colord/plugins/names'];

/**
 * The app's own modules of the first request, kept in one `clients` chunk: the HTTP clients and
 * the contract of the first request (platform, sign-in, user). Lazy routes import them too (API
 * calls, the user schema), and left to itself the bundler would split the contract part into
 * small chunks of their own, each one more request before the first paint. With them, the small
 * modules the entry imports that lazy screens share (the reachability hook, the actors' context,
 * `retryableLazy`, two query-key files): each was a chunk of its own of 130–720 bytes, fetched by
 * every page (one file compresses better than five: −0.1 KB gzip on every page).
 */
export const STARTUP_MODULES =
  /[\\/]src[\\/](services[\\/](http[\\/]clients|config|storage[\\/]token|contract[\\/](bases|session|profile-fields)|api[\\/]keys[\\/](finances|account))\.ts|views[\\/](components[\\/](use-online|retryable-lazy)\.ts|app-actors\.tsx))$/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * What every signed-in page load starts with, besides the entry: the routes shell (TanStack
 * Query, guards, the signed-in layout), the outbox of progress writes and the startup reads.
 * Relative to the project root.
 */
export const SIGNED_IN_ROOTS = ['src/app/lazy-routes.tsx', 'src/app/wiring/learning.ts', 'src/app/startup-reads.ts'];

/** Minimal view of rolldown's chunking context: a module's static imports. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** rolldown's chunking context with each module's importers and dynamic imports too. */
interface FullModuleGraph {
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    importers: readonly string[];
    dynamicImporters: readonly string[];
  } | null;
}

/** The screens that show a learning object (relative to the project root): the viewer, the preview. */
export const LEARNING_OBJECT_VIEWERS = ['src/views/learning-object/screen.tsx', 'src/views/preview/screen.tsx'];

/**
 * The `learning-object` group's name function: the modules every learning object loads whatever
 * its type — those the viewer (`LEARNING_OBJECT_VIEWERS[0]`) imports statically — that nothing
 * outside the viewers imports, go to one `learning-object` chunk, the viewer's route chunk: the
 * screen and its next step, the content's dispatch by type, its texts, the URL classification, the
 * brand's content sources hook.
 * Left to itself the bundler cut them into four small chunks (the preview and the types' own
 * chunks share some): one file compresses better (docs/performance.md). "Outside" is computed, not
 * listed: a module stays out as soon as any module that is not only ever loaded by a viewer imports
 * it (the attachments' screen imports the lifecycle status), so no other screen ever loads this
 * chunk. The types' own code keeps its chunks (src/views/learning-object/content.tsx `KIND_CODE`).
 * @param root the project root (absolute).
 */
export function learningObjectGroup(root: string) {
  let members: Set<string> | null = null;
  const abs = (path: string) => `${root.replace(/[\\/]$/, '')}/${path}`;
  return (id: string, ctx: FullModuleGraph): string | null => {
    if (!members) {
      const viewers = new Set(LEARNING_OBJECT_VIEWERS.map(abs));
      const reach = (starts: Iterable<string>, dynamic: boolean) => {
        const seen = new Set<string>();
        const todo = [...starts];
        while (todo.length) {
          const next = todo.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          const info = ctx.getModuleInfo(next);
          todo.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
        }
        return seen;
      };
      // What only the viewers load: all they reach, less (until nothing changes) every module
      // that something else imports, statically or not.
      const only = reach(viewers, true);
      for (let changed = true; changed;) {
        changed = false;
        for (const module of only) {
          if (viewers.has(module)) continue;
          const info = ctx.getModuleInfo(module);
          const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
          if (importers.some((importer) => !only.has(importer))) {
            only.delete(module);
            changed = true;
          }
        }
      }
      const viewer = abs(LEARNING_OBJECT_VIEWERS[0]!);
      // The viewer itself too: its route's chunk is then this one (no chunk of its own to fetch).
      members = new Set([...reach([viewer], false)].filter((m) => only.has(m)));
    }
    return members.has(id) ? 'learning-object' : null;
  };
}

/**
 * The `signed-in` group's name function: a module reachable by static imports from
 * `SIGNED_IN_ROOTS`, but not from the entry (what /login loads) nor one of the libraries of the
 * `vendor` group, goes to one `signed-in` chunk. Left alone, the bundler cuts that code into ~40
 * small chunks (a query key file, a hook, a provider…): every signed-in page then fetched ~50
 * files, and gzip compresses one file much better than forty (−8 KB on each signed-in page,
 * measured with `npm run bench -- --no-lighthouse`).
 * @param root the project root (absolute). @param vendor the `vendor` group's test.
 */
export function signedInGroup(root: string, vendor: RegExp) {
  let members: Set<string> | null = null;
  const abs = (path: string) => `${root.replace(/[\\/]$/, '')}/${path}`;
  return (id: string, ctx: ModuleGraph): string | null => {
    if (!members) {
      const reach = (starts: string[]) => {
        const seen = new Set<string>();
        const todo = [...starts];
        while (todo.length) {
          const next = todo.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          for (const imported of ctx.getModuleInfo(next)?.importedIds ?? []) todo.push(imported);
        }
        return seen;
      };
      const startup = reach([abs('src/main.tsx')]);
      // The roots keep chunks of their own (the entry's loader preloads them by name).
      const roots = new Set(SIGNED_IN_ROOTS.map(abs));
      members = new Set([...reach([...roots])].filter((m) => !roots.has(m) && !startup.has(m) && !vendor.test(m)));
    }
    return members.has(id) ? 'signed-in' : null;
  };
}

/**
 * The `machines` group's name function: the state machines the entry starts with (reachable by
 * static imports from `src/main.tsx`) go to one `machines` chunk. Building a machine is work done
 * when its module is evaluated (XState resolves every state and transition in `createMachine`);
 * in a chunk of its own, the entry's loader (src/app/entry-loader.js) evaluates it in a task of
 * its own, between the libraries and the entry, instead of inside the entry's one long task
 * (TBT, docs/performance.md). Machines only lazy screens use stay with those screens.
 * @param root the project root (absolute).
 */
export function startupMachinesGroup(root: string) {
  let members: Set<string> | null = null;
  const main = `${root.replace(/[\\/]$/, '')}/src/main.tsx`;
  return (id: string, ctx: ModuleGraph): string | null => {
    if (!members) {
      const seen = new Set<string>();
      const todo = [main];
      while (todo.length) {
        const next = todo.pop()!;
        if (seen.has(next)) continue;
        seen.add(next);
        for (const imported of ctx.getModuleInfo(next)?.importedIds ?? []) todo.push(imported);
      }
      members = new Set([...seen].filter((m) => STARTUP_MACHINE.test(m)));
    }
    return members.has(id) ? 'machines' : null;
  };
}

const STARTUP_MACHINE = /[\\/]src[\\/]machines[\\/][^\\/]+\.machine\.ts$/;

/**
 * The Vite plugin (build only): sets rolldown's `advancedChunks` groups (`vendor`, `clients`,
 * `learning-object`, `machines`, `signed-in`).
 */
export function vendorChunk(): Plugin {
  const lazyParts = LAZY_LIBRARY_PARTS.map((part) => escape(part).replace(/\\\//g, '[\\\\/]')).join('|');
  const test = new RegExp(`node_modules[\\\\/](?!${lazyParts})(${STARTUP_LIBRARIES.map(escape).join('|')})[\\\\/]`);
  return {
    name: 'vendor-chunk',
    apply: 'build',
    config: (config) => ({
      build: {
        rolldownOptions: {
          output: {
            advancedChunks: {
              groups: [
                { name: 'vendor', test },
                { name: 'clients', test: STARTUP_MODULES },
                {
                  name: learningObjectGroup(resolve(config.root ?? process.cwd())),
                  debugName: 'learning-object',
                  // Its members only: what they import from other chunks stays there.
                  includeDependenciesRecursively: false,
                },
                {
                  name: startupMachinesGroup(resolve(config.root ?? process.cwd())),
                  debugName: 'machines',
                },
                {
                  name: signedInGroup(resolve(config.root ?? process.cwd()), test),
                  debugName: 'signed-in',
                  // Its members only: what they import from the entry stays in the entry.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    }),
  };
}
