/**
 * What the page and the service worker share to send progress writes one at a time
 * (docs/offline.md "Progress sent with the app closed"; docs/decisions/0012-progress-sent-by-the-service-worker.md):
 * the Background Sync tag the page registers and the Web Lock both hold while sending.
 */

/** The one-off Background Sync tag: "send the outbox when the connection returns". */
export const OUTBOX_SYNC_TAG = 'lms-outbox';

/** The Web Lock held by whoever sends the outbox (a page's outbox actor or the service worker). */
export const OUTBOX_SEND_LOCK = 'lms-outbox-send';

/** Whether this browser has Background Sync (Chromium, Android included): feature detection only. */
export function supportsBackgroundSync(): boolean {
  return typeof ServiceWorkerRegistration !== 'undefined' && 'sync' in ServiceWorkerRegistration.prototype;
}

interface SyncRegistration {
  sync: { register(tag: string): Promise<void> };
}

/**
 * Asks the service worker to send the outbox once the connection returns, page open or not
 * (`registration.sync.register(OUTBOX_SYNC_TAG)`). Does nothing where Background Sync is missing
 * (Firefox, Safari: the page sends at the next open and on `online`) or no worker is registered.
 * Never rejects.
 */
export async function requestOutboxSync(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<void> {
  if (!container || !supportsBackgroundSync()) return;
  try {
    const registration = await container.getRegistration();
    if (registration && 'sync' in registration)
      await (registration as unknown as SyncRegistration).sync.register(OUTBOX_SYNC_TAG);
  } catch {
    // Refused (e.g. the permission is blocked): the page sends when it is open.
  }
}

/**
 * The page's side of the send lock (`OUTBOX_SEND_LOCK`), for the outbox machine's `tryLock`,
 * `waitForLock` and `releaseSendLock`. Without Web Locks every request is granted at once (the
 * server's idempotency keeps a double send harmless).
 * @param locks the lock manager (default `navigator.locks`; tests pass a fake or undefined).
 */
export function pageSendLock(locks: LockManager | undefined = globalThis.navigator?.locks) {
  let release: (() => void) | null = null;
  const take = (ifAvailable: boolean, signal?: AbortSignal): Promise<boolean> => {
    if (!locks) return Promise.resolve(true);
    return new Promise<boolean>((resolve, reject) => {
      const options: LockOptions = ifAvailable ? { ifAvailable: true } : signal ? { signal } : {};
      locks
        .request(OUTBOX_SEND_LOCK, options, (lock) => {
          if (!lock) {
            resolve(false);
            return undefined;
          }
          // Taken after the machine stopped asking: let it go at once.
          if (signal?.aborted) {
            resolve(false);
            return undefined;
          }
          release?.();
          const held = new Promise<void>((done) => {
            release = done;
          });
          resolve(true);
          return held;
        })
        .catch(reject);
    });
  };
  return {
    /** @returns true when the lock was free and is now held, false when another sender holds it. */
    tryLock: (signal?: AbortSignal) => take(true, signal),
    /** Resolves once the lock is held (rejects when `signal` aborts first). */
    waitForLock: async (signal?: AbortSignal) => {
      await take(false, signal);
    },
    /** Lets the lock go (nothing when not held). */
    release: () => {
      const done = release;
      release = null;
      done?.();
    },
  };
}
