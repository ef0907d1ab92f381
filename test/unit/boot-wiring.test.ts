/**
 * The app's boot (src/app/wiring/boot.ts `runBoot`), spec §4 Startup and §8: a startup step that
 * throws an error without a target is logged for developers only — `[boot] step "<step>" failed`
 * with the error, once — and the app is not mounted; a boot that mounts or redirects logs nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bootMachine } from '../../src/machines/boot.machine';
import { runBoot } from '../../src/app/wiring/boot';

afterEach(() => vi.restoreAllMocks());

const bootWith = (step: (name: string) => Promise<unknown>) =>
  createActor(
    bootMachine.provide({
      actors: { step: fromPromise(({ input }: { input: { step: string } }) => step(input.step)) as never },
      actions: { mount: () => {}, redirect: () => {} },
    }),
  ).start();

describe('runBoot', () => {
  it('logs a step that failed with its name and error, once, and says failed', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new TypeError('settings is undefined');
    const outcome = await runBoot(
      bootWith((name) => (name === 'translations' ? Promise.reject(broken) : Promise.resolve())),
    );
    expect(outcome).toEqual({ kind: 'failed', step: 'translations', error: broken });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('[boot] step "translations" failed', broken);
  });

  it('logs nothing when the app mounts or a step redirects', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(runBoot(bootWith(() => Promise.resolve()))).resolves.toEqual({ kind: 'mounted' });
    await expect(
      runBoot(bootWith((name) => Promise.resolve(name === 'authentication' ? { redirect: '/login' } : undefined))),
    ).resolves.toEqual({ kind: 'redirected', target: '/login' });
    expect(logged).not.toHaveBeenCalled();
  });
});
