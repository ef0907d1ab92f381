/**
 * React access to the accessibility settings actor (docs/product.md §3). Views select the settings
 * and send `settings.change` / `settings.reset` / `libras.retry`.
 */
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { accessibilityMachine } from '../../machines/accessibility.machine';

export type AccessibilityRef = ActorRefFrom<typeof accessibilityMachine>;

export const AccessibilityContext = createContext<AccessibilityRef | null>(null);

/** @returns the actor, or null outside `<AccessibilityContext.Provider>` (e.g. isolated view tests). */
export function useAccessibilityRef(): AccessibilityRef | null {
  return useContext(AccessibilityContext);
}
