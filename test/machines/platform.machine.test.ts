import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { platformMachine } from '../../src/machines/platform.machine';
import { ApiError, NetworkError } from '../../src/services/http/errors';
import type { Platform, PlatformSetting } from '../../src/services/contract';

const platform: Platform = {
  id: 2,
  name: 'Academia Stream',
  host: '127.0.0.1',
  theme: {
    template: 'streaming',
    icons: { favicon: '/favicon.svg' },
    palette: { primary: { main: '#7A1FA2' }, secondary: { main: '#00796B' } },
  },
  options: {},
  is_external_platform: false,
  external_api_url: null,
  enforce_session_throttle: false,
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(lookup: () => Promise<Platform>, settings: () => Promise<PlatformSetting[]> = async () => []) {
  const calls = {
    apply: vi.fn(),
    store: vi.fn(),
    showErrorScreen: vi.fn(),
    lookup: vi.fn<(host: string) => Promise<Platform>>(lookup),
  };
  const actor = createActor(
    platformMachine.provide({
      actors: {
        lookupPlatform: fromPromise<Platform, { host: string }>(({ input }) => calls.lookup(input.host)),
        loadSettings: fromPromise<PlatformSetting[], { id: number }>(() => settings()),
      },
      actions: {
        applyPlatform: (_, p: { platform: Platform }) => calls.apply(p.platform),
        storeSettings: (_, p: { settings: Record<string, string | null> }) => calls.store(p.settings),
        showErrorScreen: (_, p: { error: unknown }) => calls.showErrorScreen(p.error),
      },
    }),
    { input: { host: '127.0.0.1' } },
  ).start();
  return { actor, calls };
}

describe('platform machine (spec §1, §4)', () => {
  it('looks the platform up by host, applies its brand and stores its settings', async () => {
    const { actor, calls } = start(
      async () => platform,
      async () => [{ key: 'clarity_key', value: 'abc' }],
    );
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    await flush();
    expect(calls.lookup).toHaveBeenCalledWith('127.0.0.1');
    expect(calls.apply).toHaveBeenCalledWith(platform);
    expect(calls.store).toHaveBeenCalledWith({ clarity_key: 'abc' });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
  });

  it.each([404, 500])('a %i on the lookup shows the error screen with that error', async (status) => {
    const error = new ApiError(status, { message: 'x' }, '/platforms/127.0.0.1');
    const { actor, calls } = start(() => Promise.reject(error));
    await flush();
    expect(calls.showErrorScreen).toHaveBeenCalledWith(error);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(calls.apply).not.toHaveBeenCalled();
  });

  it('offline keeps the current brand without the error screen, and can retry', async () => {
    let answer: () => Promise<Platform> = () => Promise.reject(new NetworkError());
    const { actor, calls } = start(() => answer());
    await flush();
    expect(actor.getSnapshot().hasTag('unavailable')).toBe(true);
    expect(calls.showErrorScreen).not.toHaveBeenCalled();
    answer = async () => platform;
    actor.send({ type: 'platform.retry' });
    await flush();
    await flush();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
  });

  it('a settings failure never blocks the platform', async () => {
    const { actor, calls } = start(
      async () => platform,
      () => Promise.reject(new ApiError(500, { message: 'x' }, '/settings')),
    );
    await flush();
    await flush();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(calls.store).not.toHaveBeenCalled();
    expect(calls.showErrorScreen).not.toHaveBeenCalled();
  });
});
