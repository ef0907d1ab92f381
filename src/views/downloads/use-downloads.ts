/**
 * The signed-in student's downloads on this device (docs/offline.md), for the marks of the lists and the
 * state of the download buttons: read from IndexedDB (the store loads lazily, never with the
 * signed-in entry), offline too (network mode `always`), refreshed when a download finishes or is
 * removed (`downloadsKeys`).
 * @returns the records, oldest first ([] while loading, signed out, or where IndexedDB is unavailable).
 */
import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { downloadsKeys } from '../../services/api/keys/downloads';
import type { DownloadRecord } from '../../services/storage/downloads-store';
import { useAppActor } from '../app-actors';
import { signedInStudent } from '../../machines/session.machine';

const NONE: DownloadRecord[] = [];

/**
 * @returns the signed-in student's id (the session machine's `signedInStudent`, as the wiring
 *   and `useCurrentUser` see it), or null (also without a session actor, e.g. a screen alone in
 *   a test).
 */
export function useSignedInId(): number | null {
  const session = useAppActor('session', { optional: true });
  const read = () => {
    const snapshot = session?.getSnapshot();
    return (snapshot && signedInStudent(snapshot)?.id) ?? null;
  };
  // The same on the server: a page rendered at build time signed in (src/app/early-shell.tsx) has
  // the download button the app's first render has; /login's, hydrated, is signed out (null).
  return useSyncExternalStore((listener) => (session ? session.subscribe(listener).unsubscribe : () => {}), read, read);
}

export function useDownloadRecords(): DownloadRecord[] {
  const userId = useSignedInId();
  const query = useQuery({
    queryKey: downloadsKeys.of(userId),
    queryFn: () => import('../../services/storage/downloads-store').then((m) => m.listDownloads(userId ?? 0)),
    enabled: userId !== null,
    networkMode: 'always',
    staleTime: Infinity,
  });
  return query.data ?? NONE;
}
