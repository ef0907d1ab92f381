/**
 * `npm run load` — many students at once against the reference platform API (docs/scaling.md).
 *
 *   npm run load                                   # embedded database; + PostgreSQL when DATABASE_URL is set
 *   npm run load -- --duration=10 --signin=20      # shorter (defaults: 60 s run after a 90 s sign-in phase)
 *   npm run load -- --config=embedded              # only (a): one server process, PGlite in a fresh folder
 *   DATABASE_URL=postgres://… npm run load -- --config=postgres
 *                                                  # only (b): server/cluster.ts, WORKERS (default 2) processes on one port
 *   npm run load -- --students=200 --workers=2 --signin=90 --ramp=10 --rate=1 --json=load.json
 *
 * Each simulated student is one keep-alive connection (node:http, `runStudent`) sending one
 * request at a time, like the app: an answer 503 with `Retry-After` (the embedded server is full,
 * server/admission.ts) is counted as shed and the same request is sent again after that time —
 * not an error; an error is a request that never succeeds or gets no answer in 30 s. First the
 * sign-in phase: the students sign in (`POST /api/v1/auth/token`) evenly over `--signin` seconds (default 90; 0 = at the start of the run), one row of its own.
 * Then the run, where each student loops over one visit: `GET /api/v1/users/self` (a sign-in
 * when it has no session), the /courses data (`GET /api/v2/lms/courses`),
 * a course (`GET /api/v1/lms/courses/{id}`), one of its modules (`GET /api/v1/lms/modules/{id}`),
 * then `PUT …/learningObjects/{id}/start` and `PUT …/end` of every learning object of the module
 * (quizzes aside), each with its own `Idempotency-Key` and `X-Client-Timestamp` like the app's
 * outbox, plus one resend of the first `end` with the same key (a client that timed out), which
 * must be answered as a replay. Students visit the courses and modules in turn. They arrive
 * evenly over the first `--ramp` seconds (default 10, at most half the run) and send at most
 * `--rate` requests per second each (default 1; 0 = no pause, a saturation test).
 *
 * The servers start with `LOAD_STUDENTS=<students>` (seeds `aluno001`…, server/seed-load.ts) and
 * `TRUST_PROXY=1`; each student sends its own `X-Forwarded-For` address, as behind a load
 * balancer, so the per-address sign-in limit (50 per 15 min, counted while a sign-in is in
 * flight) applies per student, not to the whole run. The default limits are unchanged.
 *
 * Printed: requests/s, p50/p95/p99/max latency (ms, from the first attempt) and shed answers per
 * call and in total, errors (non-2xx after the retries, timeouts, connection errors, replays that
 * were not replays), the machine's load. Then, with
 * the servers stopped, the database is read: every acknowledged write (a 200 to a start/end)
 * must be exactly one `progress_events` row with its Idempotency-Key and a completed
 * `idempotency_keys` row; a missing one is lost, a second one duplicated.
 * @returns exit code 0 only when every configuration had no error and no lost or duplicated write.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Agent, request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { openDb, type Db } from '../../server/db/client';
import { loadStudentCode } from '../../server/seed-load';
import { DEMO_PASSWORD } from '../../server/seed';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Options of a run, from the command line (`--name=value`). */
interface Options {
  durationSeconds: number;
  /** Students arrive over this many seconds (evenly); all stop at the end of the duration. */
  rampSeconds: number;
  /** Most requests a student sends per second (including retries); 0 = no pause at all. */
  rate: number;
  /** Students sign in evenly over this many seconds before the run (0 = during the run's ramp). */
  signInSeconds: number;
  students: number;
  workers: number;
  configs: ConfigName[];
  jsonPath: string | null;
}

type ConfigName = 'embedded' | 'postgres';

/**
 * Parses `argv` (`--duration=60 --students=200 --workers=2 --config=embedded,postgres --json=path`).
 * @throws Error on an unknown option or a value out of range.
 */
function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options {
  const values = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--(duration|ramp|rate|signin|students|workers|config|json)=(.+)$/.exec(arg);
    if (!match) throw new Error(`unknown option "${arg}" (see scripts/load/run.ts)`);
    values.set(match[1]!, match[2]!);
  }
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = values.get(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < min || n > max) throw new Error(`--${name} must be from ${min} to ${max}`);
    return n;
  };
  const configs = (values.get('config') ?? (env.DATABASE_URL ? 'embedded,postgres' : 'embedded'))
    .split(',')
    .map((c) => c.trim());
  for (const c of configs) {
    if (c !== 'embedded' && c !== 'postgres') throw new Error(`--config: "${c}" is not embedded or postgres`);
  }
  if (configs.includes('postgres') && !env.DATABASE_URL) {
    throw new Error('--config=postgres needs DATABASE_URL (a PostgreSQL database the run may write to)');
  }
  return {
    durationSeconds: int('duration', 60, 1, 3600),
    rampSeconds: int('ramp', 10, 0, 600),
    rate: int('rate', 1, 0, 1000),
    signInSeconds: int('signin', 90, 0, 3600),
    students: int('students', 200, 1, 9999),
    workers: int('workers', 2, 1, 64),
    configs: configs as ConfigName[],
    jsonPath: values.get('json') ?? null,
  };
}

/** A free TCP port of this machine. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Server processes under test and how to read their database once they are stopped. */
interface Target {
  name: ConfigName;
  description: string;
  url: string;
  stop(): Promise<void>;
  openDatabase(): Promise<Db>;
  cleanup(): void;
}

/**
 * Spawns `node --import tsx <script>` with `env` and waits for `ready` in its output.
 * @throws Error with the output when it exits first or takes longer than 5 minutes.
 */
async function spawnServer(script: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${script} not ready after 5 min:\n${output}`)), 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${script} exited (${code}) before it was ready:\n${output}`));
    });
  });
  child.stdout!.resume();
  return child;
}

/** Sends SIGTERM and waits for the process to exit. */
const stopProcess = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** Starts configuration `name`'s server processes (seeding the load students). */
async function startTarget(name: ConfigName, options: Options): Promise<Target> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SERVE_DIST: '0',
    LOAD_STUDENTS: String(options.students),
    TRUST_PROXY: '1',
    NODE_ENV: 'production',
  };
  delete env.CHAOS;
  if (name === 'embedded') {
    const dataDir = mkdtempSync(join(tmpdir(), 'lms-load-'));
    delete env.DATABASE_URL;
    const child = await spawnServer('server/main.ts', { ...env, DATA_DIR: dataDir }, /PORT=\d+/);
    return {
      name,
      description: `1 server process, embedded PGlite (DATA_DIR in ${tmpdir()})`,
      url: `http://localhost:${port}`,
      stop: () => stopProcess(child),
      openDatabase: () => openDb({ dataDir }),
      cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const databaseUrl = process.env.DATABASE_URL!;
  const child = await spawnServer(
    'server/cluster.ts',
    { ...env, DATABASE_URL: databaseUrl, WORKERS: String(options.workers) },
    /\[cluster\] PORT=\d+ WORKERS=\d+ ready/,
  );
  return {
    name,
    description: `${options.workers} server processes (node:cluster, one port), PostgreSQL`,
    url: `http://localhost:${port}`,
    stop: () => stopProcess(child),
    openDatabase: () => openDb({ databaseUrl }),
    cleanup: () => undefined,
  };
}

/** The calls reported separately. */
const CALLS = [
  'POST /auth/token',
  'GET /users/self',
  'GET v2 /lms/courses',
  'GET /lms/courses/{id}',
  'GET /lms/modules/{id}',
  'PUT …/start',
  'PUT …/end',
  'PUT …/end (resent)',
] as const;
type Call = (typeof CALLS)[number];

/** Latencies (ms) and answers of one call. */
interface CallStats {
  latencies: number[];
  ok: number;
  errors: Map<string, number>;
  /** Answers 503 with `Retry-After` (the server was full), each retried after that time. */
  shed: number;
}

/** A write the server acknowledged (200): it must be in the database exactly once. */
interface AckedWrite {
  student: string;
  key: string;
  kind: 'start' | 'end';
}

/** What the simulated students saw. */
interface Observations {
  calls: Map<Call, CallStats>;
  acked: AckedWrite[];
}

const countError = (stats: CallStats, what: string) => stats.errors.set(what, (stats.errors.get(what) ?? 0) + 1);

/** Per student: the module's learning objects in visit order. */
interface LoRef {
  id: number;
  lessonId: number;
}

/** One HTTP request to send (path with query; headers; body or ''). */
interface Sent {
  call: Call;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * One step of a visit: `setup` builds the request from what the previous answers said (null
 * ends the visit early: the next one starts), `onResponse` records its final answer.
 */
interface Step {
  setup(): Sent | null;
  onResponse(status: number, body: string, headers: Record<string, string | string[] | undefined>): void;
}

/**
 * The requests of one student's visit, in order (`runStudent` loops over them).
 * Answers are recorded in `sink.current` (the sign-in phase and the run have their own).
 */
function studentVisit(n: number, runId: string, sink: { current: Observations }, maxLearningObjects: number): Step[] {
  const student = loadStudentCode(n);
  // 10.x.y.z: one client address per student (TRUST_PROXY=1 on the servers).
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const state = {
    token: null as string | null,
    visit: 0,
    courseIds: [] as number[],
    courseId: 0,
    moduleId: 0,
    los: [] as LoRef[],
    writes: 0,
    sentAt: 0,
    /** Idempotency-Key of the write in flight. */
    key: '',
    firstEnd: null as { path: string; body: string; key: string; clientTime: string } | null,
  };
  const headers = (extra: Record<string, string> = {}) => ({
    'x-forwarded-for': address,
    'x-user-environment': 'WEB',
    ...(state.token ? { 'x-access-token': state.token } : {}),
    ...extra,
  });
  const send = (call: Call, request: Omit<Sent, 'call' | 'body'> & { body?: string }): Sent => {
    state.sentAt = performance.now();
    return { call, body: '', ...request };
  };
  /** Records the answer of `call`; @returns the parsed JSON body of a 2xx, else null. */
  const record = (call: Call, status: number, body: string): unknown => {
    const stats = sink.current.calls.get(call)!;
    stats.latencies.push(performance.now() - state.sentAt);
    if (status === 401) state.token = null;
    if (status < 200 || status >= 300) {
      countError(stats, `HTTP ${status}`);
      return null;
    }
    try {
      const parsed = JSON.parse(body) as unknown;
      stats.ok += 1;
      return parsed;
    } catch {
      countError(stats, 'body is not JSON');
      return null;
    }
  };
  const write = (kind: 'start' | 'end', index: number): Step => ({
    setup: () => {
      const lo = state.los[index];
      if (!lo) return null;
      state.writes += 1;
      const key = `${runId}-${student}-${state.writes}`;
      const clientTime = new Date().toISOString();
      const path =
        kind === 'start'
          ? `/api/v1/lms/learningObjects/${lo.id}/start?lesson_id=${lo.lessonId}`
          : `/api/v1/lms/learningObjects/${lo.id}/end`;
      const body = kind === 'start' ? '' : JSON.stringify({ lesson_id: lo.lessonId, data: { seconds: 3 } });
      state.key = key;
      if (kind === 'end' && index === 0) state.firstEnd = { path, body, key, clientTime };
      return send(kind === 'start' ? 'PUT …/start' : 'PUT …/end', {
        method: 'PUT',
        path,
        body,
        headers: headers({
          'content-type': 'application/json',
          'idempotency-key': key,
          'x-client-timestamp': clientTime,
        }),
      });
    },
    onResponse: (status, body, responseHeaders) => {
      const call: Call = kind === 'start' ? 'PUT …/start' : 'PUT …/end';
      if (record(call, status, body) === null) return;
      // A new key answered as a replay would mean two writes shared a key: count it.
      if (responseHeaders?.['idempotent-replayed'])
        countError(sink.current.calls.get(call)!, 'new key answered as a replay');
      sink.current.acked.push({ student, key: state.key, kind });
    },
  });
  const resend: Step = {
    setup: () => {
      const first = state.firstEnd;
      if (!first || !state.token) return null;
      return send('PUT …/end (resent)', {
        method: 'PUT',
        path: first.path,
        body: first.body,
        headers: headers({
          'content-type': 'application/json',
          'idempotency-key': first.key,
          'x-client-timestamp': first.clientTime,
        }),
      });
    },
    onResponse: (status, body, responseHeaders) => {
      if (record('PUT …/end (resent)', status, body) !== null && responseHeaders?.['idempotent-replayed'] !== 'true') {
        countError(sink.current.calls.get('PUT …/end (resent)')!, 'not answered as a replay');
      }
    },
  };

  const requests: Step[] = [
    {
      // A visit begins: sign in the first time (and after a 401), else "who am I".
      setup: () => {
        state.visit += 1;
        state.firstEnd = null;
        state.los = [];
        if (state.token)
          return send('GET /users/self', { method: 'GET', path: '/api/v1/users/self', headers: headers() });
        return send('POST /auth/token', {
          method: 'POST',
          path: '/api/v1/auth/token',
          headers: headers({ 'content-type': 'application/json' }),
          body: JSON.stringify({
            client_id: 'web',
            grant_type: 'password',
            username: student,
            password: DEMO_PASSWORD,
            scope: 'BRA',
          }),
        });
      },
      onResponse: (status, body) => {
        if (state.token) {
          record('GET /users/self', status, body);
          return;
        }
        const answer = record('POST /auth/token', status, body) as { access_token?: string } | null;
        state.token = answer?.access_token ?? null;
      },
    },
    {
      setup: () =>
        state.token
          ? send('GET v2 /lms/courses', {
              method: 'GET',
              path: '/api/v2/lms/courses?page=1&per_page=12',
              headers: headers(),
            })
          : null,
      onResponse: (status, body) => {
        const answer = record('GET v2 /lms/courses', status, body) as { data?: { id: number }[] } | null;
        state.courseIds = answer?.data?.map((c) => c.id) ?? [];
        state.courseId = state.courseIds[(n + state.visit) % Math.max(1, state.courseIds.length)] ?? 0;
      },
    },
    {
      setup: () =>
        state.courseId
          ? send('GET /lms/courses/{id}', {
              method: 'GET',
              path: `/api/v1/lms/courses/${state.courseId}`,
              headers: headers(),
            })
          : null,
      onResponse: (status, body) => {
        const answer = record('GET /lms/courses/{id}', status, body) as {
          data?: { modules?: { id: number }[] };
        } | null;
        const modules = answer?.data?.modules ?? [];
        state.moduleId = modules[(n + state.visit) % Math.max(1, modules.length)]?.id ?? 0;
      },
    },
    {
      setup: () =>
        state.moduleId
          ? send('GET /lms/modules/{id}', {
              method: 'GET',
              path: `/api/v1/lms/modules/${state.moduleId}`,
              headers: headers(),
            })
          : null,
      onResponse: (status, body) => {
        const answer = record('GET /lms/modules/{id}', status, body) as {
          data?: { lessons?: { id: number; learning_objects?: { id: number; type: string }[] }[] };
        } | null;
        state.los = (answer?.data?.lessons ?? []).flatMap((lesson) =>
          (lesson.learning_objects ?? [])
            .filter((lo) => lo.type !== 'quiz')
            .map((lo) => ({ id: lo.id, lessonId: lesson.id })),
        );
      },
    },
  ];
  for (let i = 0; i < maxLearningObjects; i++) {
    requests.push(write('start', i), write('end', i));
    if (i === 0) requests.push(resend);
  }
  return requests;
}

/** What one student's driver saw on the wire: requests that got no answer. */
interface Transport {
  /** Connection errors (refused, reset) and timeouts together. */
  errors: number;
  /** No answer within `TIMEOUT_MS`. */
  timeouts: number;
}

/** The app's own API timeout (docs/product.md §9), ms. */
const TIMEOUT_MS = 30_000;
/** Most answers 503 + Retry-After one request gets before it counts as an error. */
const MAX_SHED = 10;

type Answer =
  | { kind: 'answer'; status: number; body: string; headers: Record<string, string | string[] | undefined> }
  | { kind: 'timeout' }
  | { kind: 'error' };

/** Sends `sent` over `agent` (one keep-alive connection); never rejects. */
function sendOnce(url: URL, agent: Agent, sent: Sent): Promise<Answer> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        method: sent.method,
        path: sent.path,
        headers: { ...sent.headers, ...(sent.body ? { 'content-length': Buffer.byteLength(sent.body) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            kind: 'answer',
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
        res.on('error', () => resolve({ kind: 'error' }));
      },
    );
    req.setTimeout(TIMEOUT_MS, () => {
      req.destroy();
      resolve({ kind: 'timeout' });
    });
    req.on('error', () => resolve({ kind: 'error' }));
    req.end(sent.body || undefined);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Drives one student like the app does: one keep-alive connection, one request at a time, the
 * steps of `visit` in a loop (a step whose `setup` is null starts the next visit), at most
 * `rate` requests per second (0 = no pause), until `deadline` (performance.now() ms) or after
 * `amount` steps. An answer 503 with `Retry-After` (the server was full: server/admission.ts)
 * counts as shed for its call and the same request is sent again after that many seconds, at
 * most `MAX_SHED` times (then its last answer is recorded); the latency recorded is the
 * student's, from the first attempt. A request without an answer in `TIMEOUT_MS` or with a
 * broken connection counts in `transport` and the visit goes on with the next step.
 */
async function runStudent(
  url: URL,
  visit: Step[],
  sink: { current: Observations },
  options: { deadline: number; amount?: number; rate: number },
  transport: Transport,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const gapMs = options.rate > 0 ? 1000 / options.rate : 0;
  let lastSentAt = -Infinity;
  let index = 0;
  let steps = 0;
  const pace = async (atLeastMs = 0) => {
    const wait = Math.max(lastSentAt + gapMs - performance.now(), atLeastMs);
    if (wait > 0) await sleep(wait);
  };
  try {
    while (performance.now() < options.deadline && (options.amount === undefined || steps < options.amount)) {
      await pace();
      if (performance.now() >= options.deadline) break;
      const step = visit[index]!;
      let sent = step.setup();
      if (!sent) {
        index = 0;
        sent = visit[0]!.setup();
        if (!sent) break;
      }
      const current = visit[index]!;
      index = (index + 1) % visit.length;
      steps += 1;
      let answer: Answer;
      for (let shed = 0; ; shed++) {
        lastSentAt = performance.now();
        answer = await sendOnce(url, agent, sent);
        if (answer.kind !== 'answer' || answer.status !== 503 || shed >= MAX_SHED) break;
        const retryAfter = Number(answer.headers['retry-after']);
        if (!Number.isFinite(retryAfter)) break;
        sink.current.calls.get(sent.call)!.shed += 1;
        await pace(retryAfter * 1000);
        // The run ended while it waited: neither answered nor an error (as a request in flight).
        if (performance.now() >= options.deadline) return;
      }
      if (answer.kind === 'answer') {
        current.onResponse(answer.status, answer.body, answer.headers);
      } else {
        transport.errors += 1;
        if (answer.kind === 'timeout') transport.timeouts += 1;
        else await sleep(100);
      }
    }
  } finally {
    agent.destroy();
  }
}

/** p-th percentile (0–100) of `sorted` (ascending), nearest rank; NaN when empty. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** One row of the printed table. */
interface Row {
  call: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers 503 + Retry-After, retried later (not errors). */
  shed: number;
  errors: number;
}

/** Result of one configuration. */
interface ConfigResult {
  config: ConfigName;
  description: string;
  durationSeconds: number;
  rampSeconds: number;
  rate: number;
  signInSeconds: number;
  students: number;
  rows: Row[];
  errorDetails: Record<string, number>;
  transportErrors: { errors: number; timeouts: number };
  writes: {
    acknowledged: number;
    lost: number;
    duplicated: number;
    unacknowledgedApplied: number;
    pendingClaims: number;
  };
  load: { before: number[]; after: number[]; cores: number; cpu: string };
  ok: boolean;
}

const ms = (x: number) => (Number.isNaN(x) ? '—' : x < 10 ? x.toFixed(1) : Math.round(x).toString());

/** Prints `result` as a Markdown table (the format of docs/scaling.md). */
function printResult(result: ConfigResult): void {
  const lines = [
    '',
    `### ${result.config}: ${result.description}`,
    `${result.students} students: ${result.signInSeconds ? `sign in over ${result.signInSeconds} s, then ` : ''}${result.durationSeconds} s run (arriving over ${result.rampSeconds} s, ${result.rate ? `at most ${result.rate} request/s each` : 'no pause between requests'}); load average before ${result.load.before
      .map((x) => x.toFixed(2))
      .join(
        ' / ',
      )}, after ${result.load.after.map((x) => x.toFixed(2)).join(' / ')} (1/5/15 min) on ${result.load.cores} × ${result.load.cpu}`,
    '',
    '| call | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | shed | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.rows.map(
      (r) =>
        `| ${r.call} | ${r.requests} | ${r.perSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.shed} | ${r.errors} |`,
    ),
    '',
    `Transport: ${result.transportErrors.errors - result.transportErrors.timeouts} connection errors, ${result.transportErrors.timeouts} timeouts (no answer in 30 s).` +
      (Object.keys(result.errorDetails).length ? ` Errors: ${JSON.stringify(result.errorDetails)}` : ''),
    `Writes: ${result.writes.acknowledged} acknowledged; ${result.writes.lost} lost, ${result.writes.duplicated} duplicated; ` +
      `${result.writes.unacknowledgedApplied} applied whose answer was still on its way when the run ended; ` +
      `${result.writes.pendingClaims} Idempotency-Key claims left pending.`,
    result.ok ? 'Result: OK' : 'Result: FAILED',
  ];
  console.log(lines.join('\n'));
}

/**
 * Checks the database of a stopped target against the acknowledged writes.
 * @returns lost (acknowledged, no row), duplicated (more than one row for a key),
 *   applied-but-unacknowledged rows and pending claims of this run's keys.
 */
async function checkWrites(db: Db, runId: string, acked: AckedWrite[]) {
  const rows = await db.rows<{ access_code: string; idempotency_key: string; kind: string; n: number }>(sql`
    SELECT u.access_code, e.idempotency_key, e.kind, count(*)::int AS n
    FROM progress_events e JOIN users u ON u.id = e.user_id
    WHERE e.idempotency_key LIKE ${`${runId}-%`}
    GROUP BY u.access_code, e.idempotency_key, e.kind`);
  const found = new Map(rows.map((r) => [`${r.access_code} ${r.idempotency_key} ${r.kind}`, r.n]));
  let lost = 0;
  let duplicated = rows.filter((r) => r.n > 1).length;
  const ackedKeys = new Set<string>();
  for (const w of acked) {
    const id = `${w.student} ${w.key} ${w.kind}`;
    if (ackedKeys.has(id)) duplicated += 1; // the same key acknowledged twice as a new write
    ackedKeys.add(id);
    const n = found.get(id) ?? 0;
    if (n === 0) lost += 1;
  }
  const unacknowledgedApplied = rows.filter(
    (r) => !ackedKeys.has(`${r.access_code} ${r.idempotency_key} ${r.kind}`),
  ).length;
  const [claims] = await db.rows<{ pending: number; done: number }>(sql`
    SELECT count(*) FILTER (WHERE status IS NULL)::int AS pending, count(*) FILTER (WHERE status IS NOT NULL)::int AS done
    FROM idempotency_keys WHERE key LIKE ${`${runId}-%`}`);
  // Every acknowledged write also has its recorded answer.
  if ((claims?.done ?? 0) < ackedKeys.size) lost = Math.max(lost, ackedKeys.size - (claims?.done ?? 0));
  return { lost, duplicated, unacknowledgedApplied, pendingClaims: claims?.pending ?? 0 };
}

/** Runs one configuration: start servers, drive the students, stop, check the database. */
async function runConfig(name: ConfigName, options: Options): Promise<ConfigResult> {
  console.log(`\n[load] ${name}: starting the server(s) and seeding ${options.students} students…`);
  const target = await startTarget(name, options);
  const runId = `load${Date.now().toString(36)}`;
  const observations = (): Observations => ({
    calls: new Map(CALLS.map((c) => [c, { latencies: [], ok: 0, errors: new Map(), shed: 0 }])),
    acked: [],
  });
  const signInObs = observations();
  const obs = observations();
  const signInTransport: Transport = { errors: 0, timeouts: 0 };
  const transportErrors: Transport = { errors: 0, timeouts: 0 };
  const url = new URL(target.url);
  const before = loadavg();
  const sink = { current: signInObs };
  const students = Array.from({ length: options.students }, (_, i) => studentVisit(i + 1, runId, sink, 8));
  let elapsed: number;
  let signInElapsed = 0;
  try {
    if (options.signInSeconds > 0) {
      // The sign-in phase: student i signs in after i/students of it (one request each).
      console.log(`[load] ${name}: ${options.students} students sign in over ${options.signInSeconds} s`);
      const signInStart = performance.now();
      await Promise.all(
        students.map(async (visit, i) => {
          const delayMs = Math.round((options.signInSeconds * 1000 * i) / options.students);
          if (delayMs > 0) await sleep(delayMs);
          await runStudent(url, [visit[0]!], sink, { deadline: Infinity, amount: 1, rate: 0 }, signInTransport);
        }),
      );
      signInElapsed = (performance.now() - signInStart) / 1000;
    }
    sink.current = obs;
    console.log(
      `[load] ${name}: ${options.students} students for ${options.durationSeconds} s against ${target.description}`,
    );
    const startedAt = performance.now();
    // Student i arrives after i/students of the ramp (at most half the run); all stop together.
    const rampMs = Math.min(options.rampSeconds, options.durationSeconds / 2) * 1000;
    const deadline = startedAt + options.durationSeconds * 1000;
    await Promise.all(
      students.map(async (visit, i) => {
        const delayMs = Math.round((rampMs * i) / options.students);
        if (delayMs > 0) await sleep(delayMs);
        await runStudent(url, visit, sink, { deadline, rate: options.rate }, transportErrors);
      }),
    );
    elapsed = (performance.now() - startedAt) / 1000;
  } finally {
    // The servers finish the requests in progress before they stop (startServer's close()).
    await target.stop();
  }
  const after = loadavg();
  const db = await target.openDatabase();
  let writes;
  try {
    writes = await checkWrites(db, runId, obs.acked);
  } finally {
    await db.close();
    target.cleanup();
  }
  const errorDetails: Record<string, number> = {};
  /** Rows of `source`'s calls over `seconds`, and the total row; adds their errors to errorDetails. */
  const tabulate = (source: Observations, seconds: number, label: (call: Call) => string, transport: number) => {
    const rows: Row[] = [];
    const all: number[] = [];
    let errorsTotal = transport;
    for (const [call, stats] of source.calls) {
      if (stats.latencies.length === 0) continue;
      const sorted = [...stats.latencies].sort((x, y) => x - y);
      all.push(...sorted);
      const errors = [...stats.errors.values()].reduce((x, y) => x + y, 0);
      errorsTotal += errors;
      for (const [what, count] of stats.errors) errorDetails[`${label(call)}: ${what}`] = count;
      rows.push({
        call: label(call),
        requests: sorted.length,
        perSecond: sorted.length / seconds,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1]!,
        shed: stats.shed,
        errors,
      });
    }
    all.sort((x, y) => x - y);
    return { rows, all, errorsTotal };
  };
  // A timeout counts as a transport error too.
  const phase = tabulate(
    signInObs,
    signInElapsed || 1,
    (call) => `${call} (sign-in phase, ${options.signInSeconds} s)`,
    signInTransport.errors,
  );
  const run = tabulate(obs, elapsed, (call) => call, transportErrors.errors);
  const totalErrors = phase.errorsTotal + run.errorsTotal;
  const rows: Row[] = [
    ...phase.rows,
    ...run.rows,
    {
      call: `**all calls of the ${options.durationSeconds} s run**`,
      requests: run.all.length,
      perSecond: run.all.length / elapsed,
      p50: percentile(run.all, 50),
      p95: percentile(run.all, 95),
      p99: percentile(run.all, 99),
      max: run.all[run.all.length - 1] ?? Number.NaN,
      shed: run.rows.reduce((sum, r) => sum + r.shed, 0),
      errors: totalErrors,
    },
  ];
  const ok = totalErrors === 0 && writes.lost === 0 && writes.duplicated === 0 && obs.acked.length > 0;
  return {
    config: name,
    description: target.description,
    durationSeconds: options.durationSeconds,
    rampSeconds: Math.min(options.rampSeconds, options.durationSeconds / 2),
    rate: options.rate,
    signInSeconds: options.signInSeconds,
    students: options.students,
    rows,
    errorDetails,
    transportErrors: {
      errors: transportErrors.errors + signInTransport.errors,
      timeouts: transportErrors.timeouts + signInTransport.timeouts,
    },
    writes: { acknowledged: obs.acked.length, ...writes },
    load: { before, after, cores: availableParallelism(), cpu: cpus()[0]?.model.trim() ?? 'unknown CPU' },
    ok,
  };
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`[load] ${(error as Error).message}`);
    return 2;
  }
  if (!process.env.DATABASE_URL && !process.argv.some((a) => a.startsWith('--config='))) {
    console.log('[load] DATABASE_URL is not set: only the embedded configuration runs (see docs/scaling.md).');
  }
  const results: ConfigResult[] = [];
  for (const config of options.configs) {
    const result = await runConfig(config, options);
    printResult(result);
    results.push(result);
  }
  if (options.jsonPath) writeFileSync(options.jsonPath, `${JSON.stringify(results, null, 2)}\n`);
  return results.every((r) => r.ok) ? 0 : 1;
}

process.exitCode = await main();
