/**
 * The session ping (spec §7, §9) and the LGPD consent prompt (spec §4): their machines with the
 * real calls, and the facts of the session and the platform they follow.
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { EventBus } from '../../services/events/bus';
import { sessionPingMachine } from '../../machines/session-ping.machine';
import { lgpdConsentMachine } from '../../machines/lgpd-consent.machine';
import { postLoginSetupStarted, type sessionMachine } from '../../machines/session.machine';
import type { platformMachine } from '../../machines/platform.machine';
import { SESSION_PING_MS } from '../../services/config';
import { writeCachedUser } from '../../services/storage/user-cache';
import { signedInUserOf } from './shared-facts';
import { withQueryClient } from '../query/page-client';

// Loaded when used: what only a signed-in student needs stays out of /login.
const consentApi = () => import('../../services/api/consent');
const writeEffects = () => import('../../services/api/keys/write-effects');

/**
 * The session ping (spec §7, §9) with the real v2 `POST /user-session/log` and the configured
 * interval (`SESSION_PING_MS`: 300 000 ms unless `VITE_SESSION_PING_MS` shortens it).
 * Built when called (once, by main.tsx), not at import: building a machine is
 * work (XState resolves every state and transition), kept out of the entry's evaluation (TBT,
 * docs/performance.md).
 */
export const provideSessionPing = () =>
  sessionPingMachine.provide({
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
 * /users/updateAcceptedLgpd` (the answer is cached as the current user at once, and the reads
 * the acceptance touches are invalidated: `WRITE_EFFECTS['lgpd.accepted']`), `emitPrompt`
 * → `lgpd.prompt` on `bus`, `refreshUser` → `onAccepted()` (the session's `user.refresh`).
 */
export function provideLgpdConsent(bus: EventBus | null, onAccepted: () => void) {
  return lgpdConsentMachine.provide({
    actors: {
      acceptLgpd: fromPromise<void>(async () => {
        writeCachedUser(await (await consentApi()).postUpdateAcceptedLgpd());
        const { invalidateAfterWrite } = await writeEffects();
        withQueryClient((client) => void invalidateAfterWrite(client, 'lgpd.accepted'));
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
    const user = signedInUserOf(session.getSnapshot());
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
