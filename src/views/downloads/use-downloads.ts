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
  return useSyncExternalStore(
    (listener) => (session ? session.subscribe(listener).unsubscribe : () => {}),
    () => {
      const snapshot = session?.getSnapshot();
      return (snapshot && signedInStudent(snapshot)?.id) ?? null;
    },
    () => null,
  );
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
