/**
 * The app's typed event bus (docs/product.md §4 Startup step "event bus"): one place where
 * adapters (survey, chatbot, LGPD prompt) publish and subscribe. Built on the
 * platform's EventTarget; listeners get the event's typed detail.
 */

/** Every event the bus carries, by name → detail shape. */
export interface AppEvents {
  /** The route changed; `path` is pathname + search. */
  'route.changed': { path: string };
  /** The student signed in (`userId`) or out (null). */
  'session.changed': { userId: number | null };
  /** The LGPD acceptance prompt should be shown (docs/product.md §4 LGPD). */
  'lgpd.prompt': Record<string, never>;
  /** A post-login configuration failed (docs/product.md §8): 8 = analytics config, 7 = chatbot config. */
  'setup.error': { code: 7 | 8 };
}

export interface EventBus {
  /** Publishes `type` with `detail` to every current listener, synchronously. */
  emit<K extends keyof AppEvents>(type: K, detail: AppEvents[K]): void;
  /** Subscribes; @returns a function that unsubscribes. */
  on<K extends keyof AppEvents>(type: K, listener: (detail: AppEvents[K]) => void): () => void;
}

/** Creates an independent bus (the app keeps one; tests make their own). */
export function createEventBus(): EventBus {
  const target = new EventTarget();
  return {
    emit(type, detail) {
      target.dispatchEvent(new CustomEvent(type, { detail }));
    },
    on(type, listener) {
      const wrapped = (event: Event) => listener((event as CustomEvent<AppEvents[typeof type]>).detail);
      target.addEventListener(type, wrapped);
      return () => target.removeEventListener(type, wrapped);
    },
  };
}
