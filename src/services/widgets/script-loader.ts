/**
 * Loads a third-party script once per page (docs/architecture.md §D2 services/widgets): the same `src`
 * asked for twice shares one load. Used by the widget adapters (VLibras, chatbot, analytics,
 * survey).
 */
import type { TrustedScriptURL } from 'trusted-types/lib';
import { trustedScriptUrl } from '../security/trusted-script-url';

/** Why a script did not load: `timeout` (no answer in time) or `error` (404, offline, CSP, no API). */
export type ScriptLoadFailure = 'timeout' | 'error';

/** A third-party script that did not load; `reason` and `src` say which and why. */
export class ScriptLoadError extends Error {
  readonly reason: ScriptLoadFailure;
  readonly src: string;
  constructor(src: string, reason: ScriptLoadFailure, detail?: string) {
    super(detail ?? (reason === 'timeout' ? `script timed out: ${src}` : `script failed to load: ${src}`));
    this.name = 'ScriptLoadError';
    this.src = src;
    this.reason = reason;
  }
}

const loads = new Map<string, Promise<void>>();

/**
 * @param src absolute URL (or same-origin path) of the script.
 * @param timeoutMs give up after this many ms (default 10 000 ms).
 * @returns resolves when the script ran; rejects with `ScriptLoadError` — reason `error` on a
 *   load error (offline, blocked by CSP, 404) or a URL outside the allowed script origins
 *   (services/security/trusted-types.ts), reason `timeout` on timeout. A failed load can
 *   be retried (it is forgotten).
 */
export function loadScript(src: string, timeoutMs = 10_000): Promise<void> {
  const existing = loads.get(src);
  if (existing) return existing;
  let trusted: TrustedScriptURL | string;
  try {
    trusted = trustedScriptUrl(src);
  } catch (error) {
    return Promise.reject(new ScriptLoadError(src, 'error', (error as Error).message));
  }
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    // Trusted Types `widget-scripts` policy: only the configured widget hosts (or same origin).
    script.src = trusted as string;
    script.async = true;
    const timer = setTimeout(() => fail(new ScriptLoadError(src, 'timeout')), timeoutMs);
    const fail = (error: ScriptLoadError) => {
      clearTimeout(timer);
      script.remove();
      loads.delete(src);
      reject(error);
    };
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail(new ScriptLoadError(src, 'error'));
    document.head.appendChild(script);
  });
  loads.set(src, load);
  return load;
}

/**
 * Resolves once the page is past its first paint and largest contentful paint and the main
 * thread is idle (docs/architecture.md §D2: widgets never load before LCP): after the `load` event, the
 * first LCP entry (when the browser reports them; at most `lcpWaitMs`, default 3 000 ms),
 * then `requestIdleCallback` (fallback `setTimeout` 1 ms).
 */
export function afterFirstPaint(lcpWaitMs = 3_000): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const painted = () =>
    new Promise<void>((resolve) => {
      const supported =
        typeof PerformanceObserver !== 'undefined' &&
        (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');
      if (!supported) return resolve();
      const timer = setTimeout(done, lcpWaitMs);
      const observer = new PerformanceObserver((list) => {
        if (list.getEntries().length > 0) done();
      });
      function done() {
        clearTimeout(timer);
        observer.disconnect();
        resolve();
      }
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    });
  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
      else setTimeout(resolve, 1);
    });
  return loaded.then(painted).then(idle);
}
