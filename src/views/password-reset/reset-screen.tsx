/**
 * /resetPassword (docs/product.md §2, public): access code, the e-mailed verification code, the
 * new password and its confirmation → `POST /auth/resetPassword` (code + challenge_response,
 * scope always BRA, challenge type email). Fields are checked first (code and access code
 * required, password ≥ 8 characters, confirmation equal): each error is linked to its field and
 * the first invalid field gets the focus. A refused code (wrong, expired, too many tries) shows
 * the server's pt-BR message in an alert; success goes to `/login?reset=ok`, where the login
 * screen says 'Senha alterada. Entre com a nova senha.'.
 *
 * Query: `username` (filled in), `sent=1` (shows that a code was sent).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { postAuthResetPassword } from '../../services/api/account';
import { RESET_OK_QUERY } from '../../services/navigation/login-notices';
import { ROUTE_PATHS } from '../../services/navigation/routes';
import { withQuery } from '../../services/navigation/routes';
import { usePageTitle } from '../components/use-page-title';
import { describeError } from '../components/query-error';
import { RateLimitNotice, useRateLimitCooldown } from '../components/rate-limit';
import { AccessibilityButton } from '../accessibility/panel';
import { ResetMessages } from './messages';
import { NewPasswordMessages } from './new-password-messages';
import { TextField } from './field';
import { focusFirstInvalid, newPasswordErrors, type FieldErrors } from './validation';

type Field = 'username' | 'code' | 'newPassword' | 'confirmation';
const ORDER: readonly Field[] = ['username', 'code', 'newPassword', 'confirmation'];

export default function ResetPasswordScreen() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const reset = useMutation({
    mutationFn: postAuthResetPassword,
    onSuccess: () => navigate(withQuery(ROUTE_PATHS.login, RESET_OK_QUERY), { replace: true }),
  });
  usePageTitle(intl.formatMessage(ResetMessages.resetTitle));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: Field) => String(form.get(name) ?? '');
    const found: FieldErrors<Field> = {
      ...(value('username').trim() ? {} : { username: ResetMessages.accessCodeRequired }),
      ...(value('code').trim() ? {} : { code: ResetMessages.codeRequired }),
      ...newPasswordErrors(value('newPassword'), value('confirmation')),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current, ORDER, found);
      return;
    }
    reset.mutate({ username: value('username'), code: value('code'), newPassword: value('newPassword') });
  };

  const message = (field: Field) => (errors[field] ? intl.formatMessage(errors[field]) : null);
  const busy = reset.isPending;
  // 429: wait the platform's Retry-After before sending again.
  const cooldown = useRateLimitCooldown(reset.isError ? reset.error : null);
  return (
    <main id="conteudo" tabIndex={-1} className="public-main login-page">
      <div className="public-toolbar">
        <AccessibilityButton />
      </div>
      <section className="login-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{intl.formatMessage(ResetMessages.resetTitle)}</h1>
        <p className="muted">{intl.formatMessage(ResetMessages.resetIntro)}</p>
        {params.get('sent') === '1' && (
          <p className="notice notice-success" role="status">
            {intl.formatMessage(ResetMessages.codeSent)}
          </p>
        )}
        <form ref={formRef} onSubmit={onSubmit} noValidate>
          {reset.isError && !cooldown.startedS && (
            <p className="notice notice-error" role="alert">
              {describeError(intl, reset.error)}
            </p>
          )}
          {cooldown.cooling && <RateLimitNotice remainingS={cooldown.remainingS} startedS={cooldown.startedS} />}
          <TextField
            id="reset-username"
            name="username"
            label={intl.formatMessage(ResetMessages.accessCode)}
            autoComplete="username"
            defaultValue={params.get('username') ?? ''}
            error={message('username')}
          />
          <TextField
            id="reset-code"
            name="code"
            label={intl.formatMessage(ResetMessages.code)}
            hint={intl.formatMessage(ResetMessages.codeHint)}
            autoComplete="one-time-code"
            inputMode="numeric"
            error={message('code')}
          />
          <TextField
            id="reset-new-password"
            name="newPassword"
            type="password"
            label={intl.formatMessage(NewPasswordMessages.newPassword)}
            hint={intl.formatMessage(NewPasswordMessages.newPasswordHint)}
            autoComplete="new-password"
            error={message('newPassword')}
          />
          <TextField
            id="reset-confirmation"
            name="confirmation"
            type="password"
            label={intl.formatMessage(NewPasswordMessages.confirmation)}
            autoComplete="new-password"
            error={message('confirmation')}
          />
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={busy || cooldown.cooling}
            aria-busy={busy}
          >
            {intl.formatMessage(busy ? ResetMessages.submittingReset : ResetMessages.submitReset)}
          </button>
        </form>
        <p className="login-links">
          <Link href={ROUTE_PATHS.requestResetPassword}>{intl.formatMessage(ResetMessages.requestNewCode)}</Link>
          <Link href={ROUTE_PATHS.login}>{intl.formatMessage(ResetMessages.backToLogin)}</Link>
        </p>
      </section>
    </main>
  );
}
