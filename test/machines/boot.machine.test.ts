import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import {
  BOOT_STEPS,
  BootRedirectError,
  bootMachine,
  isAbsoluteHttpUrl,
  type BootStepName,
  type BootStepResult,
} from '../../src/machines/boot.machine';

function run(steps: Partial<Record<BootStepName, () => Promise<BootStepResult>>> = {}) {
  const order: string[] = [];
  const effects = { assignLocation: vi.fn(), navigateRoute: vi.fn(), logError: vi.fn(), mount: vi.fn() };
  const actors = Object.fromEntries(
    BOOT_STEPS.map((name) => [
      name,
      fromPromise<BootStepResult>(async () => {
        order.push(name);
        return steps[name] ? steps[name]!() : undefined;
      }),
    ]),
  ) as Record<BootStepName, ReturnType<typeof fromPromise<BootStepResult>>>;
  const actor = createActor(
    bootMachine.provide({
      actors,
      actions: {
        assignLocation: (_, p: { url: string }) => effects.assignLocation(p.url),
        navigateRoute: (_, p: { path: string }) => effects.navigateRoute(p.path),
        logError: (_, p: { step: BootStepName; error: unknown }) => effects.logError(p.step, p.error),
        mount: () => effects.mount(),
      },
    }),
  ).start();
  return { actor, order, effects, outcome: toPromise(actor) };
}

describe('boot machine (spec §4 Startup)', () => {
  it('runs the five steps in order and mounts', async () => {
    const { order, effects, outcome } = run();
    await expect(outcome).resolves.toEqual({ kind: 'mounted' });
    expect(order).toEqual(['authentication', 'httpClient', 'translations', 'errorReporting', 'eventBus']);
    expect(effects.mount).toHaveBeenCalledTimes(1);
  });

  it('a step asking for an absolute http(s) redirect sends the browser there and does not mount', async () => {
    const { order, effects, outcome } = run({
      httpClient: async () => ({ redirect: 'https://sso.example.com/login' }),
    });
    await expect(outcome).resolves.toEqual({ kind: 'redirected', target: 'https://sso.example.com/login' });
    expect(order).toEqual(['authentication', 'httpClient']);
    expect(effects.assignLocation).toHaveBeenCalledWith('https://sso.example.com/login');
    expect(effects.navigateRoute).not.toHaveBeenCalled();
    expect(effects.mount).not.toHaveBeenCalled();
  });

  it('any other redirect goes through the router', async () => {
    const { effects, outcome } = run({ authentication: async () => ({ redirect: '/courses' }) });
    await expect(outcome).resolves.toEqual({ kind: 'redirected', target: '/courses' });
    expect(effects.navigateRoute).toHaveBeenCalledWith('/courses');
    expect(effects.assignLocation).not.toHaveBeenCalled();
    expect(effects.mount).not.toHaveBeenCalled();
  });

  it('an error carrying a target redirects there', async () => {
    const { effects, outcome } = run({
      translations: () => Promise.reject(new BootRedirectError('http://status.example.com')),
    });
    await expect(outcome).resolves.toEqual({ kind: 'redirected', target: 'http://status.example.com' });
    expect(effects.assignLocation).toHaveBeenCalledWith('http://status.example.com');
    expect(effects.logError).not.toHaveBeenCalled();
  });

  it('any other error is logged for developers and the app is not mounted', async () => {
    const boom = new Error('boom');
    const { order, effects, outcome } = run({ errorReporting: () => Promise.reject(boom) });
    await expect(outcome).resolves.toEqual({ kind: 'failed', step: 'errorReporting', error: boom });
    expect(order).not.toContain('eventBus');
    expect(effects.logError).toHaveBeenCalledWith('errorReporting', boom);
    expect(effects.mount).not.toHaveBeenCalled();
  });
});

describe('isAbsoluteHttpUrl', () => {
  it.each(['https://x.com', 'http://x.com/a?b'])('%s is absolute', (u) => expect(isAbsoluteHttpUrl(u)).toBe(true));
  it.each(['/courses', 'javascript:alert(1)', '//evil.com', 'data:text/html,x', 'ftp://x.com', 'https//x'])(
    '%s is not',
    (u) => expect(isAbsoluteHttpUrl(u)).toBe(false),
  );
});
