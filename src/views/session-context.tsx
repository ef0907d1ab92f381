/**
 * React access to the session actor (docs/product.md §4 Auth). Views select narrow slices
 * and send events; they never call the auth API themselves.
 */
import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { signedInStudent, type sessionMachine } from '../machines/session.machine';
import type { User } from '../services/contract/session';

export type SessionRef = ActorRefFrom<typeof sessionMachine>;

export const SessionContext = createContext<SessionRef | null>(null);

/** @returns the session actor; throws when used outside `<SessionContext.Provider>`. */
export function useSessionRef(): SessionRef {
  const ref = useContext(SessionContext);
  if (!ref) throw new Error('useSessionRef needs <SessionContext.Provider>');
  return ref;
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
 *   answer the wiring follows (still the student while 'Sair' revokes the token).
 */
export function useCurrentUser(): User | null {
  return useSelector(useSessionRef(), signedInStudent);
}
