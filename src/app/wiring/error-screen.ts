/**
 * The global error store (docs/product.md §2, §3, §8): the error-screen machine with the real page reload,
 * told whether the platform can be reached (its countdown pauses while it cannot), and what the
 * store keeps of a thrown value.
 */
import { errorScreenMachine, type StoredError } from '../../machines/error-screen.machine';
import { ApiError } from '../../services/http/errors';

/**
 * Error store + error screen (docs/product.md §2, §3, §8) with the real full-page reload. Built when called
 * (once, by main.tsx), not at import: building a machine is work (XState resolves every state and
 * transition), kept out of the entry's evaluation (TBT, docs/performance.md).
 */
export const provideErrorScreen = () =>
  errorScreenMachine.provide({
    actions: { reloadPage: () => location.reload() },
  });

/**
 * What the error store keeps of any thrown value (docs/product.md §3: an HTTP error whose response has
 * a status and a data object with a message); non-HTTP errors have no status ('N/A').
 */
export function toStoredError(error: unknown): StoredError {
  if (error instanceof ApiError) return { status: error.status, data: { message: error.data.message } };
  return { status: null, data: { message: error instanceof Error ? error.message : null } };
}
