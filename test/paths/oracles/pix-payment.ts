/**
 * Paying a bill with Pix (docs/product.md §3, §7 ERP POST /bills/{id}/pay, GET /bills/{id}): the
 * bill's charge is asked for ('Gerando o código Pix…'); an active one shows its QR code and its
 * 'Pix Copia e Cola' code exactly as received, and 'Expira em mm:ss' — the seconds left by the
 * wall clock until created_at + expiration_seconds, re-read every second — until it expires
 * ('Gerar novo código' asks for a new one). Meanwhile the bill is checked after 3, 5, 8, 13, 21,
 * then every 30 s (each check's end starts the next wait); paid → 'Pagamento confirmado' (the
 * bill list refreshed once). Offline the checks pause ('Sem conexão: a confirmação…') and one
 * runs at once back online. A 409 (already paid) is paid; any other failure says so with a retry.
 * A charge that arrives paid, or already expired, shows as such at once.
 */
import type { EventObject } from 'xstate';
import type { BillDetails, PixCharge } from '../../../src/services/contract';
import { SPEC, SpecRun, oracleOf, statusOf } from '../oracle';

export interface PixView {
  screen: 'creating' | 'active' | 'paid' | 'expired' | 'failed';
  /** Seconds in 'Expira em' (while active). */
  seconds: number;
  /** The 'Pix Copia e Cola' code (while active). */
  brcode: string | null;
  /** The checks wait for the connection. */
  offline: boolean;
}

class PixRun extends SpecRun<PixView> {
  private screen: PixView['screen'] = 'creating';
  private charge: PixCharge | null = null;
  private expiresAt = 0;
  private seconds = 0;
  private checks = 0;
  private polling: 'waiting' | 'checking' | 'paused' = 'waiting';

  constructor(
    private readonly billId: number,
    /** The wall clock when the simulated clock is at 0, ms since the epoch. */
    private readonly wallAtZero: number,
  ) {
    super();
    this.create();
  }

  situation(): string {
    return this.screen === 'active' ? `active, ${this.polling}` : this.screen;
  }

  view(): PixView {
    const active = this.screen === 'active';
    return {
      screen: this.screen,
      seconds: active ? this.seconds : 0,
      brcode: active ? (this.charge?.brcode ?? null) : null,
      offline: active && this.polling === 'paused',
    };
  }

  private secondsLeft(): number {
    return Math.max(0, Math.ceil((this.expiresAt - (this.wallAtZero + this.now)) / 1000));
  }

  private create(): void {
    this.screen = 'creating';
    this.request('createCharge', { billId: this.billId });
  }

  private wait(): void {
    this.polling = 'waiting';
    const waits = SPEC.pix.pollWaitsMs;
    this.startTimer('pollDelay', waits[Math.min(this.checks, waits.length - 1)]!);
  }

  private check(): void {
    this.polling = 'checking';
    this.request('checkStatus', { billId: this.billId });
  }

  private leave(): void {
    this.stopTimer('expiry', 'countdownTick', 'pollDelay');
    this.cancel('checkStatus');
  }

  private paid(): void {
    this.leave();
    this.screen = 'paid';
    if (this.charge) this.charge = { ...this.charge, status: 'paid' };
    this.effect('notifyPaid');
  }

  private expire(): void {
    this.leave();
    this.screen = 'expired';
    if (this.charge) this.charge = { ...this.charge, status: 'expired' };
    this.seconds = 0;
  }

  send(event: EventObject): void {
    if (event.type === 'payment.renew' && this.screen === 'expired') this.create();
    else if (event.type === 'payment.retry' && this.screen === 'failed') this.create();
    else if (this.screen !== 'active') return;
    else if (event.type === 'network.offline' && this.polling !== 'paused') {
      this.stopTimer('pollDelay');
      this.cancel('checkStatus');
      this.polling = 'paused';
    } else if (event.type === 'network.online' && this.polling === 'paused') this.check();
  }

  protected onTimer(name: string): void {
    if (name === 'expiry') this.expire();
    else if (name === 'countdownTick') {
      this.seconds = this.secondsLeft();
      this.startTimer('countdownTick', SPEC.pix.tickMs);
    } else this.check();
  }

  protected onDone(request: string, output: unknown): void {
    if (request === 'checkStatus') {
      if ((output as BillDetails).status === 'paid') return this.paid();
      this.checks += 1;
      return this.wait();
    }
    const charge = output as PixCharge;
    this.charge = charge;
    this.expiresAt = Date.parse(charge.created_at) + charge.expiration_seconds * 1000;
    this.seconds = this.secondsLeft();
    this.checks = 0;
    if (charge.status === 'paid') this.paid();
    else if (charge.status === 'expired' || this.seconds <= 0) this.expire();
    else {
      this.screen = 'active';
      this.startTimer('expiry', Math.max(0, this.expiresAt - (this.wallAtZero + this.now)));
      this.startTimer('countdownTick', SPEC.pix.tickMs);
      this.wait();
    }
  }

  protected onError(request: string, error: unknown): void {
    if (request === 'checkStatus') {
      this.checks += 1;
      this.wait();
    } else if (statusOf(error) === 409) this.paid();
    else this.screen = 'failed';
  }
}

/** The oracle of the payment of bill `billId`, the wall clock at `wallAtZero` when the simulated clock starts. */
export const pixPaymentOracle = (wallAtZero: number) =>
  oracleOf(
    60_000,
    ['payment.retry', 'payment.renew', 'network.offline', 'network.online'],
    ['creating', 'active, waiting', 'active, checking', 'active, paused', 'paid', 'expired', 'failed'],
    (input) => new PixRun((input as { billId: number }).billId, wallAtZero),
  );
