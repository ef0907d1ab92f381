/**
 * The cooldown after a 429 'too many requests' (docs/errors.md): the refused form waits the
 * answer's Retry-After in whole seconds (a fraction rounds up, at least one second) and shows
 * 'Muitas tentativas. Tente novamente em M:SS', one second less each second; at zero it can be
 * sent again. Another 429 meanwhile starts over from its own Retry-After, a full second from then.
 */
import type { EventObject } from 'xstate';
import { SPEC, SpecRun, minutesSeconds, oracleOf } from '../oracle';

export interface CooldownView {
  /** The form must wait. */
  cooling: boolean;
  /** Seconds left. */
  seconds: number;
  /** 'M:SS' in 'Muitas tentativas. Tente novamente em M:SS'. */
  shown: string;
}

class CooldownRun extends SpecRun<CooldownView> {
  private seconds = 0;

  situation(): string {
    return this.seconds > 0 ? 'cooling' : 'idle';
  }

  view(): CooldownView {
    return { cooling: this.seconds > 0, seconds: this.seconds, shown: minutesSeconds(this.seconds) };
  }

  send(event: EventObject): void {
    if (event.type !== 'cooldown.start') return;
    this.seconds = Math.max(1, Math.ceil((event as unknown as { seconds: number }).seconds));
    this.startTimer('cooldownTick', SPEC.cooldownTickMs);
  }

  protected onTimer(): void {
    this.seconds -= 1;
    if (this.seconds > 0) this.startTimer('cooldownTick', SPEC.cooldownTickMs);
  }
}

export const cooldownOracle = oracleOf(60_000, ['cooldown.start'], ['idle', 'cooling'], () => new CooldownRun());
