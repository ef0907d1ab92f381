/**
 * Offline data of a student on this device:
 * - saved reads (IndexedDB via fake-indexeddb) come back into a fresh query client after a
 *   reload, except excluded keys, reads of another app build, and after `forget()`; nothing is
 *   written once closed;
 * - `followStudentDeviceData` restores them when a student's session starts (screens wait),
 *   deletes them with the media cache when the student signs out, and never lets a restore that
 *   ends after a sign-out leave their reads in memory;
 * - `drainOutbox` sends what waits before 'Sair' (at once nothing, when the platform does not answer);
 * - what the student sees offline: 'Você está offline — dados de 14:32' over saved data, and a
 *   clear message where a page was never opened.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createActor, fromPromise } from 'xstate';
import {
  forgetStudentQueries,
  openStudentQueryCache,
  QUERIES_DB,
  studentCacheKey,
} from '../../src/services/storage/query-persistence';
import { studentDeviceData } from '../../src/app/wiring';
import { drainOutbox, type AppOutbox } from '../../src/app/wiring/learning';
import { reportNetworkFailure, reportNetworkSuccess } from '../../src/services/http/connectivity';
import { outboxMachine } from '../../src/machines/outbox.machine';
import type { OutboxEntry } from '../../src/services/storage/outbox-store';
import { OfflineBanner } from '../../src/views/pwa/offline-banner';
import { PageLoading } from '../../src/views/components/page-loading';
import { demoUser } from '../fixtures/user';
import { openDB } from 'idb';

/** What is stored for `userId`, read straight from IndexedDB as another page would. */
const saved = async (userId: number) => {
  const db = await openDB(QUERIES_DB.name, QUERIES_DB.version, {
    upgrade: (database) => void database.createObjectStore(QUERIES_DB.store),
  });
  try {
    return (await db.get(QUERIES_DB.store, studentCacheKey(userId))) as string | undefined;
  } finally {
    db.close();
  }
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('saved reads of one student', () => {
  it('come back after a reload; excluded keys, another build and forgotten reads do not', async () => {
    const client = new QueryClient();
    const cache = openStudentQueryCache(client, 41, 'build-1');
    await cache.restore();
    cache.subscribe();
    client.setQueryData(['course', 1], { id: 1, name: 'Introdução à Informática' });
    client.setQueryData(['users', 'self'], { cpf: '12345678909' });
    client.setQueryData(['userActivity', 41, 7], { position_seconds: 3 });
    await vi.waitFor(async () => expect(await saved(41)).toContain('Introdução à Informática'), { timeout: 3000 });
    expect(await saved(41)).not.toContain('12345678909');

    const afterReload = new QueryClient();
    await openStudentQueryCache(afterReload, 41, 'build-1').restore();
    expect(afterReload.getQueryData(['course', 1])).toEqual({ id: 1, name: 'Introdução à Informática' });
    // The last known state: shown, but read again as soon as a screen uses it.
    expect(afterReload.getQueryState(['course', 1])?.isInvalidated).toBe(true);
    expect(afterReload.getQueryData(['users', 'self'])).toBeUndefined();
    expect(afterReload.getQueryData(['userActivity', 41, 7])).toBeUndefined();

    const otherBuild = new QueryClient();
    await openStudentQueryCache(otherBuild, 41, 'build-2').restore();
    expect(otherBuild.getQueryData(['course', 1])).toBeUndefined();
    expect(await saved(41)).toBeUndefined(); // discarded, not kept for later
  });

  it('an answer the platform gave before the restore stays fresh: only restored reads are read again', async () => {
    const earlier = new QueryClient();
    const cache = openStudentQueryCache(earlier, 45, 'build-1');
    await cache.restore();
    cache.subscribe();
    earlier.setQueryData(['dashboard'], { courses: 2 });
    earlier.setQueryData(['course', 1], { id: 1, name: 'Introdução à Informática' });
    await vi.waitFor(async () => expect(await saved(45)).toContain('Introdução à Informática'), { timeout: 3000 });
    cache.close();
    await wait(5);

    // The next page load: the dashboard's early read answers before the saved reads are opened.
    const afterReload = new QueryClient();
    afterReload.setQueryData(['dashboard'], { courses: 3 });
    await wait(5);
    await openStudentQueryCache(afterReload, 45, 'build-1').restore();
    expect(afterReload.getQueryData(['dashboard'])).toEqual({ courses: 3 });
    expect(afterReload.getQueryState(['dashboard'])?.isInvalidated).toBe(false);
    expect(afterReload.getQueryState(['course', 1])?.isInvalidated).toBe(true);
  });

  it('nothing is written once closed, and forget() deletes what was saved', async () => {
    const client = new QueryClient();
    const cache = openStudentQueryCache(client, 42, 'b');
    cache.subscribe();
    client.setQueryData(['grades'], { data: ['nota 9,5'] });
    await vi.waitFor(async () => expect(await saved(42)).toContain('nota 9,5'), { timeout: 3000 });
    client.setQueryData(['grades'], { data: ['nota 7,0'] }); // a write scheduled …
    await cache.forget(); // … and the student signs out before it runs
    await wait(1500);
    expect(await saved(42)).toBeUndefined();
  });

  it('reads saved by earlier builds (stored with idb-keyval: same database, store and key) still come back', async () => {
    const client = new QueryClient();
    const cache = openStudentQueryCache(client, 43, 'b');
    cache.subscribe();
    client.setQueryData(['course', 3], { id: 3, name: 'Empreendedorismo' });
    await vi.waitFor(async () => expect(await saved(43)).toContain('Empreendedorismo'), { timeout: 3000 });
    const value = (await saved(43))!;
    cache.close();
    // What idb-keyval's createStore('portal-offline', 'queries') + set(key, value) did: open without a
    // version (creating the store on first open) and put the string under the key.
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(QUERIES_DB.name);
      open.onupgradeneeded = () => open.result.createObjectStore(QUERIES_DB.store);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction(QUERIES_DB.store, 'readwrite');
        tx.objectStore(QUERIES_DB.store).put(value, studentCacheKey(44));
        tx.oncomplete = () => (open.result.close(), resolve());
        tx.onerror = () => reject(tx.error);
      };
    });
    const restored = new QueryClient();
    await openStudentQueryCache(restored, 44, 'b').restore();
    expect(restored.getQueryData(['course', 3])).toEqual({ id: 3, name: 'Empreendedorismo' });
    await forgetStudentQueries(44);
    expect(await saved(44)).toBeUndefined();
  });
});

describe('studentDeviceData (the root actor calls it when the signed-in student changes)', () => {
  it('restores the student’s reads before screens read (restoring), saves later ones, forgets them at sign-out', async () => {
    const client = new QueryClient();
    const earlier = openStudentQueryCache(new QueryClient(), demoUser.id, 'b1');
    const seed = new QueryClient();
    const seeded = openStudentQueryCache(seed, demoUser.id, 'b1');
    seeded.subscribe();
    seed.setQueryData(['module', 3], { name: 'Módulo salvo' });
    await vi.waitFor(async () => expect(await saved(demoUser.id)).toContain('Módulo salvo'), { timeout: 3000 });
    seeded.close();
    earlier.close();

    const restoring: boolean[] = [];
    const clearCaches = vi.fn(async () => {});
    const follow = studentDeviceData({
      client,
      buster: 'b1',
      restoring: { set: (v: boolean) => restoring.push(v) },
      clearCaches,
    });
    follow(demoUser.id, undefined); // the page loads with the student's session
    expect(restoring).toEqual([true]);
    await vi.waitFor(() => expect(restoring).toEqual([true, false]));
    expect(client.getQueryData(['module', 3])).toEqual({ name: 'Módulo salvo' });

    follow(null, demoUser.id); // 'Sair'
    await vi.waitFor(() => expect(clearCaches).toHaveBeenCalledTimes(1));
    await vi.waitFor(async () => expect(await saved(demoUser.id)).toBeUndefined());
  });

  it('downloads: reads put back after the restore, the service worker told the owner, all gone at sign-out', async () => {
    const calls: string[] = [];
    const follow = studentDeviceData({
      client: new QueryClient(),
      buster: 'b1',
      restoring: { set: () => {} },
      clearCaches: async () => void calls.push('clearCaches'),
      downloads: async () => ({
        switchDownloadsStudent: async (leaver: number | null, id: number | null) =>
          void calls.push(`switch ${leaver} → ${id}`),
        seedDownloadedReads: async (_: unknown, id: number) => (calls.push(`seed ${id}`), 0),
      }),
    });
    follow(demoUser.id, undefined);
    await vi.waitFor(() =>
      expect(calls).toEqual(expect.arrayContaining([`switch null → ${demoUser.id}`, `seed ${demoUser.id}`])),
    );
    follow(null, demoUser.id);
    await vi.waitFor(() => expect(calls.at(-1)).toBe(`switch ${demoUser.id} → null`));
    expect(calls).toContain('clearCaches');
  });

  it('signed out at page load (/login), only the downloads’ owner is cleared: their code is not loaded', async () => {
    const downloads = vi.fn();
    const clearDownloadsOwner = vi.fn(async () => {});
    studentDeviceData({
      client: new QueryClient(),
      buster: 'b1',
      restoring: { set: () => {} },
      clearCaches: async () => {},
      downloads,
      clearDownloadsOwner,
    })(null, undefined); // /login loaded signed out
    await vi.waitFor(() => expect(clearDownloadsOwner).toHaveBeenCalledTimes(1));
    expect(downloads).not.toHaveBeenCalled();
  });

  it('a restore that ends after the sign-out leaves nothing of the student in memory', async () => {
    const client = new QueryClient();
    let finishRestore: () => void = () => {};
    const load = async () => {
      const real = await import('../../src/services/storage/query-persistence');
      return {
        ...real,
        openStudentQueryCache: () => ({
          restore: () =>
            new Promise<void>((resolve) => {
              finishRestore = () => {
                client.setQueryData(['grades'], { data: ['do aluno anterior'] });
                resolve();
              };
            }),
          subscribe: vi.fn(),
          close: vi.fn(),
          forget: vi.fn(async () => {}),
        }),
      };
    };
    const follow = studentDeviceData({
      client,
      buster: 'b',
      restoring: { set: () => {} },
      load,
      clearCaches: async () => {},
    });
    follow(demoUser.id, undefined);
    await wait(0);
    follow(null, demoUser.id);
    finishRestore();
    await wait(0);
    expect(client.getQueryData(['grades'])).toBeUndefined();
  });
});

describe('drainOutbox before Sair', () => {
  const entry = (id: string): OutboxEntry => ({
    id,
    userId: 1,
    clientTime: '2026-11-23T10:00:00.000Z',
    status: 'pending',
    write: { kind: 'learningObject.end', learningObjectId: 7, lessonId: 3, data: {} },
  });

  it('sends what waits and resolves once the queue is empty', async () => {
    const sent: string[] = [];
    const actor = createActor(
      outboxMachine.provide({
        actors: {
          loadEntries: fromPromise<OutboxEntry[], { userId: number }>(async () => [entry('a'), entry('b')]),
          deliver: fromPromise<void, { entry: OutboxEntry }>(async ({ input }) => {
            await wait(20);
            sent.push(input.entry.id);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'outbox.user', userId: 1 });
    await drainOutbox({ actor } as unknown as AppOutbox, 2000);
    expect(sent).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('gives up after its timeout when the server does not answer (the writes stay stored)', async () => {
    const actor = createActor(
      outboxMachine.provide({
        actors: {
          loadEntries: fromPromise<OutboxEntry[], { userId: number }>(async () => [entry('c')]),
          deliver: fromPromise<void, { entry: OutboxEntry }>(() => new Promise<void>(() => {})),
        },
      }),
    ).start();
    actor.send({ type: 'outbox.user', userId: 1 });
    const started = Date.now();
    await drainOutbox({ actor } as unknown as AppOutbox, 300);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(actor.getSnapshot().context.queue).toHaveLength(1);
  });

  it('returns at once when the platform does not answer, even with navigator.onLine true (nothing sent, the writes stay)', async () => {
    const sent: string[] = [];
    let loaded = false;
    const actor = createActor(
      outboxMachine.provide({
        actors: {
          // Still loading when 'Sair' comes: the old code waited for it (up to its timeout).
          loadEntries: fromPromise<OutboxEntry[], { userId: number }>(async () => {
            await wait(1000);
            loaded = true;
            return [entry('d')];
          }),
          deliver: fromPromise<void, { entry: OutboxEntry }>(async ({ input }) => void sent.push(input.entry.id)),
        },
      }),
    ).start();
    actor.send({ type: 'outbox.user', userId: 1 });
    expect(navigator.onLine).toBe(true);
    reportNetworkFailure();
    try {
      const started = Date.now();
      await drainOutbox({ actor } as unknown as AppOutbox, 3000);
      expect(Date.now() - started).toBeLessThan(500);
      expect(loaded).toBe(false);
      expect(sent).toEqual([]);
    } finally {
      reportNetworkSuccess();
      actor.stop();
    }
  });
});

describe('what the student sees offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => void window.dispatchEvent(new Event('online')));
  });

  function Screen({ client, withData }: { client: QueryClient; withData: boolean }) {
    return (
      <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
        <QueryClientProvider client={client}>
          <OfflineBanner />
          {withData ? <Reader /> : <PageLoading />}
        </QueryClientProvider>
      </IntlProvider>
    );
  }
  function Reader() {
    const query = useQuery({ queryKey: ['grades'], queryFn: () => new Promise<never>(() => {}) });
    return <p>{query.data ? 'Notas salvas' : ''}</p>;
  }
  const goOffline = () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
  };

  it("offline over saved data: 'Você está offline — dados de <hora>' (today's time), hidden online", () => {
    const client = new QueryClient();
    const at = new Date();
    at.setHours(14, 32, 0, 0);
    client.setQueryData(['grades'], { data: [] }, { updatedAt: at.getTime() });
    render(<Screen client={client} withData />);
    expect(screen.queryByRole('status')).toBeNull();
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent('Você está offline — dados de 14:32');
  });

  it('a saved read of another day shows its date too', () => {
    const client = new QueryClient();
    client.setQueryData(['grades'], { data: [] }, { updatedAt: new Date(2026, 10, 20, 9, 5).getTime() });
    render(<Screen client={client} withData />);
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent('Você está offline — dados de 20/11 09:05');
  });

  it('a page never opened on this device says so instead of loading forever', () => {
    render(<Screen client={new QueryClient()} withData={false} />);
    expect(screen.getByText('Carregando…')).toBeVisible();
    goOffline();
    expect(
      screen.getByText(
        'Você está offline e esta página ainda não foi aberta neste aparelho. Ela aparece assim que a conexão voltar.',
      ),
    ).toBeVisible();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Você está offline');
  });
});
