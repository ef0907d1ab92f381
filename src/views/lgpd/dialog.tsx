/**
 * The LGPD acceptance dialog (docs/product.md §4 LGPD): a native modal `<dialog>` (`showModal()`: focus
 * stays inside, the page behind is inert) shown while the consent actor has the `prompt` tag.
 * It shows the platform's terms (`lgpd_terms`, else a pt-BR default) and a link to the full
 * policy (`lgpd_policy_url`, new tab); 'Aceitar' sends `lgpd.accept`; 'Decidir depois' and Escape
 * send `lgpd.postpone` (asked again on the next visit). While the acceptance is in flight the
 * buttons are `aria-disabled` (they keep the focus) and Escape is ignored; a failure stays in the
 * dialog as an alert and the focus returns to 'Aceitar'.
 *
 * Props: `consent` — the `lgpdConsentMachine` actor.
 */
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { lgpdConsentMachine } from '../../machines/lgpd-consent.machine';
import { getLgpdTerms } from '../../services/api/consent';
import { describeError } from '../components/query-error';
import { LgpdMessages } from './messages';
import { consentKeys } from '../../services/api/keys/consent';

export type LgpdConsentRef = ActorRefFrom<typeof lgpdConsentMachine>;

export function LgpdDialog({ consent }: { consent: LgpdConsentRef }) {
  const intl = useIntl();
  const open = useSelector(consent, (s) => s.hasTag('prompt'));
  const busy = useSelector(consent, (s) => s.hasTag('busy'));
  const error = useSelector(consent, (s) => (s.hasTag('error') ? s.context.error : null));
  const terms = useQuery({
    queryKey: consentKeys.terms,
    queryFn: getLgpdTerms,
    enabled: open,
    staleTime: 60 * 60 * 1000,
    retry: 1,
  });
  const ref = useRef<HTMLDialogElement>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      acceptRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (error !== null) acceptRef.current?.focus();
  }, [error]);

  const accept = () => {
    if (!busy) consent.send({ type: 'lgpd.accept' });
  };
  const postpone = () => {
    if (!busy) consent.send({ type: 'lgpd.postpone' });
  };
  const text = terms.data?.terms ?? intl.formatMessage(LgpdMessages.defaultTerms);
  const policyUrl = terms.data?.policyUrl ?? null;

  return (
    <dialog
      ref={ref}
      className="confirm-dialog lgpd-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      aria-busy={busy}
      onCancel={(event) => {
        // Escape: postpone through the actor (never while the acceptance is in flight).
        event.preventDefault();
        postpone();
      }}
    >
      <h2 id={`${id}-title`}>{intl.formatMessage(LgpdMessages.title)}</h2>
      <p id={`${id}-text`}>{text}</p>
      {policyUrl && (
        <p>
          <a href={policyUrl} target="_blank" rel="noopener noreferrer">
            {intl.formatMessage(LgpdMessages.policyLink)}{' '}
            <span className="sr-only">{intl.formatMessage(LgpdMessages.newTab)}</span>
          </a>
        </p>
      )}
      <p className="lgpd-dialog-hint">{intl.formatMessage(LgpdMessages.laterHint)}</p>
      {error !== null && (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(LgpdMessages.failed, { reason: describeError(intl, error) })}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" aria-disabled={busy} onClick={postpone}>
          {intl.formatMessage(LgpdMessages.later)}
        </button>
        <button ref={acceptRef} type="button" className="button button-primary" aria-disabled={busy} onClick={accept}>
          {intl.formatMessage(busy ? LgpdMessages.accepting : LgpdMessages.accept)}
        </button>
      </div>
    </dialog>
  );
}
