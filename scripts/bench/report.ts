/**
 * Step 3 of the bench: one Markdown table of what was measured, with every broken
 * budget marked ✗ (docs/performance.md holds the latest one), and the list of violations.
 */
import { BUDGETS, type BenchResults, type Budgets, type Violation } from './budgets';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const s = (ms: number) => (ms / 1000).toFixed(2);

/**
 * @returns the Markdown table: one row per route (bytes transferred by kind, JS + CSS gzip,
 *   Lighthouse medians where audited), then index.html and the largest lazy route; values over
 *   their budget end with ✗. Sizes in KB (1024 bytes), times in s.
 */
export function formatTable(results: BenchResults, budgets: Budgets = BUDGETS): string {
  const rows: string[][] = [
    [
      'route',
      'HTML',
      'JS',
      'CSS',
      'fonts',
      'images',
      'total',
      'JS+CSS gzip',
      'next screens gzip',
      'LH score',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'benchmarkIndex',
    ],
  ];
  const mark = (text: string, broken: boolean) => (broken ? `${text} ✗` : text);
  for (const route of results.routes) {
    const t = route.transferred;
    const total = t.html + t.js + t.css + t.font + t.image;
    const lh = results.lighthouse.find((l) => l.name === route.name);
    const isLogin = route.path === '/login';
    const lcpLimit = isLogin ? budgets.login.maxLcpMs : budgets.signedIn.maxLcpMs;
    const tbtLimit = isLogin ? budgets.login.maxTbtMs : budgets.signedIn.maxTbtMs;
    const clsLimit = isLogin ? budgets.login.maxCls : budgets.signedIn.maxCls;
    const bytesLimit = (isLogin ? budgets.loginJsCssKB : budgets.signedIn.maxJsCssKB) * 1024;
    const ahead = route.prefetchedGzip ?? 0;
    rows.push([
      route.name,
      kb(t.html),
      kb(t.js),
      kb(t.css),
      mark(kb(t.font), t.font > budgets.fontBytes),
      kb(t.image),
      kb(total),
      // The screen's own code; the next screens' code asked for in idle time on its own line.
      mark(kb(route.jsCssGzip - ahead), route.jsCssGzip - ahead > bytesLimit),
      route.signedIn ? mark(kb(ahead), ahead > budgets.signedIn.maxPrefetchKB * 1024) : '—',
      lh ? mark(String(lh.score), isLogin && lh.score < budgets.login.minScore) : '—',
      lh ? s(lh.fcpMs) : '—',
      lh ? mark(s(lh.lcpMs), lh.lcpMs > lcpLimit) : '—',
      lh ? mark(String(Math.round(lh.tbtMs)), lh.tbtMs > tbtLimit) : '—',
      lh ? mark(lh.cls.toFixed(3), lh.cls > clsLimit) : '—',
      // Each run's: the machine's speed as Lighthouse measured it, so tables of two machines can be told apart.
      lh?.benchmarkIndex?.length ? lh.benchmarkIndex.map((b) => (b === null ? '?' : Math.round(b))).join(' ') : '—',
    ]);
  }
  const largest = results.lazyRoutes[0];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const out = [
    line(rows[0]!),
    `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  ];
  for (const row of rows.slice(1)) out.push(line(row));
  out.push('');
  out.push(
    `JS+CSS gzip: what the screen loads for itself (budget ${budgets.signedIn.maxJsCssKB} KB signed in, ${budgets.loginJsCssKB} KB /login); next screens gzip: the next screens' code asked for in idle time once the screen had its data (src/app/prefetch-routes.ts; budget ${budgets.signedIn.maxPrefetchKB} KB).`,
  );
  out.push(
    `index.html: ${mark(`${kb(results.indexHtmlGzip)} KB gzip`, results.indexHtmlGzip > budgets.indexHtmlKB * 1024)} (budget ${budgets.indexHtmlKB} KB)`,
  );
  for (const document of results.documents ?? [])
    out.push(
      `${document.file}: ${mark(`${kb(document.gzipBytes)} KB gzip`, document.gzipBytes > budgets.indexHtmlKB * 1024)} (budget ${budgets.indexHtmlKB} KB)`,
    );
  if (largest) {
    out.push(
      `largest lazy route: ${largest.module} ${mark(`${kb(largest.gzipBytes)} KB gzip`, largest.gzipBytes > budgets.lazyRouteKB * 1024)} (budget ${budgets.lazyRouteKB} KB; ${results.lazyRoutes.length} routes)`,
    );
  }
  if (results.interactions?.length) {
    out.push('', '| interaction | INP (ms) | click → next screen (ms) |', '|---|---:|---:|');
    for (const i of results.interactions)
      out.push(
        `| ${i.name} | ${mark(String(Math.round(i.inpMs)), i.inpMs > budgets.interactions.maxInpMs)} | ${Math.round(i.toScreenMs)} |`,
      );
  }
  if (results.warm?.length) {
    out.push('', '| warm reload | LCP (s) |', '|---|---:|');
    for (const w of results.warm) out.push(`| ${w.name} | ${mark(s(w.lcpMs), w.lcpMs > budgets.warm.maxLcpMs)} |`);
  }
  if (results.visible?.length) {
    const range = (values: number[]) => `${s(Math.min(...values))}–${s(Math.max(...values))}`;
    out.push('', '| content visible | cold (s) | cold range | warm (s) | warm range |', '|---|---:|---:|---:|---:|');
    for (const v of results.visible)
      out.push(
        `| ${v.name} | ${mark(s(v.coldMs), v.coldMs > budgets.contentVisible.maxColdMs)} | ${range(v.cold)} | ${mark(s(v.warmMs), v.warmMs > budgets.contentVisible.maxWarmMs)} | ${range(v.warm)} |`,
      );
  }
  return out.join('\n');
}

/** One line per violation, or a line saying every budget holds. */
export function formatViolations(violations: Violation[]): string {
  if (violations.length === 0) return 'All budgets hold.';
  const value = (n: number, unit: Violation['unit']) =>
    unit === 'KB'
      ? `${n.toFixed(1)} KB`
      : unit === 'ms'
        ? `${Math.round(n)} ms`
        : unit === 'CLS'
          ? n.toFixed(3)
          : String(n);
  return [
    `${violations.length} budget(s) broken:`,
    ...violations.map((v) => `  ✗ ${v.what}: ${value(v.measured, v.unit)} (budget ${value(v.limit, v.unit)})`),
  ].join('\n');
}
