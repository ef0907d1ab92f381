/**
 * The outbox never reuses an Idempotency-Key across writes (the reference server now
 * refuses a key reused by another request with 422, and the store keeps only the first entry of
 * an id). Every write the app records — start and end of each opening of a learning object,
 * short video or attachment, and each video-progress write, even identical ones — is stored under
 * its own client event id, which is what `sendOutboxWrite` sends as `Idempotency-Key`.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorLogic } from 'xstate';
import { memoryOutboxStore } from '../../src/services/storage/outbox-store';

// Deliveries never finish: every recorded write stays in the store to be inspected.
vi.mock('../../src/services/api/lms', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/api/lms')>()),
  putLearningObjectStart: vi.fn(() => new Promise(() => {})),
  putLearningObjectEnd: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../src/services/api/short-videos', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/api/short-videos')>()),
  postShortVideoStart: vi.fn(() => new Promise(() => {})),
  postShortVideoEnd: vi.fn(() => new Promise(() => {})),
  postUserActivity: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../src/services/api/attachments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/api/attachments')>()),
  putAttachmentStart: vi.fn(() => new Promise(() => {})),
  putAttachmentEnd: vi.fn(() => new Promise(() => {})),
}));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('outbox keys (issue 19: one Idempotency-Key per write)', () => {
  it('stores every write under its own id: two openings of one item, start and end, identical progress', async () => {
    const { createAppOutbox } = await import('../../src/app/wiring/learning');
    const store = memoryOutboxStore();
    const outbox = createAppOutbox(Promise.resolve(store), () => {});
    outbox.actor.send({ type: 'outbox.user', userId: 42 });

    /** Opens and finishes one item twice (two openings), as a student revisiting it would. */
    const twice = async (logic: AnyActorLogic, input: Record<string, unknown>) => {
      for (let opening = 0; opening < 2; opening++) {
        const actor = createActor(logic, { input }).start();
        actor.send({ type: 'lifecycle.open' });
        await flush();
        actor.send({ type: 'lifecycle.finish', data: { seconds: 3 } });
        await flush();
        actor.stop();
      }
    };
    await twice(outbox.learningObjectLifecycle, { kind: 'learningObject', id: 2, lessonId: 1, completed: false });
    await twice(outbox.shortVideoLifecycle, { kind: 'shortVideo', id: 7, completed: false });
    await twice(outbox.attachmentLifecycle, { kind: 'attachment', id: 5, completed: false });
    const progress = { resourceId: 7, positionSeconds: 12, durationSeconds: 24 };
    await outbox.recordVideoProgress(progress);
    await outbox.recordVideoProgress(progress);

    const entries = await store.list(42);
    // 3 kinds × 2 openings × (start + end) + 2 progress writes: none collapsed into another.
    expect(entries).toHaveLength(14);
    expect(new Set(entries.map((e) => e.id)).size).toBe(14);
    expect(entries.filter((e) => e.write.kind === 'learningObject.end')).toHaveLength(2);
    expect(entries.filter((e) => e.write.kind === 'videoProgress')).toHaveLength(2);
    outbox.actor.stop();
  });
});
