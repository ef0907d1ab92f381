/**
 * Fault injection of the reference server: the `CHAOS` configuration makes chosen
 * API answers slow, failing, hanging, cut off, malformed or of the wrong shape, so that the
 * app's behaviour under a bad network or a bad backend can be tested end to end. Off unless
 * `CHAOS` is set (server/main.ts) or `startServer({ chaos })` is given.
 *
 * Syntax (server/README.md "Fault injection"): rules separated by `;`, each a fault followed by
 * options, all `name=value` words separated by spaces:
 *
 *   CHAOS="seed=7; latency=100-400 rate=0.5; status=500,502,503 rate=0.2 path=/api/v1/lms/**;
 *          drop rate=0.1 method=PUT at=response"
 *
 * | fault                    | what the client sees                                              |
 * |--------------------------|-------------------------------------------------------------------|
 * | `latency=MS`/`=MIN-MAX`  | the answer after MS more milliseconds (then the other rules apply) |
 * | `status=500,502,503`     | that status: 500 JSON `{ message }`, 502/503 a gateway HTML page   |
 * | `timeout`                | no answer at all until the client gives up (or the server stops)   |
 * | `drop`                   | the connection destroyed without an answer                         |
 * | `malformed`              | `200` (or the real status) with a JSON body cut in the middle      |
 * | `shape`                  | valid JSON that does not match the contract                       |
 *
 * | option                   | meaning                                                    | default   |
 * |--------------------------|------------------------------------------------------------|-----------|
 * | `rate=R`                 | share of the matching requests that get the fault, 0…1     | 1         |
 * | `path=GLOB[,GLOB]`       | picomatch globs on the path (`*` one segment, `**` any)    | `/api/**` |
 * | `method=M[,M]`           | HTTP methods                                               | any       |
 * | `at=request\|response`   | before the handler (nothing happens) or after it (the write was applied, its answer is lost) | `request` |
 * | `max=N`                  | at most N faults from this rule                            | no limit  |
 *
 * Determinism: whether the n-th request with a given method and path is faulted by rule i is a
 * function of (seed, i, method, path, n) only (SHA-256), so a run is reproducible whatever the
 * interleaving of different paths. `seed=` defaults to `1`.
 *
 * `GET /api/dev/chaos` (never faulted; only while chaos is on) answers what was done:
 * `{ data: { seed, rules, requests, faulted: { latency, status, timeout, drop, malformed, shape },
 * byRule: [n, …] } }`.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import picomatch from 'picomatch';

export const CHAOS_KINDS = ['latency', 'status', 'timeout', 'drop', 'malformed', 'shape'] as const;
export type ChaosKind = (typeof CHAOS_KINDS)[number];

export interface ChaosRule {
  kind: ChaosKind;
  /** Share of matching requests faulted, 0…1. */
  rate: number;
  /** Globs on the request path. */
  paths: string[];
  /** Upper-case methods; null = any. */
  methods: string[] | null;
  /** Before the handler runs, or after it (its effect happened; the answer is replaced). */
  at: 'request' | 'response';
  /** At most this many faults from this rule; null = no limit. */
  max: number | null;
  /** `latency`: added delay range in ms. */
  latencyMs?: [number, number];
  /** `status`: the statuses to pick from. */
  statuses?: number[];
}

export interface ChaosConfig {
  seed: string;
  rules: ChaosRule[];
  /** The text it was parsed from (reported by `GET /api/dev/chaos`). */
  source: string;
}

/** A `CHAOS` value that cannot be parsed; `message` says where. */
export class ChaosSyntaxError extends Error {
  constructor(message: string) {
    super(`CHAOS: ${message}`);
    this.name = 'ChaosSyntaxError';
  }
}

/** The path of the statistics endpoint (exempt from faults). */
export const CHAOS_STATS_PATH = '/api/dev/chaos';

const STATUSES = new Set([500, 502, 503, 504]);

/**
 * Parses a `CHAOS` value (syntax in the file header).
 * @returns the configuration, or null for an empty value / `0` / `off` (chaos off).
 * @throws ChaosSyntaxError on an unknown fault or option, or a value out of range.
 */
export function parseChaos(text: string | undefined | null): ChaosConfig | null {
  const source = (text ?? '').trim();
  if (source === '' || source === '0' || source.toLowerCase() === 'off') return null;
  let seed = '1';
  const rules: ChaosRule[] = [];
  for (const part of source
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const words = part.split(/\s+/);
    const [head, ...options] = words as [string, ...string[]];
    const [name, value] = splitWord(head);
    if (name === 'seed') {
      if (!value || options.length > 0) throw new ChaosSyntaxError(`"seed" takes one value: ${part}`);
      seed = value;
      continue;
    }
    if (!(CHAOS_KINDS as readonly string[]).includes(name)) {
      throw new ChaosSyntaxError(`unknown fault "${name}" (one of ${CHAOS_KINDS.join(', ')}): ${part}`);
    }
    const rule: ChaosRule = {
      kind: name as ChaosKind,
      rate: 1,
      paths: ['/api/**'],
      methods: null,
      at: 'request',
      max: null,
    };
    if (rule.kind === 'latency') {
      const m = /^(\d+)(?:-(\d+))?$/.exec(value ?? '');
      if (!m) throw new ChaosSyntaxError(`latency needs milliseconds, "latency=200" or "latency=100-500": ${part}`);
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : Number(m[2]);
      if (max < min || max > 600_000)
        throw new ChaosSyntaxError(`latency range out of order or above 600000 ms: ${part}`);
      rule.latencyMs = [min, max];
    } else if (rule.kind === 'status') {
      const statuses = (value ?? '').split(',').map(Number);
      if (statuses.length === 0 || statuses.some((s) => !STATUSES.has(s))) {
        throw new ChaosSyntaxError(`status takes 500, 502, 503 or 504 (comma list): ${part}`);
      }
      rule.statuses = statuses;
    } else if (value !== undefined) {
      throw new ChaosSyntaxError(`"${name}" takes no value: ${part}`);
    }
    for (const option of options) {
      const [key, raw] = splitWord(option);
      if (raw === undefined || raw === '') throw new ChaosSyntaxError(`option "${key}" needs a value: ${part}`);
      if (key === 'rate') {
        const rate = Number(raw);
        if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new ChaosSyntaxError(`rate is 0…1: ${part}`);
        rule.rate = rate;
      } else if (key === 'path') {
        rule.paths = raw.split(',').filter(Boolean);
        if (rule.paths.some((p) => !p.startsWith('/'))) throw new ChaosSyntaxError(`path globs start with /: ${part}`);
      } else if (key === 'method') {
        rule.methods = raw.split(',').map((m) => m.toUpperCase());
      } else if (key === 'at') {
        if (raw !== 'request' && raw !== 'response') throw new ChaosSyntaxError(`at is request or response: ${part}`);
        rule.at = raw;
      } else if (key === 'max') {
        if (!/^\d+$/.test(raw)) throw new ChaosSyntaxError(`max is a whole number: ${part}`);
        rule.max = Number(raw);
      } else {
        throw new ChaosSyntaxError(`unknown option "${key}" (rate, path, method, at, max): ${part}`);
      }
    }
    rules.push(rule);
  }
  if (rules.length === 0) throw new ChaosSyntaxError('no fault given');
  return { seed, rules, source };
}

function splitWord(word: string): [string, string | undefined] {
  const eq = word.indexOf('=');
  return eq === -1 ? [word.toLowerCase(), undefined] : [word.slice(0, eq).toLowerCase(), word.slice(eq + 1)];
}

/** A uniform number in [0, 1) from the words (SHA-256; deterministic). */
export function unitHash(...words: (string | number)[]): number {
  const digest = createHash('sha256').update(words.join('\u0000')).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** What happened so far (the statistics endpoint). */
export interface ChaosStats {
  requests: number;
  faulted: Record<ChaosKind, number>;
  /** Faults per rule, in the order of the configuration. */
  byRule: number[];
}

/** One terminal fault decided for a request. */
interface Fault {
  kind: Exclude<ChaosKind, 'latency'>;
  at: 'request' | 'response';
  status: number;
}

/**
 * The decision procedure, separate from HTTP for tests: `decide(method, path)` → the added
 * latency (ms) and the terminal fault (or null), counting both in `stats`.
 */
export function createChaos(config: ChaosConfig) {
  const matchers = config.rules.map((rule) => picomatch(rule.paths, { dot: true }));
  const seen = new Map<string, number>();
  const used = config.rules.map(() => 0);
  const stats: ChaosStats = {
    requests: 0,
    faulted: { latency: 0, status: 0, timeout: 0, drop: 0, malformed: 0, shape: 0 },
    byRule: config.rules.map(() => 0),
  };
  const decide = (method: string, path: string): { latencyMs: number; fault: Fault | null } => {
    stats.requests += 1;
    let latencyMs = 0;
    let fault: Fault | null = null;
    for (const [i, rule] of config.rules.entries()) {
      if (fault && rule.kind !== 'latency') continue;
      if (rule.methods && !rule.methods.includes(method)) continue;
      if (!matchers[i]!(path)) continue;
      const key = `${i} ${method} ${path}`;
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      if (rule.max !== null && used[i]! >= rule.max) continue;
      if (unitHash(config.seed, i, method, path, n) >= rule.rate) continue;
      used[i]! += 1;
      stats.byRule[i]! += 1;
      stats.faulted[rule.kind] += 1;
      if (rule.kind === 'latency') {
        const [min, max] = rule.latencyMs!;
        latencyMs += min + Math.floor(unitHash(config.seed, i, method, path, n, 'ms') * (max - min + 1));
      } else {
        const statuses = rule.statuses ?? [200];
        const status = statuses[Math.floor(unitHash(config.seed, i, method, path, n, 'status') * statuses.length)]!;
        fault = { kind: rule.kind, at: rule.at, status };
      }
    }
    return { latencyMs, fault };
  };
  return { decide, stats, config };
}

/** The Node request/response of @hono/node-server (`c.env`), when served over HTTP. */
interface NodeBindings {
  incoming?: { socket?: { destroy(): void } };
  outgoing?: { destroy(): void };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Resolves when the client goes away (or after 10 minutes, so nothing leaks). */
const untilClientGone = (signal: AbortSignal) => sleep(600_000, signal);

const GATEWAY_PAGE = (status: number) =>
  `<!doctype html><html><head><title>${status}</title></head><body><h1>${status} ${
    status === 502 ? 'Bad Gateway' : status === 503 ? 'Service Unavailable' : 'Gateway Timeout'
  }</h1><p>chaos</p></body></html>`;

/** A JSON body that is not valid JSON: `text` cut in the middle (or a fixed broken one). */
export function malformedJson(text: string): string {
  return text.length >= 4 ? text.slice(0, Math.floor(text.length / 2)) : '{"data": [{"id": 1, "na';
}

/** Valid JSON that matches no contract schema of the API. */
export const WRONG_SHAPE = { chaos: 'wrong shape', data: 'chaos' } as const;

/**
 * Hono middleware applying `config` to the requests it sees (mount it on `/api/*`).
 * `GET /api/dev/chaos` is answered here with the statistics.
 */
export function chaosMiddleware(config: ChaosConfig): MiddlewareHandler {
  const chaos = createChaos(config);
  return async (c, next) => {
    if (c.req.path === CHAOS_STATS_PATH) {
      if (c.req.method !== 'GET') return c.json({ message: 'Método não permitido.' }, 405);
      c.header('Cache-Control', 'no-store');
      return c.json({ data: { seed: config.seed, rules: config.source, ...chaos.stats } });
    }
    const { latencyMs, fault } = chaos.decide(c.req.method, c.req.path);
    const signal = c.req.raw.signal;
    if (latencyMs > 0) await sleep(latencyMs, signal);
    if (!fault) return next();
    if (fault.at === 'response') await next();
    const env = (c.env ?? {}) as NodeBindings;
    const json = (body: string, status: number) =>
      new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    switch (fault.kind) {
      case 'status':
        c.res =
          fault.status === 500
            ? json(JSON.stringify({ message: 'Erro interno do servidor.' }), 500)
            : new Response(GATEWAY_PAGE(fault.status), {
                status: fault.status,
                headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '1' },
              });
        return c.res;
      case 'timeout':
        await untilClientGone(signal);
        env.outgoing?.destroy();
        return (c.res = new Response(null, { status: 504 }));
      case 'drop':
        env.incoming?.socket?.destroy();
        env.outgoing?.destroy();
        return (c.res = new Response(null, { status: 502 }));
      case 'malformed': {
        const answered = fault.at === 'response';
        const text = answered ? await c.res.clone().text() : '';
        c.res = json(malformedJson(text), answered ? c.res.status : 200);
        c.res.headers.delete('Content-Length'); // Hono keeps the replaced answer's headers
        return c.res;
      }
      case 'shape': {
        const status = fault.at === 'response' && c.res.status !== 204 ? c.res.status : 200;
        c.res = json(JSON.stringify(WRONG_SHAPE), status);
        c.res.headers.delete('Content-Length');
        return c.res;
      }
    }
  };
}
