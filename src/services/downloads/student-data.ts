/**
 * What the session's device-data wiring (src/app/wiring/records.ts) does with a student's
 * downloads (issue 20), in one module loaded lazily (never with the signed-in entry).
 */
import type { QueryClient } from '@tanstack/react-query';
import { forgetDownloads } from '../storage/downloads-store';
import { clearStudentDownloads, setDownloadsOwner } from '../pwa/downloads-cache';

export { seedDownloadedReads } from './seed';

/**
 * Another student (or nobody) uses the app: `leaver`'s downloaded files and records are deleted
 * (null: nobody left), then the service worker is told to answer from `userId`'s downloads only
 * (null: nobody's). Never rejects.
 */
export async function switchDownloadsStudent(
  leaver: number | null,
  userId: number | null,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  if (leaver !== null) await Promise.all([clearStudentDownloads(leaver, storage), forgetDownloads(leaver)]);
  await setDownloadsOwner(userId, storage);
}

/** What records.ts uses of this module (tests pass fakes). */
export interface StudentDownloads {
  switchDownloadsStudent(leaver: number | null, userId: number | null): Promise<void>;
  seedDownloadedReads(client: QueryClient, userId: number): Promise<number>;
}
