/**
 * The session ping (docs/product.md §7, §9) and the LGPD consent prompt (docs/product.md §4): their machines with the
 * real calls, and the facts of the session and the platform they follow.
 */
import { fromPromise, sendParent } from 'xstate';
import type { EventBus } from '../../services/events/bus';
import { sessionPingMachine } from '../../machines/session-ping.machine';
import { lgpdConsentMachine } from '../../machines/lgpd-consent.machine';
import { SESSION_PING_MS } from '../../services/config';
import { writeCachedUser } from '../../services/storage/user-cache';
import { withQueryClient } from '../query/page-client';

// Loaded when used: what only a signed-in student needs stays out of /login.
const consentApi = () => import('../../services/api/consent');
const writeEffects = () => import('../../services/api/keys/write-effects');

/**
 * The session ping (docs/product.md §7, §9) with the real v2 `POST /user-session/log` and the configured
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
 * The LGPD consent machine (docs/product.md §4, §7) with its real effects: `acceptLgpd` → `POST
 * /users/updateAcceptedLgpd` (the answer is cached as the current user at once, and the reads
 * the acceptance touches are invalidated: `WRITE_EFFECTS['lgpd.accepted']`), `emitPrompt`
 * → `lgpd.prompt` on `bus`, `refreshUser` → `onAccepted()` (the session's `user.refresh`).
 */
export function provideLgpdConsent(bus: EventBus | null) {
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
      // The root actor's rule: the session reads the user again (src/machines/app.machine.ts).
      refreshUser: sendParent({ type: 'lgpd.accepted' }),
    },
  });
}
