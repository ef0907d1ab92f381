/**
 * The outbox's durable store (docs/architecture.md §D2 "Writes that must not be lost"): progress writes
 * are kept in IndexedDB (database `lms-outbox`, store `writes`) from before they are sent
 * until the server answers 2xx. Entries hold the write's fields, never a URL or a token.
 *
 * Order is the IndexedDB key generator's (`seq`, ascending = the order writes were made);
 * `id` (the client event id, sent as `Idempotency-Key`) is unique, so storing the same write
 * twice keeps one entry. Each entry belongs to one student (`userId`): another student
 * signing in on the device never sends (or sees) it.
 *
 * The service worker sends from the same store when the app is closed (Background Sync,
 * src/service-worker/outbox-sync.ts) and leaves a report per student (store `sent`: how many it
 * sent and when), which the page reads once and clears at the next open.
 *
 * Where IndexedDB is missing or refuses to open (some private modes), the store lives in
 * memory for the page's lifetime and `durable` is false.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * One write the server must receive (docs/product.md §7): start/end of a learning object, a short video or
 * an attachment,
 * and a short video's progress (`videoProgress`: new LMS `POST /user-activity`, positions in s;
 * the user id is the entry's `userId`).
 */
export type OutboxWrite =
  | { kind: 'learningObject.start'; learningObjectId: number; lessonId: number }
  | { kind: 'learningObject.end'; learningObjectId: number; lessonId: number; data: Record<string, unknown> }
  | { kind: 'shortVideo.start'; shortVideoId: number }
  | { kind: 'shortVideo.end'; shortVideoId: number }
  | { kind: 'videoProgress'; resourceId: number; positionSeconds: number; durationSeconds: number }
  | { kind: 'attachment.start'; attachmentId: number }
  | { kind: 'attachment.end'; attachmentId: number };

/**
 * What a write is about, as a student counts their activities: `learningObject:<id>`,
 * `shortVideo:<id>` (a video position too), `attachment:<id>`.
 */
export function activityOf(write: OutboxWrite): string {
  switch (write.kind) {
    case 'learningObject.start':
    case 'learningObject.end':
      return `learningObject:${write.learningObjectId}`;
    case 'shortVideo.start':
    case 'shortVideo.end':
      return `shortVideo:${write.shortVideoId}`;
    case 'videoProgress':
      return `shortVideo:${write.resourceId}`;
    case 'attachment.start':
    case 'attachment.end':
      return `attachment:${write.attachmentId}`;
  }
}

/** A stored write. */
export interface OutboxEntry {
  /** Client event id, sent as `Idempotency-Key` (unique). */
  id: string;
  /** Position in the outbox (IndexedDB key generator); absent until stored. */
  seq?: number;
  /** The student who made the write. */
  userId: number;
  write: OutboxWrite;
  /** When the write happened on this device, ISO 8601 (sent as `X-Client-Timestamp`). */
  clientTime: string;
  /** `rejected`: the server refused it for good (a 4xx other than 401); kept, not resent. */
  status: 'pending' | 'rejected';
  /** Why it was rejected: HTTP status (null when not HTTP) and the server's message. */
  rejection?: { status: number | null; message: string };
}

/** What the service worker sent for one student while no page of the app was open. */
export interface SentInBackground {
  /** How many activities (learning objects, short videos, attachments) the writes it sent were about. */
  count: number;
  /** When the last of them was taken, ISO 8601. */
  at: string;
}

/** Persistence of the outbox. Every method resolves once the change is stored. */
export interface OutboxStore {
  /** True when entries survive a reload (IndexedDB), false for the in-memory fallback. */
  readonly durable: boolean;
  /** Stores a new pending write; storing an `id` already present keeps the first. @returns the stored entry. */
  add(entry: Omit<OutboxEntry, 'seq' | 'status'>): Promise<OutboxEntry>;
  /** @returns the student's entries with `status`, oldest first. */
  list(userId: number, status?: OutboxEntry['status']): Promise<OutboxEntry[]>;
  /** Removes a delivered write (called only after a 2xx). */
  remove(id: string): Promise<void>;
  /** Keeps a refused write aside with the reason, so it no longer blocks the queue. */
  reject(id: string, rejection: NonNullable<OutboxEntry['rejection']>): Promise<void>;
  /**
   * Removes every entry (pending and rejected) of `userId`, and their report of background sends
   * (account deletion). @returns how many entries.
   */
  clearUser(userId: number): Promise<number>;
  /**
   * Adds the activities of writes sent at `at` (ISO 8601) to `userId`'s report of background sends.
   * @param activities what the writes were about (`activityOf`); each counts once in the report.
   */
  recordSentInBackground(userId: number, activities: readonly string[], at: string): Promise<void>;
  /** @returns `userId`'s report of background sends, removed from the store (null: none). */
  takeSentInBackground(userId: number): Promise<SentInBackground | null>;
}

interface OutboxDb extends DBSchema {
  writes: {
    key: number;
    value: OutboxEntry;
    indexes: { 'by-id': string; 'by-user': number };
  };
  sent: {
    key: number;
    value: { userId: number; activities: string[]; at: string };
  };
}

const DB_NAME = 'lms-outbox';
/** 1: `writes`; 2: + `sent` (the service worker's reports). */
const DB_VERSION = 2;

/** Opens the IndexedDB store, or the in-memory one where IndexedDB cannot be used. */
export async function openOutboxStore(): Promise<OutboxStore> {
  if (typeof indexedDB === 'undefined') return memoryOutboxStore();
  let db: IDBPDatabase<OutboxDb>;
  try {
    db = await openDB<OutboxDb>(DB_NAME, DB_VERSION, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          const store = database.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
          store.createIndex('by-id', 'id', { unique: true });
          store.createIndex('by-user', 'userId');
        }
        if (oldVersion < 2) database.createObjectStore('sent', { keyPath: 'userId' });
      },
    });
  } catch {
    return memoryOutboxStore();
  }
  return {
    durable: true,
    async add(entry) {
      const tx = db.transaction('writes', 'readwrite');
      const existing = await tx.store.index('by-id').get(entry.id);
      if (existing) {
        await tx.done;
        return existing;
      }
      const value: OutboxEntry = { ...entry, status: 'pending' };
      const seq = await tx.store.add(value);
      await tx.done;
      return { ...value, seq };
    },
    async list(userId, status = 'pending') {
      const all = await db.getAllFromIndex('writes', 'by-user', userId);
      return all.filter((e) => e.status === status).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    },
    async remove(id) {
      const tx = db.transaction('writes', 'readwrite');
      const key = await tx.store.index('by-id').getKey(id);
      if (key !== undefined) await tx.store.delete(key);
      await tx.done;
    },
    async reject(id, rejection) {
      const tx = db.transaction('writes', 'readwrite');
      const entry = await tx.store.index('by-id').get(id);
      if (entry) await tx.store.put({ ...entry, status: 'rejected', rejection });
      await tx.done;
    },
    async clearUser(userId) {
      const tx = db.transaction(['writes', 'sent'], 'readwrite');
      const writes = tx.objectStore('writes');
      const keys = await writes.index('by-user').getAllKeys(userId);
      for (const k of keys) await writes.delete(k);
      await tx.objectStore('sent').delete(userId);
      await tx.done;
      return keys.length;
    },
    async recordSentInBackground(userId, activities, at) {
      const tx = db.transaction('sent', 'readwrite');
      const before = await tx.store.get(userId);
      await tx.store.put({ userId, activities: [...new Set([...(before?.activities ?? []), ...activities])], at });
      await tx.done;
    },
    async takeSentInBackground(userId) {
      const tx = db.transaction('sent', 'readwrite');
      const report = await tx.store.get(userId);
      if (report) await tx.store.delete(userId);
      await tx.done;
      return report ? { count: report.activities.length, at: report.at } : null;
    },
  };
}

/** An outbox store that lives in memory only (fallback, and a fake for machine tests). */
export function memoryOutboxStore(): OutboxStore {
  let next = 1;
  const entries: OutboxEntry[] = [];
  const sent = new Map<number, { activities: Set<string>; at: string }>();
  return {
    durable: false,
    async add(entry) {
      const existing = entries.find((e) => e.id === entry.id);
      if (existing) return { ...existing };
      const stored: OutboxEntry = { ...entry, seq: next++, status: 'pending' };
      entries.push(stored);
      return { ...stored };
    },
    async list(userId, status = 'pending') {
      return entries.filter((e) => e.userId === userId && e.status === status).map((e) => ({ ...e }));
    },
    async remove(id) {
      const at = entries.findIndex((e) => e.id === id);
      if (at >= 0) entries.splice(at, 1);
    },
    async reject(id, rejection) {
      const entry = entries.find((e) => e.id === id);
      if (entry) Object.assign(entry, { status: 'rejected', rejection });
    },
    async clearUser(userId) {
      const before = entries.length;
      for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.userId === userId) entries.splice(i, 1);
      sent.delete(userId);
      return before - entries.length;
    },
    async recordSentInBackground(userId, activities, at) {
      sent.set(userId, { activities: new Set([...(sent.get(userId)?.activities ?? []), ...activities]), at });
    },
    async takeSentInBackground(userId) {
      const report = sent.get(userId);
      sent.delete(userId);
      return report ? { count: report.activities.size, at: report.at } : null;
    },
  };
}
