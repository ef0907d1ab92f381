/**
 * Downloading a course or a module to study offline (docs/offline.md): the panel first reads
 * whether it is already downloaded ('Disponível offline', 'Remover download') or not ('Baixar
 * para estudar offline'); what the student asked for before it loaded starts at once, once.
 * 'Baixar' sizes every file and asks ('Baixar' / 'Cancelar') — more than the space the browser
 * grants fails at once as 'quota' — then stores every file with its progress; no progress for
 * 30 s is a lost connection. A stopped download removes what it stored before 'Tentar novamente'
 * shows (again at once when it was confirmed, else sized again). 'Cancelar' works at every step;
 * a cancelled download removes its files and shows 'Baixar' again. Removing deletes the download;
 * a failed removal keeps it available and says so.
 */
import type { EventObject } from 'xstate';
import type { PlannedDownload } from '../../../src/machines/download.machine';
import type { DownloadRecord, DownloadTarget } from '../../../src/services/storage/downloads-store';
import { SPEC, SpecRun, oracleOf } from '../oracle';

export type DownloadFailure = 'quota' | 'network' | 'server';

export interface DownloadView {
  /** What the panel shows: a busy status (reading, sizing, cancelling), 'Removendo…', or the step. */
  screen: 'busy' | 'idle' | 'confirm' | 'downloading' | 'available' | 'failed' | 'removing';
  /** The sized plan (its total and the space left), null before sizing. */
  planned: PlannedDownload | null;
  progress: { bytes: number; items: number };
  record: DownloadRecord | null;
  failure: DownloadFailure | null;
  /** 'Tentar novamente' shows (the partial files are gone). */
  canRetry: boolean;
  removeFailed: boolean;
  /** The browser's answer to keeping the files (null: not asked). */
  persisted: boolean | null;
}

type Phase =
  | 'checking'
  | 'idle'
  | 'sizing'
  | 'confirming'
  | 'downloading'
  | 'cancelling'
  | 'discarding'
  | 'settled'
  | 'available'
  | 'removing';

const failureOf = (error: unknown): DownloadFailure => {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return kind === 'quota' || kind === 'server' ? kind : 'network';
};

class DownloadRun extends SpecRun<DownloadView> {
  private phase: Phase = 'checking';
  private intent: 'download' | 'remove' | null;
  private planned: PlannedDownload | null = null;
  private confirmed = false;
  private progress = { bytes: 0, items: 0 };
  private record: DownloadRecord | null = null;
  private failure: DownloadFailure | null = null;
  private removeFailed = false;
  private persisted: boolean | null = null;

  constructor(private readonly input: { target: DownloadTarget; intent?: 'download' | 'remove' | null }) {
    super();
    this.intent = input.intent ?? null;
    this.request('loadRecord', { target: input.target });
  }

  situation(): string {
    return this.phase;
  }

  view(): DownloadView {
    const { phase } = this;
    const screens: Partial<Record<Phase, DownloadView['screen']>> = {
      idle: 'idle',
      confirming: 'confirm',
      downloading: 'downloading',
      available: 'available',
      discarding: 'failed',
      settled: 'failed',
      removing: 'removing',
    };
    return {
      screen: screens[phase] ?? 'busy',
      planned: this.planned,
      progress: this.progress,
      record: this.record,
      failure: this.failure,
      canRetry: phase === 'settled',
      removeFailed: this.removeFailed,
      persisted: this.persisted,
    };
  }

  private idle(): void {
    this.phase = 'idle';
    if (this.intent === 'download') {
      this.intent = null;
      this.size();
    }
  }
  private available(): void {
    this.phase = 'available';
    if (this.intent === 'remove') {
      this.intent = null;
      this.remove();
    }
  }
  private size(): void {
    this.phase = 'sizing';
    this.failure = null;
    this.planned = null;
    this.confirmed = false;
    this.request('plan', { target: this.input.target });
  }
  private download(): void {
    this.phase = 'downloading';
    this.progress = { bytes: 0, items: 0 };
    this.failure = null;
    this.listen('download', { plan: this.planned!.plan });
    this.startTimer('stallTimeout', SPEC.download.stallMs);
  }
  /** The transfer stops (its files are then removed). */
  private stop(next: 'cancelling' | 'discarding', failure?: DownloadFailure): void {
    this.cancel('download');
    this.stopTimer('stallTimeout');
    if (failure) this.failure = failure;
    this.phase = next;
    this.request('discard', { plan: this.planned!.plan });
  }
  private remove(): void {
    this.phase = 'removing';
    this.removeFailed = false;
    this.request('remove', { record: this.record });
  }

  send(event: EventObject): void {
    const { phase } = this;
    switch (event.type) {
      case 'download.start':
        if (phase === 'idle') this.size();
        return;
      case 'download.confirm':
        if (phase === 'confirming') {
          this.confirmed = true;
          this.download();
        }
        return;
      case 'download.cancel':
        if (phase === 'sizing' || phase === 'confirming') {
          this.cancel('plan');
          this.idle();
        } else if (phase === 'downloading') this.stop('cancelling');
        else if (phase === 'discarding' || phase === 'settled') {
          this.cancel('discard');
          this.phase = 'settled';
        }
        return;
      case 'download.retry':
        if (phase !== 'settled') return;
        if (this.confirmed && this.planned !== null) this.download();
        else this.size();
        return;
      case 'download.remove':
        if (phase === 'available') this.remove();
        return;
    }
    if (phase !== 'downloading') return;
    if (event.type === 'download.progress') {
      this.progress = (event as unknown as { progress: { bytes: number; items: number } }).progress;
      this.startTimer('stallTimeout', SPEC.download.stallMs);
    } else if (event.type === 'download.persisted') {
      this.persisted = (event as unknown as { persisted: boolean | null }).persisted;
    } else if (event.type === 'download.finished') {
      this.cancel('download');
      this.stopTimer('stallTimeout');
      this.record = (event as unknown as { record: DownloadRecord }).record;
      this.available();
    } else if (event.type === 'download.failed') {
      const reason = (event as unknown as { reason: string }).reason;
      if (reason === 'cancelled') this.stop('cancelling');
      else this.stop('discarding', reason as DownloadFailure);
    }
  }

  protected onTimer(): void {
    this.stop('discarding', 'network');
  }

  protected onDone(request: string, output: unknown): void {
    if (request === 'loadRecord') {
      if (output === null) this.idle();
      else {
        this.record = output as DownloadRecord;
        this.available();
      }
    } else if (request === 'plan') {
      const planned = output as PlannedDownload;
      this.planned = planned;
      if (planned.available !== null && planned.plan.totalBytes > planned.available) {
        this.failure = 'quota';
        this.phase = 'settled';
      } else this.phase = 'confirming';
    } else if (request === 'discard') {
      if (this.phase === 'cancelling') this.idle();
      else this.phase = 'settled';
    } else if (request === 'remove') {
      this.record = null;
      this.intent = null;
      this.idle();
    }
  }

  protected onError(request: string, error: unknown): void {
    if (request === 'loadRecord') this.idle();
    else if (request === 'plan') {
      this.failure = failureOf(error);
      this.phase = 'settled';
    } else if (request === 'discard') this.onDone('discard', undefined);
    else if (request === 'remove') {
      this.removeFailed = true;
      this.available();
    }
  }
}

/** Time passes: a minute, twice the stall. */
export const downloadOracle = oracleOf(
  2 * SPEC.download.stallMs,
  [
    'download.start',
    'download.confirm',
    'download.cancel',
    'download.retry',
    'download.remove',
    'download.progress',
    'download.persisted',
    'download.finished',
    'download.failed',
  ],
  [
    'checking',
    'idle',
    'sizing',
    'confirming',
    'downloading',
    'cancelling',
    'discarding',
    'settled',
    'available',
    'removing',
  ],
  (input) => new DownloadRun(input as { target: DownloadTarget }),
);
