/**
 * Storing a planned download (docs/offline.md "Downloaded courses and modules"): its files into the student's downloads cache
 * (`downloads:<userId>`, Cache Storage, answered by the service worker — ranges included), then
 * its record (IndexedDB, services/storage/downloads-store.ts) — only once every file is stored, so
 * nothing is ever marked available half-way. Removing a download deletes its record and the
 * files no other download of the student uses. Also the storage figures of 'Minha conta'.
 */
import { downloadRequestHeaders, downloadsCacheName } from '../pwa/downloads-cache';
import {
  deleteDownload,
  downloadKey,
  listDownloads,
  putDownload,
  type DownloadRecord,
} from '../storage/downloads-store';
import type { DownloadPlan } from './plan';

/** Why a download stopped: `quota` (the device is full), `network` (the connection dropped), `server` (an error answer), `cancelled`. */
export type DownloadFailureKind = 'quota' | 'network' | 'server' | 'cancelled';

/** A download that stopped; `kind` says why (the message the student sees follows it). */
export class DownloadFailure extends Error {
  constructor(
    readonly kind: DownloadFailureKind,
    message: string = kind,
  ) {
    super(message);
    this.name = 'DownloadFailure';
  }
}

/** @returns the failure kind of any error thrown while downloading or storing. */
export function classifyDownloadError(error: unknown, signal?: AbortSignal): DownloadFailureKind {
  if (error instanceof DownloadFailure) return error.kind;
  if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) return 'cancelled';
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return 'quota';
  if (error instanceof Error && /quota/i.test(error.message)) return 'quota';
  return 'network';
}

/** Progress of a download: bytes and items stored so far, of the plan's totals. */
export interface DownloadProgress {
  bytes: number;
  items: number;
}

/** What running a download needs (tests pass fakes). */
export interface RunDeps {
  caches: CacheStorage;
  fetch: typeof fetch;
  /** Stores the finished record (default: IndexedDB). */
  save?: (record: DownloadRecord) => Promise<void>;
  now?: () => number;
}

/**
 * Downloads `plan`'s files for student `userId` and records it.
 * @param onProgress called after every chunk of a file and every finished item.
 * @returns the stored record (savedAt = now).
 * @throws DownloadFailure: `cancelled` when `signal` aborts, `quota` when the device is full,
 *   `network` when the connection drops, `server` on an error answer. Files stored so far stay
 *   in the cache until `releaseFiles` (the download machine's discard) removes them.
 */
export async function runDownload(
  plan: DownloadPlan,
  userId: number,
  onProgress: (progress: DownloadProgress) => void,
  signal: AbortSignal,
  deps: RunDeps,
): Promise<DownloadRecord> {
  try {
    const cache = await deps.caches.open(downloadsCacheName(userId));
    const sizes = new Map(plan.files.map((f) => [f.url, f.bytes]));
    const done = new Set<string>();
    let bytes = plan.readsBytes;
    let items = 0;
    onProgress({ bytes, items });
    for (const item of plan.items) {
      for (const url of item.files) {
        if (done.has(url)) continue;
        if (signal.aborted) throw new DownloadFailure('cancelled');
        if (await cache.match(url)) {
          // Already on the device (another download of this student uses it too).
          bytes += sizes.get(url) ?? 0;
        } else {
          await storeFile(url, plan.origin, cache, signal, deps.fetch, (chunk) => {
            bytes += chunk;
            onProgress({ bytes, items });
          });
        }
        done.add(url);
      }
      items += 1;
      onProgress({ bytes, items });
    }
    const record: DownloadRecord = {
      ...plan.target,
      key: downloadKey(userId, plan.target.kind, plan.target.id),
      userId,
      savedAt: (deps.now ?? Date.now)(),
      bytes: plan.totalBytes,
      files: plan.files.map((f) => f.url),
      moduleIds: plan.moduleIds,
      onlineOnly: plan.onlineOnly,
      reads: plan.reads,
    };
    if (signal.aborted) throw new DownloadFailure('cancelled');
    await (deps.save ?? putDownload)(record);
    return record;
  } catch (error) {
    throw new DownloadFailure(classifyDownloadError(error, signal), error instanceof Error ? error.message : undefined);
  }
}

/**
 * Fetches one file (bypassing the service worker's caches) and stores it whole, counting bytes as
 * they arrive (through `onChunk`). @throws on an error answer, a dropped connection, a full quota.
 */
async function storeFile(
  url: string,
  origin: string,
  cache: Cache,
  signal: AbortSignal,
  fetchFile: typeof fetch,
  onChunk: (bytes: number) => void,
): Promise<void> {
  const response = await fetchFile(url, {
    headers: downloadRequestHeaders(url, origin),
    credentials: 'same-origin',
    signal,
  });
  if (response.status !== 200) throw new DownloadFailure('server', `${response.status} ${url}`);
  if (!response.body) {
    const blob = await response.blob();
    await cache.put(url, new Response(blob, { headers: response.headers }));
    onChunk(blob.size);
    return;
  }
  const [toCache, toCount] = response.body.tee();
  const headers = new Headers(response.headers);
  const stored = cache.put(url, new Response(toCache, { status: 200, headers }));
  const reader = toCount.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk(value.byteLength);
    }
  } catch (error) {
    await stored.catch(() => undefined);
    throw error;
  }
  await stored;
}

/**
 * Deletes from `userId`'s downloads cache the `urls` no stored download of theirs uses any more
 * (`except`: a record key to ignore — the download being removed). Never rejects.
 */
export async function releaseFiles(
  userId: number,
  urls: readonly string[],
  storage: CacheStorage,
  except: string | null = null,
): Promise<void> {
  try {
    const inUse = new Set((await listDownloads(userId)).filter((r) => r.key !== except).flatMap((r) => r.files));
    const cache = await storage.open(downloadsCacheName(userId));
    await Promise.all(urls.filter((url) => !inUse.has(url)).map((url) => cache.delete(url)));
  } catch {
    // Cache Storage unavailable: nothing was stored either.
  }
}

/**
 * Removes `record`: its record first (it is no longer available offline), then the files no other
 * download uses. @throws (rejects) when IndexedDB refuses to delete the record.
 */
export async function removeDownload(record: DownloadRecord, storage: CacheStorage): Promise<void> {
  await deleteDownload(record.key);
  await releaseFiles(record.userId, record.files, storage, record.key);
}

/** The device's storage for this site (bytes; null where the browser does not tell). */
export interface StorageFigures {
  usage: number | null;
  quota: number | null;
  /** Whether the browser keeps this site's data under storage pressure; null when unknown. */
  persisted: boolean | null;
}

/** @returns `navigator.storage.estimate()` and `persisted()`, nulls where unsupported. Never rejects. */
export async function readStorageFigures(
  storage: StorageManager | undefined = globalThis.navigator?.storage,
): Promise<StorageFigures> {
  const [estimate, persisted] = await Promise.all([
    storage?.estimate?.().catch(() => null) ?? Promise.resolve(null),
    storage?.persisted?.().catch(() => null) ?? Promise.resolve(null),
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/**
 * Asks the browser to keep this site's data under storage pressure (`navigator.storage.persist()`),
 * once: when it is already persisted nothing is asked. @returns the answer; null where unsupported.
 */
export async function askPersistence(
  storage: StorageManager | undefined = globalThis.navigator?.storage,
): Promise<boolean | null> {
  try {
    if (!storage?.persist) return null;
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return null;
  }
}

/** What the Network Information API tells, where the browser has it. */
export interface ConnectionInfo {
  /** On a mobile network (`type` 'cellular', or — without `type` — an `effectiveType` of 3g or slower). */
  cellular: boolean;
  /** The browser asks to save data (`saveData`, the Save-Data header). */
  saveData: boolean;
}

/** @returns the connection as far as the browser tells (both false where it does not). */
export function readConnection(
  connection: { type?: string; effectiveType?: string; saveData?: boolean } | undefined = (
    globalThis.navigator as { connection?: { type?: string; effectiveType?: string; saveData?: boolean } } | undefined
  )?.connection,
): ConnectionInfo {
  const type = connection?.type;
  const cellular =
    type !== undefined ? type === 'cellular' : ['slow-2g', '2g', '3g'].includes(connection?.effectiveType ?? '');
  return { cellular, saveData: connection?.saveData === true };
}
