/**
 * The update offer (docs/offline.md "Updates"): a new version installed and waiting shows
 * 'Nova versão disponível'; 'Atualizar agora' hands over to it (the notice stays, busy) and, once
 * it controls the page, reloads the page once; a failed hand-over keeps the notice with
 * 'Não foi possível atualizar agora. Tente de novo.'. 'Depois' hides it (clearing a failure) for
 * 30 minutes, or until another version is installed.
 */
import type { EventObject } from 'xstate';
import { SPEC, SpecRun, oracleOf } from '../oracle';

export interface AppUpdateView {
  /** The 'Nova versão disponível' notice shows. */
  notice: boolean;
  /** 'Atualizando…' (the hand-over on its way). */
  busy: boolean;
  /** The last hand-over failed. */
  failed: boolean;
}

class AppUpdateRun extends SpecRun<AppUpdateView> {
  private phase: 'idle' | 'available' | 'activating' | 'dismissed' | 'reloading' = 'idle';
  private failed = false;

  situation(): string {
    return this.phase;
  }

  view(): AppUpdateView {
    return {
      notice: this.phase === 'available' || this.phase === 'activating',
      busy: this.phase === 'activating',
      failed: this.failed,
    };
  }

  send(event: EventObject): void {
    if (event.type === 'update.available' && (this.phase === 'idle' || this.phase === 'dismissed')) {
      this.phase = 'available';
      this.stopTimer('remindDelay');
    } else if (event.type === 'update.accept' && this.phase === 'available') {
      this.phase = 'activating';
      this.failed = false;
      this.request('activate');
    } else if (event.type === 'update.dismiss' && this.phase === 'available') {
      this.phase = 'dismissed';
      this.failed = false;
      this.startTimer('remindDelay', SPEC.updateRemindMs);
    }
  }

  protected onTimer(): void {
    this.phase = 'available';
  }
  protected onDone(): void {
    this.phase = 'reloading';
    this.effect('reloadPage');
  }
  protected onError(): void {
    this.phase = 'available';
    this.failed = true;
  }
}

/** Time passes: an hour, twice the reminder. */
export const appUpdateOracle = oracleOf(
  2 * SPEC.updateRemindMs,
  ['update.available', 'update.accept', 'update.dismiss'],
  ['idle', 'available', 'activating', 'dismissed', 'reloading'],
  () => new AppUpdateRun(),
);
