/**
 * The learning screens a student can open from the one on the page, downloaded before the tap
 * (docs/performance.md "The next screen's code before the tap"). Once a screen has its data and
 * the main thread is idle, each link in its `<main>` to the learning path — the course list, a
 * course, a module, a learning object: the routes with learning startup reads (./route-table.ts), where
 * students spend their time and tap most — is matched against the build's per-route chunk lists
 * (the ones the inline loader preloads on a deep link: `#entry-data`,
 * scripts/vite/deferred-entry.ts), and the chunks and styles not on the page yet are added as
 * `<link rel=modulepreload>` / `<link rel=preload as=style>`: downloaded and parsed, not run, so
 * no tap waits behind them. Opening a course from /courses, or a learning object from its module,
 * then waits for its data only, not for its code first.
 *
 * The step a student takes next through a course — the link marked `rel="next"`, 'Próximo
 * conteúdo' — gets its data too (`prefetchNextReads`): the same reads a page load of it makes
 * (./startup-reads.ts), into the query cache the screen reads from, so that the tap shows it at
 * once (and it is kept on the device with the student's other reads).
 *
 * Links elsewhere (finances, grades, the account…) are left to the tap: each would add its code to
 * every cold load of the screen that links to it. Nothing happens without the build's data block
 * (the dev server, tests that give none), with 'Economia de dados' on, or on a 2G-class connection
 * (`prefetchAllowed`; the service worker's precache still downloads every chunk later).
 */
import type { QueryClient } from '@tanstack/react-query';
import { eachInIdleTime } from '../services/scheduling/after-first-screen';
import { startupReadsOf } from './route-table';

/** The part of the Network Information API read here (Chromium, Android WebView). */
interface ConnectionInfo {
  effectiveType?: string;
}

/**
 * Whether the idle-time prefetch may run on this connection: not on a 2G-class one (Network
 * Information API `effectiveType` 'slow-2g' or '2g'), where the next screens' code would compete
 * with what the student is waiting for. Unknown (no API: Firefox, Safari) allows it.
 * @param connection `navigator.connection` (tests pass their own).
 */
export function prefetchAllowed(
  connection: ConnectionInfo | undefined = (globalThis.navigator as { connection?: ConnectionInfo } | undefined)
    ?.connection,
): boolean {
  return !['slow-2g', '2g'].includes(connection?.effectiveType ?? '');
}

/** A route pattern (RegExp source) and the chunk and style URLs it needs, as the build lists them. */
type RouteFiles = [pattern: string, files: string[]];

/**
 * A screen's next step whose code is a chunk of its own, as the build lists it
 * (scripts/vite/deferred-entry.ts `NEXT_STEP_PARTS`): 'payment' is /finances' 'Pagar com Pix'.
 */
export type NextStepPart = 'payment';

interface BuildFiles {
  routes: RouteFiles[];
  parts: Partial<Record<NextStepPart, string[]>>;
}

let build: BuildFiles | null = null;

/** The build's per-route and per-step chunk lists (read once); empty when the page has no data block. */
function buildFiles(doc: Document): BuildFiles {
  if (build) return build;
  try {
    const data = JSON.parse(doc.getElementById('entry-data')?.textContent ?? 'null') as {
      routes?: unknown;
      parts?: unknown;
    } | null;
    build = {
      routes: Array.isArray(data?.routes) ? (data.routes as RouteFiles[]) : [],
      parts: data?.parts && typeof data.parts === 'object' ? (data.parts as BuildFiles['parts']) : {},
    };
  } catch {
    build = { routes: [], parts: {} };
  }
  return build;
}

const routeFiles = (doc: Document): RouteFiles[] => buildFiles(doc).routes;

/** Forgets the data block read (tests put another in the page). */
export function forgetRouteFiles(): void {
  build = null;
}

/** The hrefs the page has a `<link>` for already. */
const linked = (doc: Document) =>
  new Set([...doc.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));

/**
 * Adds `files` to the page as `<link rel=modulepreload>` (a chunk) or `<link rel=preload
 * as=style>` (a style), marked `data-prefetch` (what the bench, scripts/bench/routes.ts, counts as
 * the next screens' bytes of a cold load), a few per idle period of the main thread
 * (`eachInIdleTime`): each insertion starts a request, and ~10 of them in one task made a long
 * task on a slow phone.
 */
async function addPrefetchLinks(
  files: readonly string[],
  doc: Document,
  options: { signal?: AbortSignal },
): Promise<void> {
  await eachInIdleTime(
    files,
    (href) => {
      const link = doc.createElement('link');
      const css = href.endsWith('.css');
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.setAttribute('as', 'style');
      link.crossOrigin = '';
      link.href = href;
      link.setAttribute('data-prefetch', 'next-screen');
      doc.head.appendChild(link);
    },
    options,
  );
}

/**
 * Whether `path` is on the learning path: the list, a course, a module, a learning object (the
 * routes whose startup reads are the learning reads; not the other screens that have some).
 */
const onLearningPath = (path: string): boolean => {
  const reads = startupReadsOf(path);
  return reads !== null && reads !== 'screen';
};

/**
 * The chunk and style URLs the routes linked from `root` need and the page has not asked for yet
 * (no `<link>` with that href in the document; a chunk already imported without one is recognised
 * by the browser's module map and not downloaded again).
 * @param root the screen's content (its `<main>`).
 * @param doc the page (its `#entry-data` block, its `<head>` links).
 * @param follows which linked paths to prefetch for (default: the learning path's).
 * @returns URLs in the build's order, each once.
 */
export function filesOfLinkedRoutes(
  root: ParentNode,
  doc: Document = document,
  follows: (path: string) => boolean = onLearningPath,
): string[] {
  const table = routeFiles(doc);
  if (table.length === 0) return [];
  const matchers = table.map(([pattern, files]) => [new RegExp(pattern), files] as const);
  const known = linked(doc);
  const wanted = new Set<string>();
  const paths = new Set<string>();
  for (const anchor of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const url = new URL(anchor.href, doc.baseURI);
    if (url.origin === new URL(doc.baseURI).origin && follows(url.pathname)) paths.add(url.pathname);
  }
  for (const path of paths) {
    const files = matchers.find(([pattern]) => pattern.test(path))?.[1] ?? [];
    for (const file of files) if (!known.has(file)) wanted.add(file);
  }
  return [...wanted];
}

/**
 * Adds a `<link rel=modulepreload>` (a chunk) or `<link rel=preload as=style>` (a style) for each
 * file the learning routes linked from `root` need (`filesOfLinkedRoutes`), a few per idle period
 * of the main thread (`eachInIdleTime`): each insertion starts a request, and ~10 of them in one
 * task made a long task on a slow phone.
 * @param options.signal stops adding links once aborted (the student left the screen).
 * @returns the URLs to ask for (in the build's order), once their links are in the page — or the
 *   signal stopped them; never rejects.
 */
export async function prefetchLinkedRoutes(
  root: ParentNode,
  doc: Document = document,
  options: { signal?: AbortSignal } = {},
): Promise<string[]> {
  const files = filesOfLinkedRoutes(root, doc, onLearningPath);
  await addPrefetchLinks(files, doc, options);
  return files;
}

/**
 * Downloads, without running it, the code of a screen's next step (`NextStepPart`: its chunks and
 * styles the page has not asked for yet, from the build's data block), a few links per idle
 * period, marked `data-prefetch` like the next screens' code: on /finances, while a bill to pay is
 * shown, the Pix dialog and the payment effects, so that 'Pagar com Pix' waits for neither. The
 * caller leaves it out with 'Economia de dados' on; here nothing happens on a 2G-class connection
 * (`prefetchAllowed`) or without the data block (the dev server: the tap loads the code).
 * @param options.signal stops adding links once aborted (the student left the screen).
 * @returns the URLs asked for (in the build's order); never rejects.
 */
export async function prefetchPart(
  part: NextStepPart,
  doc: Document = document,
  options: { signal?: AbortSignal } = {},
): Promise<string[]> {
  if (!prefetchAllowed()) return [];
  const known = linked(doc);
  const files = (buildFiles(doc).parts[part] ?? []).filter((file) => !known.has(file));
  await addPrefetchLinks(files, doc, options);
  return files;
}

/**
 * Asks, into `client`, for the reads of the page the `rel="next"` link of `root` opens (the next
 * learning object, or the next module's first): its module, then the learning object (a page
 * load's own reads, ./startup-reads.ts), so that the tap finds them in the cache.
 * @returns when they have settled; never rejects (a failure is the next screen's to show).
 */
export async function prefetchNextReads(
  root: ParentNode,
  client: QueryClient,
  doc: Document = document,
): Promise<void> {
  const next = root.querySelector<HTMLAnchorElement>('a[rel~="next"][href]');
  if (!next) return;
  const url = new URL(next.href, doc.baseURI);
  if (url.origin !== new URL(doc.baseURI).origin || !onLearningPath(url.pathname)) return;
  const { prefetchRouteReads } = await import('./startup-reads');
  await prefetchRouteReads(client, url.pathname, url.search);
}
