/**
 * Offline services: the service worker's navigation denylist; the registration's localhost check (docs/product.md §4); the reload for a missing chunk; the
 * platform's reachability (a failed request = offline until an answer).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAVIGATION_DENYLIST } from '../../src/service-worker/navigation';
import { checkServiceWorkerFile, isLocalhost } from '../../src/services/pwa/register';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  forgetFailedStylesheet,
  installChunkReload,
  loadFailedStylesheets,
  shouldReloadForChunk,
} from '../../src/services/pwa/chunk-reload';

describe('service worker navigation fallback', () => {
  const denied = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path));
  it('answers app routes with the shell, never API paths, files, the manifest or SSO callbacks', () => {
    for (const path of ['/', '/courses/1/modules/2', '/grades', '/lo/preview/7', '/courses?page=2&q=abc']) {
      expect(denied(path), path).toBe(false);
    }
    for (const path of [
      '/api/v1/lms/courses',
      '/sw.js',
      '/manifest.webmanifest',
      '/icons/icon-192.png',
      '/api/files/media/apostila.pdf',
      '/courses?access_token=abc',
      '/graduacao?code=xyz&state=1',
    ]) {
      expect(denied(path), path).toBe(true);
    }
  });
});

describe('service worker registration (docs/product.md §4)', () => {
  it('knows localhost addresses', () => {
    for (const host of ['localhost', 'falha.localhost', '127.0.0.1', '127.8.9.10', '[::1]']) {
      expect(isLocalhost(host), host).toBe(true);
    }
    for (const host of ['escola.example', '10.0.0.1', 'localhost.example']) expect(isLocalhost(host), host).toBe(false);
  });

  it('checks the file: JavaScript is valid, another answer invalid, no answer unknown (keep what is installed)', async () => {
    const answer = (status: number, type: string) =>
      (async () => new Response('x', { status, headers: { 'content-type': type } })) as unknown as typeof fetch;
    expect(await checkServiceWorkerFile(answer(200, 'text/javascript; charset=utf-8'))).toBe('valid');
    expect(await checkServiceWorkerFile(answer(200, 'application/javascript'))).toBe('valid');
    expect(await checkServiceWorkerFile(answer(200, 'text/html'))).toBe('invalid');
    expect(await checkServiceWorkerFile(answer(404, 'text/javascript'))).toBe('invalid');
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await checkServiceWorkerFile(offline)).toBe('unknown');
  });
});

describe('reload for a missing chunk', () => {
  const storage = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      data,
    };
  };

  it('reloads once; a second failure within 10 s goes to the error boundary instead', () => {
    const s = storage();
    expect(shouldReloadForChunk(s, 100_000)).toBe(true);
    expect(s.data.get(CHUNK_RELOAD_KEY)).toBe('100000');
    expect(shouldReloadForChunk(s, 100_000 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(shouldReloadForChunk(s, 100_000 + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
  });

  it("stops Vite's error and reloads on vite:preloadError", () => {
    const target = new EventTarget();
    const reload = vi.fn();
    installChunkReload(target as unknown as Window, reload, storage());
    const first = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    const second = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offline, a chunk failure is the network: no reload, the error goes on, the one reload is kept', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    const s = storage();
    let online = false;
    installChunkReload(target as unknown as Window, reload, s, () => online);
    const offline = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(offline);
    expect(offline.defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(s.data.has(CHUNK_RELOAD_KEY)).toBe(false);
    // Back online, the file is really gone (a deploy): the reload is still there.
    online = true;
    const gone = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(gone);
    expect(gone.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a chunk's stylesheet that failed to load is added again, once, before the chunk's next try", async () => {
    const failedLink = (href: string, rel = 'stylesheet') => {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = href;
      document.head.appendChild(link);
      return link;
    };
    const css = failedLink('/assets/screen-abc.css');
    const js = failedLink('/assets/screen-abc.js', 'modulepreload');
    for (const link of [css, js]) forgetFailedStylesheet({ target: link } as unknown as Event);
    // The failed stylesheet is out of the page (Vite would take it for loaded); a module preload stays.
    expect(css.isConnected).toBe(false);
    expect(js.isConnected).toBe(true);

    const loaded = loadFailedStylesheets(document);
    const again = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(again.map((link) => new URL(link.href).pathname)).toEqual(['/assets/screen-abc.css']);
    expect(again[0]!.crossOrigin).toBe('');
    again[0]!.dispatchEvent(new Event('load'));
    await loaded;
    // Only once: nothing failed since.
    await loadFailedStylesheets(document);
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
    again[0]!.remove();
    js.remove();
  });
});

describe('reachability', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('a request without answer makes the platform unreachable; a probe that gets an answer, reachable', async () => {
    vi.useFakeTimers();
    let up = false;
    const fetch = vi.fn(async () => {
      if (!up) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetch);
    const c = await import('../../src/services/http/connectivity');
    c.setProbeUrl(() => 'https://app.example/api/v1/platforms/app.example');
    const changes: boolean[] = [];
    c.subscribeReachability(() => changes.push(c.isReachable()));
    expect(c.isReachable()).toBe(true);
    c.reportNetworkFailure();
    expect(c.isReachable()).toBe(false);
    await vi.advanceTimersByTimeAsync(c.PROBE_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(c.isReachable()).toBe(false);
    up = true;
    await vi.advanceTimersByTimeAsync(c.PROBE_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(c.isReachable()).toBe(true);
    expect(changes).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(c.PROBE_INTERVAL_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('any answer of an API call (even an error status) counts as reachable', async () => {
    const c = await import('../../src/services/http/connectivity');
    c.reportNetworkFailure();
    c.reportNetworkSuccess();
    expect(c.isReachable()).toBe(true);
  });
});
