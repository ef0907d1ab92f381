/**
 * Route guards of docs/product.md §2 "Navigation behaviours" and §6 (area flags).
 * They only read the session actor and redirect; no business data is fetched here.
 */
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useCurrentUser, useSessionStatus } from './session-context';
import { AppLayout } from './components/app-layout';
import { PageLoading } from './components/page-loading';
import { WaitingForNetwork } from './components/waiting-for-network';
import { HOME_PLATFORM_ID } from './guest-only';
import { ROUTE_PATHS, type AreaFlag } from '../services/navigation/routes';
import { signInLink } from '../services/navigation/links';

// The guard of the public auth pages lives apart (guest-only.tsx) so /login does not load the
// signed-in layout with it (docs/performance.md "Only /login in the entry"); re-exported here
// with the other guards.
export { GuestOnly, HOME_PLATFORM_ID, signedInLanding } from './guest-only';

/**
 * Renders `children` inside the signed-in layout; without a session sends the student
 * to `/login?next_route=<wanted full path, hash included>` (docs/product.md §2); with a token but no known
 * user while the platform does not answer, says so (the session stays:
 * docs/decisions/0007-offline-keeps-the-last-known-user.md).
 */
export function Protected({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const [path] = useLocation();
  const search = useSearch();
  if (status === 'pending') return <PageLoading />;
  if (status === 'waiting') return <WaitingForNetwork />;
  if (status === 'anonymous') {
    // The whole place, `#hash` included (wouter's location has none).
    const hash = typeof location === 'undefined' ? '' : location.hash;
    const wanted = `${path}${search ? `?${search}` : ''}${hash}`;
    return <Redirect to={signInLink(wanted)} replace />;
  }
  return <AppLayout>{children}</AppLayout>;
}

/** `/`: redirects to /home on platform 1 (docs/product.md §2), else shows the index. */
export function IndexRoute({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user?.platform_id === HOME_PLATFORM_ID) return <Redirect to={ROUTE_PATHS.home} replace />;
  return <>{children}</>;
}

/** A user flag that opens an area (docs/product.md §6); which route needs which: src/services/navigation/routes.ts. */
export type { AreaFlag } from '../services/navigation/routes';

/** /transito, /graduacao, /tecmix: only for students with `flag`; others go to /home (docs/product.md §2, §6). */
export function AreaGuard({ flag, children }: { flag: AreaFlag; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user?.[flag]) return <Redirect to={ROUTE_PATHS.home} replace />;
  return <>{children}</>;
}
