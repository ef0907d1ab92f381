// @vitest-environment node
/**
 * Downloads for offline study, in Node (real Request/Response/streams, IndexedDB from
 * fake-indexeddb, Cache Storage in memory):
 * - the size computation: every read and file once, sizes from support files or HEAD, optional
 *   captions skipped, links and third-party embeds online-only;
 * - storing: progress in bytes and items up to the total, the record written last, failures
 *   classified (connection, quota) with nothing recorded; removing keeps files another download uses;
 * - the service worker answers the signed-in student's files only, ranges included; sign-out
 *   deletes them; the downloaded reads come back into a query client (checked against the contract).
 */
import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { learningObjectFiles, planDownload, type PlanDeps } from '../../src/services/downloads/plan';
import {
  DownloadFailure,
  readConnection,
  releaseFiles,
  removeDownload,
  runDownload,
  type DownloadProgress,
} from '../../src/services/downloads/run';
import { seedDownloadedReads } from '../../src/services/downloads/seed';
import { switchDownloadsStudent } from '../../src/services/downloads/student-data';
import { downloadCovering } from '../../src/services/downloads/covering';
import {
  forgetDownloads,
  listDownloads,
  putDownload,
  type DownloadRecord,
} from '../../src/services/storage/downloads-store';
import {
  DOWNLOADS_OWNER_CACHE,
  clearStudentDownloads,
  downloadsCacheName,
  isDownloadableUrl,
  matchDownloadedFile,
  readDownloadsOwner,
  setDownloadsOwner,
} from '../../src/services/pwa/downloads-cache';
import type { Course, LearningObject, Module } from '../../src/services/contract/lms';
import type { CourseAttachment } from '../../src/services/contract/attachments';

type SwDownloads = typeof import('../../src/service-worker/downloads');
let matchDownloaded: SwDownloads['matchDownloaded'];

beforeAll(async () => {
  // Workbox modules read `self` (the service worker global) when they load.
  (globalThis as { self?: unknown }).self = globalThis;
  ({ matchDownloaded } = await import('../../src/service-worker/downloads'));
});

const ORIGIN = 'https://app.example';
const MEDIA = `${ORIGIN}/api/files/media`;

/** A Cache Storage in memory, keyed by URL; `put` reads the whole body (a failing stream rejects it). */
function memoryCaches(options: { quotaBytes?: number } = {}) {
  const stores = new Map<string, Map<string, { body: ArrayBuffer; headers: Headers }>>();
  let used = 0;
  const open = async (name: string) => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = new Map()));
    const s = store;
    return {
      match: async (url: string) => {
        const entry = s.get(url);
        return entry ? new Response(entry.body.slice(0), { headers: entry.headers }) : undefined;
      },
      put: async (url: string, response: Response) => {
        const body = await response.arrayBuffer();
        if (options.quotaBytes !== undefined && used + body.byteLength > options.quotaBytes) {
          throw new DOMException('Quota exceeded', 'QuotaExceededError');
        }
        used += body.byteLength;
        s.set(url, { body, headers: new Headers(response.headers) });
      },
      delete: async (url: string) => s.delete(url),
      keys: async () => [...s.keys()].map((url) => new Request(url)),
    } as unknown as Cache;
  };
  return {
    stores,
    urls: (name: string) => [...(stores.get(name)?.keys() ?? [])],
    caches: {
      open,
      delete: async (name: string) => stores.delete(name),
      keys: async () => [...stores.keys()],
      // Like the real one: reads the named cache without creating it.
      match: async (url: string, options: { cacheName?: string } = {}) => {
        if (options.cacheName === undefined || !stores.has(options.cacheName)) return undefined;
        return (await open(options.cacheName)).match(url);
      },
    } as unknown as CacheStorage,
  };
}

const FILES: Record<string, number> = {
  [`${MEDIA}/aula.webm`]: 3000,
  [`${MEDIA}/aula.webm.vtt`]: 100,
  [`${MEDIA}/podcast.ogg`]: 2000,
  [`${MEDIA}/apostila.pdf`]: 800,
  [`${MEDIA}/embed.html`]: 500,
};
const bytesOf = (url: string) => new Uint8Array(Array.from({ length: FILES[url] ?? 0 }, (_, i) => i % 251));

/** The file server: GET (whole file), counting requests; `failOn` drops a file's transfer mid-way. */
function fileServer(failOn: string | null = null) {
  const requested: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requested.push(url);
    expect(new Headers(init?.headers).get('X-Offline-Download')).toBe('1');
    if (!(url in FILES)) return new Response('not found', { status: 404 });
    const bytes = bytesOf(url);
    if (url === failOn) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, 10));
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(stream, { status: 200 });
    }
    return new Response(bytes, { status: 200, headers: { 'content-type': 'video/webm' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requested };
}

const lo = (id: number, type: LearningObject['type'], url: string | null, lesson = 11): LearningObject => ({
  id,
  name: `LO ${id}`,
  type,
  lesson_id: lesson,
  module_id: 1,
  course_id: 1,
  content: { url, html: type === 'text' ? '<p>texto</p>' : null, quiz: null },
  status: 'not_started',
  started_at: null,
  completed_at: null,
  previous: null,
  next: null,
  next_module: null,
  quiz_result: null,
});

const OBJECTS: LearningObject[] = [
  lo(101, 'text', null),
  lo(102, 'video', '/api/files/media/aula.webm'),
  lo(103, 'pdf', '/api/files/media/apostila.pdf'),
  lo(104, 'audio', '/api/files/media/podcast.ogg', 12),
  lo(105, 'embed', '/api/files/media/embed.html', 12),
  lo(106, 'link', 'https://www.gov.br/', 12),
  lo(107, 'embed', 'https://third.party/widget', 12),
  lo(201, 'video', '/api/files/media/aula.webm', 21), // the same file in module 2
];

const summary = (o: LearningObject) => ({
  id: o.id,
  name: o.name,
  type: o.type,
  position: 1,
  status: o.status,
  duration_seconds: null,
});
const module = (id: number, lessons: Record<number, number[]>): Module => ({
  id,
  course_id: 1,
  course_name: 'Curso',
  name: `Módulo ${id}`,
  position: id,
  progress: 0,
  completed: false,
  lessons: Object.entries(lessons).map(([lessonId, ids]) => ({
    id: Number(lessonId),
    name: `Aula ${lessonId}`,
    position: 1,
    completed: false,
    learning_objects: ids.map((loId) => summary(OBJECTS.find((o) => o.id === loId)!)),
  })),
});
const MODULES: Record<number, Module> = {
  1: module(1, { 11: [101, 102, 103], 12: [104, 105, 106, 107] }),
  2: module(2, { 21: [201] }),
};
const COURSE: Course = {
  id: 1,
  name: 'Curso',
  description: '',
  image_url: null,
  progress: 0,
  status: 'not_started',
  modules_count: 2,
  modules: [1, 2].map((id) => ({
    id,
    name: `Módulo ${id}`,
    position: id,
    progress: 0,
    completed: false,
    lessons_count: 1,
  })),
  last_learning_object: null,
  continue_learning_object: null,
};
const attachment = (id: number, url: string, size: number): CourseAttachment =>
  ({
    id,
    name: `Arquivo ${id}`,
    file_name: `arquivo-${id}.pdf`,
    mime_type: 'application/pdf',
    size_bytes: size,
    url,
    course_id: 1,
  }) as CourseAttachment;

function deps(): PlanDeps & { heads: string[] } {
  const heads: string[] = [];
  const keyed = <T>(queryKey: unknown[], data: T) => Promise.resolve({ queryKey, data, updatedAt: 1000 });
  return {
    heads,
    course: (id) => keyed(['course', id], COURSE),
    module: (id) => keyed(['module', id], MODULES[id]!),
    learningObject: (id, lessonId) =>
      keyed(
        ['learningObject', id, lessonId],
        OBJECTS.find((o) => o.id === id)!,
      ),
    attachments: (kind, id) =>
      keyed(
        ['attachments', kind, id],
        kind === 'course'
          ? [attachment(1, '/api/files/media/apostila.pdf', 800), attachment(2, 'https://cdn.example/x.pdf', 5)]
          : [],
      ),
    size: async (url) => {
      heads.push(url);
      return url in FILES && !url.endsWith('.vtt') ? FILES[url]! : null; // no captions on this platform
    },
    origin: ORIGIN,
  };
}

const courseTarget = { kind: 'course' as const, id: 1, name: 'Curso', courseId: 1 };
const moduleTarget = { kind: 'module' as const, id: 2, name: 'Módulo 2', courseId: 1 };

beforeEach(async () => {
  await forgetDownloads(7);
  await forgetDownloads(8);
});

describe('the size computation', () => {
  it('knows which files a learning object needs offline, and which cannot work offline', () => {
    expect(learningObjectFiles(lo(1, 'video', '/api/files/media/a.webm'), ORIGIN)).toEqual([
      `${MEDIA}/a.webm`,
      `${MEDIA}/a.webm.vtt`,
    ]);
    expect(learningObjectFiles(lo(1, 'text', null), ORIGIN)).toEqual([]);
    expect(learningObjectFiles(lo(1, 'link', 'https://www.gov.br/'), ORIGIN)).toBeNull();
    expect(learningObjectFiles(lo(1, 'embed', 'https://third.party/w'), ORIGIN)).toBeNull();
    expect(learningObjectFiles(lo(1, 'video', `${MEDIA}/a.webm?token=x`), ORIGIN)).toBeNull();
    expect(isDownloadableUrl('/api/files/media/a.pdf', ORIGIN)).toBe(true);
    expect(isDownloadableUrl('https://other.example/api/files/media/a.pdf', ORIGIN)).toBe(false);
  });

  it('sums every file once (support files by their size, the rest by HEAD) and the reads', async () => {
    const d = deps();
    const plan = await planDownload(courseTarget, d);
    expect(plan.files.map((f) => f.url).sort()).toEqual(
      [`${MEDIA}/apostila.pdf`, `${MEDIA}/aula.webm`, `${MEDIA}/embed.html`, `${MEDIA}/podcast.ogg`].sort(),
    );
    // Shared and known files are not asked twice; the support file's size needed no HEAD.
    expect(d.heads.filter((u) => u.endsWith('aula.webm'))).toHaveLength(1);
    expect(d.heads).not.toContain(`${MEDIA}/apostila.pdf`);
    const files = 3000 + 800 + 2000 + 500;
    expect(plan.totalBytes).toBe(files + plan.readsBytes);
    expect(plan.readsBytes).toBeGreaterThan(0);
    // 8 learning objects + 1 same-origin support file; captions the platform lacks are left out.
    expect(plan.items).toHaveLength(9);
    expect(plan.items.flatMap((i) => i.files)).not.toContain(`${MEDIA}/aula.webm.vtt`);
    expect(plan.onlineOnly.sort()).toEqual([106, 107]);
    expect(plan.moduleIds).toEqual([1, 2]);
    // The reads the screens make, by their query keys.
    expect(plan.reads.map((r) => r.queryKey)).toEqual(
      expect.arrayContaining([
        ['course', 1],
        ['module', 1],
        ['module', 2],
        ['learningObject', 104, 12],
        ['attachments', 'course', 1],
      ]),
    );
  });

  it('a module plan covers that module (and its course read, for the way there)', async () => {
    const plan = await planDownload(moduleTarget, deps());
    expect(plan.moduleIds).toEqual([2]);
    expect(plan.files.map((f) => f.url)).toEqual([`${MEDIA}/aula.webm`]);
    expect(plan.reads.map((r) => r.queryKey[0])).toEqual(['course', 'module', 'attachments', 'learningObject']);
  });

  it('fails when a read fails (offline): nothing is stored', async () => {
    const d = deps();
    d.size = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(planDownload(courseTarget, d)).rejects.toThrow('Failed to fetch');
  });
});

describe('storing a download', () => {
  it('reports bytes and items up to the total, then records it; the service worker answers its files', async () => {
    const plan = await planDownload(courseTarget, deps());
    const storage = memoryCaches();
    const server = fileServer();
    const seen: DownloadProgress[] = [];
    const record = await runDownload(plan, 7, (p) => seen.push(p), new AbortController().signal, {
      caches: storage.caches,
      fetch: server.fetch,
      now: () => 42,
    });
    expect(seen.at(-1)).toEqual({ bytes: plan.totalBytes, items: plan.items.length });
    expect(seen.map((p) => p.bytes)).toEqual([...seen.map((p) => p.bytes)].sort((a, b) => a - b));
    expect(server.requested.filter((u) => u.endsWith('aula.webm'))).toHaveLength(1);
    expect(record).toMatchObject({
      key: '7:course:1',
      userId: 7,
      savedAt: 42,
      bytes: plan.totalBytes,
      moduleIds: [1, 2],
    });
    expect(await listDownloads(7)).toHaveLength(1);
    expect(await listDownloads(8)).toEqual([]);
    expect(storage.urls(downloadsCacheName(7)).sort()).toEqual(plan.files.map((f) => f.url).sort());
    expect(downloadCovering(await listDownloads(7), 'module', 2)?.key).toBe('7:course:1');

    // The service worker: the signed-in student's file, a range of it; nobody else's.
    await setDownloadsOwner(7, storage.caches);
    expect(await readDownloadsOwner(storage.caches)).toBe(7);
    const whole = await matchDownloaded(new Request(`${MEDIA}/aula.webm`), storage.caches);
    expect(whole?.status).toBe(200);
    expect((await whole!.arrayBuffer()).byteLength).toBe(3000);
    const part = await matchDownloaded(
      new Request(`${MEDIA}/aula.webm`, { headers: { Range: 'bytes=1500-1599' } }),
      storage.caches,
    );
    expect(part?.status).toBe(206);
    expect(part?.headers.get('content-range')).toBe('bytes 1500-1599/3000');
    expect(new Uint8Array(await part!.arrayBuffer())[0]).toBe(1500 % 251);
    expect(
      await matchDownloaded(
        new Request(`${MEDIA}/aula.webm`, { headers: { 'X-Offline-Download': '1' } }),
        storage.caches,
      ),
    ).toBeNull();
    await setDownloadsOwner(8, storage.caches);
    expect(await matchDownloaded(new Request(`${MEDIA}/aula.webm`), storage.caches)).toBeNull();

    // Sign-out of student 7: their files, records and the owner entry (theirs) go.
    await setDownloadsOwner(7, storage.caches);
    await switchDownloadsStudent(7, null, storage.caches);
    expect(storage.stores.has(downloadsCacheName(7))).toBe(false);
    expect(storage.stores.has(DOWNLOADS_OWNER_CACHE)).toBe(false);
    expect(await listDownloads(7)).toEqual([]);
    // The service worker keeps reading while the page signs out: its reads find nothing and
    // never bring a deleted cache back (a read that created the cache again left the owner's
    // cache in place after 'Sair').
    expect(await readDownloadsOwner(storage.caches)).toBeNull();
    expect(await matchDownloaded(new Request(`${MEDIA}/aula.webm`), storage.caches)).toBeNull();
    expect(await matchDownloadedFile(`${MEDIA}/aula.webm`, storage.caches)).toBeNull();
    expect([...storage.stores.keys()]).not.toContain(DOWNLOADS_OWNER_CACHE);
    expect([...storage.stores.keys()]).not.toContain(downloadsCacheName(7));
    await setDownloadsOwner(8, storage.caches);
    await clearStudentDownloads(7, storage.caches); // another student's owner entry stays
    expect(await readDownloadsOwner(storage.caches)).toBe(8);
  });

  it('a dropped connection fails as `network` and records nothing; releasing removes the partial files', async () => {
    const plan = await planDownload(courseTarget, deps());
    const storage = memoryCaches();
    const error = await runDownload(plan, 7, () => {}, new AbortController().signal, {
      caches: storage.caches,
      fetch: fileServer(`${MEDIA}/podcast.ogg`).fetch,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadFailure);
    expect((error as DownloadFailure).kind).toBe('network');
    expect(await listDownloads(7)).toEqual([]);
    expect(storage.urls(downloadsCacheName(7)).length).toBeGreaterThan(0); // stored before the drop
    await releaseFiles(
      7,
      plan.files.map((f) => f.url),
      storage.caches,
    );
    expect(storage.urls(downloadsCacheName(7))).toEqual([]);
  });

  it('a full device fails as `quota`; an abort as `cancelled`', async () => {
    const plan = await planDownload(courseTarget, deps());
    const full = await runDownload(plan, 7, () => {}, new AbortController().signal, {
      caches: memoryCaches({ quotaBytes: 1000 }).caches,
      fetch: fileServer().fetch,
    }).catch((e: unknown) => e);
    expect((full as DownloadFailure).kind).toBe('quota');
    const controller = new AbortController();
    controller.abort();
    const cancelled = await runDownload(plan, 7, () => {}, controller.signal, {
      caches: memoryCaches().caches,
      fetch: fileServer().fetch,
    }).catch((e: unknown) => e);
    expect((cancelled as DownloadFailure).kind).toBe('cancelled');
    expect(await listDownloads(7)).toEqual([]);
  });

  it('removing a download keeps the files another download of the student still uses', async () => {
    const storage = memoryCaches();
    const server = fileServer();
    const run = async (target: typeof courseTarget | typeof moduleTarget) =>
      runDownload(await planDownload(target, deps()), 7, () => {}, new AbortController().signal, {
        caches: storage.caches,
        fetch: server.fetch,
      });
    const course = await run(courseTarget);
    const mod = await run(moduleTarget);
    // The module's only file was already on the device: not downloaded again.
    expect(server.requested.filter((u) => u.endsWith('aula.webm'))).toHaveLength(1);
    await removeDownload(course, storage.caches);
    expect(storage.urls(downloadsCacheName(7))).toEqual([`${MEDIA}/aula.webm`]);
    expect((await listDownloads(7)).map((r) => r.key)).toEqual([mod.key]);
    await removeDownload(mod, storage.caches);
    expect(storage.urls(downloadsCacheName(7))).toEqual([]);
  });
});

describe('downloaded reads', () => {
  it('come back into a query client where missing, checked against the contract', async () => {
    const record: DownloadRecord = {
      ...courseTarget,
      key: '7:course:1',
      userId: 7,
      savedAt: 1,
      bytes: 1,
      files: [],
      moduleIds: [1],
      onlineOnly: [],
      reads: [
        { queryKey: ['course', 1], data: COURSE, updatedAt: 500 },
        { queryKey: ['module', 1], data: MODULES[1], updatedAt: 500 },
        { queryKey: ['learningObject', 101, 11], data: { broken: true }, updatedAt: 500 },
      ],
    };
    await putDownload(record);
    const client = new QueryClient();
    client.setQueryData(['module', 1], { ...MODULES[1], name: 'fresher' });
    expect(await seedDownloadedReads(client, 7)).toBe(1);
    expect(client.getQueryData(['course', 1])).toEqual(COURSE);
    expect(client.getQueryState(['course', 1])?.dataUpdatedAt).toBe(500);
    expect((client.getQueryData(['module', 1]) as Module).name).toBe('fresher');
    expect(client.getQueryData(['learningObject', 101, 11])).toBeUndefined();
    expect(await seedDownloadedReads(new QueryClient(), 8)).toBe(0);
  });
});

describe('the connection', () => {
  it('is cellular by type, else by a slow effective type; Save-Data is read', () => {
    expect(readConnection({ type: 'cellular' })).toEqual({ cellular: true, saveData: false });
    expect(readConnection({ type: 'wifi', effectiveType: '3g' })).toEqual({ cellular: false, saveData: false });
    expect(readConnection({ effectiveType: '2g', saveData: true })).toEqual({ cellular: true, saveData: true });
    expect(readConnection(undefined)).toEqual({ cellular: false, saveData: false });
  });
});
