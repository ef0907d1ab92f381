/**
 * The service worker's sending of the outbox (src/service-worker/outbox-sync.ts; docs/offline.md
 * "Progress sent with the app closed"): from the app's own IndexedDB store (fake-indexeddb) with a
 * mocked fetch — each write once, oldest first, with its Idempotency-Key, client time and token;
 * the page's rules for failures; nothing without a student or a token; a report for the next open
 * only when no page was open; one sender at a time under the send lock.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openOutboxStore, type OutboxStore, type OutboxWrite } from '../../src/services/storage/outbox-store';
import { readTokenCookie, runOutboxSync, sendStoredWrites } from '../../src/service-worker/outbox-sync';
import { OUTBOX_SEND_LOCK } from '../../src/services/pwa/background-sync';

const ORIGIN = 'https://escola.example.com';
const end = (learningObjectId: number): OutboxWrite => ({
  kind: 'learningObject.end',
  learningObjectId,
  lessonId: 5,
  data: { answers: [1] },
});

let store: OutboxStore;
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  store = await openOutboxStore();
  await store.add({ id: 'o1:end', userId: 7, write: end(9), clientTime: '2026-11-22T18:40:00.000Z' });
  await store.add({
    id: 'v1',
    userId: 7,
    write: { kind: 'videoProgress', resourceId: 3, positionSeconds: 42, durationSeconds: 90 },
    clientTime: '2026-11-22T18:41:00.000Z',
  });
  await store.add({
    id: 'o2:start',
    userId: 7,
    write: { kind: 'learningObject.start', learningObjectId: 10, lessonId: 5 },
    clientTime: '2026-11-22T18:42:00.000Z',
  });
  await store.add({ id: 'other:end', userId: 8, write: end(11), clientTime: '2026-11-22T18:43:00.000Z' });
});

/** A fetch answering each request with the next status (200 once the list is used up). */
function fakeFetch(statuses: Array<number | 'offline'> = []) {
  return vi.fn(async (_url: string, _init?: RequestInit) => {
    const status = statuses.shift() ?? 200;
    if (status === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(status < 300 ? { data: {} } : { message: 'Conteúdo não encontrado.' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

const send = (fetch: ReturnType<typeof fakeFetch>, userId: number | null = 7, token: string | null = 'tok') =>
  sendStoredWrites({ store, userId, token, fetch, origin: ORIGIN });

describe("the service worker's sending of the outbox", () => {
  it("sends the student's writes oldest first, each with its key, client time and token, and removes them", async () => {
    const fetch = fakeFetch();
    expect(await send(fetch)).toEqual({
      result: 'done',
      sent: 3,
      refused: 0,
      activities: ['learningObject:9', 'shortVideo:3', 'learningObject:10'],
    });
    const calls = fetch.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method,
      headers: init?.headers as Record<string, string>,
      body: init?.body,
    }));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `PUT ${ORIGIN}/api/v1/lms/learningObjects/9/end`,
      `POST ${ORIGIN}/api/newlms/v1/user-activity`,
      `PUT ${ORIGIN}/api/v1/lms/learningObjects/10/start?lesson_id=5`,
    ]);
    expect(calls[0]!.headers).toMatchObject({
      'Idempotency-Key': 'o1:end',
      'X-Client-Timestamp': '2026-11-22T18:40:00.000Z',
      'x-access-token': 'tok',
      'x-user-environment': 'WEB',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ lesson_id: 5, data: { answers: [1] } });
    expect(calls[1]!.headers).toMatchObject({ Authorization: 'Bearer tok', 'Idempotency-Key': 'v1' });
    expect(JSON.parse(calls[1]!.body as string)).toEqual({
      user_id: 7,
      resource_id: 3,
      position_seconds: 42,
      duration_seconds: 90,
    });
    expect(await store.list(7)).toEqual([]);
    expect((await store.list(8)).map((e) => e.id)).toEqual(['other:end']);
  });

  it('signed out (no student or no token): sends nothing, keeps everything', async () => {
    const fetch = fakeFetch();
    expect(await send(fetch, null)).toMatchObject({ result: 'signedOut', sent: 0, refused: 0 });
    expect(await send(fetch, 7, null)).toMatchObject({ result: 'signedOut', sent: 0, refused: 0 });
    expect(fetch).not.toHaveBeenCalled();
    expect(await store.list(7)).toHaveLength(3);
  });

  it('a 401 stops and leaves the write and the rest for the page after sign-in', async () => {
    const fetch = fakeFetch([200, 401]);
    expect(await send(fetch)).toMatchObject({ result: 'signInNeeded', sent: 1, refused: 0 });
    expect((await store.list(7)).map((e) => e.id)).toEqual(['v1', 'o2:start']);
    expect(await store.list(7, 'rejected')).toEqual([]);
  });

  it.each([['offline' as const], [500], [503], [408], [429]])(
    'no answer or %s: stops, keeps the write and the rest for the next sync',
    async (failure) => {
      const fetch = fakeFetch([failure]);
      expect(await send(fetch)).toMatchObject({ result: 'retry', sent: 0, refused: 0 });
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(await store.list(7)).toHaveLength(3);
    },
  );

  it('another refusal (4xx) sets the write aside as refused, with the reason, and goes on', async () => {
    const fetch = fakeFetch([404]);
    expect(await send(fetch)).toMatchObject({ result: 'done', sent: 2, refused: 1 });
    expect(await store.list(7)).toEqual([]);
    const [refused] = await store.list(7, 'rejected');
    expect(refused).toMatchObject({ id: 'o1:end', rejection: { status: 404, message: 'Conteúdo não encontrado.' } });
  });
});

describe('one Background Sync of the outbox', () => {
  const options = (fetch: ReturnType<typeof fakeFetch>, pageOpen = false) => ({
    store,
    fetch,
    origin: ORIGIN,
    readOwner: async () => 7,
    readToken: async () => 'tok',
    pageOpen: async () => pageOpen,
    now: () => new Date('2026-11-22T21:42:00.000Z'),
  });

  it('with no page open, leaves the student a report of how many activities were sent and when, read once', async () => {
    await runOutboxSync(options(fakeFetch()));
    expect(await store.takeSentInBackground(7)).toEqual({ count: 3, at: '2026-11-22T21:42:00.000Z' });
    expect(await store.takeSentInBackground(7)).toBeNull();
  });

  it('with a page open, leaves no report (the page shows its own status)', async () => {
    await runOutboxSync(options(fakeFetch(), true));
    expect(await store.takeSentInBackground(7)).toBeNull();
  });

  it('rejects when writes are left for the next sync (the browser tries again), after reporting what went', async () => {
    await expect(runOutboxSync(options(fakeFetch([200, 'offline'])))).rejects.toThrow();
    expect(await store.takeSentInBackground(7)).toEqual({ count: 1, at: '2026-11-22T21:42:00.000Z' });
    expect(await store.list(7)).toHaveLength(2);
  });

  it('sends while holding the send lock', async () => {
    const held: string[] = [];
    const locks = {
      request: vi.fn(async (name: string, callback: () => Promise<unknown>) => {
        held.push(name);
        return callback();
      }),
    } as unknown as LockManager;
    const fetch = fakeFetch();
    await runOutboxSync({ ...options(fetch), locks });
    expect(held).toEqual([OUTBOX_SEND_LOCK]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('reads the token from the `token` cookie (Cookie Store API), null without it or without the API', async () => {
    const cookies = (value: string | null) =>
      ({
        get: vi.fn(async (name: string) => (name === 'token' && value ? { name, value } : null)),
      }) as unknown as CookieStore;
    expect(await readTokenCookie(cookies('abc'))).toBe('abc');
    expect(await readTokenCookie(cookies(null))).toBeNull();
    expect(await readTokenCookie(undefined)).toBeNull();
  });
});
