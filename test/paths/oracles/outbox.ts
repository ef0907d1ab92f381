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
  private refused = 0;
  private failures = 0;
  private lastError: unknown = null;

  situation(): string {
    if (this.pending('loadEntries')) return 'loading';
    return this.pending('reject') ? 'rejecting' : this.status;
  }

  view(): OutboxView {
    return { status: this.status, pending: this.queue.map((e) => e.id), refused: this.refused };
  }

  send(event: EventObject): void {
    switch (event.type) {
      case 'outbox.user': {
        this.userId = (event as unknown as { userId: number | null }).userId;
        this.queue = [];
        this.failures = 0;
        this.lastError = null;
        this.cancel('loadEntries', 'deliver', 'reject');
        this.stopTimer('retryDelay');
        if (this.userId === null) this.status = 'signedOut';
        else {
          this.status = 'sending';
          this.request('loadEntries', { userId: this.userId });
        }
        return;
      }
      case 'outbox.added': {
        const { entry } = event as unknown as { entry: OutboxEntry };
        if (entry.userId !== this.userId || this.queue.some((e) => e.id === entry.id)) return;
        this.queue.push(entry);
        if (this.status === 'synced') this.next();
        return;
      }
      case 'outbox.flush':
      case 'network.online':
        if (this.status === 'waiting' && retryAfterMsOf(this.lastError) === null) {
          this.stopTimer('retryDelay');
          this.next();
        }
        return;
    }
  }

  /** Sends the oldest write, if any. */
  private next(): void {
    const head = this.queue[0];
    if (head === undefined) this.status = 'synced';
    else {
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
    this.next();
  }

  protected onDone(request: string, output: unknown): void {
    if (request === 'loadEntries') {
      const stored = output as OutboxEntry[];
      const ids = new Set(stored.map((e) => e.id));
      this.queue = [...stored, ...this.queue.filter((e) => !ids.has(e.id))];
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
    if (request === 'loadEntries') return this.next();
    if (request === 'reject') {
      this.dropHead();
      this.refused += 1;
      return this.next();
    }
    this.failures += 1;
    this.lastError = error;
    const kind = failureKind(error);
    if (kind === 'unauthorized') this.status = 'signInNeeded';
    else if (['offline', 'timeout', 'server', 'malformed', 'rateLimited'].includes(kind) || statusOf(error) === 408) {
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
  ['signedOut', 'loading', 'synced', 'sending', 'rejecting', 'waiting', 'signInNeeded'],
  () => new OutboxRun(),
);
