/**
 * The oracle of the generated path tests: the product's rules and constants, written once in the
 * test code, independent of the machines in src/machines.
 *
 * The generated paths (test/paths/*.paths.test.*) walk the graph of the machine under test
 * (./driver.ts `generateOraclePlans`), but what a student or QA must see after each step — the
 * screen, the seconds shown, which requests and effects happened, how many times, at which
 * simulated time — and how long each wait lasts come from here. Nothing here is imported from
 * src/machines: each value is restated from docs/product.md (§4, §8, §9), docs/offline.md and the
 * machines' documented contracts, so that a mutated constant, guard or target of a machine
 * disagrees with the oracle and fails the replay (`npm run test:mutation` scores the paths alone).
 *
 * One model per machine (./oracles/<machine>.ts): a `SpecRun` that receives the same events as
 * the real actor (`send`), the answers to its requests (`settle`), and the firing of its timers
 * (`fire`, the driver moving the simulated clock to `timers()`' due times), and says what must be
 * seen (`view`) and what must have happened (`log`).
 */
import type { EventObject } from 'xstate';
import { ApiError, ContractError, NetworkError, TimeoutError } from '../../src/services/http/errors';

/** The product's constants (docs/product.md §9 unless said otherwise), in ms unless named otherwise. */
export const SPEC = {
  errorScreen: {
    /** §9 "Error screen auto-reload: 30 s, ticking every 1 s". */
    countdownSeconds: 30,
    tickMs: 1000,
  },
  /** §9 "LGPD prompt delay 1 s". */
  lgpdPromptDelayMs: 1000,
  session: {
    /** §9 "Post-login setup delay 1 s". */
    postLoginDelayMs: 1000,
    /** A token with no known user, the platform silent: ask again after 30 s (docs/offline.md). */
    userRetryMs: 30_000,
    /** §8 "Failure fetching the current user: logout" — for answers saying the user is gone (decision 0007). */
    userGoneStatuses: [401, 403, 404, 410] as readonly number[],
  },
  /** §9 "Session ping every 5 minutes (300000 ms) when enforce_session_throttle is set". */
  sessionPingMs: 300_000,
  /** A 429's Retry-After counts down one second at a time. */
  cooldownTickMs: 1000,
  /** Retry backoff of the outbox and of the platform lookup: 1 s, 2 s, 4 s … at most 30 s (docs/offline.md). */
  backoff: { firstMs: 1000, maxMs: 30_000 },
  /** 'Depois' hides the update notice for 30 minutes (docs/offline.md "Updates"). */
  updateRemindMs: 30 * 60_000,
  /** The home banners advance every 6 s while rotating. */
  carouselAdvanceMs: 6000,
  download: {
    /** No progress for 30 s: the connection is taken as lost (docs/offline.md). */
    stallMs: 30_000,
  },
  pix: {
    /** 'Expira em mm:ss' re-read every second. */
    tickMs: 1000,
    /** Waits between status checks: the n-th wait, the last one repeating. */
    pollWaitsMs: [3000, 5000, 8000, 13000, 21000, 30000] as readonly number[],
  },
  /** §4 Startup: the steps, in order. */
  bootSteps: ['authentication', 'httpClient', 'translations', 'errorReporting', 'eventBus'] as readonly string[],
  /** §3 Accessibility settings: the defaults. */
  accessibilityDefaults: {
    is_dark_mode: false,
    font_size: 1,
    font_spacing: 1,
    language: 'pt-BR',
    volume_of_sounds: 0.6,
    is_libras_enabled: false,
  },
} as const;

/** The backoff before retry number `failures` (1-based) in a row: 1 s · 2ⁿ⁻¹, at most 30 s. */
export const backoffMs = (failures: number): number =>
  Math.min(SPEC.backoff.firstMs * 2 ** Math.max(0, failures - 1), SPEC.backoff.maxMs);

/** 'M:SS' (two-digit seconds): the error screen's 'Atualizando em: 0:NN', the cooldown's 'M:SS'. */
export const minutesSeconds = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** What a failure is, in the product's words (docs/errors.md). */
export type FailureKind =
  | 'offline'
  | 'timeout'
  | 'malformed'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'rateLimited'
  | 'server'
  | 'refused'
  | 'other';

/** The kind of a thrown value: no answer, a late one, an unreadable one, or the answer's status. */
export function failureKind(error: unknown): FailureKind {
  if (error instanceof NetworkError) return 'offline';
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof ContractError) return 'malformed';
  if (!(error instanceof ApiError)) return 'other';
  const { status } = error;
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 429) return 'rateLimited';
  return status >= 500 ? 'server' : 'refused';
}

/** The HTTP status of an answer, null without one. */
export const statusOf = (error: unknown): number | null => (error instanceof ApiError ? error.status : null);

/** The `Retry-After` of an answer in ms, null without one. */
export const retryAfterMsOf = (error: unknown): number | null =>
  error instanceof ApiError ? error.retryAfterMs : null;

/** One request made (an actor the app provides was started) or effect run, at simulated time `at`. */
export interface LogEntry {
  kind: 'request' | 'effect';
  name: string;
  at: number;
  detail?: unknown;
}

export type Outcome = { output: unknown } | { error: unknown };

/** The oracle's run of one plan. */
export interface OracleRun<V = unknown> {
  /** Simulated time, ms (set by the driver). */
  now: number;
  /** Requests and effects expected so far. */
  readonly log: LogEntry[];
  /** What must be seen now. */
  view(): V;
  /** The name of the rules' situation now (one of the oracle's `situations`). */
  situation(): string;
  /** An event from the student or the app. */
  send(event: EventObject): void;
  /** Timers running: name → due time (ms). */
  timers(): ReadonlyMap<string, number>;
  /** The timer `name` is due (the driver has set `now`). */
  fire(name: string): void;
  /** True while a request of the actor `name` is in flight. */
  pending(name: string): boolean;
  /** The actors whose requests are in flight and can be answered (not the listeners). */
  requests(): string[];
  /** Everything the rules' state holds (for the plans the oracle adds: ./driver.ts `generateOraclePlans`). */
  key(): string;
  /** The request of the actor `name` is answered. */
  settle(name: string, outcome: Outcome): void;
}

export interface Oracle<V = unknown> {
  /** How long "time passes" lasts in a plan: longer than every wait of this machine's rules. */
  quietMs: number;
  /**
   * The events the student or the app sends, by type: every plan tries each of them at every
   * state, whether the machine under test knows it or not (a mutant that drops one still meets it).
   */
  events: readonly string[];
  /**
   * The situations of the rules (`OracleRun.situation`): the generated plans must bring the oracle
   * into each of them — a mutant that makes the machine's graph smaller leaves some unvisited.
   */
  situations: readonly string[];
  start(input: unknown): OracleRun<V>;
}

/** The bookkeeping every model shares: its clock, requests in flight, timers and log. */
export abstract class SpecRun<V> implements OracleRun<V> {
  now = 0;
  readonly log: LogEntry[] = [];
  private readonly due = new Map<string, number>();
  private readonly inFlight = new Set<string>();
  private readonly listeners = new Set<string>();

  abstract view(): V;
  abstract situation(): string;
  send(_event: EventObject): void {}
  protected onTimer(_name: string): void {}
  protected onDone(_request: string, _output: unknown): void {}
  protected onError(_request: string, _error: unknown): void {}

  timers(): ReadonlyMap<string, number> {
    return this.due;
  }
  fire(name: string): void {
    this.due.delete(name);
    this.onTimer(name);
  }
  pending(name: string): boolean {
    return this.inFlight.has(name);
  }
  requests(): string[] {
    return [...this.inFlight].filter((name) => !this.listeners.has(name)).sort();
  }
  key(): string {
    const { log: _log, now: _now, ...fields } = this as unknown as Record<string, unknown>;
    return JSON.stringify({ fields, timers: [...this.due.keys()].sort(), requests: [...this.inFlight].sort() });
  }
  settle(name: string, outcome: Outcome): void {
    this.inFlight.delete(name);
    if ('error' in outcome) this.onError(name, outcome.error);
    else this.onDone(name, outcome.output);
  }

  /**
   * A listener starts now (an actor that never answers, it sends events: e.g. waiting for the
   * connection): logged like a request, but `requests()` does not offer it an answer.
   */
  protected listen(name: string, detail?: unknown): void {
    this.request(name, detail);
    this.listeners.add(name);
  }
  /** A request starts now (`detail`: what it is asked with). */
  protected request(name: string, detail?: unknown): void {
    this.inFlight.add(name);
    this.log.push({ kind: 'request', name, at: this.now, ...(detail === undefined ? {} : { detail }) });
  }
  /** The requests are abandoned: a later answer changes nothing. */
  protected cancel(...names: string[]): void {
    names.forEach((name) => this.inFlight.delete(name));
  }
  protected effect(name: string, detail?: unknown): void {
    this.log.push({ kind: 'effect', name, at: this.now, ...(detail === undefined ? {} : { detail }) });
  }
  /** (Re)starts the timer `name`: due `ms` from now. */
  protected startTimer(name: string, ms: number): void {
    this.due.set(name, this.now + ms);
  }
  protected stopTimer(...names: string[]): void {
    names.forEach((name) => this.due.delete(name));
  }
  protected running(name: string): boolean {
    return this.due.has(name);
  }
}

/** An oracle from its run's constructor. */
export const oracleOf = <V>(
  quietMs: number,
  events: readonly string[],
  situations: readonly string[],
  start: (input: unknown) => OracleRun<V>,
): Oracle<V> => ({ quietMs, events, situations, start });
