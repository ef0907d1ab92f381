/**
 * Pix payment of one bill in a native modal `<dialog>`, loaded on demand with the
 * QR code library (`qrcode-generator`, imported only here). One `pixPayment` actor per opening
 * (`providePixPayment`, given by the app: `AppServices.loadPayments`); this view only selects from it and sends events:
 *
 * - creating: 'Gerando o código Pix…';
 * - active: the QR code image (alt text with the amount) drawn from the BR Code, the
 *   'Pix Copia e Cola' code in a read-only field — exactly the server's `brcode` — with
 *   'Copiar código' (clipboard; 'Código copiado' announced politely), 'Expira em mm:ss'
 *   (a `timer`, not announced every second), and the waiting / offline note;
 * - paid: 'Pagamento confirmado' (announced); expired: QR hidden, 'Gerar novo código';
 * - failed: the reason and 'Tentar novamente'.
 * Offline, 'Gerar novo código' and 'Tentar novamente' are disabled with the reason shown.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useActorRef, useSelector } from '@xstate/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActorRefFrom } from 'xstate';
import { formatExpiry, type pixPaymentMachine } from '../../machines/pix-payment.machine';
import type { Bill } from '../../services/contract/finances';
import { useAppServices } from '../app-services';
import { readPromise } from '../components/read-promise';
import { CommonMessages } from '../components/messages';
import { describeError } from '../components/query-error';
import { useOnline } from '../components/use-online';
import { formatBRL, formatDay } from './bills';
import { financesKeys } from '../../services/api/keys/finances';
import { invalidateAfterWrite } from '../../services/api/keys/write-effects';
import { PixMessages as M } from './messages';
import styles from './finances.module.css';

export type PixPaymentRef = ActorRefFrom<typeof pixPaymentMachine>;

/** What the payment view shows, from the actor's tags. */
export type PixView = 'creating' | 'active' | 'paid' | 'expired' | 'failed';

/** The view of a snapshot (its first matching tag). */
export function pixView(snapshot: { hasTag: (tag: string) => boolean }): PixView {
  for (const view of ['paid', 'expired', 'failed', 'active'] as const) if (snapshot.hasTag(view)) return view;
  return 'creating';
}

/** Light modules around the code, in modules (the QR specification's quiet zone). */
const QR_QUIET_ZONE = 4;

/**
 * The SVG of a QR code's modules: `size` = modules per side plus the quiet zone on both sides in
 * the viewBox (one unit per module; the image is scaled by CSS), a white square, then one black
 * stroke per run of dark modules of a row.
 */
function qrSvg(moduleCount: number, isDark: (row: number, col: number) => boolean): string {
  const size = moduleCount + 2 * QR_QUIET_ZONE;
  let path = '';
  for (let row = 0; row < moduleCount; row++) {
    for (let col = 0; col < moduleCount;) {
      if (!isDark(row, col)) {
        col += 1;
        continue;
      }
      let run = 1;
      while (col + run < moduleCount && isDark(row, col + run)) run += 1;
      path += `M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE + 0.5}h${run}`;
      col += run;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<path fill="#ffffff" d="M0 0h${size}v${size}H0z"/><path stroke="#000000" d="${path}"/></svg>`
  );
}

/**
 * An SVG image (data URL) of the QR code of `text`: byte mode (the text as UTF-8), error
 * correction M, the smallest version it fits in, a 4-module quiet zone, black on white. The
 * library (`qrcode-generator`, no dependencies) is loaded on first use.
 * @throws the library's error when `text` does not fit in a QR code (over 2 331 bytes at M).
 */
export async function qrImageUrl(text: string): Promise<string> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  // The library takes one byte per character: hand it the UTF-8 bytes as such characters.
  qr.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  qr.make();
  const svg = qrSvg(qr.getModuleCount(), (row, col) => qr.isDark(row, col));
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The dialog: creates the payment actor for `bill`; the app tells it whether the platform can be reached. */
export default function PixPaymentDialog({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const { providePixPayment, followPixReachability } = readPromise(useAppServices().loadPayments());
  const [machine] = useState(() =>
    // Paid: the bills list and the home's pending-bills count must say so.
    providePixPayment(() => {
      void invalidateAfterWrite(queryClient, 'bill.paid');
    }),
  );
  const actor = useActorRef(machine, { input: { billId: bill.id } });
  const online = useOnline();
  // The app tells the actor whether the platform can be reached (polling pauses offline).
  useEffect(() => followPixReachability(actor), [actor, followPixReachability]);
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{intl.formatMessage(M.title, { description: bill.description })}</h2>
      <div className={styles.body}>
        <PixPaymentPanel actor={actor} bill={bill} online={online} />
      </div>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {intl.formatMessage(M.close)}
        </button>
      </div>
    </dialog>
  );
}

/** The payment's content for one actor (also rendered alone by the generated path tests). */
export function PixPaymentPanel({
  actor,
  bill,
  online = true,
}: {
  actor: PixPaymentRef;
  bill: Bill;
  online?: boolean;
}) {
  const intl = useIntl();
  const ids = { code: useId(), offline: useId() };
  const view = useSelector(actor, pixView);
  const paused = useSelector(actor, (s) => s.hasTag('offline'));
  const charge = useSelector(actor, (s) => s.context.charge);
  const remaining = useSelector(actor, (s) => s.context.remaining);
  const error = useSelector(actor, (s) => s.context.error);
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<{ brcode: string; ok: boolean } | null>(null);
  const brcode = view === 'active' ? (charge?.brcode ?? null) : null;
  const qr = useQuery({
    queryKey: financesKeys.pixQr(brcode),
    queryFn: () => qrImageUrl(brcode ?? ''),
    enabled: brcode !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
  const amount = formatBRL(intl, bill.amount_cents);

  const copy = () => {
    if (!brcode) return;
    const done = (ok: boolean) => {
      setCopied({ brcode, ok });
      if (!ok) codeRef.current?.select();
    };
    if (!navigator.clipboard) return done(false);
    navigator.clipboard.writeText(brcode).then(
      () => done(true),
      () => done(false),
    );
  };

  // One polite live region, present from the start, for what changes without the student's action.
  const announcement =
    view === 'creating'
      ? intl.formatMessage(M.creating)
      : view === 'paid'
        ? intl.formatMessage(M.paid)
        : view === 'expired'
          ? intl.formatMessage(M.expired)
          : copied && copied.brcode === brcode
            ? intl.formatMessage(copied.ok ? M.copied : M.copyFailed)
            : '';

  return (
    <div className={styles.panel}>
      <p className="muted">{intl.formatMessage(M.summary, { amount, date: formatDay(intl, bill.due_date) })}</p>
      <p role="status" aria-live="polite" className={view === 'paid' ? styles.paidStatus : styles.status}>
        {announcement}
      </p>
      {view === 'active' && brcode && (
        <>
          <p>{intl.formatMessage(M.instructions)}</p>
          <div className={styles.qr}>
            {qr.data ? (
              <img src={qr.data} alt={intl.formatMessage(M.qrAlt, { amount })} width={224} height={224} />
            ) : (
              <span className="muted">{intl.formatMessage(CommonMessages.loading)}</span>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.code}>{intl.formatMessage(M.codeLabel)}</label>
            <textarea
              ref={codeRef}
              id={ids.code}
              className={styles.code}
              readOnly
              rows={4}
              value={brcode}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="button-row">
            <button type="button" className="button button-primary" onClick={copy}>
              {intl.formatMessage(M.copy)}
            </button>
          </div>
          <p role="timer" className={styles.timer}>
            {intl.formatMessage(M.expiresIn, { clock: formatExpiry(remaining) })}
          </p>
          <p className="muted">{intl.formatMessage(paused ? M.offline : M.waiting)}</p>
        </>
      )}
      {view === 'expired' && (
        <div className="button-row">
          <button
            type="button"
            className="button button-primary"
            disabled={!online}
            aria-describedby={online ? undefined : ids.offline}
            onClick={() => actor.send({ type: 'payment.renew' })}
          >
            {intl.formatMessage(M.renew)}
          </button>
        </div>
      )}
      {view === 'failed' && (
        <div className="notice notice-error" role="alert">
          <p>{intl.formatMessage(M.failed, { message: describeError(intl, error) })}</p>
          <button
            type="button"
            className="button icon-button-text"
            disabled={!online}
            aria-describedby={online ? undefined : ids.offline}
            onClick={() => actor.send({ type: 'payment.retry' })}
          >
            <RotateCw aria-hidden="true" size={20} />
            {intl.formatMessage(CommonMessages.retry)}
          </button>
        </div>
      )}
      {!online && (view === 'expired' || view === 'failed') && (
        <p id={ids.offline} className="muted">
          {intl.formatMessage(CommonMessages.offlineAction)}
        </p>
      )}
    </div>
  );
}
