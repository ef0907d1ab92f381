/**
 * Generated paths across the app's actors: the student's world as a small model (sign in, 'Sair',
 * the signal going and coming back, finishing a learning object, an hour passing, closing and
 * reopening the app, a 401, the platform lookup failing, time passing on the error screen), its
 * paths generated with `xstate/graph`, each replayed on the REAL root actor
 * (src/machines/app.machine.ts, every child machine real, effects faked in
 * test/fixtures/app-world.ts) with a simulated clock.
 *
 * The expectations come from the product's rules, written once in ./app-model.ts (`PRODUCT`, and
 * the models' context: what the student should see; the same oracle replays in Chromium,
 * test/paths-e2e/app.e2e.ts), never from the machines under test: a mutant of a
 * constant or of a rule between actors disagrees with them. At every step the test checks what a
 * student or QA would see — signed in or not, the place /login keeps, the error screen's
 * seconds, the reloads, the pings, the LGPD prompt, and every finished learning object reaching the
 * server exactly once.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { createWorld, serverNameOf, type World } from '../fixtures/app-world';
import { demoUser } from '../fixtures/user';
import type { User } from '../../src/services/contract';
import {
  COURSE_PAGE,
  ERROR_SCREEN_EVENTS,
  LGPD_EVENTS,
  OPENING_EVENTS,
  PRODUCT,
  STUDENT_EVENTS,
  STUDENT_STARTS,
  errorScreenModel,
  openingModel,
  studentModel,
  type ErrorScreenEvent,
  type OpeningEvent,
  type StudentEvent,
  type StudentStart,
  type StudentWorld,
} from './app-model';
import { SPEC } from './oracle';
import { DEFAULT_SETTINGS } from '../../src/services/storage/accessibility-settings';

interface Replay {
  world: World;
  /** The student of this replay (the demo student; with the LGPD terms not accepted, for that start). */
  student: User;
  /** Ids of the writes made, in order. */
  written: string[];
  /** LGPD prompts shown by the pages closed before this one (each page's log starts at 0). */
  earlierPrompts: number;
  /** Someone signed in on this page (its outbox loaded; after 'Sair' /login keeps their settings). */
  signedInOnThisPage: boolean;
}

/** The demo student's accessibility settings, stored on the device: largest text, dark. */
const STUDENT_SETTINGS = { ...DEFAULT_SETTINGS, font_size: 3, is_dark_mode: true };

/** What the student sees, checked against the oracle's state `expected`. */
function checkStudentView(replay: Replay, expected: StudentWorld): void {
  const { world, written } = replay;
  expect(world.app.getSnapshot().hasTag('mounted'), 'the app on screen').toBe(true);
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
  // The device's saved reads and downloads follow whoever is signed in: a leaving student's go
  // with them (docs/offline.md "Signing out and another student").
  const student = expected.signedIn ? demoUser.id : null;
  expect(world.log.deviceData.at(-1)?.[1] ?? null, 'device data kept for').toBe(student);
  // The accessibility settings in force are the signed-in student's (nobody's once signed out:
  // /login keeps what was on screen, stored for nobody).
  const accessibility = world.child('accessibility')?.getSnapshot() as
    { context: { userId: number | null } } | undefined;
  expect(accessibility?.context.userId ?? null, 'settings of').toBe(student);
  // On screen: the student's settings while signed in, and still after 'Sair' or a 401 on this page
  // (/login keeps what was on screen); a page opened signed out shows the device's defaults.
  expect(world.settingsInForce(), 'settings on screen').toEqual(
    replay.signedInOnThisPage ? STUDENT_SETTINGS : DEFAULT_SETTINGS,
  );
  // The outbox's code loads with the first signed-in session, never on /login alone.
  expect(world.child('outbox') !== undefined, 'outbox loaded').toBe(replay.signedInOnThisPage);
  // The LGPD prompt: on screen when the rules say, and shown as many times as they say (never twice at once).
  expect(world.lgpdPromptShown(), 'LGPD prompt on screen').toBe(expected.prompting);
}

/** LGPD prompts shown on every page of the replay so far. */
const promptsOf = (replay: Replay) => replay.earlierPrompts + replay.world.log.lgpdPrompts;

/** The last actions of a start's plans: the LGPD facet's only for the student who has not accepted. */
const eventsOf = (start: StudentStart) =>
  start.accepted
    ? STUDENT_EVENTS
    : [...STUDENT_EVENTS.filter((type) => !LGPD_UNRELATED.includes(type)), ...LGPD_EVENTS];
/** Actions that change nothing of the LGPD prompt's rules (covered by the other starts): not ended on in its start's plans. */
const LGPD_UNRELATED: readonly StudentEvent['type'][] = ['FINISH', 'HOUR_PASSES', 'EXPIRED_401'];

// Every reachable situation from each start (xstate/graph explores every event of the model: the
// test model's `events` option does not limit the traversal), then each of the start's actions
// (`eventsOf`) the student can take from it.
const studentStarts = STUDENT_STARTS.map((start) => {
  const events = eventsOf(start);
  const paths = createTestModel(studentModel, {
    events: events.map((type) => ({ type }) as StudentEvent),
  }).getShortestPaths({ allowDuplicatePaths: true, input: start });
  // Enabled by the model (`can` says false for a transition that only passes time, e.g. HOUR_PASSES).
  const plans = paths.flatMap((path) =>
    events
      .filter((type) => studentModel.getTransitionData(path.state, { type }).length > 0)
      .map((type) => ({
        start,
        steps: [...path.steps.slice(1).map((step) => step.event as StudentEvent), { type } as StudentEvent],
      })),
  );
  return { start, paths, plans };
});
const studentPlans = studentStarts.flatMap(({ plans }) => plans);

const startName = (start: StudentStart) =>
  `${start.signedIn ? 'signed in' : 'signed out'}${start.accepted ? '' : ', LGPD terms not accepted'}`;

async function act(replay: Replay, event: StudentEvent): Promise<void> {
  const { world } = replay;
  switch (event.type) {
    case 'SIGN_IN':
      await world.signIn(replay.student);
      await world.advance(Math.max(PRODUCT.postLoginDelayMs, PRODUCT.lgpdDelayMs));
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
      replay.earlierPrompts += world.log.lgpdPrompts;
      replay.world = world.reload({ staleUser: true });
      await replay.world.settle();
      await replay.world.advance(Math.max(PRODUCT.sendOnReconnectMs, PRODUCT.lgpdDelayMs));
      return;
    case 'EXPIRED_401':
      world.goTo(COURSE_PAGE);
      world.expireSession();
      await world.settle();
      return;
    case 'GO_HOME':
      world.goTo('/home');
      await world.advance(PRODUCT.lgpdDelayMs);
      return;
    case 'GO_MODULE':
      world.goTo(COURSE_PAGE);
      await world.advance(PRODUCT.lgpdDelayMs);
      return;
    case 'ACCEPT_LGPD':
      world.child('lgpdConsent')?.send({ type: 'lgpd.accept' });
      await world.settle();
      return;
  }
}

describe('generated paths across the actors: a student signs in, loses the signal, finishes, reopens', () => {
  it.each(studentStarts.map(({ start, paths, plans }) => [startName(start), paths, plans] as const))(
    'the model has paths through every situation (start: %s)',
    (_, paths, plans) => {
      expect(paths.length).toBeGreaterThanOrEqual(10);
      expect(plans.length).toBeGreaterThan(paths.length);
    },
  );

  it('a student who has not accepted the LGPD terms is prompted, accepts, and is never prompted again', () => {
    const [notAccepted] = studentStarts.filter(({ start }) => !start.accepted);
    const ends = notAccepted!.plans.map((plan) => {
      const oracle = createActor(studentModel, { input: plan.start }).start();
      const seen = plan.steps.map((event) => (oracle.send(event), oracle.getSnapshot().context));
      return { plan, seen };
    });
    // Prompted on arriving home, asked again after 'Sair' and a sign-in, and after a reload.
    expect(ends.some(({ seen }) => seen.filter((c) => c.newPrompt).length >= 2)).toBe(true);
    expect(ends.some(({ plan, seen }) => plan.steps.at(-1)!.type === 'REOPEN' && seen.at(-1)!.newPrompt)).toBe(true);
    // Accepted, then home again: no prompt.
    expect(
      ends.some(({ seen }) => seen.some((c) => c.accepted) && seen.at(-1)!.onHome && !seen.at(-1)!.prompting),
    ).toBe(true);
  });

  it.each(
    studentPlans.map(
      (plan) => [startName(plan.start), plan.steps.map((e) => e.type).join(' → ') || '(start)', plan] as const,
    ),
  )('%s: %s', async (_, __, plan) => {
    const student: User = plan.start.accepted ? demoUser : { ...demoUser, accepted_lgpd: false };
    const replay: Replay = {
      world: createWorld({
        ...(plan.start.signedIn ? { signedIn: student, path: COURSE_PAGE } : { signedIn: null, path: '/login' }),
        settings: { [student.id]: STUDENT_SETTINGS },
      }),
      student,
      written: [],
      earlierPrompts: 0,
      signedInOnThisPage: plan.start.signedIn,
    };
    {
      await replay.world.settle();
      await replay.world.advance(PRODUCT.postLoginDelayMs);
      const oracle = createActor(studentModel, { input: plan.start }).start();
      checkStudentView(replay, oracle.getSnapshot().context);
      for (const event of plan.steps) {
        const pingsBefore = replay.world.log.pings;
        const promptsBefore = promptsOf(replay);
        const readsBefore = replay.world.userReads();
        const acceptedBefore = oracle.getSnapshot().context.accepted;
        await act(replay, event);
        oracle.send(event);
        const expected = oracle.getSnapshot().context;
        if (expected.signedIn) replay.signedInOnThisPage = true;
        // Accepting the terms reads the student again (the platform's record now says so).
        if (expected.accepted && !acceptedBefore)
          expect(replay.world.userReads(), 'user read after accepting').toBeGreaterThan(readsBefore);
        checkStudentView(replay, expected);
        expect(promptsOf(replay) - promptsBefore, 'LGPD prompts shown by this action').toBe(expected.newPrompt ? 1 : 0);
        // The session ping (a platform with enforce_session_throttle, as the world's): sent at once
        // when the post-login setup starts (docs/product.md §4, §9), never while signed out.
        if (event.type === 'SIGN_IN') expect(replay.world.log.pings, 'a ping at sign-in').toBeGreaterThan(pingsBefore);
        if (!expected.signedIn && event.type !== 'REOPEN')
          expect(replay.world.log.pings, 'no ping while signed out').toBe(pingsBefore);
      }
      replay.world.app.stop();
    }
  });
});

describe('generated paths: the app opens — every startup step passes, fails or redirects (docs/product.md §4, §8)', () => {
  const paths = createTestModel(openingModel, { events: [...OPENING_EVENTS] }).getShortestPaths();

  it('reaches every outcome, one per step, and the update offered in the app', () => {
    expect(paths.map((path) => path.state.context.outcome).sort()).toEqual(
      ['app', ...Array(6).fill('failed'), ...Array(5).fill('redirected')].sort(),
    );
    // The path into the app goes on to the update offered (a path that starts a longer one is left out).
    expect(paths.find((path) => path.state.context.outcome === 'app')?.state.context.updateOffered).toBe(true);
  });

  it.each(
    paths.map(
      (path) =>
        [
          path.steps
            .slice(1)
            .map((step) => JSON.stringify(step.event))
            .join(' → '),
          path,
        ] as const,
    ),
  )('%s', async (_, path) => {
    const [event, ...later] = path.steps.slice(1).map((step) => step.event as OpeningEvent);
    const world = createWorld({
      signedIn: demoUser,
      boot:
        event!.type === 'STEP_FAILS'
          ? { fail: event!.step }
          : event!.type === 'STEP_REDIRECTS'
            ? { redirect: '/login', at: event!.step }
            : 'ok',
      startupFails: event!.type === 'READ_FAILS',
    });
    await world.settle();
    for (const next of later)
      if (next.type === 'NEW_VERSION') {
        world.newVersionWaits();
        await world.settle();
      }
    const expected = path.state.context;
    const snapshot = world.app.getSnapshot();
    expect(snapshot.hasTag('mounted'), 'the app on screen').toBe(expected.outcome === 'app');
    expect(snapshot.status, 'the startup ended').toBe(expected.outcome === 'app' ? 'active' : 'done');
    // Failures are logged for developers, once each, with the step's name (reading the device: the last step run).
    expect(world.log.bootFailures, 'failures logged for developers').toEqual(
      expected.logged.map((step) => (step === 'reading the device' ? SPEC.bootSteps.at(-1) : step)),
    );
    // Nothing of the app runs when it did not open: no session, no platform lookup.
    expect(world.signedInAs(), 'signed in').toBe(expected.outcome === 'app' ? demoUser.id : null);
    expect(world.updateOffered(), "'Nova versão disponível'").toBe(expected.updateOffered);
    world.app.stop();
  });
});

describe('generated paths: the error screen after a failed platform lookup (docs/product.md §2, §4)', () => {
  const paths = createTestModel(errorScreenModel, {
    events: ERROR_SCREEN_EVENTS.map((type) => ({ type })),
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
    ERROR_SCREEN_EVENTS.filter((type) => path.state.can({ type })).map((type) => ({
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
