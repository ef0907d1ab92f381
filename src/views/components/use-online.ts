/**
 * Whether the browser says it is online (`navigator.onLine`, kept current by the `online` /
 * `offline` events). For actions that cannot work offline (paying, issuing certificates:
 * issue 5): disable them and show why. `navigator.onLine === true` does not prove the
 * server is reachable — requests still handle their own network errors.
 * @returns true when online (and always true where `navigator` is missing).
 */
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (typeof navigator === 'undefined' ? true : navigator.onLine),
    () => true,
  );
}
