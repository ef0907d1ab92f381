/**
 * The error store and its blocking screen (docs/product.md §2 Error screen, §4, §8, §9): an error
 * placed in the store shows the screen with its code; 'Atualizando em: 0:NN' counts down from 30,
 * one second each second; at zero, or on 'Atualizar', the page reloads once. While the platform
 * cannot be reached the countdown pauses (and says so), and resumes a full second after it can.
 * A second error while the screen shows changes nothing; nothing hides it but the reload.
 */
import type { EventObject } from 'xstate';
import { SPEC, SpecRun, oracleOf } from '../oracle';

export interface ErrorScreenView {
  shown: boolean;
  /** Seconds shown in 'Atualizando em'. */
  seconds: number;
  /** 'Registro de erro: Cód.' — the stored error's HTTP status, null for 'N/A'. */
  code: number | null;
  /** The server's message (shown when the code is clicked). */
  message: string | null;
  /** 'Sem conexão': the countdown waits for the connection. */
  offline: boolean;
}

interface StoredError {
  status: number | null;
  data: { message: string | null };
}

class ErrorScreenRun extends SpecRun<ErrorScreenView> {
  private phase: 'hidden' | 'counting' | 'paused' | 'reloading' = 'hidden';
  private seconds: number;
  private error: StoredError | null = null;

  constructor(input: { countdownFrom?: number } | undefined) {
    super();
    this.seconds = input?.countdownFrom ?? SPEC.errorScreen.countdownSeconds;
  }

  situation(): string {
    return this.phase;
  }

  view(): ErrorScreenView {
    return {
      shown: this.phase !== 'hidden',
      seconds: this.seconds,
      code: this.error?.status ?? null,
      message: this.error?.data.message ?? null,
      offline: this.phase === 'paused',
    };
  }

  send(event: EventObject): void {
    if (event.type === 'error.show' && this.phase === 'hidden') {
      this.error = (event as unknown as { error: StoredError | null }).error;
      this.phase = 'counting';
      this.startTimer('countdownTick', SPEC.errorScreen.tickMs);
    } else if (event.type === 'countdown.refresh' && (this.phase === 'counting' || this.phase === 'paused')) {
      this.reload();
    } else if (event.type === 'network.offline' && this.phase === 'counting') {
      this.phase = 'paused';
      this.stopTimer('countdownTick');
    } else if (event.type === 'network.online' && this.phase === 'paused') {
      this.phase = 'counting';
      this.startTimer('countdownTick', SPEC.errorScreen.tickMs);
    }
  }

  protected onTimer(): void {
    this.seconds -= 1;
    if (this.seconds <= 0) this.reload();
    else this.startTimer('countdownTick', SPEC.errorScreen.tickMs);
  }

  private reload(): void {
    this.phase = 'reloading';
    this.stopTimer('countdownTick');
    this.effect('reloadPage');
  }
}

/** Time passes: a minute, twice the countdown. */
export const errorScreenOracle = oracleOf(
  2 * SPEC.errorScreen.countdownSeconds * 1000,
  ['error.show', 'countdown.refresh', 'network.offline', 'network.online'],
  ['hidden', 'counting', 'paused', 'reloading'],
  (input) => new ErrorScreenRun(input as { countdownFrom?: number } | undefined),
);
