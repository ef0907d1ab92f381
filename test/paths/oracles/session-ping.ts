/**
 * The session ping (docs/product.md §4 post-login setup "session ping", §7 v2 POST /user-session/log,
 * §9 "Session ping every 5 minutes (300000 ms) when enforce_session_throttle is set"): while a
 * student is signed in (past the post-login delay) on a platform that enforces the throttle, one
 * ping at once, then one 5 minutes after the last one ended; a failed ping is tried again at the
 * next one and never signs out by itself. Signing out, or a platform without the throttle, stops
 * it at once (a ping in flight is abandoned); both true again pings at once.
 */
import type { EventObject } from 'xstate';
import { SPEC, SpecRun, oracleOf } from '../oracle';

export interface SessionPingView {
  /** Pinging or waiting for the next ping. */
  active: boolean;
  /** A ping is on its way. */
  pinging: boolean;
}

class SessionPingRun extends SpecRun<SessionPingView> {
  private signedIn = false;
  private throttle = false;

  situation(): string {
    return this.pending('ping') ? 'pinging' : this.running('pingInterval') ? 'waiting' : 'off';
  }

  view(): SessionPingView {
    return { active: this.pending('ping') || this.running('pingInterval'), pinging: this.pending('ping') };
  }

  send(event: EventObject): void {
    if (event.type === 'ping.session') this.signedIn = (event as unknown as { signedIn: boolean }).signedIn;
    else if (event.type === 'ping.platform') this.throttle = (event as unknown as { throttle: boolean }).throttle;
    else return;
    const active = this.view().active;
    if (this.signedIn && this.throttle && !active) this.request('ping');
    if (!(this.signedIn && this.throttle) && active) {
      this.cancel('ping');
      this.stopTimer('pingInterval');
    }
  }

  protected onTimer(): void {
    this.request('ping');
  }
  protected onDone(): void {
    this.startTimer('pingInterval', SPEC.sessionPingMs);
  }
  protected onError(): void {
    this.startTimer('pingInterval', SPEC.sessionPingMs);
  }
}

/** Time passes: 11 minutes, two pings and more. */
export const sessionPingOracle = oracleOf(
  11 * 60_000,
  ['ping.session', 'ping.platform'],
  ['off', 'pinging', 'waiting'],
  () => new SessionPingRun(),
);
