/**
 * The facts several actors follow, each derived in this one place and told to each actor by one
 * subscription of its own: who is signed in (from the session actor) and whether the platform
 * can be reached (services/http/connectivity.ts: the browser is online and the platform answered
 * its last request). Followers: the accessibility settings, the student's saved reads, the LGPD
 * prompt and the outbox (signed-in student); the session, the error store, the platform lookup,
 * the outbox and the Pix payment (reachability).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine';
import type { User } from '../../services/contract/session';
import { isReachable, subscribeReachability } from '../../services/http/connectivity';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** What the followers read of the session actor. */
export type SessionSource = Pick<ActorRefFrom<typeof sessionMachine>, 'getSnapshot' | 'subscribe'>;

/** The signed-in student (the session is authenticated and knows its user), or null. */
export function signedInUserOf(snapshot: SessionSnapshot): User | null {
  return snapshot.hasTag('authenticated') ? (snapshot.context.user ?? null) : null;
}

/** The signed-in student's id, or null when nobody is signed in. */
export function signedInStudentOf(snapshot: SessionSnapshot): number | null {
  return signedInUserOf(snapshot)?.id ?? null;
}

/**
 * Tells `tell` who is signed in: once at once (`previous` undefined), then on every change of
 * the signed-in student's id (sign-in, a cached session at start, sign-out, a 401, another
 * student). @returns the unsubscribe function.
 */
export function followSignedInStudent(
  session: SessionSource,
  tell: (userId: number | null, previous: number | null | undefined) => void,
): () => void {
  let current: number | null | undefined;
  const follow = (snapshot: SessionSnapshot) => {
    const userId = signedInStudentOf(snapshot);
    if (userId === current) return;
    const previous = current;
    current = userId;
    tell(userId, previous);
  };
  follow(session.getSnapshot()); // subscribe() reports changes only, not the current state
  return session.subscribe(follow).unsubscribe;
}

/** Where reachability is read (default: services/http/connectivity.ts; tests pass fakes). */
export interface ReachabilitySource {
  isReachable(): boolean;
  subscribe(listener: () => void): () => void;
}

const connectivity: ReachabilitySource = { isReachable, subscribe: subscribeReachability };

/**
 * Tells `tell` whether the platform can be reached, on every change (not at once).
 * @returns the unsubscribe function.
 */
export function followReachabilityChanges(
  tell: (reachable: boolean) => void,
  source: ReachabilitySource = connectivity,
): () => void {
  return source.subscribe(() => tell(source.isReachable()));
}
