/**
 * 'Excluir conta' section of /conta (docs/product.md §3 User deletion payload, §7
 * `POST /users/self/delete`): suggests downloading certificates first, takes an optional reason,
 * asks for confirmation in a modal dialog (ConfirmDialog, focus on 'Cancelar'), then deletes the
 * account. On success it signs the student out through the session (`session.logout` with
 * reason `accountDeleted`: token, cached user, platform settings and query cache cleared, then
 * /login says 'Sua conta foi excluída.') and clears the rest of their data on this device
 * (accessibility settings `a11y:<id>`, their outbox writes). A failure shows in the dialog.
 * Offline the button is disabled and says why (docs/offline.md).
 */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { forgetStudentOnDevice, postUsersSelfDelete } from '../../services/api/account';
import { ConfirmDialog } from '../components/confirm-dialog';
import { describeError } from '../components/query-error';
import { useOnline } from '../components/use-online';
import { OfflineActionNotice } from '../components/offline-action-notice';
import { useCurrentUser, useSessionRef } from '../session-context';
import { AccountSecurityMessages } from './security-messages';
import { ROUTE_PATHS } from '../../services/navigation/routes';

/** Longest deletion reason sent, characters (the server refuses more). */
const MAX_REASON_LENGTH = 1000;

export function DeleteAccountSection() {
  const intl = useIntl();
  const id = useId();
  const session = useSessionRef();
  const user = useCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const online = useOnline();
  const remove = useMutation({
    mutationFn: () => postUsersSelfDelete(reason),
    onSuccess: () => {
      // Sign out first: the revoked token must not be mistaken for an expired session.
      session.send({ type: 'session.logout', reason: 'accountDeleted' });
      if (user) void forgetStudentOnDevice(user.id);
    },
  });

  return (
    <section className="account-section account-danger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage(AccountSecurityMessages.deleteTitle)}</h2>
      <p>{intl.formatMessage(AccountSecurityMessages.deleteIntro)}</p>
      <p className="notice notice-info">
        {intl.formatMessage(AccountSecurityMessages.deleteCertificates)}{' '}
        <Link href={ROUTE_PATHS.attachments}>{intl.formatMessage(AccountSecurityMessages.deleteCertificatesLink)}</Link>
      </p>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{intl.formatMessage(AccountSecurityMessages.deleteReason)}</label>
        <textarea
          id={`${id}-reason`}
          name="deletionReason"
          rows={3}
          maxLength={MAX_REASON_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <OfflineActionNotice id={`${id}-offline`} online={online} />
      <button
        type="button"
        className="button button-danger"
        disabled={!online}
        aria-describedby={online ? undefined : `${id}-offline`}
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        {intl.formatMessage(AccountSecurityMessages.deleteButton)}
      </button>
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage(AccountSecurityMessages.confirmTitle)}
        description={intl.formatMessage(AccountSecurityMessages.confirmText)}
        confirmLabel={intl.formatMessage(AccountSecurityMessages.confirmButton)}
        busyLabel={intl.formatMessage(AccountSecurityMessages.confirmBusy)}
        busy={remove.isPending}
        error={remove.isError ? describeError(intl, remove.error) : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
