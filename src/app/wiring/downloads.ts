/**
 * Downloads for offline study (docs/offline.md "Downloaded courses and modules"): the download machine with its real effects — the
 * query client's reads (so the downloaded reads are the student's saved reads too), `HEAD` for
 * sizes, Cache Storage for files, IndexedDB for records, `navigator.storage` for space and
 * persistence. Loaded when the student opens a download panel or the storage section of 'Minha
 * conta', never with the signed-in entry.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { downloadMachine, type DownloadEvent, type PlannedDownload } from '../../machines/download.machine';
import { courseQuery, learningObjectQuery, moduleQuery } from '../../services/api/lms-queries';
import { getCourseAttachments, getModuleAttachments } from '../../services/api/attachments';
import { attachmentKeys } from '../../services/api/keys/attachments';
import { downloadsKeys } from '../../services/api/keys/downloads';
import { downloadRequestHeaders } from '../../services/pwa/downloads-cache';
import { deploymentContentSources } from '../../services/content/sources';
import { planDownload, type DownloadPlan, type KeyedRead, type PlanDeps } from '../../services/downloads/plan';
import {
  askPersistence,
  classifyDownloadError,
  readConnection,
  readStorageFigures,
  releaseFiles,
  removeDownload,
  runDownload,
} from '../../services/downloads/run';
import {
  downloadKey,
  getDownload,
  listDownloads,
  type DownloadRecord,
  type DownloadTarget,
} from '../../services/storage/downloads-store';

export { readStorageFigures, removeDownload, listDownloads };

/**
 * Size of a file by `HEAD` (its `Content-Length`, bytes; 0 when the answer has none).
 * @returns null when the platform answers 4xx (the file is not there).
 * @throws (rejects) offline, or on a 5xx.
 */
export async function headSize(url: string, fetchFile: typeof fetch = fetch): Promise<number | null> {
  const answer = await fetchFile(url, {
    method: 'HEAD',
    headers: downloadRequestHeaders(url),
    credentials: 'same-origin',
  });
  if (answer.status >= 400 && answer.status < 500) return null;
  if (!answer.ok) throw new Error(`HEAD ${url}: ${answer.status}`);
  const length = Number(answer.headers.get('content-length'));
  return Number.isFinite(length) && length > 0 ? length : 0;
}

/** The plan's reads through `client` (offline they fail at once instead of waiting for the network). */
export function planDeps(client: QueryClient, origin: string = location.origin): PlanDeps {
  async function read<T>(options: { queryKey: readonly unknown[]; queryFn?: unknown }): Promise<KeyedRead<T>> {
    const data = (await client.fetchQuery({
      ...(options as Parameters<QueryClient['fetchQuery']>[0]),
      networkMode: 'always',
      retry: false,
      staleTime: 0,
    })) as T;
    return {
      queryKey: options.queryKey,
      data,
      updatedAt: client.getQueryState(options.queryKey)?.dataUpdatedAt ?? Date.now(),
    };
  }
  return {
    course: (id) => read(courseQuery(id, { cancellable: false })),
    module: (id) => read(moduleQuery(id, { cancellable: false })),
    learningObject: (id, lessonId) => read(learningObjectQuery(id, lessonId, { cancellable: false })),
    attachments: (kind, id) =>
      read({
        queryKey: attachmentKeys.scoped(kind, id),
        queryFn: () => (kind === 'course' ? getCourseAttachments(id) : getModuleAttachments(id)),
      }),
    size: (url) => headSize(url),
    origin,
    contentHosts: deploymentContentSources.hosts,
  };
}

/**
 * The download machine for student `userId`, with the real effects (see the machine's docstring).
 * Finished and removed downloads refresh the marks of the lists (`downloadsKeys`).
 */
export function provideDownloads(userId: number, client: QueryClient, storage: CacheStorage = caches) {
  // The transfer that runs (or ran last): discarding waits for it, so no file lands after it.
  let running: Promise<unknown> = Promise.resolve();
  const refresh = () => client.invalidateQueries({ queryKey: downloadsKeys.all });
  return downloadMachine.provide({
    actors: {
      loadRecord: fromPromise<DownloadRecord | null, { target: DownloadTarget }>(({ input }) =>
        getDownload(downloadKey(userId, input.target.kind, input.target.id)),
      ),
      plan: fromPromise<PlannedDownload, { target: DownloadTarget }>(async ({ input }) => {
        const [plan, figures] = await Promise.all([planDownload(input.target, planDeps(client)), readStorageFigures()]);
        const available = figures.quota !== null && figures.usage !== null ? figures.quota - figures.usage : null;
        return { plan, available, onCellular: readConnection().cellular };
      }),
      download: fromCallback<DownloadEvent, { plan: DownloadPlan }>(({ input, sendBack }) => {
        const controller = new AbortController();
        running = (async () => {
          try {
            // Asked on the student's first download (docs/offline.md), and the answer shown.
            if ((await listDownloads(userId)).length === 0) {
              sendBack({ type: 'download.persisted', persisted: await askPersistence() });
            }
            const record = await runDownload(
              input.plan,
              userId,
              (progress) => sendBack({ type: 'download.progress', progress }),
              controller.signal,
              { caches: storage, fetch: (...args) => fetch(...args) },
            );
            await refresh();
            sendBack({ type: 'download.finished', record });
          } catch (error) {
            sendBack({ type: 'download.failed', reason: classifyDownloadError(error, controller.signal) });
          }
        })();
        return () => controller.abort();
      }),
      discard: fromPromise<void, { plan: DownloadPlan }>(async ({ input }) => {
        await running.catch(() => undefined);
        await releaseFiles(
          userId,
          input.plan.files.map((f) => f.url),
          storage,
        );
      }),
      remove: fromPromise<void, { record: DownloadRecord }>(async ({ input }) => {
        await removeDownload(input.record, storage);
        await refresh();
      }),
    },
  });
}
