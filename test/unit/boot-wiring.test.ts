/**
 * The app's boot (docs/product.md §4 Startup and §8), run by the app's root actor with the real
 * failure log (src/app/wiring/boot.ts `logBootFailure`): a startup step that throws an error
 * without a target is logged for developers only — `[boot] step "<step>" failed` with the error,
 * once — and the app is not mounted; a boot that mounts or redirects logs nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appMachine, type AppStartup } from '../../src/machines/app.machine';
import { bootMachine } from '../../src/machines/boot.machine';
import { logBootFailure } from '../../src/app/wiring/boot';

afterEach(() => vi.restoreAllMocks());

/** The root actor with `step` as every startup step, until it mounts the app or ends. */
async function bootWith(step: (name: string) => Promise<unknown>) {
  const root = createActor(
    appMachine.provide({
      actors: {
        boot: bootMachine.provide({
          actors: { step: fromPromise<unknown, { step: string }>(({ input }) => step(input.step)) as never },
        }),
        // Nothing past boot matters here: the app-wide actors never start.
        readStartup: fromPromise<AppStartup>(() => new Promise(() => {})),
      },
      actions: { logBootFailure: (_, params) => logBootFailure(params.step, params.error) },
    }),
  ).start();
  const snapshot = await waitFor(root, (s) => !s.matches('booting'));
  return snapshot.value;
}

describe('boot failures are logged for developers only', () => {
  it('logs a step that failed with its name and error, once, and the app is not mounted', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new TypeError('settings is undefined');
    const state = await bootWith((name) => (name === 'translations' ? Promise.reject(broken) : Promise.resolve()));
    expect(state).toBe('failed');
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('[boot] step "translations" failed', broken);
  });

  it('logs nothing when the app mounts or a step redirects', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await bootWith(() => Promise.resolve())).toBe('starting');
    expect(
      await bootWith((name) => Promise.resolve(name === 'authentication' ? { redirect: '/login' } : undefined)),
    ).toBe('redirected');
    expect(logged).not.toHaveBeenCalled();
  });
});
