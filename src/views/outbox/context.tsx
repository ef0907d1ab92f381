/**
 * React access to the outbox (DESIGN.md §2): the actor that delivers progress writes and
 * the learning-object lifecycle that records into it. Provided by the signed-in routes (reading-routes.tsx).
 */
import { createContext, useContext } from 'react';
import type { AppOutbox } from '../../wiring-outbox';

export const OutboxContext = createContext<AppOutbox | null>(null);

/** @returns the app's outbox; throws when used outside `<OutboxContext.Provider>`. */
export function useOutbox(): AppOutbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox needs <OutboxContext.Provider>');
  return outbox;
}
