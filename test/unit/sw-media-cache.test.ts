// @vitest-environment node
/**
 * The service worker's media cache: whole small files stored after a first play,
 * ranges answered from them; large or token-bearing files never stored; the cache deleted when
 * a student signs out. Runs in Node (real Request/Response/Blob, as in a service worker).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { clearStudentCaches } from '../../src/services/pwa/caches';

type MediaCache = typeof import('../../src/service-worker/media-cache');
let MEDIA_CACHE: MediaCache['MEDIA_CACHE'];
let MEDIA_CACHE_MAX_BYTES: MediaCache['MEDIA_CACHE_MAX_BYTES'];
let handleMediaRequest: MediaCache['handleMediaRequest'];
let isCacheableMedia: MediaCache['isCacheableMedia'];
let shouldStoreMedia: MediaCache['shouldStoreMedia'];

beforeAll(async () => {
  // Workbox modules read `self` (the service worker global) when they load.
  (globalThis as { self?: unknown }).self = globalThis;
  ({ MEDIA_CACHE, MEDIA_CACHE_MAX_BYTES, handleMediaRequest, isCacheableMedia, shouldStoreMedia } =
    await import('../../src/service-worker/media-cache'));
});

/** A Cache Storage in memory, keyed by URL (what the media handler uses of it). */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = new Map()));
    const s = store;
    return {
      match: async (url: string) => s.get(url)?.clone(),
      put: async (url: string, response: Response) => void s.set(url, response),
    } as unknown as Cache;
  };
  return {
    stores,
    caches: {
      open,
      delete: async (name: string) => stores.delete(name),
    } as unknown as CacheStorage,
  };
}

const FILE = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 256));
const URL_OF_FILE = 'https://app.example/api/files/media/aula.webm';

/** A file server: whole file (200) or the asked range (206), counting requests. */
function fileServer() {
  const requests: (string | null)[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const range = input instanceof Request ? input.headers.get('range') : null;
    requests.push(range);
    const m = range ? /bytes=(\d+)-(\d*)/.exec(range) : null;
    if (m) {
      const start = Number(m[1]);
      const end = m[2] ? Number(m[2]) : FILE.length - 1;
      return new Response(FILE.slice(start, end + 1), {
        status: 206,
        headers: { 'content-range': `bytes ${start}-${end}/${FILE.length}`, 'content-type': 'video/webm' },
      });
    }
    return new Response(FILE, { status: 200, headers: { 'content-length': String(FILE.length) } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

describe('service worker media cache', () => {
  it('stores only same-origin file-repository media without tokens, up to the size limit', () => {
    const origin = 'https://app.example';
    expect(isCacheableMedia(new URL(URL_OF_FILE), origin)).toBe(true);
    expect(isCacheableMedia(new URL('https://cdn.example/api/files/media/a.webm'), origin)).toBe(false);
    expect(isCacheableMedia(new URL(`${origin}/api/files/proxy?resource=a&token=x`), origin)).toBe(false);
    expect(isCacheableMedia(new URL(`${URL_OF_FILE}?token=abc`), origin)).toBe(false);
    expect(isCacheableMedia(new URL(`${origin}/api/v1/lms/courses`), origin)).toBe(false);
    expect(shouldStoreMedia(String(MEDIA_CACHE_MAX_BYTES))).toBe(true);
    expect(shouldStoreMedia(String(MEDIA_CACHE_MAX_BYTES + 1))).toBe(false);
    expect(shouldStoreMedia(null)).toBe(false);
    expect(shouldStoreMedia('abc')).toBe(false);
  });

  it('a ranged miss goes to the network and stores the whole file once; later ranges come from it', async () => {
    const { caches, stores } = memoryCaches();
    const server = fileServer();
    const waits: Promise<unknown>[] = [];
    const deps = { caches, fetch: server.fetch };
    const first = await handleMediaRequest(
      new Request(URL_OF_FILE, { headers: { range: 'bytes=0-99' } }),
      (p) => waits.push(p),
      deps,
    );
    expect(first.status).toBe(206);
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(FILE.slice(0, 100));
    await Promise.all(waits);
    expect(server.requests).toEqual(['bytes=0-99', null]);
    expect(stores.get(MEDIA_CACHE)?.has(URL_OF_FILE)).toBe(true);

    const second = await handleMediaRequest(
      new Request(URL_OF_FILE, { headers: { range: 'bytes=500-599' } }),
      (p) => waits.push(p),
      deps,
    );
    expect(second.status).toBe(206);
    expect(second.headers.get('content-range')).toBe(`bytes 500-599/${FILE.length}`);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(FILE.slice(500, 600));
    const whole = await handleMediaRequest(new Request(URL_OF_FILE), (p) => waits.push(p), deps);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(FILE);
    expect(server.requests).toHaveLength(2);
  });

  it('a file over the limit is played from the network and never stored', async () => {
    const { caches, stores } = memoryCaches();
    const fetch = vi.fn(
      async () =>
        new Response(FILE.slice(0, 10), {
          status: 206,
          headers: { 'content-range': `bytes 0-9/${MEDIA_CACHE_MAX_BYTES + 1}` },
        }),
    );
    const waits: Promise<unknown>[] = [];
    const answer = await handleMediaRequest(
      new Request(URL_OF_FILE, { headers: { range: 'bytes=0-9' } }),
      (p) => waits.push(p),
      { caches, fetch: fetch as unknown as typeof globalThis.fetch },
    );
    expect(answer.status).toBe(206);
    await Promise.all(waits);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(stores.get(MEDIA_CACHE)?.size ?? 0).toBe(0);
  });

  it('the cache of played media is deleted when a student signs out', async () => {
    const { caches, stores } = memoryCaches();
    await caches.open(MEDIA_CACHE);
    await caches.open('workbox-precache-v2');
    await clearStudentCaches(caches);
    expect([...stores.keys()]).toEqual(['workbox-precache-v2']);
  });
});
