/**
 * How views reach the app's actors: one React context whose value is the root actor's system
 * (src/machines/app.machine.ts runs every app-wide actor under a `systemId`, `APP_ACTORS`), and
 * one hook, `useAppActor(id)`, typed per id. The app root (src/app/app-root.tsx) provides the
 * running root's `system`; /login's build-time render and view tests provide a plain map of
 * actors through `appActorsOf`. Views never import the composition root: they name the actor
 * they need by its `systemId` (docs/architecture.md "Layers and allowed imports").
 */
import { createContext, useContext } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { AppActorId } from '../machines/app.machine';
import type { sessionMachine } from '../machines/session.machine';
import type { errorScreenMachine } from '../machines/error-screen.machine';
import type { platformMachine } from '../machines/platform.machine';
import type { sessionPingMachine } from '../machines/session-ping.machine';
import type { lgpdConsentMachine } from '../machines/lgpd-consent.machine';
import type { accessibilityMachine } from '../machines/accessibility.machine';
import type { appUpdateMachine } from '../machines/app-update.machine';
import type { outboxMachine } from '../machines/outbox.machine';

/** The logic of each app-wide actor, by `systemId` (every id of `APP_ACTORS`: a missing one does not compile). */
interface AppActorLogic {
  session: typeof sessionMachine;
  errorStore: typeof errorScreenMachine;
  platform: typeof platformMachine;
  sessionPing: typeof sessionPingMachine;
  lgpdConsent: typeof lgpdConsentMachine;
  accessibility: typeof accessibilityMachine;
  appUpdate: typeof appUpdateMachine;
  outbox: typeof outboxMachine;
}

/** The actor ref of each app-wide actor, by `systemId`. */
export type AppActorRefs = { [Id in AppActorId]: ActorRefFrom<AppActorLogic[Id]> };

/** The actors every screen needs: `useAppActor` throws when one of them is absent. */
export type RequiredAppActorId = 'session' | 'errorStore';

/** The app's actors by `systemId`: the root actor's `system`, or `appActorsOf(map)`. */
export interface AppActors {
  get(systemId: string): AnyActorRef | undefined;
}

export const AppActorsContext = createContext<AppActors | null>(null);

/**
 * The app's actors from a plain map (`{ session, platform, … }`): what /login's build-time
 * render (src/app/login-shell.tsx) and view tests provide instead of a running root. An id
 * missing from the map is an absent actor.
 */
export function appActorsOf(actors: Partial<AppActorRefs>): AppActors {
  return { get: (systemId) => (actors as Partial<Record<string, AnyActorRef>>)[systemId] };
}

/**
 * The app-wide actor `id` (a `systemId` of `APP_ACTORS`, src/machines/app.machine.ts), from
 * `<AppActorsContext.Provider>`; views select from it (`useSelector`) and send it events.
 *
 * When the actor is absent (no provider, or a provider without it):
 * - `session` and `errorStore`: throws — every screen of the app runs with them, so their absence
 *   is a wiring mistake, never a state to render (unless `{ optional: true }` is passed, for the
 *   few views that also render alone: the not-found page, the downloads' marks);
 * - every other id: `undefined`, and the view does without it — no banners rule (`useShowBanners`
 *   answers true), no brand, no settings panel (`AccessibilityButton` renders nothing), the default
 *   volume and data saving, no LGPD dialog, no update offer. The `outbox` is absent until its chunk
 *   has loaded: screens use `useOutbox()` (views/outbox/context.tsx), which waits for it.
 *
 * The value is read at render and is the same ref for the life of the app (the root's children
 * run while it is mounted).
 */
export function useAppActor<Id extends RequiredAppActorId>(id: Id): AppActorRefs[Id];
export function useAppActor<Id extends AppActorId>(id: Id): AppActorRefs[Id] | undefined;
export function useAppActor<Id extends AppActorId>(id: Id, options: { optional: true }): AppActorRefs[Id] | undefined;
export function useAppActor(id: AppActorId, options?: { optional: true }): AnyActorRef | undefined {
  const ref = useContext(AppActorsContext)?.get(id);
  if (!ref && !options?.optional && (id === 'session' || id === 'errorStore'))
    throw new Error(`useAppActor('${id}') needs <AppActorsContext.Provider> with the '${id}' actor`);
  return ref;
}
