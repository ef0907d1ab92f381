/**
 * Toasts (sonner, docs/architecture.md §D3) loaded on first use (docs/performance.md): sonner and its styles are
 * ~15 KB gzip that no first screen needs, so they stay out of the entry chunk. `showErrorToast`
 * loads sonner and raises a negative toast; `<Toasts />` mounts the toaster only once a toast
 * was asked for (sonner replays toasts raised before its toaster subscribed).
 */
import { Suspense, useEffect, useState } from 'react';
import { OptionalPart } from './optional-part';
import { retryableLazy } from './retryable-lazy';

type ToastPosition = 'top-center' | 'top-left' | 'top-right' | 'bottom-center' | 'bottom-left' | 'bottom-right';

const Toaster = retryableLazy(() => import('./toaster'));
const wanted = new Set<() => void>();
let requested = false;

/**
 * Raises a negative (red) toast with `message`; resolves once it is raised.
 * @param options.id one toast per id (a second call replaces it); options.position overrides the toaster's.
 * @throws nothing: when sonner cannot load (offline before it was cached) the toast is dropped.
 */
export async function showErrorToast(message: string, options: { id?: string; position?: ToastPosition } = {}) {
  requested = true;
  for (const show of wanted) show();
  try {
    const { toast } = await import('sonner');
    toast.error(message, options);
  } catch {
    // Offline before sonner was cached: nothing to show it with.
  }
}

/** The app's toaster (top centre, rich colours, close button), mounted on the first toast. */
export function Toasts() {
  const [shown, setShown] = useState(requested);
  useEffect(() => {
    const show = () => setShown(true);
    wanted.add(show);
    if (requested) show();
    return () => {
      wanted.delete(show);
    };
  }, []);
  if (!shown) return null;
  // Offline before its code was cached, the toaster is left out (and tried again online), not the page.
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </OptionalPart>
  );
}
