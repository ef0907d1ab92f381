/**
 * Accessibility settings machine (docs/product.md §3): every change applied and persisted for the
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

/**
 * Against docs/product.md §3's defaults written as literals (dark mode off, font size and spacing 1,
 * pt-BR, volume 0.6, VLibras off): what is applied, persisted for whom, and when the VLibras
 * widget shows, hides or stays away.
 */
describe('accessibility settings machine against docs/product.md §3', () => {
  const SPEC_DEFAULTS: AccessibilitySettings = {
    is_dark_mode: false,
    font_size: 1,
    font_spacing: 1,
    language: 'pt-BR',
    volume_of_sounds: 0.6,
    is_libras_enabled: false,
  };
  const withLibras: AccessibilitySettings = { ...SPEC_DEFAULTS, is_libras_enabled: true };

  it("applies a student's stored settings at start, once, without writing them back", () => {
    const stored: AccessibilitySettings = { ...SPEC_DEFAULTS, is_dark_mode: true, font_size: 2 };
    const { actor, calls } = start(stored);
    expect(calls.apply).toHaveBeenCalledTimes(1);
    expect(calls.apply).toHaveBeenCalledWith(stored);
    expect(calls.persist).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toEqual({ userId: 7, settings: stored, librasError: null });
  });

  it('each change and a reset are persisted once and applied once, for the student now using the app', () => {
    const { actor, calls } = start({ ...SPEC_DEFAULTS, font_size: 3 });
    actor.send({ type: 'settings.reset' });
    expect(actor.getSnapshot().context.settings).toEqual(SPEC_DEFAULTS);
    expect(calls.persist).toHaveBeenCalledTimes(1);
    expect(calls.persist).toHaveBeenLastCalledWith(7, SPEC_DEFAULTS);
    expect(calls.apply).toHaveBeenCalledTimes(2);
    expect(calls.apply).toHaveBeenLastCalledWith(SPEC_DEFAULTS);
    actor.send({ type: 'settings.user', userId: 9, settings: { ...SPEC_DEFAULTS, language: 'es' } });
    expect(calls.persist).toHaveBeenCalledTimes(1);
    actor.send({ type: 'settings.change', patch: { font_spacing: 2 } });
    expect(calls.persist).toHaveBeenCalledTimes(2);
    expect(calls.persist).toHaveBeenLastCalledWith(9, { ...SPEC_DEFAULTS, language: 'es', font_spacing: 2 });
    actor.send({ type: 'settings.reset' });
    expect(calls.persist).toHaveBeenLastCalledWith(9, SPEC_DEFAULTS);
    // Signed out: the device's own settings (nobody's id).
    actor.send({ type: 'settings.user', userId: null, settings: SPEC_DEFAULTS });
    actor.send({ type: 'settings.change', patch: { is_dark_mode: true } });
    expect(calls.persist).toHaveBeenLastCalledWith(null, { ...SPEC_DEFAULTS, is_dark_mode: true });
    expect(calls.apply).toHaveBeenCalledTimes(7);
  });

  it('a student who uses VLibras signing in loads and shows it', async () => {
    const { actor, calls } = start(SPEC_DEFAULTS);
    actor.send({ type: 'settings.user', userId: 9, settings: withLibras });
    expect(actor.getSnapshot().hasTag('librasLoading')).toBe(true);
    expect(calls.load).toHaveBeenCalledTimes(1);
    await flush();
    expect(actor.getSnapshot().hasTag('librasOn')).toBe(true);
    expect(calls.show).toHaveBeenCalledTimes(1);
    // Another student who also uses it: nothing hides or reloads.
    actor.send({ type: 'settings.user', userId: 3, settings: withLibras });
    expect(actor.getSnapshot().hasTag('librasOn')).toBe(true);
    expect(calls.hide).not.toHaveBeenCalled();
    expect(calls.load).toHaveBeenCalledTimes(1);
    // A reset turns it off (the default is off) and hides it.
    actor.send({ type: 'settings.reset' });
    expect(actor.getSnapshot().hasTag('librasOff')).toBe(true);
    expect(calls.hide).toHaveBeenCalledTimes(1);
  });

  it('turned off while it loads, VLibras never shows', async () => {
    for (const off of [
      { type: 'settings.change', patch: { is_libras_enabled: false } },
      { type: 'settings.reset' },
      { type: 'settings.user', userId: 9, settings: SPEC_DEFAULTS },
    ] as const) {
      const { actor, calls } = start(withLibras);
      expect(actor.getSnapshot().hasTag('librasLoading')).toBe(true);
      actor.send({ type: 'settings.change', patch: { font_size: 2 } });
      expect(actor.getSnapshot().hasTag('librasLoading')).toBe(true);
      actor.send(off);
      expect(actor.getSnapshot().hasTag('librasOff')).toBe(true);
      await flush();
      expect(actor.getSnapshot().hasTag('librasOff')).toBe(true);
      expect(calls.show).not.toHaveBeenCalled();
      expect(calls.hide).not.toHaveBeenCalled();
    }
  });

  it('a failed VLibras keeps why, is left alone when turned off, and retry means nothing unless it failed', async () => {
    const blocked = new Error('blocked');
    for (const off of [
      { type: 'settings.change', patch: { is_libras_enabled: false } },
      { type: 'settings.reset' },
      { type: 'settings.user', userId: 9, settings: SPEC_DEFAULTS },
    ] as const) {
      const { actor, calls } = start(withLibras, () => Promise.reject(blocked));
      await flush();
      expect(actor.getSnapshot().hasTag('librasFailed')).toBe(true);
      expect(actor.getSnapshot().context.librasError).toBe(blocked);
      actor.send({ type: 'settings.user', userId: 4, settings: withLibras });
      expect(actor.getSnapshot().hasTag('librasFailed')).toBe(true);
      actor.send(off);
      expect(actor.getSnapshot().hasTag('librasOff')).toBe(true);
      actor.send({ type: 'libras.retry' });
      expect(actor.getSnapshot().hasTag('librasOff')).toBe(true);
      expect(calls.load).toHaveBeenCalledTimes(1);
      expect(calls.show).not.toHaveBeenCalled();
      expect(calls.hide).not.toHaveBeenCalled();
    }
  });

  it('retry while VLibras is shown does not load it again', async () => {
    const { actor, calls } = start(withLibras);
    await flush();
    actor.send({ type: 'libras.retry' });
    expect(actor.getSnapshot().hasTag('librasOn')).toBe(true);
    expect(calls.load).toHaveBeenCalledTimes(1);
  });

  it('a settings change that keeps VLibras off does not load it', () => {
    const { actor, calls } = start(SPEC_DEFAULTS);
    actor.send({ type: 'settings.change', patch: { is_dark_mode: true } });
    actor.send({ type: 'settings.user', userId: 9, settings: { ...SPEC_DEFAULTS, font_size: 2 } });
    expect(actor.getSnapshot().hasTag('librasOff')).toBe(true);
    expect(calls.load).not.toHaveBeenCalled();
  });
});

describe('accessibility settings machine without the app’s VLibras loader', () => {
  it('reports VLibras as failed instead of showing it, and settings still apply', async () => {
    const apply = vi.fn();
    const actor = createActor(accessibilityMachine.provide({ actions: { apply: (_, p) => apply(p) } }), {
      input: { userId: 7, settings: { ...DEFAULT_SETTINGS, is_libras_enabled: true } },
    }).start();
    await flush();
    expect(actor.getSnapshot().hasTag('librasFailed')).toBe(true);
    expect(actor.getSnapshot().context.librasError).toBeInstanceOf(Error);
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
