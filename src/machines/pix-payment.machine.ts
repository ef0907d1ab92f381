/**
 * Paying one bill with Pix (docs/product.md §3 "Bills (with a pix payment)", §7 ERP `POST /bills/{id}/pay`,
 * `GET /bills/{id}`): the payment screen's workflow.
 *
 *   creating ──done──▶ active ─┬─ countdown: `expiry` (created_at + expiration_seconds) ──▶ expired;
 *      ▲  │                    │   the shown seconds tick every `countdownTick` (1 s)
 *      │  └─error──▶ failed    └─ polling: waits `pollDelay` (3, 5, 8, 13, 21, 30, 30… s),
 *      │     (payment.retry)       checks the bill (`checkStatus`); paid ──▶ paid;
 *      └──── expired               offline (`network.offline`) pauses it until `network.online`
 *         (payment.renew: 'Gerar novo código')
 *
 * Input `{ billId, now? }`: `now()` is the wall clock in ms (default `Date.now`; tests pass a
 * simulated one). Every tick reads it (`remaining` = seconds left by the clock), so throttled
 * timers of a hidden tab never make the countdown drift; the expiry itself is one timer set
 * when the charge is shown (delay `expiry` = expires_at − now), not the sum of the ticks.
 *
 * Actors (provided by `providePixPayment` in src/app/wiring/payments.ts; fakes in tests):
 * - `createCharge` ({ billId }) → PixCharge: `postBillPay` (the server reuses the active charge);
 * - `checkStatus` ({ billId }) → BillDetails: `getBill`.
 * A 409 from `createCharge` means the bill is already paid (→ `paid`). Any other error →
 * `failed` (`context.error`), `payment.retry` tries again. Polling errors only back off.
 * Action `notifyPaid` runs once on entering `paid` (the app refreshes the bill list).
 *
 * Tags (what the view shows): `creating`, `active` (QR code, 'Pix Copia e Cola', countdown),
 * `offline` (polling paused), `paid` ('Pagamento confirmado'), `expired` (QR hidden,
 * 'Gerar novo código'), `failed` (message and retry).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { BillDetails, PixCharge } from '../services/contract/finances';
import { ApiError } from '../services/http/errors';

/** One countdown tick, ms. */
export const COUNTDOWN_TICK_MS = 1000;
/** Waits between status checks, ms: the n-th wait is `POLL_BACKOFF_MS[n]`, the last repeats (≤ 30 s). */
export const POLL_BACKOFF_MS: readonly number[] = [3000, 5000, 8000, 13000, 21000, 30000];

/** Wait before status check number `attempt` (0-based), ms. */
export const pollDelayOf = (attempt: number): number =>
  POLL_BACKOFF_MS[Math.min(Math.max(0, attempt), POLL_BACKOFF_MS.length - 1)]!;

/** When `charge` expires, ms since the epoch (created_at + expiration_seconds). */
export const expiresAtOf = (charge: PixCharge): number =>
  Date.parse(charge.created_at) + charge.expiration_seconds * 1000;

/** Whole seconds left until `expiresAt` at `now` (ms), rounded up, never negative. */
export const secondsLeft = (expiresAt: number, now: number): number => Math.max(0, Math.ceil((expiresAt - now) / 1000));

/** 'mm:ss' of `seconds` (minutes at least two digits): 'Expira em 14:59'. */
export function formatExpiry(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export interface PixPaymentInput {
  billId: number;
  /** Wall clock, ms since the epoch (default `Date.now`). */
  now?: () => number;
}

export interface PixPaymentContext {
  billId: number;
  now: () => number;
  /** The charge shown (its `brcode` is displayed and copied exactly as received). */
  charge: PixCharge | null;
  /** Expiry of `charge`, ms since the epoch. */
  expiresAt: number;
  /** Seconds left, as the countdown shows them. */
  remaining: number;
  /** Status checks done since the charge was shown (drives the backoff). */
  pollAttempt: number;
  /** Why creating the charge failed. */
  error: unknown;
}

export type PixPaymentEvent =
  { type: 'payment.retry' } | { type: 'payment.renew' } | { type: 'network.offline' } | { type: 'network.online' };

export const pixPaymentMachine = setup({
  types: {
    input: {} as PixPaymentInput,
    context: {} as PixPaymentContext,
    events: {} as PixPaymentEvent,
  },
  actors: {
    createCharge: fromPromise<PixCharge, { billId: number }>(() => Promise.reject(new Error('not provided'))),
    checkStatus: fromPromise<BillDetails, { billId: number }>(() => Promise.reject(new Error('not provided'))),
  },
  actions: {
    storeCharge: assign(({ context }, params: { charge: PixCharge }) => {
      const expiresAt = expiresAtOf(params.charge);
      return {
        charge: params.charge,
        expiresAt,
        remaining: secondsLeft(expiresAt, context.now()),
        pollAttempt: 0,
        error: null,
      };
    }),
    storeError: assign({ error: (_, params: { error: unknown }) => params.error }),
    tick: assign({ remaining: ({ context }) => secondsLeft(context.expiresAt, context.now()) }),
    backoff: assign({ pollAttempt: ({ context }) => context.pollAttempt + 1 }),
    markPaid: assign({
      charge: ({ context }) => (context.charge ? { ...context.charge, status: 'paid' as const } : null),
    }),
    markExpired: assign({
      charge: ({ context }) => (context.charge ? { ...context.charge, status: 'expired' as const } : null),
      remaining: 0,
    }),
    notifyPaid: () => {},
  },
  guards: {
    chargePaid: (_, params: { charge: PixCharge }) => params.charge.status === 'paid',
    chargeExpired: ({ context }, params: { charge: PixCharge }) =>
      params.charge.status === 'expired' || secondsLeft(expiresAtOf(params.charge), context.now()) <= 0,
    alreadyPaid: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 409,
    billPaid: (_, params: { bill: BillDetails }) => params.bill.status === 'paid',
  },
  delays: {
    countdownTick: COUNTDOWN_TICK_MS,
    expiry: ({ context }) => Math.max(0, context.expiresAt - context.now()),
    pollDelay: ({ context }) => pollDelayOf(context.pollAttempt),
  },
}).createMachine({
  id: 'pixPayment',
  description: 'Pays one bill with Pix: creates (or reuses) its charge, counts down to expiry, polls until paid.',
  context: ({ input }) => ({
    billId: input.billId,
    now: input.now ?? Date.now,
    charge: null,
    expiresAt: 0,
    remaining: 0,
    pollAttempt: 0,
    error: null,
  }),
  initial: 'creating',
  states: {
    creating: {
      description: "Asks the ERP for the bill's Pix charge (POST /bills/{id}/pay); the server reuses an active one.",
      tags: 'creating',
      invoke: {
        id: 'createCharge',
        src: 'createCharge',
        input: ({ context }) => ({ billId: context.billId }),
        onDone: [
          {
            guard: { type: 'chargePaid', params: ({ event }) => ({ charge: event.output }) },
            target: 'paid',
            actions: { type: 'storeCharge', params: ({ event }) => ({ charge: event.output }) },
          },
          {
            guard: { type: 'chargeExpired', params: ({ event }) => ({ charge: event.output }) },
            target: 'expired',
            actions: { type: 'storeCharge', params: ({ event }) => ({ charge: event.output }) },
          },
          {
            target: 'active',
            actions: { type: 'storeCharge', params: ({ event }) => ({ charge: event.output }) },
          },
        ],
        onError: [
          { guard: { type: 'alreadyPaid', params: ({ event }) => ({ error: event.error }) }, target: 'paid' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    active: {
      description: 'The QR code and the Pix Copia e Cola code are shown; counting down and waiting for the payment.',
      tags: 'active',
      type: 'parallel',
      states: {
        countdown: {
          description: "Expires at created_at + expiration_seconds (delay expiry); 'Expira em mm:ss' meanwhile.",
          after: { expiry: '#pixPayment.expired' },
          initial: 'ticking',
          states: {
            ticking: {
              description: 'The shown seconds, re-read from the clock every countdownTick (1000 ms).',
              after: { countdownTick: { target: 'ticking', reenter: true, actions: 'tick' } },
            },
          },
        },
        polling: {
          description: 'Checks the bill status with backoff (pollDelay: 3, 5, 8, 13, 21, then every 30 s).',
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Waiting pollDelay before the next status check.',
              after: { pollDelay: 'checking' },
              on: { 'network.offline': 'paused' },
            },
            checking: {
              description: 'GET /bills/{id}: paid ends the payment; anything else waits longer.',
              invoke: {
                id: 'checkStatus',
                src: 'checkStatus',
                input: ({ context }) => ({ billId: context.billId }),
                onDone: [
                  {
                    guard: { type: 'billPaid', params: ({ event }) => ({ bill: event.output }) },
                    target: '#pixPayment.paid',
                  },
                  { target: 'waiting', actions: 'backoff' },
                ],
                onError: { target: 'waiting', actions: 'backoff' },
              },
              on: { 'network.offline': 'paused' },
            },
            paused: {
              description: 'Offline: no status checks until the connection is back (then one at once).',
              tags: 'offline',
              on: { 'network.online': 'checking' },
            },
          },
        },
      },
    },
    paid: {
      description: "'Pagamento confirmado': polling stopped; the bill list is refreshed.",
      tags: 'paid',
      type: 'final',
      entry: ['markPaid', 'notifyPaid'],
    },
    expired: {
      description: "The charge expired: the QR code is hidden and 'Gerar novo código' is offered.",
      tags: 'expired',
      entry: 'markExpired',
      on: { 'payment.renew': 'creating' },
    },
    failed: {
      description: 'Creating the charge failed: the reason and a retry are shown.',
      tags: 'failed',
      on: { 'payment.retry': 'creating' },
    },
  },
});
