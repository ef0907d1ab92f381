import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise } from 'xstate';
import {
  isTransientLookupFailure,
  platformMachine,
  retryDelayMs,
  RETRY_MAX_MS,
  showsBanners,
  type PlatformEvent,
} from '../../src/machines/platform.machine';
import { ApiError, ContractError, NetworkError, TimeoutError } from '../../src/services/http/errors';
import type { Platform, PlatformSetting } from '../../src/services/contract';

const platform: Platform = {
  id: 2,
  name: 'Academia Stream',
  host: '127.0.0.1',
  theme: {
    template: 'streaming',
    icons: { favicon: '/favicon.svg', logo: null },
    palette: { primary: { main: '#7A1FA2' }, secondary: { main: '#00796B' } },
  },
  options: {},
  is_external_platform: false,
  external_api_url: null,
  enforce_session_throttle: false,
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  lookup: () => Promise<Platform>,
  settings: () => Promise<PlatformSetting[]> = async () => [],
  clock: SimulatedClock = new SimulatedClock(),
  cachedPlatform?: Platform | null,
) {
  /** Simulates the browser's `online` event while `watchOnline` runs (null when it does not). */
  const online: { fire: (() => void) | null } = { fire: null };
  const calls = {
    apply: vi.fn(),
    store: vi.fn(),
    showErrorScreen: vi.fn(),
    lookup: vi.fn<(host: string) => Promise<Platform>>(lookup),
    settings: vi.fn<(id: number) => Promise<PlatformSetting[]>>(settings),
  };
  const actor = createActor(
    platformMachine.provide({
      actors: {
        lookupPlatform: fromPromise<Platform, { host: string }>(({ input }) => calls.lookup(input.host)),
        loadSettings: fromPromise<PlatformSetting[], { id: number }>(({ input }) => calls.settings(input.id)),
        watchOnline: fromCallback<PlatformEvent>(({ sendBack }) => {
          online.fire = () => sendBack({ type: 'platform.online' });
          return () => {
            online.fire = null;
          };
        }),
      },
      actions: {
        applyPlatform: (_, p: { platform: Platform }) => calls.apply(p.platform),
        storeSettings: (_, p: { settings: Record<string, string | null> }) => calls.store(p.settings),
        showErrorScreen: (_, p: { error: unknown }) => calls.showErrorScreen(p.error),
      },
    }),
    { input: { host: '127.0.0.1', cachedPlatform }, clock },
  ).start();
  return { actor, calls, online };
}

describe('platform machine (docs/product.md §1, §4)', () => {
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

  it('starts with the platform last looked up on this device, then takes the lookup’s answer', async () => {
    const cached: Platform = { ...platform, name: 'Academia Stream (antes)', options: { show_banners: false } };
    let answer: (value: Platform) => void = () => {};
    const { actor, calls } = start(
      () => new Promise<Platform>((resolve) => (answer = resolve)),
      undefined,
      undefined,
      cached,
    );
    await flush();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.platform).toEqual(cached);
    expect(showsBanners(actor.getSnapshot().context.platform)).toBe(false);
    expect(calls.apply).not.toHaveBeenCalled();
    answer(platform);
    await flush();
    await flush();
    expect(actor.getSnapshot().context.platform).toEqual(platform);
    expect(calls.apply).toHaveBeenCalledWith(platform);
  });

  it('without a cached platform, none is known while the first lookup runs', () => {
    const { actor } = start(() => new Promise<Platform>(() => {}));
    expect(actor.getSnapshot().context.platform).toBeNull();
  });

  it.each([404, 500])('a %i on the lookup shows the error screen with that error', async (status) => {
    const error = new ApiError(status, { message: 'x' }, '/platforms/127.0.0.1');
    const { actor, calls } = start(() => Promise.reject(error));
    await flush();
    expect(calls.showErrorScreen).toHaveBeenCalledWith(error);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(calls.apply).not.toHaveBeenCalled();
  });

  it('offline keeps the current brand without the error screen, and looks it up again once online', async () => {
    let answer: () => Promise<Platform> = () => Promise.reject(new NetworkError());
    const { actor, calls } = start(() => answer());
    await flush();
    expect(actor.getSnapshot().hasTag('unavailable')).toBe(true);
    expect(calls.showErrorScreen).not.toHaveBeenCalled();
    answer = async () => platform;
    actor.send({ type: 'platform.online' });
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

describe('platform lookup: transient failures retry with backoff (issue 24)', () => {
  const transient: [string, unknown][] = [
    ['502', new ApiError(502, { message: 'Bad Gateway' }, '/platforms/127.0.0.1')],
    ['503', new ApiError(503, { message: 'Indisponível' }, '/platforms/127.0.0.1')],
    ['504', new ApiError(504, { message: 'Gateway Timeout' }, '/platforms/127.0.0.1')],
    ['429', new ApiError(429, { message: 'Muitas requisições' }, '/platforms/127.0.0.1')],
    ['a timeout', new TimeoutError(30_000)],
    ['a dropped connection', new NetworkError()],
    ['a malformed answer', new ContractError(['data.theme: missing'])],
  ];

  it('waits 1 s · 2ⁿ⁻¹ after the n-th failure in a row, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(RETRY_MAX_MS).toBe(30_000);
  });

  it.each(transient)(
    '%s keeps the current brand (no error screen, nothing applied) and looks it up again after the delay',
    async (_, error) => {
      const clock = new SimulatedClock();
      let answer: () => Promise<Platform> = () => Promise.reject(error);
      const { actor, calls } = start(() => answer(), undefined, clock);
      await flush();
      expect(actor.getSnapshot().value).toBe('retrying');
      expect(actor.getSnapshot().hasTag('unavailable')).toBe(true);
      expect(calls.apply).not.toHaveBeenCalled();
      expect(calls.showErrorScreen).not.toHaveBeenCalled();
      expect(calls.lookup).toHaveBeenCalledTimes(1);

      clock.increment(999);
      await flush();
      expect(calls.lookup).toHaveBeenCalledTimes(1);
      clock.increment(1);
      await flush();
      expect(calls.lookup).toHaveBeenCalledTimes(2);
      expect(actor.getSnapshot().value).toBe('retrying'); // failed again: now 2 s

      answer = async () => platform;
      clock.increment(1_999);
      await flush();
      expect(calls.lookup).toHaveBeenCalledTimes(2);
      clock.increment(1);
      await flush();
      await flush();
      expect(calls.lookup).toHaveBeenCalledTimes(3);
      expect(calls.apply).toHaveBeenCalledWith(platform);
      expect(actor.getSnapshot().hasTag('ready')).toBe(true);
      expect(actor.getSnapshot().context.attempts).toBe(0);
      expect(calls.showErrorScreen).not.toHaveBeenCalled();
    },
  );

  it('keeps retrying while the app is open, the delay capped at 30 s', async () => {
    const clock = new SimulatedClock();
    const { actor, calls } = start(() => Promise.reject(new ApiError(503, { message: 'x' }, '/p')), undefined, clock);
    await flush();
    const waits = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000];
    for (const [i, wait] of waits.entries()) {
      clock.increment(wait - 1);
      await flush();
      expect(calls.lookup, `before retry ${i + 1}`).toHaveBeenCalledTimes(i + 1);
      clock.increment(1);
      await flush();
      expect(calls.lookup, `retry ${i + 1} after ${wait} ms`).toHaveBeenCalledTimes(i + 2);
    }
    expect(actor.getSnapshot().value).toBe('retrying');
    expect(actor.getSnapshot().context.attempts).toBe(waits.length + 1);
  });

  it('looks it up again at once when the browser comes back online', async () => {
    const clock = new SimulatedClock();
    let answer: () => Promise<Platform> = () => Promise.reject(new NetworkError());
    const { actor, calls, online } = start(() => answer(), undefined, clock);
    await flush();
    // Two failures in a row: the next retry would be in 2 s.
    clock.increment(1_000);
    await flush();
    expect(calls.lookup).toHaveBeenCalledTimes(2);
    answer = async () => platform;
    expect(online.fire).not.toBeNull();
    online.fire!();
    await flush();
    await flush();
    expect(calls.lookup).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(online.fire).toBeNull(); // no longer watching
  });

  it('a 500 after a transient failure still shows the error screen (docs/product.md §4)', async () => {
    const clock = new SimulatedClock();
    const blocking = new ApiError(500, { message: 'Falha' }, '/p');
    let answer: () => Promise<Platform> = () => Promise.reject(new TimeoutError(30_000));
    const { actor, calls } = start(() => answer(), undefined, clock);
    await flush();
    answer = () => Promise.reject(blocking);
    clock.increment(1_000);
    await flush();
    expect(calls.showErrorScreen).toHaveBeenCalledWith(blocking);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
  });

  it('a refusal (4xx other than 404) is not asked again in this page load, not even back online', async () => {
    const clock = new SimulatedClock();
    const { actor, calls } = start(() => Promise.reject(new ApiError(403, { message: 'x' }, '/p')), undefined, clock);
    await flush();
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().hasTag('unavailable')).toBe(true);
    expect(actor.getSnapshot().hasTag('retrying')).toBe(false);
    clock.increment(10 * 30_000);
    actor.send({ type: 'platform.online' });
    await flush();
    expect(calls.lookup).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(calls.showErrorScreen).not.toHaveBeenCalled();
    expect(calls.apply).not.toHaveBeenCalled();
  });
});

describe('showsBanners (platform options, issue 24)', () => {
  it('is false only when the platform says show_banners: false', () => {
    expect(showsBanners({ ...platform, options: { show_banners: false } })).toBe(false);
    expect(showsBanners({ ...platform, options: { show_banners: true } })).toBe(true);
    expect(showsBanners({ ...platform, options: {} })).toBe(true);
    expect(showsBanners(null)).toBe(true);
  });
});

/**
 * What the rest of the app reads from the platform actor (the brand shown, `useShowBanners`, the
 * consent wiring): its context, tags and status — and what the bare machine does when the app
 * provides nothing (mutation testing).
 */
describe('platform machine: context, tags and defaults', () => {
  it('keeps the platform found, loads the settings of its id, and is loading until they arrive', async () => {
    let arrive!: (settings: PlatformSetting[]) => void;
    const { actor, calls } = start(
      async () => platform,
      () => new Promise<PlatformSetting[]>((resolve) => (arrive = resolve)),
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('loadingSettings');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.platform).toEqual(platform);
    expect(calls.settings).toHaveBeenCalledWith(2);
    arrive([{ key: 'imbot_key', value: null }]);
    await flush();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ platform, settings: { imbot_key: null }, error: null });
  });

  it('a 404 keeps its error and ends the actor (final state: the error screen has it)', async () => {
    const error = new ApiError(404, { message: 'Plataforma não encontrada.' }, '/platforms/x');
    const { actor } = start(() => Promise.reject(error));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(error);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a transient failure keeps its error, tagged retrying; a refusal keeps its error, not retrying', async () => {
    const transient = new NetworkError();
    const retrying = start(() => Promise.reject(transient));
    await flush();
    expect(retrying.actor.getSnapshot().context.error).toBe(transient);
    expect(retrying.actor.getSnapshot().hasTag('retrying')).toBe(true);
    expect(retrying.actor.getSnapshot().status).toBe('active');

    const refusal = new ApiError(403, { message: 'Proibido.' }, '/platforms/x');
    const refused = start(() => Promise.reject(refusal));
    await flush();
    expect(refused.actor.getSnapshot().context.error).toBe(refusal);
    expect(refused.actor.getSnapshot().hasTag('retrying')).toBe(false);
  });

  it('which lookup failures are transient: never the blocking 404 and 500; 408 is', () => {
    expect(isTransientLookupFailure(new ApiError(500, { message: 'x' }, '/p'))).toBe(false);
    expect(isTransientLookupFailure(new ApiError(404, { message: 'x' }, '/p'))).toBe(false);
    expect(isTransientLookupFailure(new ApiError(403, { message: 'x' }, '/p'))).toBe(false);
    expect(isTransientLookupFailure(new ApiError(408, { message: 'x' }, '/p'))).toBe(true);
    expect(isTransientLookupFailure(new ApiError(503, { message: 'x' }, '/p'))).toBe(true);
  });

  it('the bare machine (nothing provided) claims no platform: its lookup fails and nothing is applied', async () => {
    const actor = createActor(platformMachine, { input: { host: 'x' } }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.platform).toBeNull();
    expect(actor.getSnapshot().context.error).toBeInstanceOf(Error);
  });

  it('the bare settings read is empty: ready with no settings', async () => {
    const actor = createActor(
      platformMachine.provide({ actors: { lookupPlatform: fromPromise(async () => platform) } }),
      { input: { host: 'x' } },
    ).start();
    await flush();
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.settings).toStrictEqual({});
  });
});
