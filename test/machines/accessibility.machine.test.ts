/**
 * Accessibility settings machine (spec §3): every change applied and persisted for the
 * current student; another student brings their own settings; VLibras loads when enabled,
 * is hidden when disabled, and a failed load leaves everything else working (retry).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { accessibilityMachine, settingsAfter } from '../../src/machines/accessibility.machine';
import { DEFAULT_SETTINGS, type AccessibilitySettings } from '../../src/services/storage/accessibility-settings';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(settings: AccessibilitySettings = DEFAULT_SETTINGS, load: () => Promise<void> = async () => {}) {
  const calls = {
    persist: vi.fn<(userId: number | null, s: AccessibilitySettings) => void>(),
    apply: vi.fn<(s: AccessibilitySettings) => void>(),
    show: vi.fn(),
    hide: vi.fn(),
    load: vi.fn(load),
  };
  const actor = createActor(
    accessibilityMachine.provide({
      actors: { loadLibras: fromPromise(() => calls.load()) },
      actions: {
        persist: (_, p: { userId: number | null; settings: AccessibilitySettings }) =>
          calls.persist(p.userId, p.settings),
        apply: (_, p: { settings: AccessibilitySettings }) => calls.apply(p.settings),
        showLibras: () => calls.show(),
        hideLibras: () => calls.hide(),
      },
    }),
    { input: { userId: 7, settings } },
  ).start();
  return { actor, calls };
}

describe('accessibility settings machine', () => {
  it('applies the stored settings at start and each change, persisting it for the student', () => {
    const { actor, calls } = start();
    expect(calls.apply).toHaveBeenLastCalledWith(DEFAULT_SETTINGS);
    actor.send({ type: 'settings.change', patch: { is_dark_mode: true, font_size: 3 } });
    const expected = { ...DEFAULT_SETTINGS, is_dark_mode: true, font_size: 3 };
    expect(actor.getSnapshot().context.settings).toEqual(expected);
    expect(calls.persist).toHaveBeenCalledWith(7, expected);
    expect(calls.apply).toHaveBeenLastCalledWith(expected);
    actor.send({ type: 'settings.reset' });
    expect(calls.apply).toHaveBeenLastCalledWith(DEFAULT_SETTINGS);
    expect(calls.persist).toHaveBeenLastCalledWith(7, DEFAULT_SETTINGS);
  });

  it("switches to another student's settings without writing them back", () => {
    const { actor, calls } = start();
    const theirs = { ...DEFAULT_SETTINGS, language: 'es' as const, font_spacing: 3 };
    actor.send({ type: 'settings.user', userId: 9, settings: theirs });
    expect(actor.getSnapshot().context).toMatchObject({ userId: 9, settings: theirs });
    expect(calls.apply).toHaveBeenLastCalledWith(theirs);
    expect(calls.persist).not.toHaveBeenCalled();
  });

  it('loads VLibras once when enabled, hides it when disabled, and shows it again without reloading', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().hasTag('librasOff')).toBe(true);
    actor.send({ type: 'settings.change', patch: { is_libras_enabled: true } });
    expect(actor.getSnapshot().hasTag('librasLoading')).toBe(true);
    await flush();
    expect(actor.getSnapshot().hasTag('librasOn')).toBe(true);
    expect(calls.show).toHaveBeenCalledTimes(1);
    actor.send({ type: 'settings.change', patch: { is_dark_mode: true } });
    expect(actor.getSnapshot().hasTag('librasOn')).toBe(true);
    actor.send({ type: 'settings.change', patch: { is_libras_enabled: false } });
    expect(actor.getSnapshot().hasTag('librasOff')).toBe(true);
    expect(calls.hide).toHaveBeenCalledTimes(1);
    actor.send({ type: 'settings.reset' });
    expect(actor.getSnapshot().hasTag('librasOff')).toBe(true);
  });

  it('starts loading VLibras when the stored settings want it', async () => {
    const { actor, calls } = start({ ...DEFAULT_SETTINGS, is_libras_enabled: true });
    expect(calls.load).toHaveBeenCalledTimes(1);
    await flush();
    expect(actor.getSnapshot().hasTag('librasOn')).toBe(true);
  });

  it('a VLibras failure keeps the settings working and can be retried', async () => {
    let fail = true;
    const { actor, calls } = start(DEFAULT_SETTINGS, () =>
      fail ? Promise.reject(new Error('blocked')) : Promise.resolve(),
    );
    actor.send({ type: 'settings.change', patch: { is_libras_enabled: true } });
    await flush();
    expect(actor.getSnapshot().hasTag('librasFailed')).toBe(true);
    actor.send({ type: 'settings.change', patch: { font_size: 2 } });
    expect(calls.apply).toHaveBeenLastCalledWith({ ...DEFAULT_SETTINGS, is_libras_enabled: true, font_size: 2 });
    expect(actor.getSnapshot().hasTag('librasFailed')).toBe(true);
    fail = false;
    actor.send({ type: 'libras.retry' });
    await flush();
    expect(actor.getSnapshot().hasTag('librasOn')).toBe(true);
    expect(calls.load).toHaveBeenCalledTimes(2);
  });

  it('a student without VLibras turns it off when they sign in', async () => {
    const { actor, calls } = start({ ...DEFAULT_SETTINGS, is_libras_enabled: true });
    await flush();
    actor.send({ type: 'settings.user', userId: 3, settings: DEFAULT_SETTINGS });
    expect(actor.getSnapshot().hasTag('librasOff')).toBe(true);
    expect(calls.hide).toHaveBeenCalledTimes(1);
  });

  it('computes the settings an event leads to', () => {
    const context = { userId: 1, settings: DEFAULT_SETTINGS, librasError: null };
    expect(settingsAfter(context, { type: 'settings.change', patch: { font_size: 2 } }).font_size).toBe(2);
    expect(
      settingsAfter({ ...context, settings: { ...DEFAULT_SETTINGS, font_size: 3 } }, { type: 'settings.reset' }),
    ).toEqual(DEFAULT_SETTINGS);
    expect(settingsAfter(context, { type: 'libras.retry' })).toBe(DEFAULT_SETTINGS);
  });
});
