/**
 * The student's data on this device: their saved server reads restored and kept while
 * they are signed in, deleted with their offline media when they leave.
 */
import type { QueryClient } from '@tanstack/react-query';
import { APP_BUILD } from '../../services/config';
import type { StudentQueryCache } from '../../services/storage/query-persistence';
import { clearStudentCaches } from '../../services/pwa/caches';
import type { StudentDownloads } from '../../services/downloads/student-data';
import { loadQueryClient } from '../query/load-client';
import { queryRestoring } from '../query/page-client';

/** What `studentDeviceData` needs (tests pass fakes). */
export interface DeviceDataOptions {
  /** The query client to restore into (default: the page's, loaded with its chunk when a student signs in). */
  client?: QueryClient;
  restoring?: { set(value: boolean): void };
  buster?: string;
  /** Loads the persistence module (lazily: the login screen never downloads it). */
  load?: () => Promise<typeof import('../../services/storage/query-persistence')>;
  /** Deletes the signed-out student's offline media. */
  clearCaches?: () => Promise<void>;
  /** Loads what is done with the students' downloads (docs/offline.md; lazily: never with the entry). */
  downloads?: () => Promise<StudentDownloads>;
  /** Tells the service worker nobody's downloads may be answered (a page load signed out). */
  clearDownloadsOwner?: () => Promise<void>;
}

/**
 * Keeps the device's offline data on the signed-in student (docs/offline.md):
 * - a student signs in (or a page loads with their session): `restoring` becomes true at once
 *   (before any signed-in screen renders, so screens wait for the saved reads instead of going to
 *   the network), their saved reads are restored into the query client — TanStack Query and the
 *   persister load lazily then, never on /login signed out (docs/performance.md) — and saved from then on;
 *   and the reads of their downloads (docs/offline.md) are put back where missing; the service worker is
 *   told that their downloads are the ones it may answer from;
 * - they sign out (or the session ends): saving stops at once, their saved reads, their
 *   offline media and their downloads are deleted — the next student on this device finds none of it.
 * The app's root actor decides when (its rule on `fact.student`, src/machines/app.machine.ts);
 * this is what happens then.
 * @returns `(userId, previous)`: called with the signed-in student's id (null: nobody) each time it
 *   changes, and once at start (`previous` undefined).
 */
export function studentDeviceData(
  options: DeviceDataOptions = {},
): (userId: number | null, previous: number | null | undefined) => void {
  const loadClient = options.client ? () => Promise.resolve(options.client!) : loadQueryClient;
  const restoring = options.restoring ?? queryRestoring;
  const buster = options.buster ?? APP_BUILD;
  const load = options.load ?? (() => import('../../services/storage/query-persistence'));
  const clearCaches = options.clearCaches ?? (() => clearStudentCaches());
  // The downloads' module loads only when needed (never with the signed-in entry).
  const downloads = options.downloads ?? (() => import('../../services/downloads/student-data'));
  // Signed out with nobody leaving (/login loaded signed out): only the owner is cleared (a tiny
  // module), never the downloads' code (docs/performance.md, /login budget).
  const clearDownloadsOwner =
    options.clearDownloadsOwner ??
    (() => import('../../services/pwa/downloads-cache').then(({ setDownloadsOwner }) => setDownloadsOwner(null)));
  // Changes of the service worker's owner happen in order, after the previous student's data is gone.
  let ownerChange: Promise<unknown> = Promise.resolve();
  let cache: StudentQueryCache | null = null;
  let generation = 0;
  return (userId, previous) => {
    const turn = ++generation;
    const leaving = cache;
    cache = null;
    leaving?.close();
    const leaver = previous ?? null;
    if (leaver !== null) {
      void load()
        .then((m) => m.forgetStudentQueries(leaver))
        .catch(() => {});
      void clearCaches();
    }
    ownerChange = ownerChange
      .then(() =>
        leaver === null && userId === null
          ? clearDownloadsOwner()
          : downloads().then((m) => m.switchDownloadsStudent(leaver, userId)),
      )
      .catch(() => {});
    if (userId === null) {
      restoring.set(false);
      return;
    }
    restoring.set(true);
    // The downloads' module loads while the saved reads are restored (its seeding runs after them).
    const seeding = downloads();
    seeding.catch(() => undefined);
    void Promise.all([load(), loadClient()])
      .then(async ([m, client]) => {
        const opened = m.openStudentQueryCache(client, userId, buster);
        await opened.restore();
        if (turn === generation) await seeding.then((d) => d.seedDownloadedReads(client, userId)).catch(() => 0);
        if (turn !== generation) {
          // Signed out (or someone else signed in) while restoring: nothing of theirs may stay.
          opened.close();
          client.clear();
          return;
        }
        cache = opened;
        opened.subscribe();
      })
      .catch(() => {})
      .finally(() => {
        if (turn === generation) restoring.set(false);
      });
  };
}
