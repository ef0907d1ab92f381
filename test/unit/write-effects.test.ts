/**
 * Which reads each write touches (every screen is fresh after every write): for every kind of write,
 * the reads a student would see change are invalidated — the home dashboard, the pending bills,
 * the course, the module, the attachment lists… — and the reads it does not change are left
 * alone. The reads are real query keys from the factories, in a real QueryClient; removing a key
 * from a write's mapping (src/services/api/keys/write-effects.ts) fails its row here. The
 * outbox's delivered writes and the LGPD acceptance go through the same mapping.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import {
  accountKeys,
  areasKeys,
  attachmentKeys,
  consentKeys,
  financesKeys,
  gradesKeys,
  homeKeys,
  learningKeys,
  shortVideoKeys,
} from '../../src/services/api/query-keys';
import { invalidateAfterWrite, WRITE_EFFECTS, type WriteKind } from '../../src/services/api/keys/write-effects';
import { memoryOutboxStore, type OutboxEntry, type OutboxWrite } from '../../src/services/storage/outbox-store';

vi.mock('../../src/services/api/lms', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/api/lms')>()),
  putLearningObjectEnd: vi.fn(async () => undefined),
}));
vi.mock('../../src/services/api/consent', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/api/consent')>()),
  postUpdateAcceptedLgpd: vi.fn(async () => ({ id: 7, name: 'Ana', accepted_lgpd: true })),
}));

/** The reads a student sees, by what they show. */
const READS = {
  'home dashboard': homeKeys.dashboard,
  'home banners': homeKeys.banners,
  'course list': learningKeys.courses({ page: 1 } as never),
  course: learningKeys.course(1),
  module: learningKeys.module(2),
  'learning object': learningKeys.learningObject(3, 4),
  'professionalizing area': areasKeys.professionalizing,
  'EJA area': areasKeys.eja,
  'pending bills': financesKeys.bills,
  'short videos': shortVideoKeys.all,
  'video position': shortVideoKeys.activity(7, 5),
  attachment: attachmentKeys.attachment(6),
  "a course's attachments": attachmentKeys.scoped('course', 1),
  "documents area 'Seus arquivos'": attachmentKeys.areaMine,
  profile: accountKeys.self,
  grades: gradesKeys.list({ page: 1 } as never),
  'grade details': gradesKeys.details(1),
  'LGPD terms': consentKeys.terms,
} as const;
type Read = keyof typeof READS;

const PROGRESS: Read[] = [
  'home dashboard',
  'home banners',
  'course list',
  'course',
  'module',
  'learning object',
  'professionalizing area',
  'EJA area',
];
const ATTACHMENT: Read[] = ['attachment', "a course's attachments", "documents area 'Seus arquivos'"];
const STUDENT: Read[] = ['home dashboard', 'home banners', 'profile'];

/** What each write must refresh, as the student sees it; every other read stays fresh. */
const EXPECTED: Record<WriteKind, Read[]> = {
  'learningObject.start': PROGRESS,
  'learningObject.end': PROGRESS,
  'shortVideo.start': ['short videos'],
  'shortVideo.end': ['short videos'],
  videoProgress: [],
  'attachment.start': ATTACHMENT,
  'attachment.end': ATTACHMENT,
  'lesson.reset': PROGRESS,
  'course.reset': PROGRESS,
  'bill.paid': ['pending bills', 'home dashboard', 'home banners'],
  'lgpd.accepted': STUDENT,
  'profile.saved': STUDENT,
};

/** A client holding a fresh answer for every read of `READS`. */
function clientWithEveryRead(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  for (const key of Object.values(READS)) client.setQueryData(key, { fresh: true });
  return client;
}

/** The reads of `READS` that `client` holds as invalidated. */
function invalidated(client: QueryClient): Read[] {
  return (Object.keys(READS) as Read[]).filter(
    (read) => client.getQueryCache().find({ queryKey: READS[read], exact: true })?.state.isInvalidated,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the reads each write touches', () => {
  it('names every write kind', () => {
    expect(Object.keys(WRITE_EFFECTS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [kind, reads] of Object.entries(EXPECTED) as [WriteKind, Read[]][]) {
    it(`${kind} refreshes ${reads.length ? reads.join(', ') : 'nothing'}`, async () => {
      const client = clientWithEveryRead();
      await invalidateAfterWrite(client, kind);
      expect(invalidated(client).sort()).toEqual([...reads].sort());
    });
  }

  it('several kinds at once refresh the reads of each', async () => {
    const client = clientWithEveryRead();
    await invalidateAfterWrite(client, ['bill.paid', 'shortVideo.end']);
    expect(invalidated(client).sort()).toEqual(['home banners', 'home dashboard', 'pending bills', 'short videos']);
  });
});

describe('the reads on screen', () => {
  /** `client` with a screen watching `reads`; returns how often each was fetched. */
  function onScreen(client: QueryClient, reads: Read[]) {
    const fetched = Object.fromEntries(reads.map((read) => [read, 0])) as Record<Read, number>;
    for (const read of reads) {
      const observer = new QueryObserver(client, {
        queryKey: READS[read],
        queryFn: async () => ({ fetch: ++fetched[read] }),
        staleTime: Infinity,
      });
      observer.subscribe(() => {});
    }
    return fetched;
  }

  it("an opening reads the module on screen again, not the learning object's content, which stays marked stale", async () => {
    const client = clientWithEveryRead();
    const fetched = onScreen(client, ['module', 'learning object']);
    await invalidateAfterWrite(client, 'learningObject.start');
    expect(fetched).toEqual({ module: 1, 'learning object': 0 });
    expect(invalidated(client)).toContain('learning object'); // read again when a screen next shows it
  });

  it("an opening named by the outbox marks only that learning object's read stale: the next one's, read ahead, stays fresh", async () => {
    const client = clientWithEveryRead();
    const next = learningKeys.learningObject(8, 4);
    client.setQueryData(next, { fresh: true });
    const fetched = onScreen(client, ['module', 'learning object']);
    await invalidateAfterWrite(client, ['learningObject.start'], { openedLearningObjects: [3] });
    expect(fetched).toEqual({ module: 1, 'learning object': 0 });
    expect(invalidated(client)).toContain('learning object');
    expect(client.getQueryState(next)?.isInvalidated).toBe(false);
    // An end in the same burst still reads every learning object again.
    await invalidateAfterWrite(client, ['learningObject.start', 'learningObject.end'], { openedLearningObjects: [3] });
    expect(client.getQueryState(next)?.isInvalidated).toBe(true);
  });

  it('an end — alone or with an opening in the same burst — reads both again', async () => {
    for (const kinds of [['learningObject.end'], ['learningObject.start', 'learningObject.end']] as WriteKind[][]) {
      const client = clientWithEveryRead();
      const fetched = onScreen(client, ['module', 'learning object']);
      await invalidateAfterWrite(client, kinds);
      expect(fetched).toEqual({ module: 1, 'learning object': 1 });
    }
  });
});

describe('writes that waited in the outbox', () => {
  it("a learning object's end sent by the outbox refreshes home, course and module through the same mapping", async () => {
    const { createAppOutbox, deliveredWritesRefresh } = await import('../../src/app/wiring/learning');
    const client = clientWithEveryRead();
    const outbox = createAppOutbox(
      Promise.resolve(memoryOutboxStore()),
      deliveredWritesRefresh((kinds) => void invalidateAfterWrite(client, kinds)),
    );
    outbox.actor.send({ type: 'outbox.user', userId: 7 });
    await outbox.record('e-1', { kind: 'learningObject.end', learningObjectId: 3, lessonId: 4, data: {} });
    await vi.waitFor(() => expect(invalidated(client).sort()).toEqual([...EXPECTED['learningObject.end']].sort()));
    outbox.actor.stop();
  });

  it('a burst of deliveries refreshes once for every kind it held', () => {
    vi.useFakeTimers();
    return import('../../src/app/wiring/learning').then(({ deliveredWritesRefresh }) => {
      const calls: WriteKind[][] = [];
      const onDelivered = deliveredWritesRefresh((kinds) => calls.push(kinds));
      const entry = (write: OutboxWrite): OutboxEntry => ({
        id: write.kind,
        userId: 7,
        clientTime: '',
        status: 'pending',
        write,
      });
      const end = entry({ kind: 'learningObject.end', learningObjectId: 1, lessonId: 1, data: {} });
      onDelivered(end);
      onDelivered(end);
      onDelivered(entry({ kind: 'attachment.end', attachmentId: 1 }));
      vi.advanceTimersByTime(1000);
      expect(calls).toEqual([['learningObject.end'], ['learningObject.end', 'attachment.end']]);
    });
  });

  it('a burst of deliveries names the learning objects its openings were for', () => {
    vi.useFakeTimers();
    return import('../../src/app/wiring/learning').then(({ deliveredWritesRefresh }) => {
      const calls: unknown[] = [];
      const onDelivered = deliveredWritesRefresh((kinds, scope) => calls.push([kinds, scope]));
      const entry = (write: OutboxWrite): OutboxEntry => ({
        id: '',
        userId: 7,
        clientTime: '',
        status: 'pending',
        write,
      });
      onDelivered(entry({ kind: 'learningObject.start', learningObjectId: 1, lessonId: 1 }));
      onDelivered(entry({ kind: 'learningObject.start', learningObjectId: 2, lessonId: 1 }));
      onDelivered(entry({ kind: 'learningObject.start', learningObjectId: 3, lessonId: 1 }));
      vi.advanceTimersByTime(1000);
      expect(calls).toEqual([
        [['learningObject.start'], { openedLearningObjects: [1] }],
        [['learningObject.start'], { openedLearningObjects: [2, 3] }],
      ]);
    });
  });
});

describe('LGPD acceptance', () => {
  it("refreshes the page's home and profile reads once the server recorded it", async () => {
    const { registerQueryClient } = await import('../../src/app/query/page-client');
    const { provideLgpdConsent } = await import('../../src/app/wiring/consent');
    const client = clientWithEveryRead();
    registerQueryClient(client);
    const consent = createActor(provideLgpdConsent(null).provide({ actions: { refreshUser: () => {} } })).start();
    consent.send({ type: 'lgpd.update', due: true });
    await waitFor(consent, (s) => s.can({ type: 'lgpd.accept' }), { timeout: 3000 });
    consent.send({ type: 'lgpd.accept' });
    await vi.waitFor(() => expect(invalidated(client).sort()).toEqual([...EXPECTED['lgpd.accepted']].sort()));
    consent.stop();
  });
});
