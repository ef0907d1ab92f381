/**
 * What the session's device-data wiring (src/app/wiring/records.ts) does with a student's
 * downloads (docs/offline.md), in one module loaded lazily (never with the signed-in entry).
 */
import type { QueryClient } from '@tanstack/react-query';
import { clearStudentDownloads, setDownloadsOwner } from '../pwa/downloads-cache';

// A page load signed out (/login) only tells the service worker nobody's downloads may be
// answered: the download records (IndexedDB) and the reads' seeding load only for a student, so
// /login never fetches them nor the signed-in code they share (docs/performance.md).
const downloadsStore = () => import('../storage/downloads-store');

/** Puts `userId`'s downloaded reads back into `client` where missing (./seed.ts). @returns how many. */
export async function seedDownloadedReads(client: QueryClient, userId: number): Promise<number> {
  return (await import('./seed')).seedDownloadedReads(client, userId);
}

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
  if (leaver !== null)
    await Promise.all([
      clearStudentDownloads(leaver, storage),
      downloadsStore().then(({ forgetDownloads }) => forgetDownloads(leaver)),
    ]);
  await setDownloadsOwner(userId, storage);
}

/** What records.ts uses of this module (tests pass fakes). */
export interface StudentDownloads {
  switchDownloadsStudent(leaver: number | null, userId: number | null): Promise<void>;
  seedDownloadedReads(client: QueryClient, userId: number): Promise<number>;
}
