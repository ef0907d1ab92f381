/**
 * Loads a third-party script once per page (DESIGN.md §2 services/widgets): the same `src`
 * asked for twice shares one load. Used by the widget adapters (VLibras; later chatbot,
 * analytics, survey).
 * @param src absolute https URL of the script.
 * @param timeoutMs give up after this many ms (default 10 000 ms).
 * @returns resolves when the script ran; rejects on a load error (offline, blocked by CSP,
 *   404) or on timeout — a failed load can be retried (it is forgotten).
 */
const loads = new Map<string, Promise<void>>();

export function loadScript(src: string, timeoutMs = 10_000): Promise<void> {
  const existing = loads.get(src);
  if (existing) return existing;
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = setTimeout(() => fail(new Error(`script timed out: ${src}`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      script.remove();
      loads.delete(src);
      reject(error);
    };
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail(new Error(`script failed to load: ${src}`));
    document.head.appendChild(script);
  });
  loads.set(src, load);
  return load;
}
