/**
 * App update machine: a waiting new version is offered; accepting activates it once
 * and reloads once; a failed activation keeps the offer with the error; 'Depois' hides it for
 * 30 minutes (simulated clock) or until another version waits.
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { UPDATE_REMIND_MS, appUpdateMachine } from '../../src/machines/app-update.machine';

const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

function start(activate: () => Promise<void> = async () => {}) {
  const calls = vi.fn(activate);
  const reloadPage = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    appUpdateMachine.provide({ actors: { activate: fromPromise(() => calls()) }, actions: { reloadPage } }),
    { clock },
  ).start();
  return { actor, clock, calls, reloadPage };
}

describe('app update machine', () => {
  it('offers nothing until a new version waits', () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('prompt')).toBe(false);
    actor.send({ type: 'update.accept' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('accepting activates the waiting version once, then reloads once', async () => {
    const { actor, calls, reloadPage } = start();
    actor.send({ type: 'update.available' });
    expect(actor.getSnapshot().hasTag('prompt')).toBe(true);
    actor.send({ type: 'update.accept' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'update.accept' });
    await flush();
    expect(calls).toHaveBeenCalledTimes(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a failed activation keeps the offer with its error; trying again can succeed', async () => {
    let fail = true;
    const { actor, calls, reloadPage } = start(async () => {
      if (fail) throw new Error('the new version did not take over');
    });
    actor.send({ type: 'update.available' });
    actor.send({ type: 'update.accept' });
    await flush();
    expect(actor.getSnapshot().value).toBe('available');
    expect(actor.getSnapshot().context.error).toBeInstanceOf(Error);
    expect(reloadPage).not.toHaveBeenCalled();
    fail = false;
    actor.send({ type: 'update.accept' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await flush();
    expect(calls).toHaveBeenCalledTimes(2);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("'Depois' hides the offer for 30 minutes, or until another version waits", () => {
    const { actor, clock } = start();
    expect(UPDATE_REMIND_MS).toBe(1_800_000);
    actor.send({ type: 'update.available' });
    actor.send({ type: 'update.dismiss' });
    expect(actor.getSnapshot().hasTag('prompt')).toBe(false);
    clock.increment(UPDATE_REMIND_MS - 1);
    expect(actor.getSnapshot().hasTag('prompt')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('prompt')).toBe(true);
    actor.send({ type: 'update.dismiss' });
    actor.send({ type: 'update.available' });
    expect(actor.getSnapshot().hasTag('prompt')).toBe(true);
  });
});

/**
 * Against the constants written as literals ('Depois' hides the offer 30 minutes = 1 800 000 ms)
 * and what the update panel shows ('Nova versão disponível', its failure while `error` is not null).
 */
describe('app update machine against the constants', () => {
  it('shows no failure before the first try', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'update.available' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('an activation rejected without a reason still says it failed', async () => {
    const { actor, reloadPage } = start(() => Promise.reject(null));
    actor.send({ type: 'update.available' });
    actor.send({ type: 'update.accept' });
    await flush();
    expect(actor.getSnapshot().hasTag('prompt')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.error).not.toBeNull();
    expect(actor.getSnapshot().context.error).not.toBeUndefined();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("after a failure, 'Depois' clears it: the offer comes back 30 minutes later without the old failure", async () => {
    const { actor, clock, calls } = start(async () => {
      throw new Error('the new version did not take over');
    });
    actor.send({ type: 'update.available' });
    actor.send({ type: 'update.accept' });
    await flush();
    expect(actor.getSnapshot().context.error).toBeInstanceOf(Error);
    actor.send({ type: 'update.dismiss' });
    expect(actor.getSnapshot().hasTag('prompt')).toBe(false);
    expect(actor.getSnapshot().context.error).toBeNull();
    clock.increment(1_799_999);
    expect(actor.getSnapshot().hasTag('prompt')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('available');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it("'Depois' and another new version do nothing while nothing waits or while it activates", async () => {
    let finish: () => void = () => {};
    const { actor, clock, reloadPage } = start(() => new Promise<void>((resolve) => (finish = resolve)));
    actor.send({ type: 'update.dismiss' });
    clock.increment(1_800_000);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'update.available' });
    actor.send({ type: 'update.accept' });
    actor.send({ type: 'update.dismiss' });
    actor.send({ type: 'update.available' });
    expect(actor.getSnapshot().value).toBe('activating');
    // The offer stays on screen, busy, while the new version takes over.
    expect(actor.getSnapshot().hasTag('prompt')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    finish();
    await flush();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('reloading');
  });

  it('without an activation the app provides, accepting fails back to the offer and never reloads', async () => {
    const reloadPage = vi.fn();
    const actor = createActor(appUpdateMachine.provide({ actions: { reloadPage } })).start();
    actor.send({ type: 'update.available' });
    actor.send({ type: 'update.accept' });
    await flush();
    expect(actor.getSnapshot().value).toBe('available');
    expect(actor.getSnapshot().context.error).toBeInstanceOf(Error);
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
