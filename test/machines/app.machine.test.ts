/**
 * The app's root actor (src/machines/app.machine.ts): boot, the app-wide actors it runs, and the
 * rules between them, in a fake world (test/fixtures/app-world.ts) with a simulated clock.
 */
import { describe, expect, it } from 'vitest';
import { createWorld } from '../fixtures/app-world';
import { demoUser } from '../fixtures/user';
import type { User } from '../../src/services/contract';

const novo: User = { ...demoUser, id: 7, access_code: 'novo', accepted_lgpd: false };

describe('app root: boot', () => {
  it('runs the app-wide actors once every startup step passed', async () => {
    const world = createWorld();
    await world.settle();
    expect(world.app.getSnapshot().hasTag('mounted')).toBe(true);
    for (const id of [
      'session',
      'errorStore',
      'platform',
      'sessionPing',
      'lgpdConsent',
      'accessibility',
      'appUpdate',
    ] as const)
      expect(world.child(id), id).toBeDefined();
  });

  it('a failed step: not mounted, logged once with its name', async () => {
    const world = createWorld({ boot: 'fail' });
    await world.settle();
    expect(world.app.getSnapshot().matches('failed')).toBe(true);
    expect(world.log.bootFailures).toEqual(['translations']);
    expect(world.child('session')).toBeUndefined();
  });

  it('a redirect: not mounted, nothing logged', async () => {
    const world = createWorld({ boot: { redirect: '/login' } });
    await world.settle();
    expect(world.app.getSnapshot().matches('redirected')).toBe(true);
    expect(world.log.bootFailures).toEqual([]);
  });
});

describe('app root: rules between the actors', () => {
  it('platform lookup 404 → the error screen counts down from 30', async () => {
    const world = createWorld({ lookup: 404 });
    await world.settle();
    expect(world.countdown()).toBe(30);
    await world.advance(3000);
    expect(world.countdown()).toBe(27);
  });

  it('offline pauses the error countdown and never signs out; back online it resumes', async () => {
    const world = createWorld({ lookup: 500, signedIn: demoUser });
    await world.settle();
    world.setReachable(false);
    await world.settle();
    await world.advance(60 * 60_000);
    expect(world.countdown()).toBe(30);
    expect(world.log.reloads).toBe(0);
    expect(world.signedInAs()).toBe(demoUser.id);
    world.setReachable(true);
    await world.settle();
    await world.advance(30_000);
    expect(world.log.reloads).toBe(1);
  });

  it('a 401 signs out and /login keeps the place to come back to', async () => {
    const world = createWorld({ signedIn: demoUser, path: '/courses/1' });
    await world.settle();
    world.expireSession();
    await world.settle();
    expect(world.signedInAs()).toBeNull();
    expect(world.log.navigations).toContain(`/login?next=${encodeURIComponent('/courses/1')}`);
  });

  it('session ping: every 5 min from the post-login setup on a throttled platform, stopped by a sign-out', async () => {
    const world = createWorld({ signedIn: demoUser, throttle: true });
    await world.settle();
    await world.advance(1000 + 5 * 60_000 * 2);
    const pings = world.log.pings;
    expect(pings).toBeGreaterThanOrEqual(2);
    world.expireSession();
    await world.settle();
    await world.advance(15 * 60_000);
    expect(world.log.pings).toBe(pings);
  });

  it('never pings on a platform without enforce_session_throttle', async () => {
    const world = createWorld({ signedIn: demoUser, throttle: false });
    await world.settle();
    await world.advance(20 * 60_000);
    expect(world.log.pings).toBe(0);
  });

  it('LGPD: prompts 1 s after a student without acceptance arrives on /home, not elsewhere', async () => {
    const world = createWorld({ signedIn: novo, path: '/courses' });
    await world.settle();
    await world.advance(5000);
    expect(world.log.lgpdPrompts).toBe(0);
    world.goTo('/home');
    await world.advance(900);
    expect(world.log.lgpdPrompts).toBe(0);
    await world.advance(200);
    expect(world.log.lgpdPrompts).toBe(1);
  });

  it('offline: the writes wait and nobody is signed out; the platform back, they arrive once', async () => {
    const world = createWorld({ signedIn: demoUser });
    await world.settle();
    expect(world.child('outbox')).toBeDefined();
    world.setReachable(false);
    await world.recordWrite('w1');
    await world.advance(10_000);
    expect(world.log.applied).toEqual([]);
    await world.advance(60 * 60_000); // an hour offline: the student stays
    expect(world.signedInAs()).toBe(demoUser.id);
    world.setReachable(true);
    await world.settle();
    await world.advance(2000);
    expect(world.log.applied).toEqual(['w1']);
  });

  it("the student's device data follows who is signed in", async () => {
    const world = createWorld({ signedIn: demoUser });
    await world.settle();
    world.expireSession();
    await world.settle();
    expect(world.log.deviceData).toEqual([
      [undefined, demoUser.id],
      [demoUser.id, null],
    ]);
  });
});
