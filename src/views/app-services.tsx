/**
 * What the views are given by the app (the composition root, src/app/) besides its actors: the
 * loaders of the effects that load later and the event bus, in one React context provided once
 * by the app root. The actors themselves are reached by `systemId` (`useAppActor`,
 * ./app-actors.tsx). Views never import the composition root: they name here what they need,
 * and the app provides it (tests provide fakes the same way).
 */
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { lifecycleMachine } from '../machines/lifecycle.machine';
import type { outboxMachine } from '../machines/outbox.machine';
import type { pixPaymentMachine } from '../machines/pix-payment.machine';
import type { downloadMachine } from '../machines/download.machine';
import type { QueryClient } from '@tanstack/react-query';
import type { DownloadRecord } from '../services/storage/downloads-store';
import type { StorageFigures } from '../services/downloads/run';
import type { OutboxWrite, SentInBackground } from '../services/storage/outbox-store';
import type { EventBus } from '../services/events/bus';

/** What the views use of the outbox of progress writes: its actor (pending count, flush) and `record`. */
export interface AppOutbox {
  actor: ActorRefFrom<typeof outboxMachine>;
  /**
   * Stores a write for the signed-in student, then hands it to the actor for sending.
   * Resolves once the write is stored (IndexedDB, or memory where it is unavailable).
   * @param id client event id (becomes the `Idempotency-Key`).
   * @throws Error when nobody is signed in, or the store refuses the write.
   */
  record(id: string, write: OutboxWrite): Promise<void>;
  /** The learning-object lifecycle whose start/end are recorded in this outbox. */
  learningObjectLifecycle: typeof lifecycleMachine;
  /** The same lifecycle for short videos (kind 'shortVideo'): start/end recorded in this outbox. */
  shortVideoLifecycle: typeof lifecycleMachine;
  /** The same lifecycle for attachments (kind 'attachment'): `PUT attachments/{id}/start|end` via this outbox. */
  attachmentLifecycle: typeof lifecycleMachine;
  /**
   * Records a short video's position (new LMS `POST /user-activity`) under a fresh client event
   * id. Callers throttle with `progressWriteDue` (services/media/video-progress): at most one
   * write per 10 s of playback, plus pause/close/ended. Same errors as `record`.
   */
  recordVideoProgress(progress: {
    resourceId: number;
    positionSeconds: number;
    durationSeconds: number;
  }): Promise<void>;
  /**
   * What the service worker sent for `userId` while the app was closed, read once: the report is
   * removed as it is read (null: nothing). Absent in tests that do not need it.
   */
  takeSentInBackground?(userId: number): Promise<SentInBackground | null>;
}

/** The Pix payment effects (docs/product.md §3 bills with a pix payment), loaded with the payment dialog. */
export interface AppPayments {
  /**
   * The Pix payment machine with the real ERP calls.
   * @param onPaid runs once when the bill is seen paid (the screen refreshes its reads).
   */
  providePixPayment(onPaid: () => void): typeof pixPaymentMachine;
  /**
   * Tells a payment actor whether the platform can be reached, at once and on every change.
   * @returns the unsubscribe function.
   */
  followPixReachability(actor: Pick<ActorRefFrom<typeof pixPaymentMachine>, 'send'>): () => void;
}

/** The download effects (docs/offline.md), loaded with a download panel or the storage section of 'Minha conta'. */
export interface AppDownloads {
  /** The download machine of student `userId` with the real effects (reads through `client`). */
  provideDownloads(userId: number, client: QueryClient): typeof downloadMachine;
  /** `navigator.storage.estimate()` and `persisted()` (bytes; nulls where unsupported). Never rejects. */
  readStorageFigures(): Promise<StorageFigures>;
  /** The student's downloads, oldest first ([] where IndexedDB is unavailable). */
  listDownloads(userId: number): Promise<DownloadRecord[]>;
  /** Deletes a download and the files no other download uses. @throws when IndexedDB refuses. */
  removeDownload(record: DownloadRecord, storage: CacheStorage): Promise<void>;
}

/** The app's loaders and event bus, as the views see them (its actors: `useAppActor`, ./app-actors.tsx). */
export interface AppServices {
  /**
   * Loads the outbox of progress writes (linked to the session by the app); the same promise on
   * every call. Called by the signed-in routes only, so /login never loads it.
   */
  loadOutbox: () => Promise<AppOutbox>;
  /** Loads the Pix payment effects; the same promise on every call. */
  loadPayments: () => Promise<AppPayments>;
  /**
   * Downloads, without running them, the Pix dialog's code and the payment effects, in idle time
   * (src/app/prefetch-routes.ts `prefetchPart('payment')`; nothing on a 2G-class connection);
   * stops adding requests once `signal` aborts. Never throws.
   */
  prefetchPayments: (signal: AbortSignal) => void;
  /** Loads the download effects (docs/offline.md); the same promise on every call (absent: no downloads). */
  loadDownloads?: () => Promise<AppDownloads>;
  /** The app's event bus (boot step): post-login configuration failures become toasts. */
  eventBus?: EventBus | null;
}

export const AppServicesContext = createContext<AppServices | null>(null);

/** @returns the app's services; throws when used outside `<AppServicesContext.Provider>`. */
export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices needs <AppServicesContext.Provider>');
  return services;
}
