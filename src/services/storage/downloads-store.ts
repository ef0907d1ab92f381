/**
 * The student's downloads for offline study (docs/offline.md "Downloaded courses and
 * modules"): one record per downloaded course or module, per student, in IndexedDB (`idb`,
 * database `portal-downloads` version 1, store `downloads`, key `<userId>:<kind>:<id>`, index
 * `userId`). A record is written only once every file of its download is stored, so a download
 * that failed or was cancelled is never marked available.
 *
 * A record keeps its server reads (course, modules, learning objects, support-file lists) as
 * well: the query persistence drops reads after 7 days or on a new deployment, a download must
 * outlive both (`seedDownloadedReads` puts them back).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What is downloaded: a whole course, or one module. */
export interface DownloadTarget {
  kind: 'course' | 'module';
  id: number;
  /** Its name when it was downloaded (shown in 'Minha conta'). */
  name: string;
  /** The course (the course itself for a course). */
  courseId: number;
}

/** One server read kept with a download: its query key and the data the app read. */
export interface DownloadedRead {
  queryKey: readonly unknown[];
  data: unknown;
  /** When it was read, ms since the epoch. */
  updatedAt: number;
}

/** One download of one student, as stored. */
export interface DownloadRecord extends DownloadTarget {
  /** `<userId>:<kind>:<id>` (`downloadKey`). */
  key: string;
  userId: number;
  /** When it completed, ms since the epoch. */
  savedAt: number;
  /** Bytes it took when downloaded (files + reads). */
  bytes: number;
  /** Absolute URLs of its files in the student's downloads cache (shared files appear in several records). */
  files: string[];
  /** Modules it covers (one for a module; every module of a course) — for the marks on the lists. */
  moduleIds: number[];
  /** Learning objects that cannot work offline (external links, third-party embeds). */
  onlineOnly: number[];
  reads: DownloadedRead[];
}

/** Key of a student's download of `kind` `id`. */
export const downloadKey = (userId: number, kind: DownloadTarget['kind'], id: number) => `${userId}:${kind}:${id}`;

/** Where the records are kept. */
export const DOWNLOADS_DB = { name: 'portal-downloads', version: 1, store: 'downloads' } as const;

interface DownloadsSchema extends DBSchema {
  downloads: { key: string; value: DownloadRecord; indexes: { userId: number } };
}

let opening: Promise<IDBPDatabase<DownloadsSchema>> | null = null;
/** The database, opened on first use; a failed open is retried by the next call. @throws where IndexedDB refuses. */
function db(): Promise<IDBPDatabase<DownloadsSchema>> {
  opening ??= openDB<DownloadsSchema>(DOWNLOADS_DB.name, DOWNLOADS_DB.version, {
    upgrade(database) {
      const store = database.createObjectStore(DOWNLOADS_DB.store, { keyPath: 'key' });
      store.createIndex('userId', 'userId');
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** @returns `userId`'s downloads, oldest first; [] where IndexedDB is unavailable. */
export async function listDownloads(userId: number): Promise<DownloadRecord[]> {
  try {
    const all = await (await db()).getAllFromIndex(DOWNLOADS_DB.store, 'userId', userId);
    return all.sort((a, b) => a.savedAt - b.savedAt);
  } catch {
    return [];
  }
}

/** @returns one download, or null. Never rejects. */
export async function getDownload(key: string): Promise<DownloadRecord | null> {
  try {
    return (await (await db()).get(DOWNLOADS_DB.store, key)) ?? null;
  } catch {
    return null;
  }
}

/** Stores (or replaces) a completed download. @throws (rejects) when IndexedDB refuses (quota). */
export async function putDownload(record: DownloadRecord): Promise<void> {
  await (await db()).put(DOWNLOADS_DB.store, record);
}

/** Deletes one download's record (its files are the caller's). @throws (rejects) when IndexedDB refuses. */
export async function deleteDownload(key: string): Promise<void> {
  await (await db()).delete(DOWNLOADS_DB.store, key);
}

/** Deletes every download record of `userId` (sign-out). Never rejects. */
export async function forgetDownloads(userId: number): Promise<void> {
  try {
    const database = await db();
    const keys = await database.getAllKeysFromIndex(DOWNLOADS_DB.store, 'userId', userId);
    const tx = database.transaction(DOWNLOADS_DB.store, 'readwrite');
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  } catch {
    // nothing stored
  }
}
