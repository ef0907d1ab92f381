/**
 * React access to the session actor (docs/product.md §4 Auth), the app's `session` actor
 * (`useAppActor`, ./app-actors.tsx). Views select narrow slices and send events; they never call
 * the auth API themselves.
 */
import { useSelector } from '@xstate/react';
import { signedInStudent } from '../machines/session.machine';
import type { SessionUser } from '../services/contract/session';
import { useAppActor, type AppActorRefs } from './app-actors';

export type SessionRef = AppActorRefs['session'];

/** @returns the session actor (`useAppActor('session')`); throws when the app's actors have none. */
export function useSessionRef(): SessionRef {
  return useAppActor('session');
}

/**
 * 'authenticated' | 'anonymous' | 'pending' (checking or loading the user) | 'waiting' (a token,
 * no known user, and the platform does not answer: the session waits for it).
 */
export type SessionStatus = 'authenticated' | 'anonymous' | 'pending' | 'waiting';

/** @returns the session status as the router guards need it. */
export function useSessionStatus(): SessionStatus {
  return useSelector(useSessionRef(), (s) =>
    s.hasTag('authenticated')
      ? 'authenticated'
      : s.hasTag('waitingForNetwork')
        ? 'waiting'
        : s.hasTag('anonymous') && !s.hasTag('busy')
          ? 'anonymous'
          : 'pending',
  );
}

/**
 * @returns the signed-in student, or null: the session machine's `signedInStudent`, the same
 *   answer the wiring follows (still the student while 'Sair' revokes the token). A SessionUser:
 *   the profile's personal data comes from the `GET /users/self` query (views/account/profile.tsx).
 */
export function useCurrentUser(): SessionUser | null {
  return useSelector(useSessionRef(), signedInStudent);
}
