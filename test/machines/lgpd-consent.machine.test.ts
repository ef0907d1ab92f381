/**
 * LGPD consent (docs/product.md §4 "if the user is on / and has not accepted, after 1 s an acceptance
 * prompt event is emitted", §7 POST /users/updateAcceptedLgpd, §9 1 s) with fakes and a
 * simulated clock.
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { LGPD_PROMPT_DELAY_MS, lgpdConsentMachine } from '../../src/machines/lgpd-consent.machine';
import { NetworkError } from '../../src/services/http/errors';

const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

function start(accept: () => Promise<void> = async () => {}) {
  const calls = { accept: vi.fn(accept), emitPrompt: vi.fn(), refreshUser: vi.fn() };
  const clock = new SimulatedClock();
  const actor = createActor(
    lgpdConsentMachine.provide({
      actors: { acceptLgpd: fromPromise(() => calls.accept()) },
      actions: { emitPrompt: () => calls.emitPrompt(), refreshUser: () => calls.refreshUser() },
    }),
    { clock },
  ).start();
  return { actor, clock, calls };
}

describe('LGPD consent machine', () => {
  it('names its delay lgpdPromptDelay = 1000 ms (docs/product.md §9)', () => {
    expect(LGPD_PROMPT_DELAY_MS).toBe(1000);
    expect(lgpdConsentMachine.implementations.delays.lgpdPromptDelay).toBe(1000);
  });

  it('emits the prompt 1 s after the student arrives on / without acceptance', () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(999);
    expect(calls.emitPrompt).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('prompt')).toBe(false);
    clock.increment(1);
    expect(calls.emitPrompt).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('prompt')).toBe(true);
  });

  it('does not prompt when the student leaves / within the second, or when nothing is due', () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'lgpd.update', due: false });
    clock.increment(5000);
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(500);
    actor.send({ type: 'lgpd.update', due: false });
    clock.increment(5000);
    expect(calls.emitPrompt).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it("'Aceitar' sends the acceptance, refreshes the user and never prompts again", async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(LGPD_PROMPT_DELAY_MS);
    actor.send({ type: 'lgpd.accept' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(calls.accept).toHaveBeenCalledTimes(1);
    expect(calls.refreshUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(actor.getSnapshot().hasTag('prompt')).toBe(false);
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(LGPD_PROMPT_DELAY_MS * 5);
    expect(calls.emitPrompt).toHaveBeenCalledTimes(1);
  });

  it('a failed acceptance keeps the dialog with the error; Aceitar tries again', async () => {
    const error = new NetworkError();
    let fail = true;
    const { actor, clock, calls } = start(async () => {
      if (fail) throw error;
    });
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(LGPD_PROMPT_DELAY_MS);
    actor.send({ type: 'lgpd.accept' });
    await flush();
    const failed = actor.getSnapshot();
    expect(failed.value).toBe('failed');
    expect(failed.hasTag('prompt') && failed.hasTag('error')).toBe(true);
    expect(failed.context.error).toBe(error);
    expect(calls.refreshUser).not.toHaveBeenCalled();
    fail = false;
    actor.send({ type: 'lgpd.accept' });
    await flush();
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('Escape postpones until the next visit; a sign-out starts over', () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(LGPD_PROMPT_DELAY_MS);
    actor.send({ type: 'lgpd.postpone' });
    expect(actor.getSnapshot().value).toBe('postponed');
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(LGPD_PROMPT_DELAY_MS);
    expect(calls.emitPrompt).toHaveBeenCalledTimes(1);
    actor.send({ type: 'lgpd.reset' });
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(LGPD_PROMPT_DELAY_MS);
    expect(calls.emitPrompt).toHaveBeenCalledTimes(2);
  });
});

/** Against docs/product.md's own numbers (§4, §9: the prompt 1 s after arriving on /). */
describe('LGPD consent machine against the spec constants', () => {
  const SPEC_PROMPT_DELAY_MS = 1000;

  it('starts idle with no error and no prompt', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ error: null });
    expect(['prompt', 'busy', 'error'].some((t) => actor.getSnapshot().hasTag(t))).toBe(false);
  });

  it('emits the prompt exactly once, 1000 ms after due, and not again while prompting', () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'lgpd.update', due: true });
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(SPEC_PROMPT_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('prompting');
    actor.send({ type: 'lgpd.update', due: true });
    actor.send({ type: 'lgpd.update', due: false });
    clock.increment(SPEC_PROMPT_DELAY_MS * 10);
    expect(actor.getSnapshot().value).toBe('prompting');
    expect(calls.emitPrompt).toHaveBeenCalledTimes(1);
    expect(calls.accept).not.toHaveBeenCalled();
  });

  it('a repeated due while waiting does not restart the second', () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(SPEC_PROMPT_DELAY_MS / 2);
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(SPEC_PROMPT_DELAY_MS / 2);
    expect(calls.emitPrompt).toHaveBeenCalledTimes(1);
  });

  it('Escape after a failure postpones and forgets the error; a sign-out forgets it too', async () => {
    let fail = true;
    const { actor, clock } = start(async () => {
      if (fail) throw new Error('offline');
    });
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(SPEC_PROMPT_DELAY_MS);
    actor.send({ type: 'lgpd.accept' });
    await flush();
    actor.send({ type: 'lgpd.postpone' });
    expect(actor.getSnapshot().value).toBe('postponed');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'lgpd.reset' });
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(SPEC_PROMPT_DELAY_MS);
    actor.send({ type: 'lgpd.accept' });
    await flush();
    expect(actor.getSnapshot().context.error).toBeInstanceOf(Error);
    actor.send({ type: 'lgpd.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
    fail = false;
  });

  it('refreshUser runs exactly once, after the acceptance succeeded, not while it is in flight', async () => {
    let resolve: () => void = () => {};
    const { actor, clock, calls } = start(() => new Promise<void>((r) => (resolve = r)));
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(SPEC_PROMPT_DELAY_MS);
    actor.send({ type: 'lgpd.accept' });
    await flush();
    expect(actor.getSnapshot().value).toBe('accepting');
    expect(actor.getSnapshot().hasTag('prompt') && actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.refreshUser).not.toHaveBeenCalled();
    resolve();
    await flush();
    expect(calls.refreshUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('LGPD consent machine without the app', () => {
  it('its default acceptLgpd fails loudly, so an unwired app never records a silent acceptance', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(lgpdConsentMachine, { clock }).start();
    actor.send({ type: 'lgpd.update', due: true });
    clock.increment(1000);
    actor.send({ type: 'lgpd.accept' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect((actor.getSnapshot().context.error as Error).message).toBe('acceptLgpd not provided');
  });
});
