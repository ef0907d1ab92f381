/**
 * The oracle of the cross-actor generated paths, shared by their two replays: on the real root
 * actor with fakes (./app.paths.test.ts, Vitest) and in real Chromium against the reference
 * server (test/paths-e2e/app.e2e.ts).
 *
 * The student's world as two small models — the app signed in (sign in, 'Sair', the signal going
 * and coming back, finishing a learning object, an hour passing, reopening the app, a 401) and
 * the error screen after a failed platform lookup (seconds passing, the signal going and coming
 * back) — whose context is what the student must see, as the product's rules say. Nothing here
 * comes from src/machines: the constants are the oracle's (./oracle.ts `SPEC`, restated from
 * docs/product.md), so a mutant of a constant or of a rule between actors disagrees with them.
 */
import { assign, setup } from 'xstate';
import { SPEC } from './oracle';

/** The product's rules and constants of the cross-actor paths (docs/product.md §2, §4, §9, docs/offline.md). */
export const PRODUCT = {
  /** The error screen counts down from 30 s, one second at a time, then reloads (§2 Error screen, §9). */
  countdownSeconds: SPEC.errorScreen.countdownSeconds,
  countdownTickMs: SPEC.errorScreen.tickMs,
  /** The post-login setup (and with it the first session ping) runs 1 s after sign-in (§4, §9). */
  postLoginDelayMs: SPEC.session.postLoginDelayMs,
  /** The session ping, every 5 min while signed in on a platform with enforce_session_throttle (§9). */
  pingIntervalMs: SPEC.sessionPingMs,
  /** The LGPD prompt, 1 s after a student without acceptance arrives on / (§4, §9). */
  lgpdDelayMs: SPEC.lgpdPromptDelayMs,
  /** What waits goes as soon as the platform answers again ("at once": no timer may be needed for it). */
  sendOnReconnectMs: 0,
  /** A cached user is fresh for an hour (§9); offline, an older one still keeps the student signed in. */
  userFreshMs: 60 * 60_000,
  /** After a 401, /login keeps the page to come back to (§4 Auth), as the Vitest world records it. */
  loginKeeping: (path: string) => `/login?next=${encodeURIComponent(path)}`,
} as const;

// ---------------------------------------------------------------------------------------------
// The student's world: signed in or not, the signal, the writes made, the page.

export interface StudentWorld {
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
  /** The student has accepted the LGPD terms (on the platform). */
  accepted: boolean;
  /** The page is / or /home (where the LGPD prompt is due), not the module or /login. */
  onHome: boolean;
  /** The LGPD prompt is on screen. */
  prompting: boolean;
  /** The LGPD prompt appeared with the last action (once per visit that needs it, never twice at once). */
  newPrompt: boolean;
}

/** Where the oracle starts: the device's student signed in or not, and whether they accepted the LGPD terms. */
export interface StudentStart {
  signedIn: boolean;
  accepted: boolean;
}

/** The student's actions the browser replay drives too (test/paths-e2e/app.e2e.ts). */
export type BrowserStudentEvent =
  | { type: 'SIGN_IN' }
  | { type: 'SAIR' }
  | { type: 'SIGNAL_LOST' }
  | { type: 'SIGNAL_BACK' }
  | { type: 'FINISH' }
  | { type: 'HOUR_PASSES' }
  | { type: 'REOPEN' }
  | { type: 'EXPIRED_401' };

/** Every action of the student's world: the browser's, and the LGPD facet's (Vitest only). */
export type StudentEvent = BrowserStudentEvent | { type: 'GO_HOME' } | { type: 'GO_MODULE' } | { type: 'ACCEPT_LGPD' };

/** Every action the student can take, in the order the plans try them. */
export const STUDENT_EVENTS: readonly BrowserStudentEvent['type'][] = [
  'SIGN_IN',
  'SAIR',
  'SIGNAL_LOST',
  'SIGNAL_BACK',
  'FINISH',
  'HOUR_PASSES',
  'REOPEN',
  'EXPIRED_401',
];

/**
 * The LGPD facet's actions (replayed in Vitest only): the student goes to the home page or back to
 * the module, and presses 'Aceitar' on the LGPD prompt.
 */
export const LGPD_EVENTS: readonly StudentEvent['type'][] = ['GO_HOME', 'GO_MODULE', 'ACCEPT_LGPD'];

/** The browser replay's start: signed in on the module, the LGPD terms accepted. */
export const BROWSER_START: StudentStart = { signedIn: true, accepted: true };

/** The starts the Vitest replay generates paths from (the browser's first). */
export const STUDENT_STARTS: readonly StudentStart[] = [
  BROWSER_START,
  { signedIn: false, accepted: true },
  { signedIn: true, accepted: false },
];

/**
 * The LGPD prompt after an action (docs/product.md §4, §9): due for a signed-in student who has
 * not accepted the terms, on / or /home; it appears 1 s after that (every action that can make it
 * due lasts at least that long), once per visit — a prompt already on screen is not shown again.
 */
function withPrompt(next: StudentWorld): StudentWorld {
  const due = next.signedIn && !next.accepted && next.onHome;
  if (!due || next.prompting) return { ...next, newPrompt: false };
  return { ...next, prompting: true, newPrompt: true };
}

/** The module page the Vitest world's 401 happens on (the browser uses a real module's address). */
export const COURSE_PAGE = '/courses/1';

/**
 * The oracle: what each of the student's actions leads to, as the product's rules say. Input: where
 * it starts (`StudentStart`; default signed in on the module, terms accepted — the browser's start).
 */
export const studentModel = setup({
  types: {
    context: {} as StudentWorld,
    events: {} as StudentEvent,
    input: {} as Partial<StudentStart> | undefined,
  },
}).createMachine({
  id: 'student',
  context: ({ input }) => ({
    signedIn: input?.signedIn ?? true,
    reachable: true,
    writes: 0,
    reopenedLate: false,
    keptPlace: null,
    arrived: 0,
    nameFresh: true,
    accepted: input?.accepted ?? true,
    onHome: false,
    prompting: false,
    newPrompt: false,
  }),
  on: {
    // Signing in (the same student) reads the user from the platform; what waited is sent; the app
    // lands on / (the home page).
    SIGN_IN: {
      guard: ({ context }) => !context.signedIn && context.reachable,
      actions: assign(({ context }) =>
        withPrompt({
          ...context,
          signedIn: true,
          keptPlace: null,
          nameFresh: true,
          arrived: context.writes,
          onHome: true,
        }),
      ),
    },
    // 'Sair', online or not: signed out at once (on /login, the prompt gone); what waits stays stored
    // for the same student.
    SAIR: {
      guard: ({ context }) => context.signedIn,
      actions: assign(({ context }) => ({
        signedIn: false,
        arrived: context.reachable ? context.writes : context.arrived,
        onHome: false,
        prompting: false,
        newPrompt: false,
      })),
    },
    SIGNAL_LOST: { guard: ({ context }) => context.reachable, actions: assign({ reachable: false, newPrompt: false }) },
    // The platform answers again: a signed-in student's writes go at once, and a stale user is read again.
    SIGNAL_BACK: {
      guard: ({ context }) => !context.reachable,
      actions: assign(({ context }) =>
        context.signedIn
          ? { reachable: true, arrived: context.writes, nameFresh: true, newPrompt: false }
          : { reachable: true, newPrompt: false },
      ),
    },
    FINISH: {
      guard: ({ context }) => context.signedIn && context.writes < 2,
      actions: assign(({ context }) => ({
        writes: context.writes + 1,
        arrived: context.reachable ? context.writes + 1 : context.arrived,
        newPrompt: false,
      })),
    },
    // Offline never signs out, however long (docs/decisions/0007).
    HOUR_PASSES: {
      guard: ({ context }) => context.signedIn && !context.reachable && !context.reopenedLate,
      actions: assign({ newPrompt: false }),
    },
    // Reopened after the cached user's hour: online it is read again at once; offline the last
    // known one stays on screen until the platform answers. A new page: a prompt that was on screen
    // is asked again.
    REOPEN: {
      guard: ({ context }) => context.signedIn && !context.reopenedLate,
      actions: assign(({ context }) =>
        withPrompt({ ...context, reopenedLate: true, nameFresh: context.reachable, prompting: false }),
      ),
    },
    EXPIRED_401: {
      guard: ({ context }) => context.signedIn && context.reachable,
      actions: assign({
        signedIn: false,
        keptPlace: PRODUCT.loginKeeping(COURSE_PAGE),
        onHome: false,
        prompting: false,
        newPrompt: false,
      }),
    },
    GO_HOME: {
      guard: ({ context }) => context.signedIn && !context.onHome,
      actions: assign(({ context }) => withPrompt({ ...context, onHome: true })),
    },
    // Leaving the home page: a prompt on screen stays until answered.
    GO_MODULE: {
      guard: ({ context }) => context.signedIn && context.onHome,
      actions: assign({ onHome: false, newPrompt: false }),
    },
    // 'Aceitar': the platform records it and the prompt closes, never to return for this student.
    // Offline the request fails: the prompt stays (with the reason).
    ACCEPT_LGPD: {
      guard: ({ context }) => context.prompting,
      actions: assign(({ context }) =>
        context.reachable ? { accepted: true, prompting: false, newPrompt: false } : { newPrompt: false },
      ),
    },
  },
});

// ---------------------------------------------------------------------------------------------
// The error screen: the platform lookup fails; seconds pass, the signal goes and comes back.

export interface ErrorScreenWorld {
  /** Seconds shown (the oracle's count), 0 = reloaded. */
  shown: number;
  reachable: boolean;
  reloads: number;
  /** The signal went and came back at least once (the countdown must have resumed). */
  resumed: boolean;
}

export type ErrorScreenEvent = { type: 'SECOND' } | { type: 'SIGNAL_LOST' } | { type: 'SIGNAL_BACK' };

export const ERROR_SCREEN_EVENTS: readonly ErrorScreenEvent['type'][] = ['SECOND', 'SIGNAL_LOST', 'SIGNAL_BACK'];

export const errorScreenModel = setup({
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

// ---------------------------------------------------------------------------------------------
// Opening the app: the startup steps run in order; one may fail or send the page elsewhere.

export interface OpeningWorld {
  /** What is on screen: still starting, the app, another page (a step's redirect) or nothing (a step failed). */
  outcome: 'starting' | 'app' | 'redirected' | 'failed';
  /** 'Nova versão disponível' is offered (a new version waits). */
  updateOffered: boolean;
  /** The steps that failed, as logged for developers (docs/product.md §8), in order. */
  logged: string[];
  /** The step that sent the page elsewhere (nothing is logged for it), or null. */
  redirectedBy: string | null;
}

export type OpeningEvent =
  | { type: 'STEPS_PASS' }
  | { type: 'READ_FAILS' }
  | { type: 'NEW_VERSION' }
  | { type: 'STEP_FAILS'; step: string }
  | { type: 'STEP_REDIRECTS'; step: string };

/** Every way the startup can go (docs/product.md §4): all steps pass, or any one of them fails or redirects. */
export const OPENING_EVENTS: readonly OpeningEvent[] = [
  { type: 'STEPS_PASS' },
  { type: 'READ_FAILS' },
  { type: 'NEW_VERSION' },
  ...SPEC.bootSteps.map((step) => ({ type: 'STEP_FAILS' as const, step })),
  ...SPEC.bootSteps.map((step) => ({ type: 'STEP_REDIRECTS' as const, step })),
];

/** The oracle of the app's opening: a failed step stops it (logged once, by name); a redirect leaves without a log. */
export const openingModel = setup({
  types: { context: {} as OpeningWorld, events: {} as OpeningEvent },
}).createMachine({
  id: 'opening',
  context: { outcome: 'starting', logged: [], redirectedBy: null, updateOffered: false },
  on: {
    STEPS_PASS: { guard: ({ context }) => context.outcome === 'starting', actions: assign({ outcome: 'app' }) },
    // The steps pass but what the device holds cannot be read: not mounted, logged for developers.
    READ_FAILS: {
      guard: ({ context }) => context.outcome === 'starting',
      actions: assign({ outcome: 'failed', logged: ['reading the device'] }),
    },
    // In the app, a new version waits: 'Nova versão disponível' is offered (docs/offline.md "Updates").
    NEW_VERSION: {
      guard: ({ context }) => context.outcome === 'app' && !context.updateOffered,
      actions: assign({ updateOffered: true }),
    },
    STEP_FAILS: {
      guard: ({ context }) => context.outcome === 'starting',
      actions: assign(({ context, event }) => ({
        outcome: 'failed' as const,
        logged: [...context.logged, event.step],
      })),
    },
    STEP_REDIRECTS: {
      guard: ({ context }) => context.outcome === 'starting',
      actions: assign(({ event }) => ({ outcome: 'redirected' as const, redirectedBy: event.step })),
    },
  },
});
