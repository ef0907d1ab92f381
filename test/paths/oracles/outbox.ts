/**
 * The outbox of progress writes (DESIGN "writes that must not be lost"; decision 0006;
 * docs/offline.md): the signed-in student's stored writes are sent one at a time, oldest first,
 * and each leaves only after the server took it. A write of another student, or one already
 * queued, is not queued. When a send fails:
 * - no answer, a timeout, a 5xx, an unreadable answer, 408 or 429: sent again after 1 s, 2 s,
 *   4 s … at most 30 s (at least the answer's Retry-After), or at once on 'Sincronizar agora' or
 *   back online — not when the platform asked to wait;
 * - 401: kept until the student signs in again;
 * - any other refusal: stored aside as refused ('… recusado'), and the next write goes on.
 * Signing out keeps the writes stored; signing in (anyone) reads that student's writes again.
 *
 * One sender at a time (docs/decisions/0012-progress-sent-by-the-service-worker.md): before it
 * reads or sends, the page asks for the send lock it shares with the service worker; held by
 * the worker, it waits for it ('Enviando…' meanwhile). Holding it, it reads the stored writes
 * again — the store decides what is pending, plus what was added during the read — and sends.
 * The lock goes whenever the page stops sending (nothing left, a wait, sign-in needed, another
 * student); a send that must wait asks the worker to send when the connection returns. A lock
 * that cannot be asked for is no reason not to send.
 */
import type { EventObject } from 'xstate';
import type { OutboxEntry } from '../../../src/services/storage/outbox-store';
import { SpecRun, backoffMs, failureKind, oracleOf, retryAfterMsOf, statusOf } from '../oracle';

export interface OutboxView {
  /** 'Sincronizar agora' and '… pendente(s): será enviado…' (waiting to send again). */
  status: 'signedOut' | 'synced' | 'sending' | 'waiting' | 'signInNeeded';
  /** Writes not yet taken by the server, oldest first (their ids). */
  pending: string[];
  /** Writes the server refused for good in this session. */
  refused: number;
}

class OutboxRun extends SpecRun<OutboxView> {
  private status: OutboxView['status'] = 'signedOut';
  private userId: number | null = null;
  private queue: OutboxEntry[] = [];
  /** Writes added since the last read of the store began. */
  private addedDuringRead: OutboxEntry[] = [];
  /** True from asking for the lock until the page stops sending. */
  private holding = false;
  private refused = 0;
  private failures = 0;
  private lastError: unknown = null;

  situation(): string {
    for (const [request, situation] of [
      ['tryLock', 'locking'],
      ['waitForLock', 'otherSending'],
      ['loadEntries', 'loading'],
      ['reject', 'rejecting'],
    ] as const)
      if (this.pending(request)) return situation;
    return this.status;
  }

  view(): OutboxView {
    return { status: this.status, pending: this.queue.map((e) => e.id), refused: this.refused };
  }

  send(event: EventObject): void {
    switch (event.type) {
      case 'outbox.user': {
        this.userId = (event as unknown as { userId: number | null }).userId;
        this.queue = [];
        this.addedDuringRead = [];
        this.failures = 0;
        this.lastError = null;
        this.cancel('tryLock', 'waitForLock', 'loadEntries', 'deliver', 'reject');
        this.stopTimer('retryDelay');
        this.stopSending();
        if (this.userId === null) this.status = 'signedOut';
        else this.startSending();
        return;
      }
      case 'outbox.added': {
        const { entry } = event as unknown as { entry: OutboxEntry };
        if (entry.userId !== this.userId || this.queue.some((e) => e.id === entry.id)) return;
        this.queue.push(entry);
        this.addedDuringRead.push(entry);
        if (this.status === 'synced') this.startSending();
        return;
      }
      case 'outbox.flush':
      case 'network.online':
        if (this.status === 'waiting' && retryAfterMsOf(this.lastError) === null) {
          this.stopTimer('retryDelay');
          this.startSending();
        }
        return;
    }
  }

  /** Asks for the send lock (then reads the store again and sends). */
  private startSending(): void {
    this.status = 'sending';
    this.holding = true;
    this.request('tryLock');
  }

  /** The page stops sending: the lock goes (if it was asked for). */
  private stopSending(): void {
    if (this.holding) this.effect('releaseSendLock');
    this.holding = false;
  }

  /** Holding the lock: the store is read again. */
  private readStore(): void {
    this.addedDuringRead = [];
    this.request('loadEntries', { userId: this.userId });
  }

  /** Sends the oldest write, if any. */
  private next(): void {
    const head = this.queue[0];
    if (head === undefined) {
      this.stopSending();
      this.status = 'synced';
    } else {
      this.status = 'sending';
      this.request('deliver', { entry: head });
    }
  }

  private dropHead(): void {
    this.queue = this.queue.slice(1);
    this.failures = 0;
    this.lastError = null;
  }

  protected onTimer(): void {
    this.startSending();
  }

  protected onDone(request: string, output: unknown): void {
    if (request === 'tryLock') {
      if (output === true) this.readStore();
      else this.request('waitForLock');
    } else if (request === 'waitForLock') {
      this.readStore();
    } else if (request === 'loadEntries') {
      const stored = output as OutboxEntry[];
      const ids = new Set(stored.map((e) => e.id));
      this.queue = [...stored, ...this.addedDuringRead.filter((e) => !ids.has(e.id))];
      this.addedDuringRead = [];
      this.next();
    } else if (request === 'deliver') {
      this.dropHead();
      this.next();
    } else if (request === 'reject') {
      this.dropHead();
      this.refused += 1;
      this.next();
    }
  }

  protected onError(request: string, error: unknown): void {
    if (request === 'tryLock' || request === 'waitForLock') return this.readStore();
    if (request === 'loadEntries') return this.next();
    if (request === 'reject') {
      this.dropHead();
      this.refused += 1;
      return this.next();
    }
    this.failures += 1;
    this.lastError = error;
    const kind = failureKind(error);
    if (kind === 'unauthorized') {
      this.stopSending();
      this.status = 'signInNeeded';
    } else if (['offline', 'timeout', 'server', 'malformed', 'rateLimited'].includes(kind) || statusOf(error) === 408) {
      this.stopSending();
      this.effect('requestBackgroundSync');
      this.status = 'waiting';
      this.startTimer('retryDelay', Math.max(backoffMs(this.failures), retryAfterMsOf(error) ?? 0));
    } else {
      this.status = 'sending';
      this.request('reject', { entry: this.queue[0], error });
    }
  }
}

/** Time passes: a minute, twice the longest backoff. */
export const outboxOracle = oracleOf(
  60_000,
  ['outbox.user', 'outbox.added', 'outbox.flush', 'network.online'],
  ['signedOut', 'locking', 'otherSending', 'loading', 'synced', 'sending', 'rejecting', 'waiting', 'signInNeeded'],
  () => new OutboxRun(),
);
