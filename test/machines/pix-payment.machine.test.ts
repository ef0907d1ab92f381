import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import {
  COUNTDOWN_TICK_MS,
  POLL_BACKOFF_MS,
  formatExpiry,
  pixPaymentMachine,
  pollDelayOf,
  secondsLeft,
} from '../../src/machines/pix-payment.machine';
import type { BillDetails, PixCharge } from '../../src/services/contract';
import { ApiError, NetworkError } from '../../src/services/http/errors';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');

const charge = (over: Partial<PixCharge> = {}): PixCharge => ({
  txid: 'TX1',
  brcode: '00020126…6304ABCD',
  created_at: new Date(T0).toISOString(),
  expiration_seconds: 900,
  status: 'active',
  amount_cents: 34990,
  ...over,
});

const bill = (status: BillDetails['status']): BillDetails => ({
  id: 7,
  description: 'Mensalidade',
  amount_cents: 34990,
  due_date: '2026-12-10',
  status,
  paid_at: status === 'paid' ? new Date(T0).toISOString() : null,
  active_charge: null,
});

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

interface Fakes {
  create?: () => Promise<PixCharge>;
  check?: () => Promise<BillDetails>;
}

function start(fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const createCharge = vi.fn(fakes.create ?? (() => Promise.resolve(charge())));
  const checkStatus = vi.fn(fakes.check ?? (() => Promise.resolve(bill('open'))));
  const notifyPaid = vi.fn();
  /** Extra wall-clock time the timers did not see (a throttled background tab). */
  const skew = { ms: 0 };
  const actor = createActor(
    pixPaymentMachine.provide({
      actors: {
        createCharge: fromPromise(({ input }: { input: { billId: number } }) => {
          expect(input.billId).toBe(7);
          return createCharge();
        }),
        checkStatus: fromPromise(({ input }: { input: { billId: number } }) => {
          expect(input.billId).toBe(7);
          return checkStatus();
        }),
      },
      actions: { notifyPaid },
    }),
    { clock, input: { billId: 7, now: () => T0 + clock.now() + skew.ms } },
  ).start();
  /** Advances the simulated clock in steps of at most 1 s, letting promises settle. */
  const advance = async (ms: number) => {
    for (let t = 0; t < ms; t += COUNTDOWN_TICK_MS) {
      clock.increment(Math.min(COUNTDOWN_TICK_MS, ms - t));
      await flush();
    }
  };
  return { actor, clock, advance, skew, createCharge, checkStatus, notifyPaid };
}

describe('pix payment machine', () => {
  it('helpers: countdown text, seconds left, backoff capped at 30 s', () => {
    expect(formatExpiry(900)).toBe('15:00');
    expect(formatExpiry(59)).toBe('00:59');
    expect(formatExpiry(-3)).toBe('00:00');
    expect(secondsLeft(T0 + 1500, T0)).toBe(2);
    expect(secondsLeft(T0 - 5, T0)).toBe(0);
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(pollDelayOf)).toEqual([3000, 5000, 8000, 13000, 21000, 30000, 30000, 30000]);
  });

  it('creates the charge, shows it and counts down from created_at + expiration', async () => {
    const { actor, advance } = start();
    expect(actor.getSnapshot().hasTag('creating')).toBe(true);
    await flush();
    const s = actor.getSnapshot();
    expect(s.hasTag('active')).toBe(true);
    expect(s.context.charge?.brcode).toBe('00020126…6304ABCD');
    expect(s.context.remaining).toBe(900);
    await advance(1000);
    expect(actor.getSnapshot().context.remaining).toBe(899);
    await advance(59_000);
    expect(actor.getSnapshot().context.remaining).toBe(840);
  });

  it('counts from the charge creation time, not from when it was shown (a reused charge)', async () => {
    const { actor } = start({
      create: () => Promise.resolve(charge({ created_at: new Date(T0 - 600_000).toISOString() })),
    });
    await flush();
    expect(actor.getSnapshot().context.remaining).toBe(300);
  });

  it('polls the bill with backoff (3, 5, 8 … ≤ 30 s) and stops once it is paid', async () => {
    let paid = false;
    const { actor, advance, checkStatus, notifyPaid } = start({
      check: () => Promise.resolve(bill(paid ? 'paid' : 'open')),
    });
    await flush();
    await advance(2999);
    expect(checkStatus).toHaveBeenCalledTimes(0);
    await advance(1);
    expect(checkStatus).toHaveBeenCalledTimes(1);
    await advance(5000);
    expect(checkStatus).toHaveBeenCalledTimes(2);
    await advance(8000);
    expect(checkStatus).toHaveBeenCalledTimes(3);
    await advance(13000 + 21000 + 30000 + 30000);
    expect(checkStatus).toHaveBeenCalledTimes(7);
    paid = true;
    await advance(30000);
    expect(checkStatus).toHaveBeenCalledTimes(8);
    const s = actor.getSnapshot();
    expect(s.hasTag('paid')).toBe(true);
    expect(s.status).toBe('done');
    expect(s.context.charge?.status).toBe('paid');
    expect(notifyPaid).toHaveBeenCalledTimes(1);
    await advance(120_000);
    expect(checkStatus).toHaveBeenCalledTimes(8);
  });

  it('a failed status check only backs off', async () => {
    const { actor, advance, checkStatus } = start({ check: () => Promise.reject(new NetworkError()) });
    await flush();
    await advance(3000 + 5000);
    expect(checkStatus).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().hasTag('active')).toBe(true);
  });

  it('offline pauses polling (the countdown goes on); online checks at once', async () => {
    const { actor, advance, checkStatus } = start();
    await flush();
    actor.send({ type: 'network.offline' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    await advance(60_000);
    expect(checkStatus).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.remaining).toBe(840);
    actor.send({ type: 'network.online' });
    await flush();
    expect(checkStatus).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
  });

  it('expires at zero: QR hidden (tag expired), polling stops; Gerar novo código creates again', async () => {
    let n = 0;
    const { actor, advance, createCharge, checkStatus } = start({
      create: () => Promise.resolve(charge({ txid: `TX${++n}`, expiration_seconds: 10 })),
    });
    await flush();
    await advance(9000);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    expect(actor.getSnapshot().hasTag('active')).toBe(true);
    await advance(1000);
    expect(actor.getSnapshot().hasTag('expired')).toBe(true);
    expect(actor.getSnapshot().context.charge?.status).toBe('expired');
    const checks = checkStatus.mock.calls.length;
    await advance(60_000);
    expect(checkStatus).toHaveBeenCalledTimes(checks);
    actor.send({ type: 'payment.renew' });
    expect(actor.getSnapshot().hasTag('creating')).toBe(true);
    await flush();
    expect(createCharge).toHaveBeenCalledTimes(2);
    // created_at is T0: the new fake charge is already past its 10 s.
    expect(actor.getSnapshot().hasTag('expired')).toBe(true);
  });

  it('re-synchronises the countdown with the clock when ticks come late (hidden tab)', async () => {
    const { actor, advance, skew } = start();
    await flush();
    skew.ms = 120_000; // the tab slept: two minutes passed without a tick
    await advance(1000);
    expect(actor.getSnapshot().context.remaining).toBe(900 - 121);
  });

  it('a bill already paid (409) goes straight to paid', async () => {
    const { actor, notifyPaid } = start({
      create: () => Promise.reject(new ApiError(409, { message: 'Esta fatura já foi paga.' }, '/bills/7/pay')),
    });
    await flush();
    expect(actor.getSnapshot().hasTag('paid')).toBe(true);
    expect(notifyPaid).toHaveBeenCalledTimes(1);
  });

  it('a charge that is already paid or expired when it arrives goes to paid / expired', async () => {
    const paid = start({ create: () => Promise.resolve(charge({ status: 'paid' })) });
    await flush();
    expect(paid.actor.getSnapshot().hasTag('paid')).toBe(true);
    const expired = start({ create: () => Promise.resolve(charge({ status: 'expired' })) });
    await flush();
    expect(expired.actor.getSnapshot().hasTag('expired')).toBe(true);
  });

  it('a failure to create shows the reason; retry creates again', async () => {
    const error = new ApiError(500, { message: 'Falha no ERP' }, '/bills/7/pay');
    let fail = true;
    const { actor, createCharge } = start({
      create: () => (fail ? Promise.reject(error) : Promise.resolve(charge())),
    });
    await flush();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(error);
    fail = false;
    actor.send({ type: 'payment.retry' });
    await flush();
    expect(createCharge).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().hasTag('active')).toBe(true);
    expect(POLL_BACKOFF_MS.at(-1)).toBe(30_000);
  });
});

/**
 * The waits of the payment screen written as literals (3 s, 5 s, 8 s status checks:
 * these kill the mutants the tests above missed), and what the dialog reads from the machine.
 */
describe('pix payment machine: status checks that fail or go offline, charges that arrive settled', () => {
  it('failed status checks back off like answered ones: 3 s, then 5 s, then 8 s', async () => {
    const { actor, advance, checkStatus } = start({ check: () => Promise.reject(new NetworkError()) });
    await flush();
    for (const [wait, checks] of [
      [3000, 1],
      [5000, 2],
      [8000, 3],
    ] as const) {
      await advance(wait - 1);
      expect(checkStatus).toHaveBeenCalledTimes(checks - 1);
      await advance(1);
      expect(checkStatus).toHaveBeenCalledTimes(checks);
    }
    expect(actor.getSnapshot().hasTag('active')).toBe(true);
  });

  it('going offline while a status check is in flight pauses polling; back online it checks at once', async () => {
    const { actor, advance, checkStatus } = start({ check: () => new Promise<BillDetails>(() => {}) });
    await flush();
    await advance(3000);
    expect(checkStatus).toHaveBeenCalledTimes(1);
    actor.send({ type: 'network.offline' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    await advance(60_000);
    expect(checkStatus).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('active')).toBe(true);
    actor.send({ type: 'network.online' });
    await flush();
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
    expect(checkStatus).toHaveBeenCalledTimes(2);
  });

  it('a charge that arrives paid or expired is kept (its txid) with that status', async () => {
    const paid = start({ create: () => Promise.resolve(charge({ status: 'paid' })) });
    await flush();
    expect(paid.actor.getSnapshot().context.charge).toMatchObject({ txid: 'TX1', status: 'paid' });
    const expired = start({
      create: () => Promise.resolve(charge({ created_at: new Date(T0 - 900_000).toISOString() })),
    });
    await flush();
    expect(expired.actor.getSnapshot().hasTag('expired')).toBe(true);
    expect(expired.actor.getSnapshot().context.charge).toMatchObject({ txid: 'TX1', status: 'expired' });
    expect(expired.actor.getSnapshot().context.remaining).toBe(0);
  });
});
