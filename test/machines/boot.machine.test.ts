/**
 * The boot machine against docs/product.md §4 Startup, with the step names, their order and the targets
 * written as literals: "steps run in order (authentication, HTTP client, translations, error
 * reporting, event bus). A step may request a redirect […] If a redirect is requested the app is
 * not mounted. If a step throws an error carrying a target address, the app redirects there. Any
 * other thrown error is logged and the app is not mounted. Otherwise the app mounts." (Such an
 * error is taken by no transition: the actor stops in XState's `error` status, and `bootOutcome`
 * says `failed` with the step; the app logs it — test/unit/boot-wiring.test.ts.)
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  BootRedirectError,
  bootMachine,
  bootOutcome,
  bootStepActor,
  type BootStepResult,
} from '../../src/machines/boot.machine';

/** docs/product.md §4: the startup steps, in order. */
const STEPS_IN_ORDER = ['authentication', 'httpClient', 'translations', 'errorReporting', 'eventBus'] as const;

type Steps = Partial<Record<(typeof STEPS_IN_ORDER)[number], () => Promise<BootStepResult>>>;

function run(steps: Steps = {}) {
  const order: string[] = [];
  const effects = { redirect: vi.fn(), mount: vi.fn() };
  const step = (name: (typeof STEPS_IN_ORDER)[number]) => async () => {
    order.push(name);
    return steps[name] ? steps[name]() : undefined;
  };
  const actor = createActor(
    bootMachine.provide({
      actors: {
        step: bootStepActor({
          authentication: step('authentication'),
          httpClient: step('httpClient'),
          translations: step('translations'),
          errorReporting: step('errorReporting'),
          eventBus: step('eventBus'),
        }),
      },
      actions: {
        redirect: (_, p: { target: string }) => effects.redirect(p.target),
        mount: () => effects.mount(),
      },
    }),
  ).start();
  return { actor, order, effects, outcome: bootOutcome(actor) };
}

/** A step that stays pending until `release` is called. */
function held() {
  let release: (result?: BootStepResult) => void = () => {};
  const promise = new Promise<BootStepResult>((resolve) => (release = resolve));
  return { step: () => promise, release: (result?: BootStepResult) => release(result) };
}

describe('boot machine (docs/product.md §4 Startup)', () => {
  it('runs the five steps in order, one at a time, and mounts once', async () => {
    const translations = held();
    const { actor, order, effects, outcome } = run({ translations: translations.step });
    await vi.waitFor(() => expect(order).toEqual(['authentication', 'httpClient', 'translations']));
    expect(actor.getSnapshot().hasTag('booting')).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
    expect(effects.mount).not.toHaveBeenCalled();
    translations.release();
    await expect(outcome).resolves.toEqual({ kind: 'mounted' });
    expect(order).toEqual(['authentication', 'httpClient', 'translations', 'errorReporting', 'eventBus']);
    expect(effects.mount).toHaveBeenCalledTimes(1);
    expect(effects.redirect).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('mounted')).toBe(true);
    expect(actor.getSnapshot().hasTag('booting')).toBe(false);
  });

  it.each(STEPS_IN_ORDER.map((step, i) => [step, STEPS_IN_ORDER.slice(0, i + 1)] as const))(
    'a redirect asked by %s: redirected there, no later step runs, not mounted',
    async (step, ran) => {
      const { actor, order, effects, outcome } = run({ [step]: async () => ({ redirect: '/courses' }) });
      await expect(outcome).resolves.toEqual({ kind: 'redirected', target: '/courses' });
      expect(order).toEqual([...ran]);
      expect(effects.redirect).toHaveBeenCalledTimes(1);
      expect(effects.redirect).toHaveBeenCalledWith('/courses');
      expect(effects.mount).not.toHaveBeenCalled();
      expect(actor.getSnapshot().hasTag('redirected')).toBe(true);
    },
  );

  it('an absolute http(s) address is handed on as asked (the allowlist sends the browser there)', async () => {
    const { effects, outcome } = run({ httpClient: async () => ({ redirect: 'https://sso.example.com/login' }) });
    await expect(outcome).resolves.toEqual({ kind: 'redirected', target: 'https://sso.example.com/login' });
    expect(effects.redirect).toHaveBeenCalledWith('https://sso.example.com/login');
    expect(effects.mount).not.toHaveBeenCalled();
  });

  it('an empty, non-text or null redirect is no redirect: the next step runs and the app mounts', async () => {
    const { order, effects, outcome } = run({
      authentication: async () => ({ redirect: '' }),
      httpClient: async () => ({ redirect: 7 }) as unknown as BootStepResult,
      translations: async () => null as unknown as BootStepResult,
    });
    await expect(outcome).resolves.toEqual({ kind: 'mounted' });
    expect(order).toHaveLength(5);
    expect(effects.redirect).not.toHaveBeenCalled();
    expect(effects.mount).toHaveBeenCalledTimes(1);
  });

  it('a redirect is read from `redirect` first', async () => {
    const { effects, outcome } = run({
      translations: async () => ({ redirect: '/login', target: '/home' }) as BootStepResult,
    });
    await expect(outcome).resolves.toEqual({ kind: 'redirected', target: '/login' });
    expect(effects.redirect).toHaveBeenCalledWith('/login');
  });

  it.each(STEPS_IN_ORDER.map((step, i) => [step, STEPS_IN_ORDER.slice(0, i + 1)] as const))(
    'an error carrying a target thrown by %s: redirected there, not logged, not mounted',
    async (step, ran) => {
      const { order, effects, outcome } = run({ [step]: () => Promise.reject(new BootRedirectError('/login')) });
      await expect(outcome).resolves.toEqual({ kind: 'redirected', target: '/login' });
      expect(order).toEqual([...ran]);
      expect(effects.redirect).toHaveBeenCalledTimes(1);
      expect(effects.redirect).toHaveBeenCalledWith('/login');
      expect(effects.mount).not.toHaveBeenCalled();
    },
  );

  it('any error object with a text `target` counts, an absolute one too', async () => {
    const { effects, outcome } = run({
      eventBus: () => Promise.reject(Object.assign(new Error('gone'), { target: 'http://status.example.com' })),
    });
    await expect(outcome).resolves.toEqual({ kind: 'redirected', target: 'http://status.example.com' });
    expect(effects.redirect).toHaveBeenCalledWith('http://status.example.com');
  });

  it.each(STEPS_IN_ORDER.map((step, i) => [step, STEPS_IN_ORDER.slice(0, i + 1)] as const))(
    'any other error thrown by %s: failed with that step and error, no later step runs, not mounted',
    async (step, ran) => {
      const boom = new Error('boom');
      const { actor, order, effects, outcome } = run({ [step]: () => Promise.reject(boom) });
      await expect(outcome).resolves.toEqual({ kind: 'failed', step, error: boom });
      expect(order).toEqual([...ran]);
      expect(effects.mount).not.toHaveBeenCalled();
      expect(effects.redirect).not.toHaveBeenCalled();
      // No state takes it: the actor stops where it was, in XState's error status.
      expect(actor.getSnapshot().status).toBe('error');
      expect(actor.getSnapshot().hasTag('mounted')).toBe(false);
      expect(actor.getSnapshot().hasTag('redirected')).toBe(false);
    },
  );

  it('an error with an empty target, or a thrown non-object, is any other error', async () => {
    const empty = Object.assign(new Error('x'), { target: '' });
    const first = run({ authentication: () => Promise.reject(empty) });
    await expect(first.outcome).resolves.toEqual({ kind: 'failed', step: 'authentication', error: empty });
    expect(first.effects.redirect).not.toHaveBeenCalled();
    const second = run({ translations: () => Promise.reject('/login') });
    await expect(second.outcome).resolves.toEqual({ kind: 'failed', step: 'translations', error: '/login' });
    expect(second.effects.redirect).not.toHaveBeenCalled();
  });

  it('without the app’s steps, the first step fails (nothing is mounted by default)', async () => {
    const mount = vi.fn();
    const actor = createActor(bootMachine.provide({ actions: { mount } })).start();
    const outcome = await bootOutcome(actor);
    expect(outcome).toMatchObject({ kind: 'failed', step: 'authentication' });
    expect(String((outcome as { error: unknown }).error)).toContain('boot step "authentication" not provided');
    expect(mount).not.toHaveBeenCalled();
  });
});

describe('BootRedirectError', () => {
  it('carries its target and says where it goes', () => {
    const error = new BootRedirectError('/login');
    expect(error).toBeInstanceOf(Error);
    expect(error.target).toBe('/login');
    expect(error.name).toBe('BootRedirectError');
    expect(error.message).toBe('redirect to /login');
  });
});
