/**
 * Analytics adapter (docs/product.md §7 Third-party): Microsoft Clarity loaded with the platform's
 * `clarity_key` setting, as Clarity's own snippet does — a `window.clarity` queue first,
 * then the tag script `widgetSources.clarity` with the key.
 */
import { widgetSources, WIDGET_TIMEOUTS_MS, withKey } from './config';
import { loadScript } from './script-loader';

type ClarityQueue = ((...args: unknown[]) => void) & { q?: unknown[][] };

/**
 * Loads Clarity once for `key`.
 * @param key the `clarity_key` setting; null/undefined/'' = the platform has no analytics.
 * @returns true when loaded, false when there is no key (nothing loaded).
 * @throws ScriptLoadError when the script cannot load in 10 s.
 */
export async function loadClarity(
  key: string | null | undefined,
  src: string = widgetSources.clarity,
): Promise<boolean> {
  if (!key) return false;
  const w = window as unknown as { clarity?: ClarityQueue };
  if (!w.clarity) {
    const queue: ClarityQueue = (...args: unknown[]) => {
      (queue.q ??= []).push(args);
    };
    w.clarity = queue;
  }
  await loadScript(withKey(src, key), WIDGET_TIMEOUTS_MS.clarity);
  return true;
}
