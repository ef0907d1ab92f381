/**
 * The session (docs/product.md §4 Auth): the session machine with the real auth calls and storage
 * ('Sair' sends the outbox first), and the post-login setup.
 */
import { fromPromise, type ActorSystem, type AnyActorRef } from 'xstate';
import type { OutboxRef } from '../../machines/app.machine';
import { navigate } from 'wouter/use-browser-location';
import type { EventBus } from '../../services/events/bus';
import { sessionMachine, type LogoutReason } from '../../machines/session.machine';
import { ACCOUNT_DELETED_QUERY, expiredLoginPath } from '../../services/navigation/login-notices';
import { postAuthToken } from '../../services/api/auth';
import { getUsersSelf } from '../../services/api/users';
import { bootResults } from '../../services/boot/steps';
import { safeNextRoute } from '../../services/navigation/safe-redirect';
import { clearToken, setToken } from '../../services/storage/token';
import type { CountryCode, SessionUser } from '../../services/contract/session';
import { clearCachedUser, writeCachedUser } from '../../services/storage/user-cache';
import { clearPlatformSettings } from '../../services/storage/platform-settings';
import { withQueryClient } from '../query/page-client';
import { loadWidgetConfig } from './widgets';

type AnySystem = ActorSystem<{ actors: Record<string, AnyActorRef> }>;

/**
 * Session machine with the real auth calls and storage (docs/product.md §4 Auth). Built when called (once,
 * by main.tsx), not at import: building a machine is work (XState resolves every state and
 * transition), kept out of the entry's evaluation (TBT, docs/performance.md).
 */
export const provideSession = () =>
  sessionMachine.provide({
    actors: {
      login: fromPromise(async ({ input }: { input: { username: string; password: string; scope: CountryCode } }) => {
        const { access_token } = await postAuthToken(input);
        return { access_token };
      }),
      fetchUser: fromPromise(() => getUsersSelf()),
      // 'Sair' first sends what the outbox holds while the token still works (docs/offline.md
      // "Signing out and another student"): the app's `outbox` actor, when it runs; then revokes.
      revokeToken: fromPromise(async ({ system }) => {
        const outbox = (system as AnySystem).get('outbox') as OutboxRef | undefined;
        if (outbox) await (await import('./learning')).drainOutbox({ actor: outbox }).catch(() => undefined);
        await (await import('../../services/api/auth')).postAuthLogout();
      }),
      postLoginSetup: fromPromise<void, { user: SessionUser }>(() => postLoginSetup()),
    },
    actions: {
      storeToken: (_, params: { token: string }) => setToken(params.token),
      storeUser: (_, params: { user: SessionUser }) => writeCachedUser(params.user),
      clearAuth: () => {
        clearToken();
        clearCachedUser();
        clearPlatformSettings();
        // The previous student's server reads must not show to the next one on this device.
        withQueryClient((client) => client.clear());
      },
      // The post-login setup rejected (a step failed after all ran): for developers only, like a
      // failed startup step (docs/product.md §8); the student stays signed in and sees only what the step showed.
      logSetupFailure: (_, params: { error: unknown }) =>
        console.error('[setup] post-login setup failed', params.error),
      navigateAfterLogin: (_, params: { nextRoute: string | null }) =>
        navigate(safeNextRoute(params.nextRoute), { replace: true }),
      // After an account deletion /login says so ('Sua conta foi excluída.'); after a 401
      // it says the session expired and keeps the page (hash included) to come back to.
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

/** One step of the post-login setup (docs/product.md §4); a rejection never blocks the others. */
export type PostLoginStep = (bus: EventBus | null) => Promise<void> | void;

/**
 * The isolated steps of the post-login setup (docs/product.md §4), by name: adding a step is one line.
 * What follows a state rather than running once lives in machines and starts at the same
 * moment: accessibility config — accessibility machine (`followStudentSettings`); user refresh —
 * session machine (`user.refresh`); session ping — `sessionPingMachine` (`followSessionPing`,
 * from the start of the setup); LGPD check — `lgpdConsentMachine` (`followLgpdConsent`).
 */
export const POST_LOGIN_STEPS: Record<string, PostLoginStep> = {
  widgetConfig: loadWidgetConfig,
};

/**
 * Post-login setup of docs/product.md §4 (run 1 s after sign-in, and on a page load with a valid session,
 * by the session machine): runs every step of `steps` at once, each isolated
 * (`Promise.allSettled`: a failing step never stops the others).
 * @throws AggregateError once every step has settled, when any failed: its message names the
 *   failed steps, its `errors` are their reasons (the session machine logs it and goes on).
 */
export async function postLoginSetup(
  bus: EventBus | null = bootResults.eventBus,
  steps: Record<string, PostLoginStep> = POST_LOGIN_STEPS,
): Promise<void> {
  const names = Object.keys(steps);
  const results = await Promise.allSettled(names.map(async (name) => steps[name]!(bus)));
  const failed = names.filter((_, i) => results[i]!.status === 'rejected');
  if (failed.length > 0) {
    const reasons = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    throw new AggregateError(reasons, `post-login setup: ${failed.map((name) => `"${name}"`).join(', ')} failed`);
  }
}
