/**
 * The page's side of sending one at a time (src/services/pwa/background-sync.ts;
 * docs/decisions/0012-progress-sent-by-the-service-worker.md): the send lock taken, waited for
 * and let go; the Background Sync asked for only where the browser has it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OUTBOX_SEND_LOCK,
  OUTBOX_SYNC_TAG,
  pageSendLock,
  requestOutboxSync,
} from '../../src/services/pwa/background-sync';

/** One exclusive lock per name, granted in order (what `navigator.locks` does for this use). */
function fakeLocks() {
  const held = new Set<string>();
  const queue: Array<() => void> = [];
  const manager = {
    request: (name: string, options: LockOptions, callback: (lock: Lock | null) => unknown) =>
      new Promise((resolve, reject) => {
        const grant = () => {
          held.add(name);
          Promise.resolve(callback({ name, mode: 'exclusive' } as Lock)).then((value) => {
            held.delete(name);
            queue.shift()?.();
            resolve(value);
          }, reject);
        };
        if (!held.has(name)) return grant();
        if (options.ifAvailable) return resolve(callback(null));
        queue.push(grant);
      }),
  };
  return { manager: manager as unknown as LockManager, held };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the send lock of the page', () => {
  it('is taken when free, held until let go; a second sender waits for it', async () => {
    const { manager, held } = fakeLocks();
    const page = pageSendLock(manager);
    const worker = pageSendLock(manager);
    expect(await page.tryLock()).toBe(true);
    expect(held.has(OUTBOX_SEND_LOCK)).toBe(true);
    expect(await worker.tryLock()).toBe(false);
    let taken = false;
    const waiting = worker.waitForLock().then(() => {
      taken = true;
    });
    await settle();
    expect(taken).toBe(false);
    page.release();
    await waiting;
    expect(taken).toBe(true);
    worker.release();
    await settle();
    expect(held.has(OUTBOX_SEND_LOCK)).toBe(false);
  });

  it('a lock granted after the page stopped asking is let go at once', async () => {
    const { manager, held } = fakeLocks();
    const other = pageSendLock(manager);
    await other.tryLock();
    const page = pageSendLock(manager);
    const asking = new AbortController();
    const waiting = page.waitForLock(asking.signal);
    asking.abort();
    other.release();
    await waiting;
    await settle();
    expect(held.has(OUTBOX_SEND_LOCK)).toBe(false);
  });

  it('without Web Locks, is always granted', async () => {
    const page = pageSendLock(undefined);
    expect(await page.tryLock()).toBe(true);
    await expect(page.waitForLock()).resolves.toBeUndefined();
    page.release();
  });
});

describe('asking the service worker to send', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registers the one-off sync where the browser has Background Sync', async () => {
    const register = vi.fn(async () => {});
    class Registration {
      sync = { register };
    }
    vi.stubGlobal('ServiceWorkerRegistration', Registration);
    Object.defineProperty(Registration.prototype, 'sync', { value: null, configurable: true });
    const container = { getRegistration: async () => new Registration() } as unknown as ServiceWorkerContainer;
    await requestOutboxSync(container);
    expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
  });

  it('does nothing where it is missing (Firefox, Safari), and never rejects', async () => {
    class Registration {}
    vi.stubGlobal('ServiceWorkerRegistration', Registration);
    const getRegistration = vi.fn();
    await requestOutboxSync({ getRegistration } as unknown as ServiceWorkerContainer);
    expect(getRegistration).not.toHaveBeenCalled();
    await expect(requestOutboxSync(undefined)).resolves.toBeUndefined();
  });
});
