/**
 * A first visit restores nothing without creating the saved reads' database
 * (src/services/storage/query-persistence.ts `savedReadsMayExist`): on a device that never saved a
 * read, opening IndexedDB (and creating its store) would only hold the first screen back; the
 * database is created by the first save, and what is saved comes back on the next load.
 */
import { describe, expect, it } from 'vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';

describe('saved reads on a device that never saved any', () => {
  it('restores nothing and opens no database; the first save creates it and the next load gets it back', async () => {
    // A device of its own (nothing from other test files), and this module's own first open.
    globalThis.indexedDB = new IDBFactory();
    const { openStudentQueryCache, QUERIES_DB, savedReadsMayExist } =
      await import('../../src/services/storage/query-persistence');
    const names = async () => (await indexedDB.databases()).map((db) => db.name);

    expect(await savedReadsMayExist()).toBe(false);
    const client = new QueryClient();
    const cache = openStudentQueryCache(client, 51, 'b');
    await cache.restore();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(await names()).not.toContain(QUERIES_DB.name);

    cache.subscribe();
    client.setQueryData(['course', 1], { id: 1, name: 'Introdução à Informática' });
    // Saves are throttled (1 s): the first one creates the database.
    await expect.poll(names, { timeout: 3000, interval: 100 }).toContain(QUERIES_DB.name);
    expect(await savedReadsMayExist()).toBe(true);

    await expect
      .poll(
        async () => {
          const nextLoad = new QueryClient();
          await openStudentQueryCache(nextLoad, 51, 'b').restore();
          return nextLoad.getQueryData(['course', 1]);
        },
        { timeout: 4000, interval: 250 },
      )
      .toEqual({ id: 1, name: 'Introdução à Informática' });
    cache.close();
  });
});
