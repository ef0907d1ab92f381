/**
 * What downloading a course or a module takes (docs/offline.md: the total size comes first): the
 * reads the app makes to show it (the course, each module, each learning object, the support-file
 * lists — through the same query keys, so they land in the student's saved reads), and the files
 * its learning objects and support files use, each once, with its size (`size_bytes` of a
 * support file, else a `HEAD` request's `Content-Length`).
 */
import type { Course, LearningObject, Module } from '../contract/lms';
import type { CourseAttachment } from '../contract/attachments';
import { isDownloadableUrl } from '../pwa/downloads-cache';
import type { DownloadTarget, DownloadedRead } from '../storage/downloads-store';

/** One read with its key, as the query client holds it. */
export interface KeyedRead<T> {
  queryKey: readonly unknown[];
  data: T;
  updatedAt: number;
}

/** The reads and sizes a plan needs (the app passes the query client's reads and `HEAD`; tests fakes). */
export interface PlanDeps {
  course(id: number): Promise<KeyedRead<Course>>;
  module(id: number): Promise<KeyedRead<Module>>;
  learningObject(id: number, lessonId: number): Promise<KeyedRead<LearningObject>>;
  attachments(kind: 'course' | 'module', id: number): Promise<KeyedRead<CourseAttachment[]>>;
  /**
   * Size of the file at `url` in bytes; null when the file is not there (a 4xx answer).
   * @throws (rejects) when the platform cannot be reached.
   */
  size(url: string): Promise<number | null>;
  /** The app's origin (`location.origin`): its file repository is stored. */
  origin: string;
  /** The content hosts whose files are stored too (`deploymentContentSources.hosts`); default none. */
  contentHosts?: readonly string[];
}

/** One unit the progress counts ('itens'): a learning object with its files, or a support file. */
export interface PlanItem {
  id: string;
  files: string[];
}

/** Everything a download stores, and its size. */
export interface DownloadPlan {
  target: DownloadTarget;
  /** The app's origin the plan was made for (`PlanDeps.origin`): its files get the download header. */
  origin: string;
  items: PlanItem[];
  /** Every file once (absolute URL), with its size in bytes. */
  files: { url: string; bytes: number }[];
  reads: DownloadedRead[];
  /** Size of the reads (their JSON), bytes. */
  readsBytes: number;
  /** Files + reads, bytes: what the confirmation shows. */
  totalBytes: number;
  moduleIds: number[];
  /** Learning objects that need the internet (external link, third-party embed, a missing file). */
  onlineOnly: number[];
}

/**
 * The files a text lesson's HTML shows (images, audio, video) that can be stored: those on the
 * app's file repository or a content host (`isDownloadableUrl`), each once, absolute. Parsed
 * inertly with `DOMParser` (nothing runs, nothing loads); none where there is no DOMParser.
 */
export function richTextFiles(html: string, origin: string, hosts: readonly string[] = []): string[] {
  if (typeof DOMParser === 'undefined') return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const urls = new Set<string>();
  for (const element of doc.querySelectorAll('img[src], video[src], audio[src], source[src]')) {
    const raw = element.getAttribute('src') ?? '';
    if (!isDownloadableUrl(raw, origin, hosts)) continue;
    urls.add(new URL(raw, origin).href);
  }
  return [...urls];
}

/**
 * The files a learning object needs offline, as absolute URLs, or null when it cannot work
 * offline (an external link, a provider's video or page, another site's frame). Quizzes need
 * none (their content is in the read); a text lesson needs the images and media of its HTML on
 * the content hosts; a video's captions (`<url>.vtt`) come with it when the platform has them.
 */
export function learningObjectFiles(
  lo: Pick<LearningObject, 'type' | 'content'>,
  origin: string,
  hosts: readonly string[] = [],
): string[] | null {
  const url = lo.content.url;
  switch (lo.type) {
    case 'text':
      return lo.content.html ? richTextFiles(lo.content.html, origin, hosts) : [];
    case 'quiz':
      return [];
    case 'embed':
      // A frame of another origin is not answered by the service worker: only the app's own files.
      if (!url || !isDownloadableUrl(url, origin, [])) return null;
      return [new URL(url, origin).href];
    case 'link':
      return null;
    case 'video':
    case 'audio':
    case 'pdf': {
      if (!url || !isDownloadableUrl(url, origin, hosts)) return null;
      const absolute = new URL(url, origin).href;
      return lo.type === 'video' ? [absolute, `${absolute}.vtt`] : [absolute];
    }
    default:
      return null;
  }
}

/** JSON size of a read, bytes (what it takes on the device, near enough). */
const readBytes = (data: unknown) => new TextEncoder().encode(JSON.stringify(data)).length;

/**
 * Reads what `target` needs and sizes its files.
 * @returns the plan (sizes in bytes; files each once, captions skipped when the platform has none).
 * @throws whatever a read or a `HEAD` throws (offline, 404 of the course …): nothing is stored yet.
 */
export async function planDownload(target: DownloadTarget, deps: PlanDeps): Promise<DownloadPlan> {
  const reads: DownloadedRead[] = [];
  const keep = <T>(read: KeyedRead<T>): T => {
    reads.push({ queryKey: read.queryKey, data: read.data, updatedAt: read.updatedAt });
    return read.data;
  };
  const course = keep(await deps.course(target.courseId));
  const moduleIds = target.kind === 'course' ? course.modules.map((m) => m.id) : [target.id];
  const attachmentScopes: ['course' | 'module', number][] = [
    ...(target.kind === 'course' ? [['course', course.id] as ['course', number]] : []),
    ...moduleIds.map((id) => ['module', id] as ['module', number]),
  ];
  const [modules, attachmentLists] = await Promise.all([
    Promise.all(moduleIds.map(async (id) => keep(await deps.module(id)))),
    Promise.all(attachmentScopes.map(async ([kind, id]) => keep(await deps.attachments(kind, id)))),
  ]);
  const objects = await Promise.all(
    modules.flatMap((module) =>
      module.lessons.flatMap((lesson) =>
        lesson.learning_objects.map(async (lo) => keep(await deps.learningObject(lo.id, lesson.id))),
      ),
    ),
  );

  const items: PlanItem[] = [];
  const onlineOnly: number[] = [];
  const known = new Map<string, number>(); // sizes known without asking (support files)
  const wanted = new Set<string>();
  for (const lo of objects) {
    const files = learningObjectFiles(lo, deps.origin, deps.contentHosts);
    if (files === null) onlineOnly.push(lo.id);
    for (const f of files ?? []) wanted.add(f);
    items.push({ id: `lo:${lo.id}`, files: files ?? [] });
  }
  for (const attachment of attachmentLists.flat()) {
    if (!isDownloadableUrl(attachment.url, deps.origin, deps.contentHosts)) continue;
    const url = new URL(attachment.url, deps.origin).href;
    wanted.add(url);
    if (!known.has(url)) known.set(url, attachment.size_bytes);
    items.push({ id: `file:${attachment.id}`, files: [url] });
  }
  const sized = await Promise.all(
    [...wanted].map(async (url) => ({ url, bytes: known.get(url) ?? (await deps.size(url)) })),
  );
  const missing = new Set(sized.filter((f) => f.bytes === null).map((f) => f.url));
  const files = sized.filter((f): f is { url: string; bytes: number } => f.bytes !== null);
  // A file the platform does not have: captions are optional; a learning object's own file makes it online-only.
  for (const [index, item] of items.entries()) {
    const main = item.files.find((f) => !f.endsWith('.vtt'));
    if (main && missing.has(main) && item.id.startsWith('lo:')) onlineOnly.push(Number(item.id.slice(3)));
    items[index] = { ...item, files: item.files.filter((f) => !missing.has(f)) };
  }
  const readsBytes = reads.reduce((sum, read) => sum + readBytes(read.data), 0);
  return {
    target,
    origin: deps.origin,
    items,
    files,
    reads,
    readsBytes,
    totalBytes: readsBytes + files.reduce((sum, f) => sum + f.bytes, 0),
    moduleIds,
    onlineOnly,
  };
}
