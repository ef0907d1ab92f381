/**
 * Which reads are never written to the device (docs/offline.md "Personal data on the device",
 * "What works offline"), and so which screens cannot show anything offline before their data is read
 * on that page load: the one place of that rule, for the persistence
 * (src/services/storage/query-persistence.ts, through ../query-keys.ts) and for the offline
 * messages of the screens (src/views/components/page-loading.tsx). Imports only the key modules it
 * names and the route table, so that the signed-in entry may read it.
 */
import { matchRoute, type RouteName } from '../../navigation/routes';
import { accountKeys } from './account';
import { financesKeys } from './finances';
import { translationKeys } from './translations';
import { learningKeys } from './learning';
import { shortVideoKeys } from './short-videos';
import { downloadsKeys } from './downloads';

/** First elements of the keys whose reads are never written to the device. */
export const NOT_PERSISTED: readonly string[] = [
  accountKeys.all[0],
  financesKeys.allPixQr[0],
  translationKeys.all[0],
  learningKeys.allPreviews[0],
  shortVideoKeys.allActivity[0],
  downloadsKeys.all[0],
];

/**
 * The first elements of the keys of the reads a screen waits for before it shows its content, for
 * the routes whose reads may be kept off the device; a route not listed reads only what the device
 * keeps (courses, modules, grades, bills…).
 */
export const ROUTE_READS: Partial<Record<RouteName, readonly string[]>> = {
  account: [accountKeys.all[0]],
  preview: [learningKeys.allPreviews[0]],
};

/** Whether reads under the key whose first element is `root` are written to the device. */
export function isPersistedRoot(root: unknown): boolean {
  return !(typeof root === 'string' && NOT_PERSISTED.includes(root));
}

/**
 * Whether the screen at `path` can come from the device once opened: false when every read it
 * waits for is in `NOT_PERSISTED` (its data is deliberately not kept, so offline it appears only
 * when the connection returns, however often it was opened), true otherwise.
 * @param path a pathname, optionally with `?query` and `#hash`, e.g. '/conta'.
 */
export function routeDataKeptOffline(path: string): boolean {
  const route = matchRoute(path);
  const reads = route ? ROUTE_READS[route.name] : undefined;
  return reads === undefined || reads.some(isPersistedRoot);
}
