/**
 * The signed-in student's downloads on this device (issue 20), for the marks of the lists and the
 * state of the download buttons: read from IndexedDB (the store loads lazily, never with the
 * signed-in entry), offline too (network mode `always`), refreshed when a download finishes or is
 * removed (`downloadsKeys`).
 * @returns the records, oldest first ([] while loading, signed out, or where IndexedDB is unavailable).
 */
import { useQuery } from '@tanstack/react-query';
import { downloadsKeys } from '../../services/api/keys/downloads';
import type { DownloadRecord } from '../../services/storage/downloads-store';
import { useCurrentUser } from '../session-context';

const NONE: DownloadRecord[] = [];

export function useDownloadRecords(): DownloadRecord[] {
  const userId = useCurrentUser()?.id ?? null;
  const query = useQuery({
    queryKey: downloadsKeys.of(userId),
    queryFn: () => import('../../services/storage/downloads-store').then((m) => m.listDownloads(userId ?? 0)),
    enabled: userId !== null,
    networkMode: 'always',
    staleTime: Infinity,
  });
  return query.data ?? NONE;
}
