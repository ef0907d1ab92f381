/** Route following shared by the chatbot and survey adapters. */
import type { EventBus } from '../events/bus';

const followed = new WeakMap<EventBus, Set<string>>();

/**
 * Subscribes `onRoute` to the bus's `route.changed` once per bus and widget `name`
 * (a second sign-in in the same page does not subscribe twice). No-op without a bus.
 */
export function followRoutes(bus: EventBus | null | undefined, name: string, onRoute: (path: string) => void): void {
  if (!bus) return;
  const names = followed.get(bus) ?? new Set<string>();
  if (names.has(name)) return;
  names.add(name);
  followed.set(bus, names);
  bus.on('route.changed', ({ path }) => onRoute(path));
}
