/**
 * React access to the outbox (docs/architecture.md §D2): the actor that delivers progress writes and
 * the learning-object lifecycle that records into it. Provided by the signed-in routes
 * (src/app/lazy-routes.tsx) once the app's `loadOutbox` (`AppServices`) has resolved.
 */
import { createContext, useContext } from 'react';
import type { AppOutbox } from '../app-services';

export const OutboxContext = createContext<AppOutbox | null>(null);

/** @returns the app's outbox; throws when used outside `<OutboxContext.Provider>`. */
export function useOutbox(): AppOutbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox needs <OutboxContext.Provider>');
  return outbox;
}
