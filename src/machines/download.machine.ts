/**
 * Downloading a course or a module for offline study (docs/offline.md "Downloaded courses and modules"): the
 * workflow of the 'Baixar para estudar offline' panel of the course and module pages.
 *
 *   checking ─▶ idle ──download.start──▶ sizing ──▶ confirming ──download.confirm──▶ downloading ──▶ available
 *      │         ▲                         │  (too big for    │ (download.cancel)     │  │ (download.cancel)  │
 *      │         └──────────────────────── │ ◀── the device)  ▼                       │  ▼                    │ download.remove
 *      └────────▶ available                ▼                idle                    │ cancelling ─▶ idle    ▼
 *                                        failed ◀──── download.failed / stalled ────┘            removing ─▶ idle
 *                                          └─ discarding (partial files removed) ─▶ settled ──download.retry──▶
 *                                             downloading (the plan was confirmed) | sizing (it was not)
 *
 * Input `{ target, intent? }`: what to download (course or module, with its name) and what the
 * student already asked for when the panel loaded (`download` / `remove`: it starts at once).
 *
 * Actors (provided by src/app/wiring/downloads.ts; fakes in tests):
 * - `loadRecord` ({ target }) → DownloadRecord | null: is it already downloaded;
 * - `plan` ({ target }) → `{ plan, available, onCellular }`: every read and file with sizes
 *   (bytes), the space the browser still grants (bytes, null unknown), whether on a mobile network;
 * - `download` ({ plan }) callback: sends `download.progress` `{ bytes, items }` as it stores,
 *   `download.persisted` `{ persisted }` (the answer of `navigator.storage.persist()`, asked on
 *   the first download), then `download.finished` `{ record }` or `download.failed` `{ reason }`;
 *   stopping it aborts the transfer;
 * - `discard` ({ plan }): removes the files a stopped download stored (none stays marked);
 * - `remove` ({ record }): deletes a download and its files.
 * Delay `stallTimeout` (30 s): no progress for that long (a connection that hangs instead of
 * failing) stops the download as `network`.
 *
 * Tags (what the view shows): `idle` ('Baixar para estudar offline'), `busy` (checking, sizing,
 * removing), `confirm` (the size and 'Baixar' / 'Cancelar'; `cellular-warning` when over
 * `CELLULAR_WARNING_BYTES` on a mobile network), `downloading` (progress bar, 'Cancelar'),
 * `available` ('Disponível offline' with the date, 'Remover download'), `failed` (the reason in
 * `context.failure`: quota | network | server, and 'Tentar novamente' once `settled`).
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { DownloadPlan } from '../services/downloads/plan';
import type { DownloadFailureKind, DownloadProgress } from '../services/downloads/run';
import type { DownloadRecord, DownloadTarget } from '../services/storage/downloads-store';

/** Downloads bigger than this on a mobile network say so before they start (docs/offline.md: 50 MB). */
export const CELLULAR_WARNING_BYTES = 50 * 1024 * 1024;
/** No progress for this long stops the download as a lost connection, ms. */
export const STALL_TIMEOUT_MS = 30_000;

/** What the `plan` actor answers. */
export interface PlannedDownload {
  plan: DownloadPlan;
  /** Bytes the browser still grants this site (quota − usage); null when it does not tell. */
  available: number | null;
  onCellular: boolean;
}

export interface DownloadInput {
  target: DownloadTarget;
  /** What the student asked for before the panel loaded. */
  intent?: 'download' | 'remove' | null;
}

export interface DownloadContext {
  target: DownloadTarget;
  intent: 'download' | 'remove' | null;
  planned: PlannedDownload | null;
  /** The student confirmed this plan ('Tentar novamente' then starts at once). */
  confirmed: boolean;
  progress: DownloadProgress;
  record: DownloadRecord | null;
  /** Why the last download or size computation stopped (null: it did not). */
  failure: Exclude<DownloadFailureKind, 'cancelled'> | null;
  /** Why removing failed (the download stays available). */
  removeFailed: boolean;
  /** Answer of `navigator.storage.persist()` during this download (null: not asked / unknown). */
  persisted: boolean | null;
}

export type DownloadEvent =
  | { type: 'download.start' }
  | { type: 'download.confirm' }
  | { type: 'download.cancel' }
  | { type: 'download.retry' }
  | { type: 'download.remove' }
  | { type: 'download.progress'; progress: DownloadProgress }
  | { type: 'download.persisted'; persisted: boolean | null }
  | { type: 'download.finished'; record: DownloadRecord }
  | { type: 'download.failed'; reason: DownloadFailureKind };

const failureOf = (error: unknown): Exclude<DownloadFailureKind, 'cancelled'> => {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return kind === 'quota' || kind === 'server' ? kind : 'network';
};

export const downloadMachine = setup({
  types: {
    input: {} as DownloadInput,
    context: {} as DownloadContext,
    events: {} as DownloadEvent,
  },
  actors: {
    loadRecord: fromPromise<DownloadRecord | null, { target: DownloadTarget }>(() =>
      Promise.reject(new Error('loadRecord not provided')),
    ),
    plan: fromPromise<PlannedDownload, { target: DownloadTarget }>(() =>
      Promise.reject(new Error('plan not provided')),
    ),
    download: fromCallback<DownloadEvent, { plan: DownloadPlan }>(() => () => {}),
    discard: fromPromise<void, { plan: DownloadPlan }>(() => Promise.resolve()),
    remove: fromPromise<void, { record: DownloadRecord }>(() => Promise.reject(new Error('remove not provided'))),
  },
  delays: { stallTimeout: STALL_TIMEOUT_MS },
  guards: {
    wantsDownload: ({ context }) => context.intent === 'download',
    wantsRemove: ({ context }) => context.intent === 'remove',
    found: (_, record: DownloadRecord | null) => record !== null,
    tooBig: (_, planned: PlannedDownload) => planned.available !== null && planned.plan.totalBytes > planned.available,
    confirmed: ({ context }) => context.confirmed && context.planned !== null,
  },
}).createMachine({
  id: 'download',
  context: ({ input }) => ({
    target: input.target,
    intent: input.intent ?? null,
    planned: null,
    confirmed: false,
    progress: { bytes: 0, items: 0 },
    record: null,
    failure: null,
    removeFailed: false,
    persisted: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Reads whether this course or module is already downloaded for this student.',
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ target: context.target }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => event.output },
            target: 'available',
            actions: assign({ record: ({ event }) => event.output }),
          },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
    },
    idle: {
      description: "Not downloaded: 'Baixar para estudar offline'.",
      tags: ['idle'],
      always: { guard: 'wantsDownload', target: 'sizing', actions: assign({ intent: null }) },
      on: { 'download.start': 'sizing' },
    },
    sizing: {
      description: 'Reads the course or module and sizes every file before asking.',
      tags: ['busy'],
      entry: assign({ failure: null, planned: null, confirmed: false }),
      invoke: {
        id: 'plan',
        src: 'plan',
        input: ({ context }) => ({ target: context.target }),
        onDone: [
          {
            guard: { type: 'tooBig', params: ({ event }) => event.output },
            target: 'failed.settled',
            actions: assign({ planned: ({ event }) => event.output, failure: 'quota' }),
          },
          { target: 'confirming', actions: assign({ planned: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed.settled', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
      on: { 'download.cancel': 'idle' },
    },
    confirming: {
      description: 'Shows the total size (and the mobile-network warning when large) and asks.',
      tags: ['confirm'],
      on: {
        'download.confirm': { target: 'downloading', actions: assign({ confirmed: true }) },
        'download.cancel': 'idle',
      },
    },
    downloading: {
      description: 'Stores every file, then the record; progress in bytes and items.',
      tags: ['downloading'],
      entry: assign({ progress: { bytes: 0, items: 0 }, failure: null }),
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ plan: context.planned!.plan }),
      },
      initial: 'receiving',
      states: {
        receiving: {
          description: 'Waits for progress; none for `stallTimeout` means the connection is gone.',
          after: {
            stallTimeout: { target: '#download.failed', actions: assign({ failure: 'network' }) },
          },
          on: {
            // Progress restarts the wait (only this child re-enters: the transfer goes on).
            'download.progress': {
              target: 'receiving',
              reenter: true,
              actions: assign({ progress: ({ event }) => event.progress }),
            },
          },
        },
      },
      on: {
        'download.persisted': { actions: assign({ persisted: ({ event }) => event.persisted }) },
        'download.finished': { target: 'available', actions: assign({ record: ({ event }) => event.record }) },
        'download.failed': [
          { guard: ({ event }) => event.reason === 'cancelled', target: 'cancelling' },
          {
            target: 'failed',
            actions: assign({
              failure: ({ event }) => (event.reason === 'cancelled' ? 'network' : event.reason),
            }),
          },
        ],
        'download.cancel': 'cancelling',
      },
    },
    cancelling: {
      description: 'Removes what the cancelled download stored.',
      tags: ['busy'],
      invoke: {
        id: 'discardCancelled',
        src: 'discard',
        input: ({ context }) => ({ plan: context.planned!.plan }),
        onDone: 'idle',
        onError: 'idle',
      },
    },
    failed: {
      description: 'The download stopped (quota, connection, error answer): nothing is marked available.',
      tags: ['failed'],
      initial: 'discarding',
      states: {
        discarding: {
          description: 'Removes the partial files before a retry is offered.',
          invoke: {
            id: 'discardFailed',
            src: 'discard',
            input: ({ context }) => ({ plan: context.planned!.plan }),
            onDone: 'settled',
            onError: 'settled',
          },
        },
        settled: {
          description: "'Tentar novamente'.",
          on: {
            // Confirmed already: it starts again at once; else sizes again (space may be freed).
            'download.retry': [{ guard: 'confirmed', target: '#download.downloading' }, { target: '#download.sizing' }],
          },
        },
      },
      on: { 'download.cancel': '.settled' },
    },
    available: {
      description: "Downloaded: 'Disponível offline' with the date, 'Remover download'.",
      tags: ['available'],
      always: { guard: 'wantsRemove', target: 'removing', actions: assign({ intent: null }) },
      on: { 'download.remove': 'removing' },
    },
    removing: {
      description: 'Deletes the record and the files no other download uses.',
      tags: ['busy'],
      entry: assign({ removeFailed: false }),
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ record: context.record! }),
        onDone: { target: 'idle', actions: assign({ record: null, intent: null }) },
        onError: { target: 'available', actions: assign({ removeFailed: true }) },
      },
    },
  },
});
