/**
 * The LGPD acceptance prompt (docs/product.md §4 "LGPD: if the user is on / and has not accepted,
 * after 1 s an acceptance prompt event is emitted", §7 POST /users/updateAcceptedLgpd, §9): the app
 * says whether the prompt is due (signed in, not accepted, on /); due for a full second, the
 * dialog asks, once ('lgpd.prompt' emitted once). Leaving before that second cancels it; 'Aceitar'
 * sends the acceptance (the dialog stays, busy), a success refreshes the student and never asks
 * again, a failure keeps the dialog with the error and 'Aceitar' tries again; Escape postpones to
 * the next visit; a sign-out or another student starts over.
 */
import type { EventObject } from 'xstate';
import { SPEC, SpecRun, oracleOf } from '../oracle';

export interface LgpdView {
  /** The 'Privacidade e proteção de dados' dialog shows. */
  dialog: boolean;
  /** 'Registrando aceite…' (the acceptance on its way). */
  busy: boolean;
  /** 'Não foi possível registrar o seu aceite.' */
  failed: boolean;
  /** Why it failed (the dialog says why): the failure of the last acceptance, while it shows. */
  reason: unknown;
}

type Phase = 'idle' | 'waiting' | 'prompting' | 'accepting' | 'failed' | 'accepted' | 'postponed';

class LgpdRun extends SpecRun<LgpdView> {
  private phase: Phase = 'idle';
  private reason: unknown = null;

  situation(): string {
    return this.phase;
  }

  view(): LgpdView {
    return {
      dialog: ['prompting', 'accepting', 'failed'].includes(this.phase),
      busy: this.phase === 'accepting',
      failed: this.phase === 'failed',
      reason: this.phase === 'failed' ? this.reason : null,
    };
  }

  send(event: EventObject): void {
    const { phase } = this;
    switch (event.type) {
      case 'lgpd.update': {
        const due = (event as unknown as { due: boolean }).due;
        if (due && phase === 'idle') {
          this.phase = 'waiting';
          this.startTimer('lgpdPromptDelay', SPEC.lgpdPromptDelayMs);
        } else if (!due && phase === 'waiting') {
          this.phase = 'idle';
          this.stopTimer('lgpdPromptDelay');
        }
        break;
      }
      case 'lgpd.accept':
        if (phase === 'prompting' || phase === 'failed') {
          this.phase = 'accepting';
          this.request('acceptLgpd');
        }
        break;
      case 'lgpd.postpone':
        if (phase === 'prompting' || phase === 'failed') this.phase = 'postponed';
        break;
      case 'lgpd.reset':
        this.phase = 'idle';
        this.stopTimer('lgpdPromptDelay');
        this.cancel('acceptLgpd');
        break;
    }
  }

  protected onTimer(): void {
    this.phase = 'prompting';
    this.effect('emitPrompt');
  }

  protected onDone(): void {
    this.phase = 'accepted';
    this.effect('refreshUser');
  }

  protected onError(_request: string, error: unknown): void {
    this.phase = 'failed';
    this.reason = error;
  }
}

export const lgpdConsentOracle = oracleOf(
  10 * SPEC.lgpdPromptDelayMs,
  ['lgpd.update', 'lgpd.accept', 'lgpd.postpone', 'lgpd.reset'],
  ['idle', 'waiting', 'prompting', 'accepting', 'failed', 'accepted', 'postponed'],
  () => new LgpdRun(),
);
