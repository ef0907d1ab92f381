/**
 * `npm run bench -- --trace=<page name>`: records a Chrome trace of a cold load of one page,
 * throttled like a cheap phone (throttle.ts), writes it to `.tmp/trace-<name>.json` (open it in
 * Chrome DevTools' Performance panel) and prints the main thread's long tasks (≥ 50 ms) with what
 * ran inside each: scripts by URL (evaluation and calls), style/layout, parsing, GC.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import type { Cookie } from './routes';
import { phoneContext, throttle } from './throttle';
import { markTime, returningStudent } from './visible';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      type?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

/** CPU-profile samples of one thread: when (trace µs) and which frame ran (its own time). */
interface Samples {
  times: number[];
  frames: string[];
}

/**
 * Reads the V8 CPU profile the trace carries ('Profile'/'ProfileChunk' events, category
 * disabled-by-default-v8.cpu_profiler) for thread `pid:tid`: each sample's time and self frame,
 * as 'file.js functionName' (minified names, but the file tells which chunk/library).
 */
function samplesOf(events: TraceEvent[], thread: string): Samples {
  // Per profile id: the time of its last sample (starts at the Profile event's startTime).
  const clock = new Map<string, number>();
  for (const e of events)
    if (e.name === 'Profile' && `${e.pid}:${e.tid}` === thread && e.id)
      clock.set(e.id, e.args?.data?.startTime ?? e.ts);
  const nodes = new Map<number, ProfileNode>();
  const out: Samples = { times: [], frames: [] };
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !e.id || !clock.has(e.id)) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = data?.timeDeltas ?? [];
    let time = clock.get(e.id)!;
    (data?.cpuProfile?.samples ?? []).forEach((id, i) => {
      time += deltas[i] ?? 0;
      const frame = nodes.get(id)?.callFrame;
      const file = frame?.url ? frame.url.slice(frame.url.lastIndexOf('/') + 1) || frame.url : '';
      out.times.push(time);
      out.frames.push(frame ? `${file} ${frame.functionName || '(anonymous)'}`.trim() : '?');
    });
    clock.set(e.id, time);
  }
  // Chunks may interleave: keep samples in time order.
  const order = out.times.map((_, i) => i).sort((x, y) => out.times[x]! - out.times[y]!);
  return { times: order.map((i) => out.times[i]!), frames: order.map((i) => out.frames[i]!) };
}

/** One long task of the main thread. Times in ms; `at` from the first event of the trace's page. */
export interface LongTask {
  at: number;
  durationMs: number;
  /** What ran inside, largest first: label (e.g. 'script vendor-….js', 'Layout') → ms. */
  inside: { what: string; ms: number }[];
  /** The functions that ran longest (self time, CPU-profile samples), largest first. */
  hot: { what: string; ms: number }[];
}

const KINDS: Record<string, string> = {
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
};

const short = (url: string | undefined) => (url ? url.replace(/^https?:\/\/[^/]+/, '') || '/' : '?');

/**
 * Finds the long tasks (RunTask ≥ 50 ms) of the busiest renderer main thread and attributes their
 * time to the events nested in them (script evaluation/calls by URL, style, layout, parsing, GC).
 * Nested script events are counted once, at the outermost one.
 */
export function longTasks(events: TraceEvent[]): LongTask[] {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.dur && mains.has(`${e.pid}:${e.tid}`))
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return [];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined);
  const start = Math.min(...onMain.map((e) => e.ts));
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! >= 50_000);
  const samples = samplesOf(events, main);
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
    const totals = new Map<string, number>();
    const scriptSpans: [number, number][] = [];
    for (const e of inside.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
      let what: string | undefined;
      if (
        [
          'EvaluateScript',
          'v8.evaluateModule',
          'FunctionCall',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
        ].includes(e.name)
      ) {
        if (scriptSpans.some(([s, t]) => e.ts >= s && e.ts + e.dur! <= t)) continue;
        scriptSpans.push([e.ts, e.ts + e.dur!]);
        const data = e.args?.data;
        what =
          e.name === 'EventDispatch'
            ? `event ${data?.type ?? '?'}`
            : e.name === 'TimerFire'
              ? 'timer'
              : e.name === 'FireAnimationFrame'
                ? 'animation frame'
                : `script ${short(data?.url)}${data?.functionName ? ` ${data.functionName}()` : ''}`;
      } else {
        what = KINDS[e.name];
      }
      if (what) totals.set(what, (totals.get(what) ?? 0) + e.dur! / 1000);
    }
    const self = new Map<string, number>();
    for (let i = 0; i < samples.times.length - 1; i++) {
      const t = samples.times[i]!;
      if (t < task.ts || t > end) continue;
      const frame = samples.frames[i]!;
      if (frame === '(program)' || frame === '(idle)') continue;
      self.set(frame, (self.get(frame) ?? 0) + (samples.times[i + 1]! - t) / 1000);
    }
    return {
      hot: [...self]
        .map(([what, ms]) => ({ what, ms }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 6),
      at: (task.ts - start) / 1000,
      durationMs: task.dur! / 1000,
      inside: [...totals]
        .map(([w, ms]) => ({ what: w, ms }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5),
    };
  });
}

/**
 * Loads `path` cold (fresh context, no service worker) under the mobile throttling, twice: once
 * untraced for its timeline (tracing slows the page, so the traced load's times are not the
 * bench's), then traced, writing the trace to `file`.
 * @returns the untraced load's content-visible mark (ms since navigation; null when `mark` is
 *   null), every resource it fetched in order of start and its User Timing marks, and the traced
 *   load's main-thread long tasks, longest first.
 * @throws when the page's heading (or the mark) does not show within 60 s.
 */
export async function traceColdLoad(options: {
  browser: Browser;
  baseUrl: string;
  cookies: Cookie[];
  path: string;
  file: string;
  mark: string | null;
}): Promise<LoadTimeline> {
  const url = `${options.baseUrl}${options.path}`;
  const untraced = await phoneContext(options.browser, options.cookies, 'block');
  let seen: Omit<LoadTimeline, 'tasks'>;
  try {
    const page = await untraced.newPage();
    await throttle(untraced, page);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    seen = await timelineOf(page, options.mark);
  } finally {
    await untraced.close();
  }
  const context = await phoneContext(options.browser, options.cookies, 'block');
  try {
    const page = await context.newPage();
    await throttle(context, page);
    await options.browser.startTracing(page, { screenshots: false });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.locator('main h1, #login-username').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const trace = await options.browser.stopTracing();
    writeFileSync(options.file, trace);
    const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    return { ...seen, tasks: longTasks(parsed.traceEvents).sort((a, b) => b.durationMs - a.durationMs) };
  } finally {
    await context.close();
  }
}

/** What one throttled load showed: its mark, what it fetched, its marks, its long tasks. */
export interface LoadTimeline {
  markMs: number | null;
  resources: ResourceSpan[];
  marks: [string, number][];
  tasks: LongTask[];
}

/**
 * Waits for `mark` (when not null) and the network's quiet in a page just navigated, then reads
 * its Resource Timing entries and User Timing marks.
 */
async function timelineOf(page: Page, mark: string | null): Promise<Omit<LoadTimeline, 'tasks'>> {
  const markMs = mark === null ? null : await markTime(page, mark);
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  const seen = await page.evaluate(() => ({
    resources: performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { url: r.name, startMs: r.startTime, endMs: r.responseEnd, viaWorker: r.workerStart > 0 };
    }),
    marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as [string, number]),
  }));
  return { markMs, resources: seen.resources.sort((a, b) => a.startMs - b.startMs), marks: seen.marks };
}

/** Plain-text lines for the console and docs/performance.md. */
export function formatLongTasks(name: string, tasks: LongTask[]): string {
  if (tasks.length === 0) return `${name}: no long task (≥ 50 ms) on the main thread.`;
  const total = tasks.reduce((sum, t) => sum + Math.max(0, t.durationMs - 50), 0);
  return [
    `${name}: ${tasks.length} long task(s), blocking time ${Math.round(total)} ms (4× CPU):`,
    ...tasks
      .slice(0, 10)
      .map(
        (t) =>
          `  ${Math.round(t.durationMs)} ms at ${Math.round(t.at)} ms — ${t.inside.map((i) => `${i.what} ${Math.round(i.ms)}`).join(', ')}\n      hot: ${t.hot.map((h) => `${h.what} ${Math.round(h.ms)}`).join(', ')}`,
      ),
  ].join('\n');
}

/** One resource a page fetched, from its Resource Timing entry (ms since navigation). */
export interface ResourceSpan {
  url: string;
  startMs: number;
  endMs: number;
  /** Through the service worker (`workerStart` > 0). */
  viaWorker: boolean;
}

/**
 * `npm run bench -- --trace-warm=<page name>`: a returning student's load of `path` — a first,
 * unthrottled visit installs the service worker and saves the reads (as visible.ts's warm loads),
 * then one throttled reload gives the timeline and a second, traced, the long tasks (written to
 * `file`).
 * @returns the content-visible mark (ms since navigation; null when `mark` is null or never
 *   came), every resource the reload fetched in order of start, its User Timing marks and the main
 *   thread's long tasks, longest first.
 * @throws when no service worker takes control within 60 s.
 */
export async function traceWarmLoad(options: {
  browser: Browser;
  baseUrl: string;
  cookies: Cookie[];
  path: string;
  file: string;
  mark: string | null;
}): Promise<LoadTimeline> {
  const context = await phoneContext(options.browser, options.cookies, 'allow');
  try {
    const page = await returningStudent(context, `${options.baseUrl}${options.path}`, options.mark);
    // The timeline from a reload without tracing: tracing slows the page (the old page's unload
    // alone took ~0.5–0.8 s longer traced), so its times are not the bench's.
    await page.reload({ waitUntil: 'commit', timeout: 60_000 });
    const seen = await timelineOf(page, options.mark);
    // Then a traced reload for the long tasks.
    await options.browser.startTracing(page, { screenshots: false });
    await page.reload({ waitUntil: 'commit', timeout: 60_000 });
    if (options.mark !== null) await markTime(page, options.mark);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const trace = await options.browser.stopTracing();
    writeFileSync(options.file, trace);
    const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    return {
      ...seen,
      tasks: longTasks(parsed.traceEvents).sort((a, b) => b.durationMs - a.durationMs),
    };
  } finally {
    await context.close();
  }
}

/** Plain-text lines of a load's timeline (traceColdLoad, traceWarmLoad); `kind` 'cold' or 'warm'. */
export function formatLoad(name: string, kind: 'cold' | 'warm', load: LoadTimeline): string {
  const ms = (n: number) => `${Math.round(n)}`.padStart(5);
  return [
    `${name} ${kind}: content visible at ${load.markMs === null ? '—' : `${Math.round(load.markMs)} ms`}`,
    '  resources (start → end ms since navigation, W = through the service worker):',
    ...load.resources.map((r) => `  ${ms(r.startMs)} → ${ms(r.endMs)} ${r.viaWorker ? 'W' : ' '} ${short(r.url)}`),
    '  marks:',
    ...load.marks.map(([n, t]) => `  ${ms(t)} ${n}`),
    formatLongTasks(name, load.tasks),
  ].join('\n');
}
