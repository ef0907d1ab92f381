/**
 * Generated paths across the app's actors: the student's world as a small model (sign in, 'Sair',
 * the signal going and coming back, finishing a learning object, an hour passing, closing and
 * reopening the app, a 401, the platform lookup failing, time passing on the error screen), its
 * paths generated with `xstate/graph`, each replayed on the REAL root actor
 * (src/machines/app.machine.ts, every child machine real, effects faked in
 * test/fixtures/app-world.ts) with a simulated clock.
 *
 * The expectations come from the product's rules, written once below (`PRODUCT`, and the model's
 * context: what the student should see), never from the machines under test: a mutant of a
 * constant or of a rule between actors disagrees with them. At every step the test checks what a
 * student or QA would see — signed in or not, the place /login keeps, the error screen's
 * seconds, the reloads, the pings, the LGPD prompt, and every finished learning object reaching the
 * server exactly once.
 */
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { createWorld, serverNameOf, type World } from '../fixtures/app-world';
import { demoUser } from '../fixtures/user';
import type { User } from '../../src/services/contract';

/** The product's rules and constants, restated from docs/product.md (§2, §4, §9) and docs/offline.md. */
const PRODUCT = {
  /** The error screen counts down from 30 s, one second at a time, then reloads (§2 Error screen, §9). */
  countdownSeconds: 30,
  countdownTickMs: 1000,
  /** The post-login setup (and with it the first session ping) runs 1 s after sign-in (§4, §9). */
  postLoginDelayMs: 1000,
  /** The session ping, every 5 min while signed in on a platform with enforce_session_throttle (§9). */
  pingIntervalMs: 5 * 60_000,
  /** The LGPD prompt, 1 s after a student without acceptance arrives on / (§4, §9). */
  lgpdDelayMs: 1000,
  /** What waits goes as soon as the platform answers again ("at once": no timer may be needed for it). */
  sendOnReconnectMs: 0,
  /** A cached user is fresh for an hour (§9); offline, an older one still keeps the student signed in. */
  userFreshMs: 60 * 60_000,
  /** After a 401, /login keeps the page to come back to (§4 Auth). */
  loginKeeping: (path: string) => `/login?next=${encodeURIComponent(path)}`,
} as const;

// ---------------------------------------------------------------------------------------------
// The student's world: signed in or not, the signal, the writes made, the page.

interface StudentWorld {
  signedIn: boolean;
  reachable: boolean;
  /** Learning objects finished (their writes), at most 2 to keep the model finite. */
  writes: number;
  /** The app was reopened after an hour (the cached user is stale). */
  reopenedLate: boolean;
  /** Where /login was told to come back to after the last 401 (null: none). */
  keptPlace: string | null;
  /** Writes that reached the server by now (the student's, sent while signed in and online). */
  arrived: number;
  /** The name shown is the one the platform has now (false: the device's copy from before the hour). */
  nameFresh: boolean;
}

type StudentEvent =
  | { type: 'SIGN_IN' }
  | { type: 'SAIR' }
  | { type: 'SIGNAL_LOST' }
  | { type: 'SIGNAL_BACK' }
  | { type: 'FINISH' }
  | { type: 'HOUR_PASSES' }
  | { type: 'REOPEN' }
  | { type: 'EXPIRED_401' };

const COURSE_PAGE = '/courses/1';

/** The oracle: what each of the student's actions leads to, as the product's rules say. */
const studentModel = setup({
  types: { context: {} as StudentWorld, events: {} as StudentEvent },
}).createMachine({
  id: 'student',
  context: {
    signedIn: true,
    reachable: true,
    writes: 0,
    reopenedLate: false,
    keptPlace: null,
    arrived: 0,
    nameFresh: true,
  },
  on: {
    // Signing in (the same student) reads the user from the platform; what waited is sent.
    SIGN_IN: {
      guard: ({ context }) => !context.signedIn && context.reachable,
      actions: assign(({ context }) => ({ signedIn: true, keptPlace: null, nameFresh: true, arrived: context.writes })),
    },
    // 'Sair', online or not: signed out at once; what waits stays stored for the same student.
    SAIR: {
      guard: ({ context }) => context.signedIn,
      actions: assign(({ context }) => ({
        signedIn: false,
        arrived: context.reachable ? context.writes : context.arrived,
      })),
    },
    SIGNAL_LOST: { guard: ({ context }) => context.reachable, actions: assign({ reachable: false }) },
    // The platform answers again: a signed-in student's writes go at once, and a stale user is read again.
    SIGNAL_BACK: {
      guard: ({ context }) => !context.reachable,
      actions: assign(({ context }) =>
        context.signedIn ? { reachable: true, arrived: context.writes, nameFresh: true } : { reachable: true },
      ),
    },
    FINISH: {
      guard: ({ context }) => context.signedIn && context.writes < 2,
      actions: assign(({ context }) => ({
        writes: context.writes + 1,
        arrived: context.reachable ? context.writes + 1 : context.arrived,
      })),
    },
    // Offline never signs out, however long (docs/decisions/0007).
    HOUR_PASSES: { guard: ({ context }) => context.signedIn && !context.reachable && !context.reopenedLate },
    // Reopened after the cached user's hour: online it is read again at once; offline the last
    // known one stays on screen until the platform answers.
    REOPEN: {
      guard: ({ context }) => context.signedIn && !context.reopenedLate,
      actions: assign(({ context }) => ({ reopenedLate: true, nameFresh: context.reachable })),
    },
    EXPIRED_401: {
      guard: ({ context }) => context.signedIn && context.reachable,
      actions: assign({ signedIn: false, keptPlace: PRODUCT.loginKeeping(COURSE_PAGE) }),
    },
  },
});

interface Replay {
  world: World;
  /** Ids of the writes made, in order. */
  written: string[];
}

/** What the student sees, checked against the oracle's state `expected`. */
function checkStudentView(replay: Replay, expected: StudentWorld): void {
  const { world, written } = replay;
  // Signed in exactly when the rules say so (offline never signs out; a 401 and 'Sair' do).
  expect(world.signedInAs(), 'signed in').toBe(expected.signedIn ? demoUser.id : null);
  // Every finished learning object reaches the server once, when the rules say, and nothing else does.
  const applied = world.log.applied;
  expect(new Set(applied).size, `no write applied twice: ${applied.join(',')}`).toBe(applied.length);
  expect([...applied].sort(), 'writes on the server').toEqual(written.slice(0, expected.arrived).sort());
  // The name shown: the platform's after a read, the device's copy while an old one waits offline.
  if (expected.signedIn)
    expect(world.shownName(), 'name shown').toBe(expected.nameFresh ? serverNameOf(demoUser) : demoUser.name);
  if (expected.keptPlace !== null) expect(world.log.navigations.at(-1), 'place kept').toBe(expected.keptPlace);
}

const studentPaths = createTestModel(studentModel).getShortestPaths({ allowDuplicatePaths: true });
// Every reachable situation, then every action the student can take from it.
const studentPlans = studentPaths.flatMap((path) => {
  const last = path.state;
  const events: StudentEvent['type'][] = [
    'SIGN_IN',
    'SAIR',
    'SIGNAL_LOST',
    'SIGNAL_BACK',
    'FINISH',
    'HOUR_PASSES',
    'REOPEN',
    'EXPIRED_401',
  ];
  return events
    .filter((type) => last.can({ type }))
    .map((type) => ({
      steps: [...path.steps.slice(1).map((step) => step.event as StudentEvent), { type } as StudentEvent],
    }));
});

async function act(replay: Replay, event: StudentEvent): Promise<void> {
  const { world } = replay;
  switch (event.type) {
    case 'SIGN_IN':
      await world.signIn(demoUser);
      await world.advance(PRODUCT.postLoginDelayMs);
      return;
    case 'SAIR':
      world.child('session')?.send({ type: 'session.logout' });
      await world.settle();
      return;
    case 'SIGNAL_LOST':
      world.setReachable(false);
      await world.advance(PRODUCT.sendOnReconnectMs);
      return;
    case 'SIGNAL_BACK':
      world.setReachable(true);
      await world.advance(PRODUCT.sendOnReconnectMs);
      return;
    case 'FINISH': {
      const id = `lo-end-${replay.written.length + 1}`;
      replay.written.push(id);
      await world.recordWrite(id);
      await world.advance(PRODUCT.sendOnReconnectMs);
      return;
    }
    case 'HOUR_PASSES':
      await world.advance(PRODUCT.userFreshMs + 1);
      return;
    case 'REOPEN':
      replay.world = world.reload({ staleUser: true });
      await replay.world.settle();
      await replay.world.advance(PRODUCT.sendOnReconnectMs);
      return;
    case 'EXPIRED_401':
      world.goTo(COURSE_PAGE);
      world.expireSession();
      await world.settle();
      return;
  }
}

describe('generated paths across the actors: a student signs in, loses the signal, finishes, reopens', () => {
  it('the model has paths through every situation', () => {
    expect(studentPaths.length).toBeGreaterThanOrEqual(10);
    expect(studentPlans.length).toBeGreaterThan(studentPaths.length);
  });

  it.each(studentPlans.map((plan) => [plan.steps.map((e) => e.type).join(' → ') || '(start)', plan] as const))(
    '%s',
    async (_, plan) => {
      const replay: Replay = { world: createWorld({ signedIn: demoUser, path: COURSE_PAGE }), written: [] };
      await replay.world.settle();
      await replay.world.advance(PRODUCT.postLoginDelayMs);
      const oracle = createActorOf(studentModel);
      checkStudentView(replay, oracle.getSnapshot().context);
      for (const event of plan.steps) {
        await act(replay, event);
        oracle.send(event);
        checkStudentView(replay, oracle.getSnapshot().context);
      }
      replay.world.app.stop();
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The error screen: the platform lookup fails; seconds pass, the signal goes and comes back.

interface ErrorScreenWorld {
  /** Seconds shown (the oracle's count), 0 = reloaded. */
  shown: number;
  reachable: boolean;
  reloads: number;
  /** The signal went and came back at least once (the countdown must have resumed). */
  resumed: boolean;
}

type ErrorScreenEvent = { type: 'SECOND' } | { type: 'SIGNAL_LOST' } | { type: 'SIGNAL_BACK' };

const errorScreenModel = setup({
  types: { context: {} as ErrorScreenWorld, events: {} as ErrorScreenEvent },
}).createMachine({
  id: 'errorScreenWorld',
  context: { shown: PRODUCT.countdownSeconds, reachable: true, reloads: 0, resumed: false },
  on: {
    // A second passes: online the countdown goes down by one and reloads at 0; offline it waits.
    SECOND: {
      guard: ({ context }) => context.reloads === 0,
      actions: assign(({ context }) => {
        if (!context.reachable) return {};
        const shown = context.shown - 1;
        return shown === 0 ? { shown, reloads: 1 } : { shown };
      }),
    },
    SIGNAL_LOST: {
      guard: ({ context }) => context.reachable && context.reloads === 0,
      actions: assign({ reachable: false }),
    },
    SIGNAL_BACK: { guard: ({ context }) => !context.reachable, actions: assign({ reachable: true, resumed: true }) },
  },
});

describe('generated paths: the error screen after a failed platform lookup (docs/product.md §2, §4)', () => {
  const paths = createTestModel(errorScreenModel, {
    events: [{ type: 'SECOND' }, { type: 'SIGNAL_LOST' }, { type: 'SIGNAL_BACK' }],
  }).getShortestPaths({ allowDuplicatePaths: true });

  it('reaches every second of the countdown, online and offline, and the reload', () => {
    // Paths that are the start of a longer one are left out (xstate/graph): count every state a path goes through.
    const shown = new Set(
      paths
        .flatMap((p) => [...p.steps.map((step) => step.state), p.state])
        .map((state) => `${state.context.shown}:${state.context.reachable}`),
    );
    expect(shown.size).toBeGreaterThanOrEqual(PRODUCT.countdownSeconds * 2);
  });

  // Every reachable second (online and offline), then every event from it (a second offline too).
  const plans = paths.flatMap((path) =>
    (['SECOND', 'SIGNAL_LOST', 'SIGNAL_BACK'] as const)
      .filter((type) => path.state.can({ type }))
      .map((type) => ({
        events: [...path.steps.slice(1).map((step) => step.event as ErrorScreenEvent), { type } as ErrorScreenEvent],
        end: path.state.context,
      })),
  );

  it.each(plans.map((plan) => [plan.events.length, plan.end, plan.events.at(-1)!.type, plan] as const))(
    '%i steps to %j, then %s',
    async (_, __, ___, plan) => {
      const world = createWorld({ lookup: 500 });
      await world.settle();
      const oracle = createActorOf(errorScreenModel);
      const check = () => {
        const expected = oracle.getSnapshot().context;
        expect(world.log.reloads, 'reloads').toBe(expected.reloads);
        if (expected.reloads === 0) expect(world.countdown(), 'seconds shown').toBe(expected.shown);
      };
      check();
      for (const event of plan.events) {
        if (event.type === 'SECOND') await world.advance(PRODUCT.countdownTickMs);
        else world.setReachable(event.type === 'SIGNAL_BACK');
        await world.settle();
        oracle.send(event);
        check();
      }
      world.app.stop();
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Timed rules between the session and the others: the first ping, the next, the LGPD prompt.

const novo: User = { ...demoUser, id: 7, access_code: 'novo', accepted_lgpd: false };

describe('the timed rules between the session and the other actors', () => {
  it('the session ping: first with the post-login setup, then every 5 min; none after sign-out', async () => {
    const world = createWorld({ signedIn: null, throttle: true, path: '/login' });
    await world.settle();
    await world.signIn(demoUser);
    await world.advance(PRODUCT.postLoginDelayMs - 1);
    expect(world.log.pings).toBe(0);
    await world.advance(1);
    expect(world.log.pings).toBe(1);
    await world.advance(PRODUCT.pingIntervalMs - 1);
    expect(world.log.pings).toBe(1);
    await world.advance(1);
    expect(world.log.pings).toBe(2);
    world.child('session')?.send({ type: 'session.logout' });
    await world.settle();
    await world.advance(PRODUCT.pingIntervalMs * 3);
    expect(world.log.pings).toBe(2);
    world.app.stop();
  });

  it('no ping on a platform without enforce_session_throttle', async () => {
    const world = createWorld({ signedIn: demoUser, throttle: false });
    await world.settle();
    await world.advance(PRODUCT.pingIntervalMs * 3);
    expect(world.log.pings).toBe(0);
    world.app.stop();
  });

  it.each([
    ['/home', true],
    ['/', true],
    ['/courses', false],
  ] as const)('the LGPD prompt on %s: %s, 1 s after arriving', async (path, prompts) => {
    const world = createWorld({ signedIn: novo, path: '/courses/1' });
    await world.settle();
    await world.advance(10_000);
    expect(world.log.lgpdPrompts).toBe(0);
    world.goTo(path);
    await world.advance(PRODUCT.lgpdDelayMs - 1);
    expect(world.log.lgpdPrompts).toBe(0);
    await world.advance(1);
    expect(world.log.lgpdPrompts).toBe(prompts ? 1 : 0);
    world.app.stop();
  });

  it('a student who accepted the terms is never prompted; another who did not is, after a sign-in', async () => {
    const world = createWorld({ signedIn: demoUser, path: '/home' });
    await world.settle();
    await world.advance(10_000);
    expect(world.log.lgpdPrompts).toBe(0);
    world.child('session')?.send({ type: 'session.logout' });
    await world.settle();
    await world.signIn(novo);
    world.goTo('/home');
    await world.advance(PRODUCT.lgpdDelayMs);
    expect(world.log.lgpdPrompts).toBe(1);
    world.app.stop();
  });
});

/** The oracle model as a running actor (its context: what the student should see). */
function createActorOf<T extends typeof studentModel | typeof errorScreenModel>(model: T): Actor<T> {
  return createActor(model).start();
}
