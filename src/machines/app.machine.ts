/**
 * The app's root actor: boots, then runs every app-wide actor as its child — each under a
 * `systemId` (`APP_ACTORS`) — and holds the rules between them as its own transitions
 * (docs/architecture.md "The app statechart" lists each rule with the transition that holds it). Pure: every effect is an
 * actor or action provided by the composition root (src/app/app.ts); tests provide fakes.
 *
 * States: `booting` (invoke `boot`: the startup steps of docs/product.md §4) → `starting`
 * (invoke `readStartup`: what the device holds — the token, the cached user, platform and
 * settings — once boot has run) → `running`; a boot redirect → `redirected` (final), a failed step
 * → `failed` (final; logged for developers only, docs/product.md §8).
 * `running` invokes `session`, `errorStore`, `platform`, `sessionPing`, `lgpdConsent`,
 * `accessibility`, `appUpdate` and the two watchers (`connectivity`: reachability of the platform;
 * `location`: the path); its parallel region `outbox` loads the outbox of progress writes (a lazy
 * chunk) with the first signed-in session or the first screen that asks (`outbox.load`), then
 * spawns it (`systemId: 'outbox'`).
 *
 * The facts the rules follow are derived in one place from the children's snapshots
 * (`onSnapshot`) and raised as `fact.*` events only when they change: the signed-in student
 * (`signedInStudent`, session.machine.ts), whether the post-login setup has started, whether the
 * LGPD prompt is due (signed in, not accepted, on `LGPD_PROMPT_PATHS`), the platform's
 * `enforce_session_throttle`.
 */
import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { bootMachine, BOOT_STEPS, type BootStepName } from './boot.machine';
import { postLoginSetupStarted, sessionMachine, signedInStudent, type SessionInput } from './session.machine';
import { errorScreenMachine, type StoredError } from './error-screen.machine';
import { platformMachine } from './platform.machine';
import { sessionPingMachine } from './session-ping.machine';
import { lgpdConsentMachine } from './lgpd-consent.machine';
import { accessibilityMachine, type AccessibilityEvent, type AccessibilityInput } from './accessibility.machine';
import { appUpdateMachine } from './app-update.machine';
import type { outboxMachine } from './outbox.machine';
import type { Platform } from '../services/contract/session';
import { ROUTE_PATHS } from '../services/navigation/routes';

/** The `systemId` of each app-wide actor: `root.system.get(id)` (views: `useAppActor(id)`). */
export const APP_ACTORS = {
  session: 'session',
  errorStore: 'errorStore',
  platform: 'platform',
  sessionPing: 'sessionPing',
  lgpdConsent: 'lgpdConsent',
  accessibility: 'accessibility',
  appUpdate: 'appUpdate',
  outbox: 'outbox',
} as const;

export type AppActorId = keyof typeof APP_ACTORS;

/**
 * Paths on which the LGPD prompt is due (docs/product.md §4 "on /"): `/`, and `/home`, where `/`
 * sends students of platform 1 at once (docs/product.md §2) — the landing page after `/` counts as `/`.
 */
export const LGPD_PROMPT_PATHS: readonly string[] = [ROUTE_PATHS.index, ROUTE_PATHS.home];

/** What the device holds once boot has run: the children's inputs (read by `readStartup`). */
export interface AppStartup {
  session: SessionInput;
  platform: { host: string; cachedPlatform?: Platform | null };
  accessibility: AccessibilityInput;
  /** The page's path (`location.pathname`). */
  path: string;
}

export type OutboxRef = ActorRefFrom<typeof outboxMachine>;

export interface AppContext {
  startup: AppStartup | null;
  /** The boot step running (or the last one run): named when a step fails. */
  bootStep: BootStepName;
  /** The signed-in student's id (null: nobody); undefined until the session's first snapshot. */
  student: number | null | undefined;
  /** The signed-in student's LGPD acceptance (false when nobody is signed in). */
  acceptedLgpd: boolean;
  /** Whether this sign-in's post-login setup has started (the session ping follows it). */
  postLoginStarted: boolean | undefined;
  /** The platform's `enforce_session_throttle`; undefined until the platform's first snapshot. */
  throttle: boolean | undefined;
  /** Whether the LGPD prompt is due (last value told to `lgpdConsent`). */
  lgpdDue: boolean | undefined;
  /** The page's path (the LGPD prompt is due on `LGPD_PROMPT_PATHS`). */
  path: string;
}

export type AppEvent =
  | { type: 'network.reachable' }
  | { type: 'network.unreachable' }
  | { type: 'location.changed'; path: string }
  | { type: 'session.expired' }
  | { type: 'platform.failed'; error: StoredError }
  | { type: 'lgpd.accepted' }
  | { type: 'update.available' }
  | { type: 'outbox.load' }
  | { type: 'fact.student'; userId: number | null; previous: number | null | undefined }
  | { type: 'fact.postLogin'; started: boolean }
  | { type: 'fact.throttle'; throttle: boolean }
  | { type: 'fact.lgpdDue'; due: boolean };

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type PlatformSnapshot = SnapshotFrom<typeof platformMachine>;

const lgpdDueOf = (student: number | null | undefined, accepted: boolean, path: string) =>
  student != null && !accepted && LGPD_PROMPT_PATHS.includes(path);

type Enqueue = { sendTo: (to: AnyActorRef, event: { type: string }) => void };
type System = { get(id: string): AnyActorRef | undefined };

/** Enqueues `event` to the child `systemId` when it runs (e.g. the outbox only once its chunk loaded). */
function tell(enqueue: Enqueue, system: System, id: string, event: { type: string; [key: string]: unknown }): void {
  const ref = system.get(id);
  if (ref) enqueue.sendTo(ref, event);
}

const notProvided = <T>(name: string) => fromPromise<T>(() => Promise.reject(new Error(`${name} not provided`)));

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    boot: bootMachine,
    readStartup: notProvided<AppStartup>('readStartup'),
    session: sessionMachine,
    errorStore: errorScreenMachine,
    platform: platformMachine,
    sessionPing: sessionPingMachine,
    lgpdConsent: lgpdConsentMachine,
    accessibility: accessibilityMachine,
    appUpdate: appUpdateMachine,
    /** Sends `network.reachable` / `network.unreachable` on every change of reachability. */
    connectivity: fromCallback<EventObject>(() => undefined),
    /** Sends `location.changed { path }` on every history change (push, replace, back). */
    location: fromCallback<EventObject>(() => undefined),
    /** Registers the service worker (after the first screen); sends `update.available` when a new version waits. */
    serviceWorker: fromCallback<EventObject>(() => undefined),
    /** Loads the outbox's chunk: resolves to the outbox logic with its real effects. */
    loadOutbox: notProvided<typeof outboxMachine>('loadOutbox'),
  },
  actions: {
    /** A boot step failed without a redirect: for developers only (docs/product.md §8). */
    logBootFailure: (_, _params: { step: BootStepName; error: unknown }) => {},
    /** Applies the stored accessibility settings of student `userId` (null: nobody's, the device's). */
    applyStoredSettings: (_, _params: { userId: number | null }) => {},
    /** The student using the app changed: their saved reads and downloads follow (docs/offline.md). */
    followStudentDeviceData: (_, _params: { userId: number | null; previous: number | null | undefined }) => {},
  },
}).createMachine({
  id: 'app',
  description:
    'The root actor: boots, runs the app-wide actors, and holds the rules between them (docs/architecture.md "The app statechart").',
  context: {
    startup: null,
    bootStep: BOOT_STEPS[0],
    student: undefined,
    acceptedLgpd: false,
    postLoginStarted: undefined,
    throttle: undefined,
    lgpdDue: undefined,
    path: '/',
  },
  initial: 'booting',
  states: {
    booting: {
      description: 'The startup steps of docs/product.md §4, in order.',
      invoke: {
        id: 'boot',
        src: 'boot',
        onSnapshot: {
          actions: assign({ bootStep: ({ event }) => event.snapshot.context.steps[event.snapshot.context.index]! }),
        },
        onDone: [
          { guard: ({ event }) => event.output.kind === 'redirected', target: 'redirected' },
          { target: 'starting' },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'logBootFailure',
            params: ({ context, event }) => ({ step: context.bootStep, error: event.error }),
          },
        },
      },
    },
    redirected: {
      type: 'final',
      description: 'A boot step redirected the page (through the allowlist): the app is not mounted.',
    },
    failed: {
      type: 'final',
      description:
        'A boot step failed: the app is not mounted; the failure is logged for developers (docs/product.md §8).',
    },
    starting: {
      description: "Reads what the device holds (token, cached user, platform, settings): the children's inputs.",
      invoke: {
        id: 'readStartup',
        src: 'readStartup',
        onDone: {
          target: 'running',
          actions: assign({
            startup: ({ event }) => event.output,
            path: ({ event }) => event.output.path,
          }),
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'logBootFailure',
            params: ({ context, event }) => ({ step: context.bootStep, error: event.error }),
          },
        },
      },
    },
    running: {
      description: 'The app is mounted; the app-wide actors run, and the rules between them hold.',
      tags: 'mounted',
      type: 'parallel',
      invoke: [
        {
          id: 'session',
          systemId: APP_ACTORS.session,
          src: 'session',
          input: ({ context }) => context.startup!.session,
          onSnapshot: {
            actions: enqueueActions(({ context, event, enqueue }) => {
              const snapshot = event.snapshot as SessionSnapshot;
              const user = signedInStudent(snapshot);
              const student = user?.id ?? null;
              const acceptedLgpd = user?.accepted_lgpd ?? false;
              if (acceptedLgpd !== context.acceptedLgpd) enqueue.assign({ acceptedLgpd });
              if (student !== context.student)
                enqueue.raise({ type: 'fact.student', userId: student, previous: context.student });
              else enqueue.raise({ type: 'fact.lgpdDue', due: lgpdDueOf(student, acceptedLgpd, context.path) });
              const started = postLoginSetupStarted(snapshot);
              if (started !== context.postLoginStarted) enqueue.raise({ type: 'fact.postLogin', started });
            }),
          },
        },
        { id: 'errorStore', systemId: APP_ACTORS.errorStore, src: 'errorStore', input: {} },
        {
          id: 'platform',
          systemId: APP_ACTORS.platform,
          src: 'platform',
          input: ({ context }) => context.startup!.platform,
          onSnapshot: {
            actions: enqueueActions(({ context, event, enqueue }) => {
              const throttle = (event.snapshot as PlatformSnapshot).context.platform?.enforce_session_throttle ?? false;
              if (throttle !== context.throttle) enqueue.raise({ type: 'fact.throttle', throttle });
            }),
          },
        },
        { id: 'sessionPing', systemId: APP_ACTORS.sessionPing, src: 'sessionPing' },
        { id: 'lgpdConsent', systemId: APP_ACTORS.lgpdConsent, src: 'lgpdConsent' },
        {
          id: 'accessibility',
          systemId: APP_ACTORS.accessibility,
          src: 'accessibility',
          input: ({ context }) => context.startup!.accessibility,
        },
        { id: 'appUpdate', systemId: APP_ACTORS.appUpdate, src: 'appUpdate' },
        { id: 'connectivity', src: 'connectivity' },
        { id: 'location', src: 'location' },
        { id: 'serviceWorker', src: 'serviceWorker' },
      ],
      on: {
        'fact.student': {
          description:
            "The signed-in student changed (sign-in, a session restored at start, 'Sair', a 401, another student): " +
            "the outbox sends only that student's writes (nobody: it pauses, and keeps them); their accessibility " +
            'settings apply; the LGPD prompt starts over; their saved reads and downloads follow them — a leaving ' +
            'student\'s are deleted (docs/offline.md "Signing out and another student").',
          actions: enqueueActions(({ context, event, enqueue, system }) => {
            enqueue.assign({ student: event.userId });
            // The outbox starts with nobody: nothing to tell it until someone signs in.
            if (!(event.previous === undefined && event.userId === null))
              tell(enqueue, system, APP_ACTORS.outbox, { type: 'outbox.user', userId: event.userId });
            // Signing out keeps the settings on screen for /login; a student brings their own.
            const accessibility = system.get(APP_ACTORS.accessibility);
            if (event.userId === null && event.previous !== undefined && accessibility)
              enqueue.sendTo(accessibility, {
                type: 'settings.user',
                userId: null,
                settings: (accessibility.getSnapshot() as SnapshotFrom<typeof accessibilityMachine>).context.settings,
              } satisfies AccessibilityEvent as EventObject);
            else enqueue({ type: 'applyStoredSettings', params: { userId: event.userId } });
            enqueue({ type: 'followStudentDeviceData', params: { userId: event.userId, previous: event.previous } });
            // A signed-in student needs the outbox (loaded once; events to the outbox region only, so that
            // this handler is never shadowed by a region's own).
            if (event.userId !== null) enqueue.raise({ type: 'outbox.load' });
            if (event.previous !== undefined) {
              tell(enqueue, system, APP_ACTORS.lgpdConsent, { type: 'lgpd.reset' });
              enqueue.assign({ lgpdDue: undefined });
            }
            const due = lgpdDueOf(event.userId, context.acceptedLgpd, context.path);
            enqueue.raise({ type: 'fact.lgpdDue', due });
          }),
        },
        'fact.postLogin': {
          description:
            'The session ping runs from the start of the post-login setup until sign-out (docs/product.md §4, §9).',
          actions: [
            assign({ postLoginStarted: ({ event }) => event.started }),
            enqueueActions(({ event, enqueue, system }) =>
              tell(enqueue, system, APP_ACTORS.sessionPing, { type: 'ping.session', signedIn: event.started }),
            ),
          ],
        },
        'fact.throttle': {
          description: 'The session ping runs only on a platform with enforce_session_throttle (docs/product.md §9).',
          actions: [
            assign({ throttle: ({ event }) => event.throttle }),
            enqueueActions(({ event, enqueue, system }) =>
              tell(enqueue, system, APP_ACTORS.sessionPing, { type: 'ping.platform', throttle: event.throttle }),
            ),
          ],
        },
        'fact.lgpdDue': {
          description:
            'The LGPD prompt is due for a signed-in student who has not accepted the terms, on / (or /home where / leads) ' +
            '(docs/product.md §4); told only when it changes.',
          guard: ({ context, event }) => context.lgpdDue !== event.due,
          actions: [
            assign({ lgpdDue: ({ event }) => event.due }),
            enqueueActions(({ event, enqueue, system }) =>
              tell(enqueue, system, APP_ACTORS.lgpdConsent, { type: 'lgpd.update', due: event.due }),
            ),
          ],
        },
        'location.changed': {
          description: 'The path changed: whether the LGPD prompt is due follows it.',
          actions: [
            assign({ path: ({ event }) => event.path }),
            enqueueActions(({ context, event, enqueue }) => {
              enqueue.raise({
                type: 'fact.lgpdDue',
                due: lgpdDueOf(context.student, context.acceptedLgpd, event.path),
              });
            }),
          ],
        },
        'network.reachable': {
          description:
            'The platform answers again: a session waiting for (or holding a stale) user asks for it — offline never ' +
            'signs out (docs/decisions/0007); the error countdown resumes; a failed platform lookup is retried at once; ' +
            'the outbox sends what waits.',
          actions: enqueueActions(({ enqueue, system }) => {
            tell(enqueue, system, APP_ACTORS.session, { type: 'network.reachable' });
            tell(enqueue, system, APP_ACTORS.errorStore, { type: 'network.online' });
            tell(enqueue, system, APP_ACTORS.platform, { type: 'platform.online' });
            tell(enqueue, system, APP_ACTORS.outbox, { type: 'network.online' });
          }),
        },
        'network.unreachable': {
          description:
            'The platform stopped answering: the error countdown pauses (no reload that could only fail); nobody is ' +
            'signed out.',
          actions: enqueueActions(({ enqueue, system }) => {
            tell(enqueue, system, APP_ACTORS.errorStore, { type: 'network.offline' });
          }),
        },
        'session.expired': {
          description:
            'A main API answered 401: the session ends and /login keeps the page to come back to after sign-in ' +
            '(docs/product.md §4 Auth).',
          actions: enqueueActions(({ enqueue, system }) =>
            tell(enqueue, system, APP_ACTORS.session, { type: 'session.expired' }),
          ),
        },
        'platform.failed': {
          description: 'The platform lookup answered 404/500: the error screen shows it (docs/product.md §4, §8).',
          actions: enqueueActions(({ event, enqueue, system }) =>
            tell(enqueue, system, APP_ACTORS.errorStore, { type: 'error.show', error: event.error }),
          ),
        },
        'lgpd.accepted': {
          description: 'The student accepted the LGPD terms: the session reads the user again (docs/product.md §4).',
          actions: enqueueActions(({ enqueue, system }) =>
            tell(enqueue, system, APP_ACTORS.session, { type: 'user.refresh' }),
          ),
        },
        'update.available': {
          description:
            'A new version of the app waits: \'Nova versão disponível\' is offered (docs/offline.md "Updates").',
          actions: enqueueActions(({ enqueue, system }) =>
            tell(enqueue, system, APP_ACTORS.appUpdate, { type: 'update.available' }),
          ),
        },
      },
      states: {
        outbox: {
          description:
            'The outbox of progress writes loads with the first signed-in session or screen that needs it, never on ' +
            '/login alone (docs/performance.md).',
          initial: 'unloaded',
          states: {
            unloaded: {
              on: {
                'outbox.load': 'loading',
              },
            },
            loading: {
              invoke: {
                id: 'loadOutbox',
                src: 'loadOutbox',
                onDone: {
                  target: 'ready',
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    // The logic arrives with the chunk (not a key of `setup`'s actors, which the types expect).
                    const spawnLoaded = enqueue.spawnChild as unknown as (
                      logic: AnyActorLogic,
                      options: { id: string; systemId: string },
                    ) => void;
                    spawnLoaded(event.output, { id: 'outbox', systemId: APP_ACTORS.outbox });
                    // The student already signed in: their writes may go (sent to the child by its id:
                    // its systemId is registered only once it starts, after this step).
                    if (context.student != null)
                      enqueue.sendTo('outbox' as never, { type: 'outbox.user', userId: context.student } as never);
                  }),
                },
                // Offline before the chunk was cached: a later sign-in or screen tries again.
                onError: 'unloaded',
              },
            },
            ready: { description: 'The outbox runs (systemId "outbox").' },
          },
        },
      },
    },
  },
});

export type AppRef = ActorRefFrom<typeof appMachine>;
