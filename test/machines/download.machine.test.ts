/**
 * The download machine with fake actors on a simulated clock: size first, confirm,
 * progress, finish; cancel; failure (error, stall) → partial files discarded, retry completes;
 * quota too small; remove.
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  CELLULAR_WARNING_BYTES,
  STALL_TIMEOUT_MS,
  downloadMachine,
  type DownloadEvent,
  type PlannedDownload,
} from '../../src/machines/download.machine';
import type { DownloadPlan } from '../../src/services/downloads/plan';
import type { DownloadRecord, DownloadTarget } from '../../src/services/storage/downloads-store';

const target: DownloadTarget = { kind: 'course', id: 1, name: 'Introdução', courseId: 1 };
const plan: DownloadPlan = {
  target,
  origin: 'http://x',
  items: [
    { id: 'lo:1', files: ['http://x/a.webm'] },
    { id: 'lo:2', files: [] },
  ],
  files: [{ url: 'http://x/a.webm', bytes: 1000 }],
  reads: [],
  readsBytes: 100,
  totalBytes: 1100,
  moduleIds: [1],
  onlineOnly: [],
};
const record: DownloadRecord = {
  ...target,
  key: '7:course:1',
  userId: 7,
  savedAt: 1,
  bytes: 1100,
  files: ['http://x/a.webm'],
  moduleIds: [1],
  onlineOnly: [],
  reads: [],
};

/** A fake `download` callback the test drives: `send` reaches the machine; `stopped` counts aborts. */
function fakeDownload() {
  const runs: { send: (event: DownloadEvent) => void; stopped: boolean }[] = [];
  const actor = fromCallback<DownloadEvent, { plan: DownloadPlan }>(({ sendBack }) => {
    const run = { send: sendBack, stopped: false };
    runs.push(run);
    return () => {
      run.stopped = true;
    };
  });
  return { actor, runs };
}

function start(
  options: {
    existing?: DownloadRecord | null;
    planned?: Partial<PlannedDownload>;
    planFails?: boolean;
    intent?: 'download' | 'remove';
    removeFails?: boolean;
  } = {},
) {
  const clock = new SimulatedClock();
  const download = fakeDownload();
  const discard = vi.fn(() => Promise.resolve());
  const remove = vi.fn(() => (options.removeFails ? Promise.reject(new Error('idb')) : Promise.resolve()));
  const machine = downloadMachine.provide({
    actors: {
      loadRecord: fromPromise(() => Promise.resolve(options.existing ?? null)),
      plan: fromPromise(() =>
        options.planFails
          ? Promise.reject(Object.assign(new Error('offline'), { kind: 'network' }))
          : Promise.resolve({ plan, available: 10_000_000, onCellular: false, ...options.planned }),
      ),
      download: download.actor,
      discard: fromPromise(discard),
      remove: fromPromise(remove),
    },
  });
  const actor = createActor(machine, { input: { target, intent: options.intent ?? null }, clock }).start();
  return { actor, clock, download, discard, remove };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('download machine', () => {
  it('sizes first, asks, shows bytes and items, ends available', async () => {
    const { actor, download } = start();
    await waitFor(actor, (s) => s.hasTag('idle'));
    actor.send({ type: 'download.start' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('confirm'));
    expect(actor.getSnapshot().context.planned?.plan.totalBytes).toBe(1100);
    actor.send({ type: 'download.confirm' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    const [run] = download.runs;
    run!.send({ type: 'download.persisted', persisted: true });
    run!.send({ type: 'download.progress', progress: { bytes: 600, items: 0 } });
    expect(actor.getSnapshot().context.progress).toEqual({ bytes: 600, items: 0 });
    run!.send({ type: 'download.progress', progress: { bytes: 1100, items: 2 } });
    expect(download.runs).toHaveLength(1); // progress never restarts the transfer
    run!.send({ type: 'download.finished', record });
    const done = actor.getSnapshot();
    expect(done.hasTag('available')).toBe(true);
    expect(done.context.record).toBe(record);
    expect(done.context.persisted).toBe(true);
    expect(run!.stopped).toBe(true);
  });

  it('starts at once when the student already asked (the panel loaded after the click)', async () => {
    const { actor } = start({ intent: 'download' });
    await waitFor(actor, (s) => s.hasTag('confirm'));
  });

  it('an existing download is available; removing it goes back to idle', async () => {
    const { actor, remove } = start({ existing: record });
    await waitFor(actor, (s) => s.hasTag('available'));
    actor.send({ type: 'download.remove' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('idle'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.record).toBeNull();
  });

  it('a failed removal keeps it available and says so', async () => {
    const { actor } = start({ existing: record, intent: 'remove', removeFails: true });
    await waitFor(actor, (s) => s.hasTag('available') && s.context.removeFailed);
  });

  it('cancel stops the transfer and removes what it stored', async () => {
    const { actor, download, discard } = start({ intent: 'download' });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    actor.send({ type: 'download.confirm' });
    download.runs[0]!.send({ type: 'download.progress', progress: { bytes: 300, items: 0 } });
    actor.send({ type: 'download.cancel' });
    expect(download.runs[0]!.stopped).toBe(true);
    await waitFor(actor, (s) => s.hasTag('idle'));
    expect(discard).toHaveBeenCalledTimes(1);
  });

  it('a dropped connection fails with `network`, discards, and "Tentar novamente" resumes without asking again', async () => {
    const { actor, download, discard } = start({ intent: 'download' });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    actor.send({ type: 'download.confirm' });
    download.runs[0]!.send({ type: 'download.failed', reason: 'network' });
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('network');
    await waitFor(actor, (s) => s.matches({ failed: 'settled' }));
    expect(discard).toHaveBeenCalledTimes(1);
    actor.send({ type: 'download.retry' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    expect(actor.getSnapshot().context.progress).toEqual({ bytes: 0, items: 0 });
    download.runs[1]!.send({ type: 'download.finished', record });
    expect(actor.getSnapshot().hasTag('available')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('no progress for the stall timeout fails as a lost connection (simulated clock)', async () => {
    const { actor, clock, download } = start({ intent: 'download' });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    actor.send({ type: 'download.confirm' });
    clock.increment(STALL_TIMEOUT_MS - 1);
    download.runs[0]!.send({ type: 'download.progress', progress: { bytes: 10, items: 0 } });
    // Progress restarts the wait.
    clock.increment(STALL_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('network');
    expect(download.runs[0]!.stopped).toBe(true);
  });

  it('quota full while storing fails with `quota`', async () => {
    const { actor, download } = start({ intent: 'download' });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    actor.send({ type: 'download.confirm' });
    download.runs[0]!.send({ type: 'download.failed', reason: 'quota' });
    expect(actor.getSnapshot().context.failure).toBe('quota');
  });

  it('more than the space left fails with `quota` before anything is downloaded; retry sizes again', async () => {
    const { actor, download } = start({ intent: 'download', planned: { available: 500 } });
    await waitFor(actor, (s) => s.matches({ failed: 'settled' }));
    expect(actor.getSnapshot().context.failure).toBe('quota');
    expect(download.runs).toHaveLength(0);
    actor.send({ type: 'download.retry' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
  });

  it('sizing offline fails with `network`', async () => {
    const { actor } = start({ intent: 'download', planFails: true });
    await waitFor(actor, (s) => s.matches({ failed: 'settled' }));
    expect(actor.getSnapshot().context.failure).toBe('network');
  });
});

/**
 * Against the download rules of docs/offline.md written as literals (stall after 30 s = 30 000 ms without progress,
 * the mobile-network warning above 50 MB = 52 428 800 bytes) and what the panel shows in each
 * state (tags), with fakes that record what each step was asked to work on.
 */
describe('download machine against the constants', () => {
  interface Fakes {
    existing?: () => Promise<DownloadRecord | null>;
    planned?: () => Promise<PlannedDownload>;
    discard?: () => Promise<void>;
    remove?: () => Promise<void>;
    intent?: 'download' | 'remove' | null;
  }
  const ok = (available: number | null = 10_000_000): Promise<PlannedDownload> =>
    Promise.resolve({ plan, available, onCellular: false });

  function run(fakes: Fakes = {}) {
    const clock = new SimulatedClock();
    const download = fakeDownload();
    const inputs = {
      loadRecord: [] as unknown[],
      plan: [] as unknown[],
      download: [] as unknown[],
      discard: [] as unknown[],
      remove: [] as unknown[],
    };
    const downloadActor = fromCallback<DownloadEvent, { plan: DownloadPlan }>((args) => {
      inputs.download.push(args.input);
      return (download.actor.config as (a: typeof args) => () => void)(args);
    });
    const machine = downloadMachine.provide({
      actors: {
        loadRecord: fromPromise(({ input }) => {
          inputs.loadRecord.push(input);
          return (fakes.existing ?? (() => Promise.resolve(null)))();
        }),
        plan: fromPromise(({ input }) => {
          inputs.plan.push(input);
          return (fakes.planned ?? (() => ok()))();
        }),
        download: downloadActor,
        discard: fromPromise(({ input }) => {
          inputs.discard.push(input);
          return (fakes.discard ?? (() => Promise.resolve()))();
        }),
        remove: fromPromise(({ input }) => {
          inputs.remove.push(input);
          return (fakes.remove ?? (() => Promise.resolve()))();
        }),
      },
    });
    const actor = createActor(machine, { input: { target, intent: fakes.intent }, clock }).start();
    const tags = () =>
      ['idle', 'busy', 'confirm', 'downloading', 'available', 'failed'].filter((t) => actor.getSnapshot().hasTag(t));
    return { actor, clock, runs: download.runs, inputs, tags, ctx: () => actor.getSnapshot().context };
  }

  it("the thresholds are the issue's: 50 MB on a mobile network, 30 s without progress", () => {
    expect(CELLULAR_WARNING_BYTES).toBe(52_428_800);
    expect(STALL_TIMEOUT_MS).toBe(30_000);
  });

  it('starts checking, with nothing sized, confirmed, stored or failed', () => {
    const { ctx, tags, inputs } = run();
    expect(tags()).toEqual(['busy']);
    expect(ctx()).toEqual({
      target,
      intent: null,
      planned: null,
      confirmed: false,
      progress: { bytes: 0, items: 0 },
      record: null,
      failure: null,
      removeFailed: false,
      persisted: null,
    });
    expect(inputs.loadRecord).toEqual([{ target }]);
  });

  it('each step works on this course: sizing, downloading and discarding get its target and plan', async () => {
    const { actor, inputs, runs, tags } = run({ discard: () => Promise.reject(new Error('idb')) });
    await waitFor(actor, (s) => s.hasTag('idle'));
    actor.send({ type: 'download.start' });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    expect(inputs.plan).toEqual([{ target }]);
    actor.send({ type: 'download.confirm' });
    expect(inputs.download).toEqual([{ plan }]);
    runs[0]!.send({ type: 'download.failed', reason: 'server' });
    expect(actor.getSnapshot().context.failure).toBe('server');
    expect(tags()).toEqual(['failed']);
    // A discard that fails still offers 'Tentar novamente'.
    await waitFor(actor, (s) => s.matches({ failed: 'settled' }));
    expect(inputs.discard).toEqual([{ plan }]);
    actor.send({ type: 'download.retry' });
    expect(inputs.download).toEqual([{ plan }, { plan }]);
    expect(actor.getSnapshot().context.failure).toBeNull();
    runs[1]!.send({ type: 'download.failed', reason: 'cancelled' });
    expect(tags()).toEqual(['busy']);
    await waitFor(actor, (s) => s.hasTag('idle'));
    expect(inputs.discard).toEqual([{ plan }, { plan }]);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a cancel whose clean-up fails still goes back to the button', async () => {
    const { actor, runs, inputs } = run({ intent: 'download', discard: () => Promise.reject(new Error('idb')) });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    actor.send({ type: 'download.confirm' });
    actor.send({ type: 'download.cancel' });
    expect(runs[0]!.stopped).toBe(true);
    await waitFor(actor, (s) => s.hasTag('idle'));
    expect(inputs.discard).toEqual([{ plan }]);
    // It does not start again by itself: the first request was served.
    await settle();
    expect(actor.getSnapshot().hasTag('idle')).toBe(true);
    expect(inputs.plan).toHaveLength(1);
  });

  it('removing gets the record, and after a failure the panel says so until the next try', async () => {
    let fail = true;
    const { actor, inputs, ctx } = run({
      existing: () => Promise.resolve(record),
      remove: () => (fail ? Promise.reject(new Error('idb')) : Promise.resolve()),
      intent: 'remove',
    });
    await waitFor(actor, (s) => s.hasTag('available') && s.context.removeFailed);
    await settle();
    expect(inputs.remove).toEqual([{ record }]);
    expect(ctx().record).toBe(record);
    fail = false;
    actor.send({ type: 'download.remove' });
    expect(ctx().removeFailed).toBe(false);
    await waitFor(actor, (s) => s.hasTag('idle'));
    expect(ctx()).toMatchObject({ record: null, intent: null });
    await settle();
    expect(actor.getSnapshot().hasTag('idle')).toBe(true);
  });

  it('a download asked for while the record loads does not remove or redo one already there', async () => {
    const { actor, inputs } = run({ existing: () => Promise.resolve(record), intent: 'download' });
    await waitFor(actor, (s) => s.hasTag('available'));
    await settle();
    expect(actor.getSnapshot().hasTag('available')).toBe(true);
    expect(inputs.remove).toHaveLength(0);
    actor.send({ type: 'download.remove' });
    await waitFor(actor, (s) => s.hasTag('idle'));
    await settle();
    // Removed on purpose: it does not download again by itself.
    expect(actor.getSnapshot().hasTag('idle')).toBe(true);
    expect(inputs.plan).toHaveLength(0);
  });

  it('a removal asked for when nothing is downloaded leaves the button', async () => {
    const { actor, inputs } = run({ intent: 'remove' });
    await waitFor(actor, (s) => s.hasTag('idle'));
    await settle();
    expect(actor.getSnapshot().hasTag('idle')).toBe(true);
    expect(inputs.plan).toHaveLength(0);
  });

  it('when the download list cannot be read, the button is offered', async () => {
    const { actor } = run({ existing: () => Promise.reject(new Error('idb')) });
    await waitFor(actor, (s) => s.hasTag('idle'));
  });

  it("'Cancelar' on the size question goes back to the button without downloading", async () => {
    const { actor, inputs } = run({ intent: 'download' });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    actor.send({ type: 'download.cancel' });
    expect(actor.getSnapshot().hasTag('idle')).toBe(true);
    await settle();
    expect(actor.getSnapshot().hasTag('idle')).toBe(true);
    expect(inputs.download).toHaveLength(0);
    expect(inputs.discard).toHaveLength(0);
  });

  it('sizing can be cancelled; its answer then changes nothing', async () => {
    let answer: (p: PlannedDownload) => void = () => {};
    const { actor } = run({ planned: () => new Promise((resolve) => (answer = resolve)) });
    await waitFor(actor, (s) => s.hasTag('idle'));
    actor.send({ type: 'download.start' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'download.cancel' });
    expect(actor.getSnapshot().hasTag('idle')).toBe(true);
    answer({ plan, available: null, onCellular: false });
    await settle();
    expect(actor.getSnapshot().hasTag('idle')).toBe(true);
  });

  it('sizing failures say why: quota, server, else the connection', async () => {
    const cases: [unknown, string][] = [
      [Object.assign(new Error('full'), { kind: 'quota' }), 'quota'],
      [Object.assign(new Error('500'), { kind: 'server' }), 'server'],
      [Object.assign(new Error('?'), { kind: 'cancelled' }), 'network'],
      [new Error('offline'), 'network'],
      [null, 'network'],
    ];
    for (const [error, failure] of cases) {
      const { actor, inputs } = run({ intent: 'download', planned: () => Promise.reject(error) });
      await waitFor(actor, (s) => s.hasTag('failed'));
      expect(actor.getSnapshot().matches({ failed: 'settled' })).toBe(true);
      expect(actor.getSnapshot().context.failure).toBe(failure);
      // Nothing was stored: nothing to discard.
      expect(inputs.discard).toHaveLength(0);
    }
  });

  it('exactly as much space as needed is enough; unknown space does not stop it', async () => {
    for (const available of [1100, null]) {
      const { actor } = run({ intent: 'download', planned: () => ok(available) });
      await waitFor(actor, (s) => s.hasTag('confirm'));
    }
    const { actor } = run({ intent: 'download', planned: () => ok(1099) });
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ failure: 'quota', planned: { plan, available: 1099 } });
  });

  it("after a quota failure, 'Tentar novamente' sizes again without the old failure and asks again", async () => {
    let available = 500;
    const { actor, ctx, inputs } = run({ intent: 'download', planned: () => ok(available) });
    await waitFor(actor, (s) => s.matches({ failed: 'settled' }));
    available = 10_000;
    actor.send({ type: 'download.retry' });
    expect(ctx()).toMatchObject({ failure: null, planned: null, confirmed: false });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    expect(inputs.plan).toHaveLength(2);
    expect(inputs.download).toHaveLength(0);
  });

  it('after a download, sizing again asks again (a failed sizing then sizes, not downloads)', async () => {
    let planFails = false;
    const { actor, runs, ctx, inputs } = run({
      intent: 'download',
      planned: () => (planFails ? Promise.reject(new Error('offline')) : ok()),
    });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    actor.send({ type: 'download.confirm' });
    expect(ctx().confirmed).toBe(true);
    runs[0]!.send({ type: 'download.finished', record });
    actor.send({ type: 'download.remove' });
    await waitFor(actor, (s) => s.hasTag('idle'));
    planFails = true;
    actor.send({ type: 'download.start' });
    expect(ctx()).toMatchObject({ planned: null, confirmed: false });
    await waitFor(actor, (s) => s.matches({ failed: 'settled' }));
    planFails = false;
    actor.send({ type: 'download.retry' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(inputs.download).toHaveLength(1);
  });

  it('cancel while the partial files are removed offers the retry at once', async () => {
    const { actor, runs } = run({ intent: 'download', discard: () => new Promise<void>(() => {}) });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    actor.send({ type: 'download.confirm' });
    runs[0]!.send({ type: 'download.failed', reason: 'network' });
    expect(actor.getSnapshot().matches({ failed: 'discarding' })).toBe(true);
    actor.send({ type: 'download.cancel' });
    expect(actor.getSnapshot().matches({ failed: 'settled' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('network');
  });

  it('stalls after 30 000 ms without progress, each progress waiting 30 000 ms again', async () => {
    const { actor, clock, runs, ctx } = run({ intent: 'download' });
    await waitFor(actor, (s) => s.hasTag('confirm'));
    actor.send({ type: 'download.confirm' });
    runs[0]!.send({ type: 'download.persisted', persisted: false });
    expect(ctx().persisted).toBe(false);
    clock.increment(20_000);
    runs[0]!.send({ type: 'download.progress', progress: { bytes: 100, items: 1 } });
    clock.increment(29_999);
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    expect(ctx().progress).toEqual({ bytes: 100, items: 1 });
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(ctx().failure).toBe('network');
    expect(runs).toHaveLength(1);
    expect(runs[0]!.stopped).toBe(true);
  });
});

describe('download machine without the app’s actors (fails safe)', () => {
  it('never claims a download it cannot read, size or remove', async () => {
    const actor = createActor(downloadMachine, { input: { target, intent: 'download' } }).start();
    await waitFor(actor, (s) => s.hasTag('failed'), { timeout: 1000 });
    expect(actor.getSnapshot().context).toMatchObject({ failure: 'network', record: null, planned: null });
    const withRecord = createActor(
      downloadMachine.provide({
        actors: {
          loadRecord: fromPromise<DownloadRecord | null, { target: DownloadTarget }>(() => Promise.resolve(record)),
        },
      }),
      { input: { target, intent: 'remove' } },
    ).start();
    await waitFor(withRecord, (s) => s.hasTag('available') && s.context.removeFailed, { timeout: 1000 });
    expect(withRecord.getSnapshot().context.record).toBe(record);
  });
});
