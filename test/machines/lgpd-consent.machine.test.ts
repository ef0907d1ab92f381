/**
 * LGPD consent (spec §4 "if the user is on / and has not accepted, after 1 s an acceptance
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
  it('names its delay lgpdPromptDelay = 1000 ms (spec §9)', () => {
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
