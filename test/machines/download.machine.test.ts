/**
 * The download machine (issue 20) with fake actors on a simulated clock: size first, confirm,
 * progress, finish; cancel; failure (error, stall) → partial files discarded, retry completes;
 * quota too small; remove.
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
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
