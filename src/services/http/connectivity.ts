/**
 * Whether the platform can be reached from here
 * (docs/decisions/0008-offline-means-the-platform-does-not-answer.md). `navigator.onLine` only
 * knows whether the device has a network: on a weak mobile network, or with the platform down, it stays true
 * while every request fails. So the app also counts a failed request as "offline": any answer
 * from a platform API (even an error status) makes it reachable again; after a network failure
 * it asks the platform every `PROBE_INTERVAL_MS` until it answers. The browser's `offline` event
 * makes it unreachable at once, its `online` event reachable again (until a request fails).
 *
 * Followers: TanStack Query's onlineManager (reads wait instead of failing, app/query/client.ts),
 * `useOnline` (offline banner, disabled actions), the outbox (sends again when reachable).
 */

/** How often an unreachable platform is asked again, ms. */
export const PROBE_INTERVAL_MS = 10_000;

type Listener = () => void;

let reachable = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
const listeners = new Set<Listener>();
let probeTimer: ReturnType<typeof setTimeout> | null = null;
let probeUrl: () => string | null = () => null;

const set = (value: boolean) => {
  if (value === reachable) return;
  reachable = value;
  for (const listener of [...listeners]) listener();
};

/** True while the platform answered the last request (and the browser is not offline). */
export function isReachable(): boolean {
  return reachable && (typeof navigator === 'undefined' || navigator.onLine !== false);
}

/** Calls `listener` on every change of `isReachable()`. @returns the unsubscribe function. */
export function subscribeReachability(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A platform API answered (any status): it is reachable. */
export function reportNetworkSuccess(): void {
  if (probeTimer !== null) {
    clearTimeout(probeTimer);
    probeTimer = null;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  set(true);
}

/** A request got no answer (no network, connection refused or dropped): unreachable until an answer. */
export function reportNetworkFailure(): void {
  set(false);
  scheduleProbe(PROBE_INTERVAL_MS);
}

/**
 * Resolves when the platform is reachable: at once when it is, else at its next answer (or the
 * browser's `online` event). Never rejects.
 */
export function waitUntilReachable(): Promise<void> {
  if (isReachable()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribeReachability(() => {
      if (!isReachable()) return;
      stop();
      resolve();
    });
  });
}

/**
 * Sets what to ask while unreachable (a cheap public GET of the main API; any answer counts).
 * @param url returns the probe's URL, or null to rely on real requests only.
 */
export function setProbeUrl(url: () => string | null): void {
  probeUrl = url;
}

function scheduleProbe(delayMs: number): void {
  if (probeTimer !== null || typeof fetch === 'undefined') return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    void probe();
  }, delayMs);
}

async function probe(): Promise<void> {
  if (reachable) return;
  const url = probeUrl();
  if (url === null || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    scheduleProbe(PROBE_INTERVAL_MS);
    return;
  }
  try {
    await fetch(url, { cache: 'no-store', credentials: 'omit' });
    reportNetworkSuccess();
  } catch {
    scheduleProbe(PROBE_INTERVAL_MS);
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => set(false));
  // The device has a network again: assume the platform answers (the next failure says otherwise).
  window.addEventListener('online', () => reportNetworkSuccess());
}
