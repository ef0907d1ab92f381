/**
 * Payments: the Pix payment machine with the real ERP calls. Loaded with the finances screen's
 * payment dialog only, never with /login.
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { pixPaymentMachine } from '../../machines/pix-payment.machine';
import { getBill, postBillPay } from '../../services/api/finances';
import type { BillDetails, PixCharge } from '../../services/contract/finances';
import { isReachable, subscribeReachability } from '../../services/http/connectivity';

/**
 * The Pix payment machine (docs/product.md §3 bills with a pix payment) with the real ERP calls:
 * `createCharge` → `POST /bills/{id}/pay`, `checkStatus` → `GET /bills/{id}` (both with the
 * hub's ERP token, services/api/finances.ts).
 * @param onPaid runs once when the bill is seen paid (the finances screen refreshes its list).
 */
export function providePixPayment(onPaid: () => void) {
  return pixPaymentMachine.provide({
    actors: {
      createCharge: fromPromise<PixCharge, { billId: number }>(({ input }) => postBillPay(input.billId)),
      checkStatus: fromPromise<BillDetails, { billId: number }>(({ input, signal }) => getBill(input.billId, signal)),
    },
    actions: { notifyPaid: () => onPaid() },
  });
}

/**
 * Tells a Pix payment actor whether the platform can be reached (`network.online` /
 * `network.offline`: its polling pauses while it cannot): at once, then on every change — the same
 * reachability the rest of the app follows (services/http/connectivity.ts). @returns the unsubscribe function.
 */
export function followPixReachability(actor: Pick<ActorRefFrom<typeof pixPaymentMachine>, 'send'>): () => void {
  const tell = (reachable: boolean) => actor.send({ type: reachable ? 'network.online' : 'network.offline' });
  tell(isReachable());
  return subscribeReachability(() => tell(isReachable()));
}
