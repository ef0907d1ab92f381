/**
 * Whether the platform can be reached (services/http/connectivity.ts: the browser is online AND
 * the platform answered the last request). For actions that cannot work offline (paying,
 * issuing certificates, deleting the account, changing the password; docs/offline.md): disable them
 * and show why; for the offline banner. Requests still handle their own network errors.
 * @returns true when reachable (and always true where `navigator` is missing).
 */
import { useSyncExternalStore } from 'react';
import { isReachable, subscribeReachability } from '../../services/http/connectivity';

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeReachability, isReachable, () => true);
}
