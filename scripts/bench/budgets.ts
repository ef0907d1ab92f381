/**
 * Performance budgets of `npm run bench` (docs/performance.md) and the function that
 * checks measured results against them. The yardstick is a cheap phone on a weak mobile
 * network: Lighthouse's mobile profile (150 ms RTT, 1.6 Mbps down, 4× CPU slowdown).
 *
 * 1 KB = 1024 bytes. Byte budgets are gzip sizes (level 9, as a CDN precompresses), so they do
 * not move with the CDN's brotli level; the bench also prints the bytes actually transferred.
 */

/** The budgets. Each says what it protects. */
export const BUDGETS = {
  /**
   * JS + CSS that /login downloads, gzip. At 1.6 Mbps 110 KB take ~0.55 s on the wire, and a
   * phone 4× slower than a laptop parses and runs them in a few hundred ms: more pushes the
   * moment the sign-in form answers past ~2 s on first visits (every student passes here).
   */
  loginJsCssKB: 110,
  /**
   * What opening one lazily loaded screen costs once the entry is loaded (its chunk plus the
   * chunks it alone needs), gzip. 30 KB ≈ 150 ms at 1.6 Mbps: navigation stays near one round
   * trip, and a screen cannot quietly pull a heavy library in for everyone.
   */
  lazyRouteKB: 30,
  /**
   * index.html, gzip — and each screen's own document (finances.html…,
   * docs/decisions/0015-a-document-per-screen.md). ≤ 14 KB fits TCP's first congestion window
   * (10 × 1460-byte segments): the HTML, with the pre-rendered /login, the pre-paint script and the
   * early pages, arrives in one round trip.
   */
  indexHtmlKB: 14,
  /**
   * Web fonts fetched by any measured route, bytes. The app uses the system font stack: a web
   * font on the critical path costs a round trip, a download, and a swap (layout shift) or
   * invisible text on slow networks.
   */
  fontBytes: 0,
  /** Lighthouse mobile on /login, medians of the runs: the first screen of every session. */
  login: {
    /** Lighthouse performance score (0–100): the overall yardstick. */
    minScore: 98,
    /** Largest Contentful Paint, ms: the form is visible in about one round trip plus render. */
    maxLcpMs: 1400,
    /** Total Blocking Time, ms: the main thread answers taps while the app starts. */
    maxTbtMs: 50,
    /** Cumulative Layout Shift: the pre-rendered form does not move when React takes over. */
    maxCls: 0.01,
  },
  /**
   * Every signed-in screen the bench measures (home, course list, a course, a module, a learning
   * object of each type with its own code, grades, attachments, finances, account, the streaming
   * brand, and the heavy student's long lists): they are where students spend their time, on the
   * same phones and networks as /login.
   */
  signedIn: {
    /**
     * JS + CSS of a cold load of the screen, gzip, counting what the screen loads for itself (not
     * the next screens' code fetched in idle time, below). 160 KB is the floor React DOM, XState,
     * ky and react-intl leave (docs/decisions/0013-signed-in-budgets-at-the-floor.md): a guard
     * against regressions, ≈ 0.8 s on the wire at 1.6 Mbps.
     */
    maxJsCssKB: 160,
    /**
     * Of a cold load, the next screens' code asked for in idle time once the screen has its data
     * (src/app/prefetch-routes.ts), gzip: it competes with nothing the student waits for, and is
     * not fetched with 'Economia de dados' or on a 2G-class connection.
     */
    maxPrefetchKB: 80,
    /** Largest Contentful Paint, ms: a heading or the content within 1.8 s (what students feel: `contentVisible`). */
    maxLcpMs: 1800,
    /**
     * Total Blocking Time, ms: taps made while the screen loads (a student scrolling or tapping a
     * link at once) are answered within about a frame budget of 50 ms per long task.
     */
    maxTbtMs: 150,
    /** Cumulative Layout Shift: skeletons have the content's final size, nothing jumps under a finger. */
    maxCls: 0.01,
  },
  /**
   * Interaction to Next Paint of the clicks students make most (interactions.ts), ms, medians:
   * 200 ms is the web's "good" threshold (web.dev/inp); above it a tap feels ignored.
   */
  interactions: { maxInpMs: 200 },
  /**
   * A warm reload (service worker installed, caches warm) of /courses and a learning object, LCP
   * ms, medians: a returning student gets the screen from the phone itself, in about a second.
   */
  warm: { maxLcpMs: 1000 },
  /**
   * "Content visible" (visible.ts): navigation → the student's own content painted (the first
   * course card, a learning object's body, the first grade row, document or bill), ms, medians,
   * on every signed-in screen, throttled like a cheap phone. Cold (a first visit): 2.5 s, what a
   * student waits before deciding the app is slow. Warm (service worker and saved reads): 0.8 s,
   * a returning student's screen comes from the phone itself.
   */
  contentVisible: { maxColdMs: 2500, maxWarmMs: 800 },
} as const;

export type Budgets = typeof BUDGETS;

/** Bytes of one route's cold load, by kind of resource (transferred = as the browser got them). */
export interface RouteBytes {
  /** Name shown in the table, e.g. '/login' or 'learning object'. */
  name: string;
  path: string;
  signedIn: boolean;
  /** Bytes on the wire (response bodies, compressed as served), by kind. */
  transferred: { html: number; js: number; css: number; font: number; image: number };
  /** gzip -9 bytes of the same JS and CSS responses. */
  jsCssGzip: number;
  /** Each JS/CSS file fetched (URL path) with its gzip -9 bytes, in fetch order (`--files` prints them). */
  files?: { path: string; gzip: number }[];
  /**
   * Of `jsCssGzip`, the gzip -9 bytes of the next screens' code the page asked for ahead of a tap,
   * once it had its data (src/app/prefetch-routes.ts, `<link data-prefetch>`). Counted in
   * `jsCssGzip` like every other byte of the cold load; shown apart so the table says what it is.
   */
  prefetchedGzip?: number;
}

/** Medians of the Lighthouse runs of one page. Times in ms, CLS unitless, score 0–100. */
export interface LighthouseMedians {
  name: string;
  path: string;
  signedIn: boolean;
  runs: number;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's `benchmarkIndex` of each run, in order (lighthouse.ts); null where absent. */
  benchmarkIndex?: (number | null)[];
}

/** Everything the bench measured. */
export interface BenchResults {
  /** gzip -9 bytes of dist/index.html. */
  indexHtmlGzip: number;
  /** gzip -9 bytes of each screen's own document (dist/finances.html…); none in older results. */
  documents?: { file: string; gzipBytes: number }[];
  routes: RouteBytes[];
  /** Cost of each lazily loaded screen (scripts/bench/bundle.ts `lazyRouteChunks`), gzip bytes. */
  lazyRoutes: { module: string; gzipBytes: number }[];
  lighthouse: LighthouseMedians[];
  /** Medians of the interactions step (interactions.ts); empty when skipped. */
  interactions?: { name: string; runs: number; inpMs: number; toScreenMs: number }[];
  /** Medians of the warm-reload step (warm.ts); empty when skipped. */
  warm?: { name: string; path: string; runs: number; lcpMs: number }[];
  /** Medians of the content-visible step (visible.ts), cold and warm; empty when skipped. */
  visible?: VisibleMedians[];
}

/** One screen's content-visible loads (visible.ts), ms. */
export interface VisibleMedians {
  name: string;
  path: string;
  runs: number;
  coldMs: number;
  warmMs: number;
  /** Every run, in order (for the ranges printed in docs/performance.md). */
  cold: number[];
  warm: number[];
}

/** One broken budget: what, measured value and limit (in the unit of the budget). */
export interface Violation {
  what: string;
  measured: number;
  limit: number;
  unit: 'KB' | 'bytes' | 'ms' | 'score' | 'CLS';
}

const KB = 1024;

/** The bench's row of a file video lesson (the reference server's own file) … */
export const FILE_VIDEO_ROW = 'LO video';
/** … and of a provider video lesson (YouTube, `escola`'s course): no worse than the file video's. */
export const PROVIDER_VIDEO_ROW = 'LO provider video';

/**
 * Checks `results` against `budgets`.
 * @returns the broken budgets (empty when all hold). A missing /login measurement is itself a
 *   violation (a bench that measured nothing must not pass).
 */
export function checkBudgets(results: BenchResults, budgets: Budgets = BUDGETS): Violation[] {
  const out: Violation[] = [];
  const over = (what: string, measured: number, limit: number, unit: Violation['unit']) => {
    if (!(measured <= limit)) out.push({ what, measured, limit, unit });
  };
  const under = (what: string, measured: number, limit: number, unit: Violation['unit']) => {
    if (!(measured >= limit)) out.push({ what, measured, limit, unit });
  };

  over('index.html (gzip)', results.indexHtmlGzip / KB, budgets.indexHtmlKB, 'KB');
  for (const document of results.documents ?? [])
    over(`${document.file} (gzip)`, document.gzipBytes / KB, budgets.indexHtmlKB, 'KB');

  const login = results.routes.find((r) => r.path === '/login');
  if (!login) out.push({ what: '/login was not measured', measured: NaN, limit: budgets.loginJsCssKB, unit: 'KB' });
  else over('/login JS + CSS (gzip)', login.jsCssGzip / KB, budgets.loginJsCssKB, 'KB');

  for (const route of results.routes)
    over(`${route.name}: web fonts`, route.transferred.font, budgets.fontBytes, 'bytes');
  for (const chunk of results.lazyRoutes) {
    over(`lazy route ${chunk.module} (gzip)`, chunk.gzipBytes / KB, budgets.lazyRouteKB, 'KB');
  }

  const lhLogin = results.lighthouse.find((l) => l.path === '/login');
  if (!lhLogin) {
    out.push({ what: 'Lighthouse did not run on /login', measured: NaN, limit: budgets.login.minScore, unit: 'score' });
  } else {
    under('/login Lighthouse performance', lhLogin.score, budgets.login.minScore, 'score');
    over('/login LCP', lhLogin.lcpMs, budgets.login.maxLcpMs, 'ms');
    over('/login TBT', lhLogin.tbtMs, budgets.login.maxTbtMs, 'ms');
    over('/login CLS', lhLogin.cls, budgets.login.maxCls, 'CLS');
  }
  for (const route of results.routes.filter((r) => r.signedIn)) {
    const ahead = route.prefetchedGzip ?? 0;
    over(`${route.name} JS + CSS (gzip)`, (route.jsCssGzip - ahead) / KB, budgets.signedIn.maxJsCssKB, 'KB');
    over(`${route.name} next screens' code (gzip)`, ahead / KB, budgets.signedIn.maxPrefetchKB, 'KB');
  }
  for (const page of results.lighthouse.filter((l) => l.signedIn)) {
    over(`${page.name} LCP`, page.lcpMs, budgets.signedIn.maxLcpMs, 'ms');
    over(`${page.name} TBT`, page.tbtMs, budgets.signedIn.maxTbtMs, 'ms');
    over(`${page.name} CLS`, page.cls, budgets.signedIn.maxCls, 'CLS');
  }
  // A provider video's first screen is its facade, not the provider's player (docs/content.md):
  // not a byte of the player's code in its cold load, and its LCP no worse than the file video
  // lesson's. (Its JS + CSS is not compared with the file video's any more: the provider's
  // recognition and facade are a chunk that only a learning object on a provider's page loads,
  // docs/performance.md 2026-11-29 — the file video lesson no longer carries them.)
  const providerVideo = results.routes.find((r) => r.name === PROVIDER_VIDEO_ROW);
  if (providerVideo?.files) {
    const player = providerVideo.files.filter((f) => /\/provider-players-[\w-]+\.js$/.test(f.path));
    over(
      `${PROVIDER_VIDEO_ROW}: the provider's player before a tap (gzip)`,
      player.reduce((sum, f) => sum + f.gzip, 0) / KB,
      0,
      'KB',
    );
  }
  const lhFileVideo = results.lighthouse.find((l) => l.name === FILE_VIDEO_ROW);
  const lhProviderVideo = results.lighthouse.find((l) => l.name === PROVIDER_VIDEO_ROW);
  if (lhFileVideo && lhProviderVideo) {
    over(`${PROVIDER_VIDEO_ROW} LCP vs ${FILE_VIDEO_ROW}`, lhProviderVideo.lcpMs, lhFileVideo.lcpMs, 'ms');
  }
  for (const interaction of results.interactions ?? []) {
    over(`${interaction.name} INP`, interaction.inpMs, budgets.interactions.maxInpMs, 'ms');
  }
  for (const page of results.warm ?? []) {
    over(`${page.name} warm reload LCP`, page.lcpMs, budgets.warm.maxLcpMs, 'ms');
  }
  for (const page of results.visible ?? []) {
    over(`${page.name} content visible, cold`, page.coldMs, budgets.contentVisible.maxColdMs, 'ms');
    over(`${page.name} content visible, warm`, page.warmMs, budgets.contentVisible.maxWarmMs, 'ms');
  }
  return out;
}

/** Median of `values` (mean of the middle two for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
