/**
 * Offline reads (docs/offline.md; docs/architecture.md §D2 "offline-persisted cache per user"): the signed-in
 * student's server reads (TanStack Query) are kept on this device in IndexedDB (`idb`, database
 * `portal-offline` version 1, store `queries`, one entry per student: `student:<id>`), so the
 * courses, modules, learning objects, grades and attachments they already opened show offline.
 *
 * - Restored when their session starts on this device (also on a page load offline) as stale
 *   reads (shown at once, read again when the platform answers), kept up
 *   to date while they use the app (throttled: one write a second at most), and dropped after
 *   `OFFLINE_MAX_AGE_MS` (7 days) or when the app version changes (`buster`: a new version may read
 *   other shapes).
 * - Never written after `close()` — so a write scheduled just before a sign-out can never
 *   bring the student's data back — and deleted by `forget()` when they sign out.
 * - Not persisted: reads that hold no study data or are personal beyond need (the profile with
 *   CPF and address, Pix QR images, translations, public previews), and the short-video resume
 *   read (`userActivity`): a restored answer is older than the position the student saved since,
 *   and the player must decide from this opening's answer (or from the device's unsent position).
 *
 * Loaded lazily (dynamic import) after sign-in: the login screen never downloads it.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { OFFLINE_MAX_AGE_MS } from './offline-age';
import { NOT_PERSISTED } from '../api/query-keys';

/** First elements of query keys that are never written to the device. */
export const NOT_PERSISTED_KEYS: readonly string[] = NOT_PERSISTED;

/** The IndexedDB entry of one student's reads. */
export const studentCacheKey = (userId: number) => `student:${userId}`;

/** Where the reads are kept: a key-value store (out-of-line keys, JSON strings as values). */
export const QUERIES_DB = { name: 'portal-offline', version: 1, store: 'queries' } as const;

let opening: Promise<IDBPDatabase> | null = null;
/**
 * The database, opened on first use (creating its store on a device that has none yet). A failed
 * open is not kept: the next call tries again.
 * @throws (rejects) where IndexedDB is missing or refuses to open.
 */
function queriesDb(): Promise<IDBPDatabase> {
  opening ??= openDB(QUERIES_DB.name, QUERIES_DB.version, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(QUERIES_DB.store)) db.createObjectStore(QUERIES_DB.store);
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}
/**
 * Whether the reads' database may exist on this device: false only when the browser lists its
 * databases (`indexedDB.databases()`, Chromium 71, Safari 14, Firefox 126) and it is not among
 * them; true where it cannot tell. Never rejects.
 */
export async function savedReadsMayExist(): Promise<boolean> {
  if (opening) return true;
  try {
    if (typeof indexedDB?.databases !== 'function') return true;
    return (await indexedDB.databases()).some((db) => db.name === QUERIES_DB.name);
  } catch {
    return true;
  }
}

const get = async (key: string): Promise<string | undefined> =>
  (await queriesDb()).get(QUERIES_DB.store, key) as Promise<string | undefined>;
const set = async (key: string, value: string): Promise<void> => {
  await (await queriesDb()).put(QUERIES_DB.store, value, key);
};
const del = async (key: string): Promise<void> => (await queriesDb()).delete(QUERIES_DB.store, key);

/** Whether a query's data may be saved on the device: successful and not excluded. */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const first = query.queryKey[0];
  return query.state.status === 'success' && !(typeof first === 'string' && NOT_PERSISTED_KEYS.includes(first));
}

/** One student's saved reads. */
export interface StudentQueryCache {
  /** Puts the saved reads into `client` (expired or other-version ones are deleted instead). Never rejects. */
  restore(): Promise<void>;
  /** Saves `client`'s reads from now on (until `close()`). */
  subscribe(): void;
  /** Stops saving at once; later writes (even ones already scheduled) are dropped. */
  close(): void;
  /** `close()`, then deletes the saved reads from the device. Never rejects. */
  forget(): Promise<void>;
}

/**
 * Opens the saved reads of student `userId` for `client`.
 * @param buster the app version; saved reads of another version are discarded.
 */
export function openStudentQueryCache(client: QueryClient, userId: number, buster: string): StudentQueryCache {
  const key = studentCacheKey(userId);
  let closed = false;
  let unsubscribe: (() => void) | null = null;
  const persister = createAsyncStoragePersister({
    key,
    throttleTime: 1000,
    storage: {
      getItem: (k) => get(k).then((value) => value ?? null),
      setItem: (k, value: string) => (closed ? Promise.resolve() : set(k, value)),
      removeItem: (k) => del(k),
    },
  });
  const close = () => {
    closed = true;
    unsubscribe?.();
    unsubscribe = null;
  };
  return {
    restore: async () => {
      const startedAt = Date.now();
      // What the platform already answered on this page load (e.g. the route's early read, which
      // can land before the restore starts) is fresh: only what the restore put back is marked.
      const answered = new Map(
        client
          .getQueryCache()
          .getAll()
          .map((q) => [q.queryHash, q.state.dataUpdatedAt]),
      );
      // A device that never saved a read (a first visit) has no database yet: nothing to open —
      // creating it would only hold the first screen back. It is created by the first save.
      if (!(await savedReadsMayExist())) return;
      try {
        await persistQueryClientRestore({ queryClient: client, persister, maxAge: OFFLINE_MAX_AGE_MS, buster });
      } catch {
        // Unreadable (quota, private mode, a damaged entry): the app reads from the network.
        return;
      }
      // What comes back is the last known state, never fresh: screens show it at once and read
      // it again from the platform as soon as it answers (progress may have changed meanwhile).
      await client.invalidateQueries({
        refetchType: 'none',
        predicate: (query) =>
          query.state.dataUpdatedAt > 0 &&
          query.state.dataUpdatedAt <= startedAt &&
          answered.get(query.queryHash) !== query.state.dataUpdatedAt,
      });
    },
    subscribe: () => {
      if (closed || unsubscribe) return;
      unsubscribe = persistQueryClientSubscribe({
        queryClient: client,
        persister,
        buster,
        dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
      });
    },
    close,
    forget: async () => {
      close();
      try {
        await del(key);
      } catch {
        // IndexedDB unavailable: nothing was saved either.
      }
    },
  };
}

/**
 * Deletes student `userId`'s saved reads without opening them (e.g. an account deleted on
 * another tab). Never rejects.
 */
export async function forgetStudentQueries(userId: number): Promise<void> {
  try {
    await del(studentCacheKey(userId));
  } catch {
    // nothing to delete
  }
}
