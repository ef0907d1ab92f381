/**
 * The outbox's IndexedDB store (fake-indexeddb): writes survive reopening (a reload), keep
 * their order, are stored once per client event id, and belong to their student.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { memoryOutboxStore, openOutboxStore, type OutboxWrite } from '../../src/services/storage/outbox-store';

const end = (learningObjectId: number): OutboxWrite => ({
  kind: 'learningObject.end',
  learningObjectId,
  lessonId: 5,
  data: { answers: [1] },
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('outbox store', () => {
  it('keeps writes across a reopen, oldest first, once per id, per student', async () => {
    const store = await openOutboxStore();
    expect(store.durable).toBe(true);
    await store.add({ id: 'a:end', userId: 1, write: end(9), clientTime: '2026-11-22T10:00:00.000Z' });
    await store.add({ id: 'b:end', userId: 1, write: end(10), clientTime: '2026-11-22T10:01:00.000Z' });
    await store.add({ id: 'a:end', userId: 1, write: end(99), clientTime: '2026-11-22T10:02:00.000Z' });
    await store.add({ id: 'c:end', userId: 2, write: end(11), clientTime: '2026-11-22T10:03:00.000Z' });

    const reopened = await openOutboxStore();
    const mine = await reopened.list(1);
    expect(mine.map((e) => [e.id, e.write, e.clientTime, e.status])).toEqual([
      ['a:end', end(9), '2026-11-22T10:00:00.000Z', 'pending'],
      ['b:end', end(10), '2026-11-22T10:01:00.000Z', 'pending'],
    ]);
    expect((await reopened.list(2)).map((e) => e.id)).toEqual(['c:end']);
    expect(JSON.stringify(mine)).not.toMatch(/token|http/i);
  });

  it('removes a delivered write and sets a refused one aside with its reason', async () => {
    const store = await openOutboxStore();
    await store.add({ id: 'a', userId: 1, write: end(9), clientTime: '2026-11-22T10:00:00.000Z' });
    await store.add({ id: 'b', userId: 1, write: end(10), clientTime: '2026-11-22T10:00:00.000Z' });
    await store.remove('a');
    await store.reject('b', { status: 404, message: 'Conteúdo não encontrado.' });
    expect(await store.list(1)).toEqual([]);
    expect(await store.list(1, 'rejected')).toEqual([
      expect.objectContaining({ id: 'b', rejection: { status: 404, message: 'Conteúdo não encontrado.' } }),
    ]);
  });

  it('falls back to memory where IndexedDB is missing', async () => {
    // @ts-expect-error simulating a browser without IndexedDB
    delete globalThis.indexedDB;
    const store = await openOutboxStore();
    expect(store.durable).toBe(false);
    await store.add({ id: 'a', userId: 1, write: end(9), clientTime: '2026-11-22T10:00:00.000Z' });
    expect((await store.list(1)).map((e) => e.id)).toEqual(['a']);
    const memory = memoryOutboxStore();
    expect(await memory.list(1)).toEqual([]);
  });

  it("keeps the writes of a device's first version of the store when it gains the service worker's reports", async () => {
    const v1 = await openDB('lms-outbox', 1, {
      upgrade(database) {
        const writes = database.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
        writes.createIndex('by-id', 'id', { unique: true });
        writes.createIndex('by-user', 'userId');
      },
    });
    await v1.add('writes', {
      id: 'a:end',
      userId: 1,
      write: end(9),
      clientTime: '2026-11-22T10:00:00.000Z',
      status: 'pending',
    });
    v1.close();
    const store = await openOutboxStore();
    expect((await store.list(1)).map((e) => e.id)).toEqual(['a:end']);
    await store.recordSentInBackground(1, ['learningObject:9', 'learningObject:10'], '2026-11-22T18:40:00.000Z');
    await store.recordSentInBackground(1, ['learningObject:10', 'shortVideo:3'], '2026-11-22T18:42:00.000Z');
    // Each activity counts once, whatever the number of its writes and syncs.
    expect(await store.takeSentInBackground(1)).toEqual({ count: 3, at: '2026-11-22T18:42:00.000Z' });
    expect(await store.takeSentInBackground(1)).toBeNull();
    // The account deleted: its writes and its report go.
    await store.recordSentInBackground(1, ['learningObject:9'], '2026-11-22T19:00:00.000Z');
    expect(await store.clearUser(1)).toBe(1);
    expect(await store.takeSentInBackground(1)).toBeNull();
  });
});
