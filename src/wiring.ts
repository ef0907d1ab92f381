/**
 * The one place where the pure machines get their real effects (DESIGN.md §2:
 * "the real implementations are provided in one place"). Tests provide fakes instead.
 * What /login does not need lives apart so that it loads later (issue 9): the outbox of
 * progress writes (`wiring-outbox.ts`, with the signed-in routes) and the Pix payment
 * (`wiring-pix.ts`, with the finances screen).
 */
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { bootMachine, type BootStepResult } from './machines/boot.machine';
import type { EventBus } from './services/events/bus';
import { sessionPingMachine } from './machines/session-ping.machine';
import { lgpdConsentMachine } from './machines/lgpd-consent.machine';
import { postLoginSetupStarted } from './machines/session.machine';
import { APP_BUILD, SESSION_PING_MS } from './services/config';
import { sessionMachine, type LogoutReason } from './machines/session.machine';
import { ACCOUNT_DELETED_QUERY, expiredLoginPath } from './services/navigation/login-notices';
import { errorScreenMachine, type StoredError } from './machines/error-screen.machine';
import { fromCallback } from 'xstate';
import { platformMachine, type PlatformEvent } from './machines/platform.machine';
import { getLmsSettings, getPlatform, getPlatformSettings } from './services/api/platforms';
import { applyPlatform } from './services/theme/apply-platform';
import type { Platform } from './services/contract/session';
import { postAuthToken } from './services/api/auth';
import { getUsersSelf } from './services/api/users';
import {
  authenticationStep,
  errorReportingStep,
  eventBusStep,
  httpClientStep,
  translationsStep,
  bootResults,
} from './services/boot/steps';
import { bootRedirect, safeNextRoute } from './services/navigation/safe-redirect';
import { ssoOrigins } from './services/navigation/sso-origins';
import { clearToken, setToken } from './services/storage/token';
import { ApiError, classifyError } from './services/http/errors';
import { repointMainApi } from './services/http/clients';
import { isReachable, subscribeReachability, waitUntilReachable } from './services/http/connectivity';
import type { CountryCode, User } from './services/contract/session';
import { clearCachedUser, writeCachedUser } from './services/storage/user-cache';
import {
  clearPlatformSettings,
  readPlatformSettings,
  writePlatformSettings,
} from './services/storage/platform-settings';
import { loadQueryClient, queryRestoring, withQueryClient } from './query-client-ref';
import type { QueryClient } from '@tanstack/react-query';
import type { StudentQueryCache } from './services/storage/query-persistence';
import { clearStudentCaches } from './services/pwa/caches';
import type { ServiceWorkerControl } from './services/pwa/register';
import { appUpdateMachine } from './machines/app-update.machine';
import type { AppOutbox } from './wiring-outbox';
import { accessibilityMachine } from './machines/accessibility.machine';
import {
  applyPresentation,
  presentationOf,
  readSettings,
  writePrepaint,
  writeSettings,
  type AccessibilitySettings,
} from './services/storage/accessibility-settings';
// Loaded when used (issue 9): what only a signed-in student or a setting needs stays out of /login.
const consentApi = () => import('./services/api/consent');
const vlibras = () => import('./services/widgets/vlibras');

/**
 * Boot machine with the real steps of spec §4 Startup.
 * @param onExpired what a 401 from the main APIs does (sends `session.expired`).
 */
export function provideBoot(onExpired: () => void) {
  return bootMachine.provide({
    actors: {
      authentication: fromPromise<BootStepResult>(() => authenticationStep()),
      httpClient: fromPromise<BootStepResult>(() => httpClientStep(onExpired)),
      translations: fromPromise<BootStepResult>(() => translationsStep()),
      errorReporting: fromPromise<BootStepResult>(() => errorReportingStep()),
      eventBus: fromPromise<BootStepResult>(() => eventBusStep()),
    },
    actions: {
      // Every boot redirect passes the allowlist (DESIGN.md §5): an absolute address only to a
      // configured SSO origin, anything else only as a same-origin path; refused → the app's root.
      assignLocation: (_, params: { url: string }) => location.assign(checkedBootRedirect(params.url)),
      // A route redirect before mount is a full navigation to the resolved path
      // (replace: the URL that asked for it, e.g. one with access_token, leaves history).
      navigateRoute: (_, params: { path: string }) => location.replace(checkedBootRedirect(params.path)),
      logError: (_, params: { step: string; error: unknown }) => {
        console.error(`[boot] step "${params.step}" failed`, params.error);
      },
    },
  });
}

/** Steps run when the student chooses 'Sair', before the token is revoked (`onBeforeSignOut`). */
const beforeSignOutSteps = new Set<() => Promise<void>>();

/**
 * Adds a step to run when the student signs out, while their token still works (e.g. sending
 * the outbox). Steps run together; a failing one never blocks the sign-out.
 * @returns a function that removes the step.
 */
export function onBeforeSignOut(step: () => Promise<void>): () => void {
  beforeSignOutSteps.add(step);
  return () => beforeSignOutSteps.delete(step);
}

/** A boot redirect target through the allowlist; a refused one is logged and becomes `/`. */
function checkedBootRedirect(target: string): string {
  const { url, allowed } = bootRedirect(target, { origin: location.origin, ssoOrigins: ssoOrigins() });
  if (!allowed) console.warn('[boot] redirect refused by the allowlist');
  return url;
}

/** Session machine with the real auth calls and storage (spec §4 Auth). */
export const appSessionMachine = sessionMachine.provide({
  actors: {
    login: fromPromise(async ({ input }: { input: { username: string; password: string; scope: CountryCode } }) => {
      const { access_token } = await postAuthToken(input);
      return { access_token };
    }),
    fetchUser: fromPromise(() => getUsersSelf()),
    // What must happen while the token still works (the outbox flushed: issue 8), then revoke.
    revokeToken: fromPromise(async () => {
      await Promise.allSettled([...beforeSignOutSteps].map((step) => step()));
      await (await import('./services/api/auth')).postAuthLogout();
    }),
    postLoginSetup: fromPromise<void, { user: User }>(() => postLoginSetup()),
  },
  actions: {
    storeToken: (_, params: { token: string }) => setToken(params.token),
    storeUser: (_, params: { user: User }) => writeCachedUser(params.user),
    clearAuth: () => {
      clearToken();
      clearCachedUser();
      clearPlatformSettings();
      // The previous student's server reads must not show to the next one on this device.
      withQueryClient((client) => client.clear());
    },
    navigateAfterLogin: (_, params: { nextRoute: string | null }) =>
      navigate(safeNextRoute(params.nextRoute), { replace: true }),
    // After an account deletion /login says so ('Sua conta foi excluída.', issue 6); after a 401
    // it says the session expired and keeps the page (hash included) to come back to (issue 24).
    navigateToLogin: (_, params: { reason: LogoutReason | null }) =>
      navigate(
        params.reason === 'accountDeleted'
          ? `/login?${ACCOUNT_DELETED_QUERY}`
          : params.reason === 'expired'
            ? expiredLoginPath(`${location.pathname}${location.search}${location.hash}`)
            : '/login',
        { replace: true },
      ),
  },
});

/** How many times a widget setting read that met silence (offline) is tried again. */
export const WIDGET_CONFIG_RETRIES = 3;

/** What `loadWidgetConfig` needs besides the bus (tests pass fakes). */
export interface WidgetConfigDeps {
  /** Reads settings (default `getLmsSettings`). */
  read?: (keys: string[]) => Promise<Record<string, string | null>>;
  /** Resolves when the platform answers again (default: services/http/connectivity.ts). */
  whenReachable?: () => Promise<void>;
  /** Starts the widgets with the keys read (default: services/widgets/start.ts, lazily). */
  start?: (keys: { clarityKey: string | null | undefined; chatbotKey: string | null | undefined }) => void;
  /** Tries left after silence. */
  retries?: number;
}

/** True for a failure that is the network's silence, not the platform's answer: no toast (issue 24). */
const isSilence = (error: unknown): boolean => {
  const { kind } = classifyError(error);
  return kind === 'offline' || kind === 'timeout';
};

/**
 * Post-login step "analytics and chatbot": loads their configuration
 * (`GET /lms/settings/clarity_key`, `…/imbot_key`) into the platform settings the widget
 * loaders read, then starts the widgets after first paint.
 * - The platform answered with a failure (an error status, a malformed answer): `setup.error`
 *   with its spec §8 code (8 analytics, 7 chatbot) on the bus — the toast 'Cód: 8' / 'Cód: 7'.
 * - Silence (offline, timeout): no toast — the offline banner is the one message (issue 24);
 *   the read is tried again when the platform answers (at most `WIDGET_CONFIG_RETRIES` times).
 * Never rejects and never holds the setup while waiting.
 */
export async function loadWidgetConfig(
  bus: EventBus | null = bootResults.eventBus,
  deps: WidgetConfigDeps = {},
): Promise<void> {
  const read = deps.read ?? getLmsSettings;
  const whenReachable = deps.whenReachable ?? waitUntilReachable;
  const start =
    deps.start ??
    ((keys) => void import('./services/widgets/start').then(({ startWidgets }) => startWidgets(keys, bus)));
  const retries = deps.retries ?? WIDGET_CONFIG_RETRIES;
  let silent = false;
  const load = async (key: string, code: 7 | 8): Promise<Record<string, string | null> | undefined> => {
    try {
      return await read([key]);
    } catch (error) {
      if (isSilence(error)) silent = true;
      else bus?.emit('setup.error', { code });
      return undefined;
    }
  };
  const [clarity, chatbot] = await Promise.all([load('clarity_key', 8), load('imbot_key', 7)]);
  // One write with both answers (two concurrent read-modify-writes would lose one).
  writePlatformSettings(Object.assign({ ...readPlatformSettings() }, clarity ?? {}, chatbot ?? {}));
  // Widgets (spec §7): after first paint, without holding the setup; a script that does not load
  // is logged and reported, never shown (issue 18). A key that could not be read loads nothing.
  if (clarity || chatbot) start({ clarityKey: clarity?.clarity_key, chatbotKey: chatbot?.imbot_key });
  if (silent && retries > 0) {
    void whenReachable().then(() => loadWidgetConfig(bus, { ...deps, retries: retries - 1 }));
  }
}

/** One step of the post-login setup (spec §4); a rejection is logged and never blocks the others. */
export type PostLoginStep = (bus: EventBus | null) => Promise<void> | void;

/**
 * The isolated steps of the post-login setup (spec §4), by name: adding a step is one line.
 * What follows a state rather than running once lives in machines and starts at the same
 * moment: accessibility config — accessibility machine (`followStudentSettings`); user refresh —
 * session machine (`user.refresh`); session ping — `sessionPingMachine` (`followSessionPing`,
 * from the start of the setup); LGPD check — `lgpdConsentMachine` (`followLgpdConsent`).
 */
export const POST_LOGIN_STEPS: Record<string, PostLoginStep> = {
  widgetConfig: loadWidgetConfig,
};

/**
 * Post-login setup of spec §4 (run 1 s after sign-in, and on a page load with a valid session,
 * by the session machine): runs every step of `steps` at once, each isolated
 * (`Promise.allSettled`); never rejects.
 */
export async function postLoginSetup(
  bus: EventBus | null = bootResults.eventBus,
  steps: Record<string, PostLoginStep> = POST_LOGIN_STEPS,
): Promise<void> {
  const names = Object.keys(steps);
  const results = await Promise.allSettled(names.map(async (name) => steps[name]!(bus)));
  results.forEach((result, i) => {
    if (result.status === 'rejected' && import.meta.env.DEV) {
      console.error(`[setup] post-login step "${names[i]}" failed`, result.reason);
    }
  });
}

/** Error store + error screen (spec §2, §3, §8) with the real full-page reload. */
export const appErrorScreenMachine = errorScreenMachine.provide({
  actions: { reloadPage: () => location.reload() },
});

/**
 * What the error store keeps of any thrown value (spec §3: an HTTP error whose response has
 * a status and a data object with a message); non-HTTP errors have no status ('N/A').
 */
export function toStoredError(error: unknown): StoredError {
  if (error instanceof ApiError) return { status: error.status, data: { message: error.data.message } };
  return { status: null, data: { message: error instanceof Error ? error.message : null } };
}

/**
 * Platform lookup by the site host with the real API, brand application and settings cache;
 * a 404/500 answer is placed in the error store (spec §4, §8).
 * @param showError places an error in the global error store.
 */
export function providePlatform(showError: (error: StoredError) => void) {
  return platformMachine.provide({
    actors: {
      lookupPlatform: fromPromise<Platform, { host: string }>(({ input }) => getPlatform(input.host)),
      loadSettings: fromPromise(({ input }: { input: { id: number } }) => getPlatformSettings(input.id)),
      // While a transient failure waits for its retry: back online → look it up at once.
      watchOnline: fromCallback<PlatformEvent>(({ sendBack }) => {
        const online = () => sendBack({ type: 'platform.online' });
        window.addEventListener('online', online);
        return () => window.removeEventListener('online', online);
      }),
    },
    actions: {
      applyPlatform: (_, params: { platform: Platform }) => {
        applyPlatform(params.platform);
        // An external platform's main API lives elsewhere (spec §3): later calls go there.
        const { is_external_platform, external_api_url } = params.platform;
        if (is_external_platform && external_api_url && !repointMainApi(external_api_url)) {
          console.error('[platform] external_api_url refused (not https or same-origin)', external_api_url);
        }
      },
      storeSettings: (_, params: { settings: Record<string, string | null> }) => writePlatformSettings(params.settings),
      showErrorScreen: (_, params: { error: unknown }) => showError(toStoredError(params.error)),
    },
  });
}

/**
 * Accessibility settings with their real effects (spec §3): saved per student on this device,
 * applied to `<html>` (and cached for the pre-paint script), VLibras loaded on demand.
 */
export const appAccessibilityMachine = accessibilityMachine.provide({
  actors: { loadLibras: fromPromise(async () => (await vlibras()).loadVLibras()) },
  actions: {
    persist: (_, params: { userId: number | null; settings: AccessibilitySettings }) =>
      writeSettings(params.userId, params.settings),
    apply: (_, params: { settings: AccessibilitySettings }) => {
      const presentation = presentationOf(params.settings);
      applyPresentation(presentation);
      writePrepaint('settings', presentation);
    },
    showLibras: () => void vlibras().then((m) => m.setVLibrasVisible(true)),
    hideLibras: () => void vlibras().then((m) => m.setVLibrasVisible(false)),
  },
});

/**
 * Keeps the settings on the student who uses the app: when the signed-in student changes
 * (sign-in, a cached session at start, logout), sends `settings.user` with that student's
 * stored settings. @returns the unsubscribe function.
 */
export function followStudentSettings(
  session: ActorRefFrom<typeof sessionMachine>,
  accessibility: ActorRefFrom<typeof accessibilityMachine>,
): () => void {
  let current: number | null | undefined;
  const follow = (snapshot: ReturnType<typeof session.getSnapshot>) => {
    const userId = snapshot.hasTag('authenticated') ? (snapshot.context.user?.id ?? null) : null;
    if (userId === current) return;
    const first = current === undefined;
    current = userId;
    // Signing out keeps what is on screen for the login page; a student brings their own.
    if (userId === null && !first) {
      accessibility.send({
        type: 'settings.user',
        userId: null,
        settings: accessibility.getSnapshot().context.settings,
      });
      return;
    }
    accessibility.send({ type: 'settings.user', userId, settings: readSettings(userId) });
  };
  follow(session.getSnapshot());
  return session.subscribe(follow).unsubscribe;
}

/**
 * Tells the session when the platform answers again (`network.reachable`, from
 * services/http/connectivity.ts): a session waiting for its user, or holding a stale one, asks for
 * it then (issue 24: offline never signs out). @returns the unsubscribe function.
 */
export function followReachability(
  session: Pick<ActorRefFrom<typeof sessionMachine>, 'send'>,
  connectivity: { isReachable(): boolean; subscribe(listener: () => void): () => void } = {
    isReachable,
    subscribe: subscribeReachability,
  },
): () => void {
  return connectivity.subscribe(() => {
    if (connectivity.isReachable()) session.send({ type: 'network.reachable' });
  });
}

// ---------- session ping and LGPD consent (issue 7) ----------

/**
 * The session ping (spec §7, §9) with the real v2 `POST /user-session/log` and the configured
 * interval (`SESSION_PING_MS`: 300 000 ms unless `VITE_SESSION_PING_MS` shortens it).
 */
export const appSessionPingMachine = sessionPingMachine.provide({
  actors: {
    ping: fromPromise<void>(async () => {
      await (await consentApi()).postUserSessionLog();
    }),
  },
  delays: { pingInterval: SESSION_PING_MS },
});

/**
 * Keeps the ping on the facts it needs: `ping.session` (signed in and the post-login setup
 * started — also on a page load with a valid session; false on logout or 401) and
 * `ping.platform` (`enforce_session_throttle` of the looked-up platform). Sends changes only.
 * @returns the unsubscribe function.
 */
export function followSessionPing(
  session: ActorRefFrom<typeof sessionMachine>,
  platform: ActorRefFrom<typeof platformMachine>,
  ping: ActorRefFrom<typeof sessionPingMachine>,
): () => void {
  let signedIn: boolean | undefined;
  let throttle: boolean | undefined;
  const onSession = (snapshot: ReturnType<typeof session.getSnapshot>) => {
    const next = postLoginSetupStarted(snapshot);
    if (next === signedIn) return;
    signedIn = next;
    ping.send({ type: 'ping.session', signedIn: next });
  };
  const onPlatform = (snapshot: ReturnType<typeof platform.getSnapshot>) => {
    const next = snapshot.context.platform?.enforce_session_throttle ?? false;
    if (next === throttle) return;
    throttle = next;
    ping.send({ type: 'ping.platform', throttle: next });
  };
  onSession(session.getSnapshot());
  onPlatform(platform.getSnapshot());
  const a = session.subscribe(onSession);
  const b = platform.subscribe(onPlatform);
  return () => {
    a.unsubscribe();
    b.unsubscribe();
  };
}

/**
 * Paths on which the LGPD prompt is due (spec §4 "on /"): `/`, and `/home`, where `/` sends
 * students of platform 1 at once (spec §2) — so the landing page after `/` counts as `/`.
 */
export const LGPD_PROMPT_PATHS: readonly string[] = ['/', '/home'];

/**
 * The LGPD consent machine (spec §4, §7) with its real effects: `acceptLgpd` → `POST
 * /users/updateAcceptedLgpd` (the answer is cached as the current user at once), `emitPrompt`
 * → `lgpd.prompt` on `bus`, `refreshUser` → `onAccepted()` (the session's `user.refresh`).
 */
export function provideLgpdConsent(bus: EventBus | null, onAccepted: () => void) {
  return lgpdConsentMachine.provide({
    actors: {
      acceptLgpd: fromPromise<void>(async () => {
        writeCachedUser(await (await consentApi()).postUpdateAcceptedLgpd());
      }),
    },
    actions: {
      emitPrompt: () => bus?.emit('lgpd.prompt', {}),
      refreshUser: () => onAccepted(),
    },
  });
}

/**
 * Sends the LGPD facts to `lgpd`: `lgpd.reset` when the signed-in student changes (sign-out,
 * another student), and `lgpd.update { due }` (signed in, `accepted_lgpd` false, on a path of
 * `LGPD_PROMPT_PATHS`) whenever it changes — on session changes and on every history change
 * (wouter's pushState/replaceState events, popstate). @returns the unsubscribe function.
 */
export function followLgpdConsent(
  session: ActorRefFrom<typeof sessionMachine>,
  lgpd: ActorRefFrom<typeof lgpdConsentMachine>,
  currentPath: () => string = () => location.pathname,
): () => void {
  let userId: number | null | undefined;
  let due: boolean | undefined;
  const follow = () => {
    const snapshot = session.getSnapshot();
    const user = snapshot.hasTag('authenticated') ? snapshot.context.user : null;
    const id = user?.id ?? null;
    if (userId !== undefined && id !== userId) {
      lgpd.send({ type: 'lgpd.reset' });
      due = undefined;
    }
    userId = id;
    const next = user !== null && !user.accepted_lgpd && LGPD_PROMPT_PATHS.includes(currentPath());
    if (next === due) return;
    due = next;
    lgpd.send({ type: 'lgpd.update', due: next });
  };
  follow();
  const subscription = session.subscribe(follow);
  const events = ['popstate', 'pushState', 'replaceState'] as const;
  if (typeof window !== 'undefined') for (const name of events) window.addEventListener(name, follow);
  return () => {
    subscription.unsubscribe();
    if (typeof window !== 'undefined') for (const name of events) window.removeEventListener(name, follow);
  };
}

// ---------- offline: device data per student, sign-out, updates (issue 8) ----------

/**
 * Sends the outbox's pending writes before a sign-out (issue 8 "flush the outbox first"): when
 * online and something waits, asks for a flush and waits until the queue is empty, the server
 * wants a new sign-in, or `timeoutMs` (5 000 ms) passed. What is left stays stored, bound to its
 * student, and goes when they sign in again. Never rejects.
 */
export async function drainOutbox(outbox: Pick<AppOutbox, 'actor'>, timeoutMs = 5000): Promise<void> {
  const { actor } = outbox;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const deadline = Date.now() + timeoutMs;
  // The student's stored writes may still be loading (just after a page load).
  await waitFor(actor, (s) => !s.matches('loading'), { timeout: timeoutMs }).catch(() => {});
  if (actor.getSnapshot().context.queue.length === 0) return;
  actor.send({ type: 'outbox.flush' });
  await waitFor(actor, (s) => s.context.queue.length === 0 || s.hasTag('signInNeeded'), {
    timeout: Math.max(0, deadline - Date.now()),
  }).catch(() => {});
}

/** What `followStudentDeviceData` needs (tests pass fakes). */
export interface DeviceDataOptions {
  /** The query client to restore into (default: the page's, loaded with its chunk when a student signs in). */
  client?: QueryClient;
  restoring?: { set(value: boolean): void };
  buster?: string;
  /** Loads the persistence module (lazily: the login screen never downloads it). */
  load?: () => Promise<typeof import('./services/storage/query-persistence')>;
  /** Deletes the signed-out student's offline media. */
  clearCaches?: () => Promise<void>;
}

/**
 * Keeps the device's offline data on the signed-in student (issue 8):
 * - a student signs in (or a page loads with their session): `restoring` becomes true at once
 *   (before any signed-in screen renders, so screens wait for the saved reads instead of going to
 *   the network), their saved reads are restored into the query client — TanStack Query and the
 *   persister load lazily then, never on /login signed out (issue 9) — and saved from then on;
 * - they sign out (or the session ends): saving stops at once, their saved reads and their
 *   offline media are deleted — the next student on this device finds none of it.
 * @returns the unsubscribe function.
 */
export function followStudentDeviceData(
  session: ActorRefFrom<typeof sessionMachine>,
  options: DeviceDataOptions = {},
): () => void {
  const loadClient = options.client ? () => Promise.resolve(options.client!) : loadQueryClient;
  const restoring = options.restoring ?? queryRestoring;
  const buster = options.buster ?? APP_BUILD;
  const load = options.load ?? (() => import('./services/storage/query-persistence'));
  const clearCaches = options.clearCaches ?? (() => clearStudentCaches());
  let current: number | null | undefined;
  let cache: StudentQueryCache | null = null;
  let generation = 0;
  const follow = (snapshot: ReturnType<typeof session.getSnapshot>) => {
    const userId = snapshot.hasTag('authenticated') ? (snapshot.context.user?.id ?? null) : null;
    if (userId === current) return;
    const previous = current;
    current = userId;
    const turn = ++generation;
    const leaving = cache;
    cache = null;
    leaving?.close();
    if (previous !== undefined && previous !== null) {
      void load()
        .then((m) => m.forgetStudentQueries(previous))
        .catch(() => {});
      void clearCaches();
    }
    if (userId === null) {
      restoring.set(false);
      return;
    }
    restoring.set(true);
    void Promise.all([load(), loadClient()])
      .then(async ([m, client]) => {
        const opened = m.openStudentQueryCache(client, userId, buster);
        await opened.restore();
        if (turn !== generation) {
          // Signed out (or someone else signed in) while restoring: nothing of theirs may stay.
          opened.close();
          client.clear();
          return;
        }
        cache = opened;
        opened.subscribe();
      })
      .catch(() => {})
      .finally(() => {
        if (turn === generation) restoring.set(false);
      });
  };
  follow(session.getSnapshot());
  return session.subscribe(follow).unsubscribe;
}

/** Registers the service worker, loading its module (and Workbox) after the entry (issue 9). */
const registerAppServiceWorker = (onWaiting: () => void): Promise<ServiceWorkerControl | null> =>
  import('./services/pwa/register').then(
    (m) => m.registerServiceWorker(onWaiting),
    () => null,
  );

/**
 * The app update actor (issue 8) with the real service worker: registers `/sw.js` (spec §4),
 * sends `update.available` when a new version waits; accepting lets it take over, then reloads.
 * @param register registers the worker and calls `onWaiting` when a new version waits; resolves
 *   to its control, or null without one (default: services/pwa/register.ts, loaded lazily).
 */
export function startAppUpdate(
  register: (onWaiting: () => void) => Promise<ServiceWorkerControl | null> = registerAppServiceWorker,
) {
  let control: ServiceWorkerControl | null = null;
  const actor = createActor(
    appUpdateMachine.provide({
      actors: {
        activate: fromPromise<void>(async () => {
          if (!control) throw new Error('no service worker');
          await control.activateWaiting();
        }),
      },
      actions: { reloadPage: () => location.reload() },
    }),
  ).start();
  void register(() => actor.send({ type: 'update.available' })).then((registered) => {
    control = registered;
  });
  return actor;
}

export type { AppOutbox };
