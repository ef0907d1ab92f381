/**
 * The guard of the public auth pages (docs/product.md §2: /login, password reset): a signed-in student is
 * sent to /home (platform 1) or /. Apart from guards.tsx so that /login does not load the
 * signed-in layout (docs/performance.md "Only /login in the entry").
 */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { SessionUser } from '../services/contract/session';
import { useCurrentUser, useSessionStatus } from './session-context';
import { ROUTE_PATHS } from '../services/navigation/routes';

/** Platform whose index (/) and signed-in landing is /home (docs/product.md §2). */
export const HOME_PLATFORM_ID = 1;

/** Where a signed-in student lands from /login: /home on platform 1, else / (docs/product.md §2). */
export function signedInLanding(user: SessionUser | null): string {
  return user?.platform_id === HOME_PLATFORM_ID ? ROUTE_PATHS.home : ROUTE_PATHS.index;
}

/** Public auth pages: a signed-in student is sent to /home (platform 1) or / (docs/product.md §2). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const user = useCurrentUser();
  if (status === 'authenticated') return <Redirect to={signedInLanding(user)} replace />;
  return <>{children}</>;
}
