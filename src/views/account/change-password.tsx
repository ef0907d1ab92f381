/**
 * 'Alterar senha' section of /conta (docs/product.md §7 `POST /auth/changePassword`): current
 * password, new password (≥ 8 characters) and confirmation. Fields are checked first (errors
 * linked with aria-describedby, focus on the first invalid one); the server checks the current
 * password (its pt-BR 400 message shows in an alert) and ends the student's other sessions,
 * keeping this one. Success empties the form and says so politely. Offline the button is disabled
 * and says why (docs/offline.md).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { postAuthChangePassword } from '../../services/api/account';
import { useOnline } from '../components/use-online';
import { OfflineActionNotice } from '../components/offline-action-notice';
import { describeError } from '../components/query-error';
import { TextField } from '../password-reset/field';
import { NewPasswordMessages } from '../password-reset/new-password-messages';
import { focusFirstInvalid, newPasswordErrors, type FieldErrors } from '../password-reset/validation';
import { AccountSecurityMessages } from './security-messages';

type Field = 'currentPassword' | 'newPassword' | 'confirmation';
const ORDER: readonly Field[] = ['currentPassword', 'newPassword', 'confirmation'];

export function ChangePasswordSection() {
  const intl = useIntl();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const change = useMutation({
    mutationFn: postAuthChangePassword,
    onSuccess: () => formRef.current?.reset(),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: Field) => String(form.get(name) ?? '');
    const found: FieldErrors<Field> = {
      ...(value('currentPassword') ? {} : { currentPassword: AccountSecurityMessages.currentRequired }),
      ...newPasswordErrors(value('newPassword'), value('confirmation')),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      change.reset();
      focusFirstInvalid(formRef.current, ORDER, found);
      return;
    }
    change.mutate({ currentPassword: value('currentPassword'), newPassword: value('newPassword') });
  };

  const message = (field: Field) => (errors[field] ? intl.formatMessage(errors[field]) : null);
  const busy = change.isPending;
  const online = useOnline();
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage(AccountSecurityMessages.changeTitle)}</h2>
      <p className="muted">{intl.formatMessage(AccountSecurityMessages.changeIntro)}</p>
      <p role="status" className={change.isSuccess ? 'notice notice-success' : 'sr-only'}>
        {change.isSuccess ? intl.formatMessage(AccountSecurityMessages.changeDone) : ''}
      </p>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        {change.isError && (
          <p className="notice notice-error" role="alert">
            {describeError(intl, change.error)}
          </p>
        )}
        <TextField
          id={`${id}-current`}
          name="currentPassword"
          type="password"
          label={intl.formatMessage(AccountSecurityMessages.currentPassword)}
          autoComplete="current-password"
          error={message('currentPassword')}
        />
        <TextField
          id={`${id}-new`}
          name="newPassword"
          type="password"
          label={intl.formatMessage(NewPasswordMessages.newPassword)}
          hint={intl.formatMessage(NewPasswordMessages.newPasswordHint)}
          autoComplete="new-password"
          error={message('newPassword')}
        />
        <TextField
          id={`${id}-confirmation`}
          name="confirmation"
          type="password"
          label={intl.formatMessage(NewPasswordMessages.confirmation)}
          autoComplete="new-password"
          error={message('confirmation')}
        />
        <OfflineActionNotice id={`${id}-offline`} online={online} />
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || !online}
          aria-busy={busy}
          aria-describedby={online ? undefined : `${id}-offline`}
        >
          {intl.formatMessage(busy ? AccountSecurityMessages.changeBusy : AccountSecurityMessages.changeSubmit)}
        </button>
      </form>
    </section>
  );
}
