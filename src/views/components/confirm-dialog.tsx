/**
 * A modal confirmation on the native `<dialog>` (`showModal()`: focus stays inside, the page
 * behind is inert, Escape cancels). Focus starts on the safe choice ('Cancelar'); the browser
 * returns it to the control that opened the dialog when it closes.
 *
 * Props: `open`; `title` and `description` (texts); `confirmLabel`, `busyLabel` (shown on the
 * confirm button while `busy`); `busy` (confirm in flight: both buttons disabled, Escape
 * ignored); `blockedReason` (why confirming is not possible now: shown, confirm disabled);
 * `error` (why the last confirm failed, shown in an alert); `tone` (the confirm button's colour:
 * `danger` for a destructive action — the default —, `primary` for one that destroys nothing, such
 * as a download); `onConfirm`, `onCancel`.
 */
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { CommonMessages } from './messages';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  busy?: boolean;
  blockedReason?: string | null;
  error?: string | null;
  /** `danger` (default) only when confirming destroys something; `primary` otherwise. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, busy = false, blockedReason = null, error = null, tone = 'danger', onCancel } = props;
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape: close through React state (never while the request is in flight).
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{props.title}</h2>
      <p id={`${id}-text`}>{props.description}</p>
      {blockedReason && <p className="notice">{blockedReason}</p>}
      {error && (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        {/* autoFocus: the safe choice gets the focus first. */}
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy} autoFocus>
          {intl.formatMessage(CommonMessages.cancel)}
        </button>
        <button
          type="button"
          className={`button button-${tone}`}
          onClick={props.onConfirm}
          disabled={busy || blockedReason !== null}
        >
          {busy ? props.busyLabel : props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
