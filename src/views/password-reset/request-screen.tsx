/**
 * /requestResetPassword (docs/product.md §2, public): the student gives their access code and the
 * platform e-mails a verification code (`POST /auth/resetPassword`, scope always BRA, challenge
 * type email — docs/product.md §2, §5). The answer is the same whether the account exists or not; on it the
 * student goes to /resetPassword with the access code filled in and a status saying a code was
 * sent. Errors (offline, server message) show in an alert; an empty field is a field error.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { postAuthResetPasswordCode } from '../../services/api/account';
import { usePageTitle } from '../components/use-page-title';
import { describeError } from '../components/query-error';
import { RateLimitNotice, useRateLimitCooldown } from '../components/rate-limit';
import { AccessibilityButton } from '../accessibility/panel';
import { ResetMessages } from './messages';
import { TextField } from './field';
import { ROUTE_PATHS } from '../../services/navigation/routes';
import { withQuery } from '../../services/navigation/routes';

export default function RequestResetPasswordScreen() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (username: string) => postAuthResetPasswordCode(username),
    onSuccess: (_, username) =>
      navigate(withQuery(ROUTE_PATHS.resetPassword, new URLSearchParams({ username, sent: '1' }))),
  });
  usePageTitle(intl.formatMessage(ResetMessages.requestTitle));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const username = String(new FormData(event.currentTarget).get('username') ?? '').trim();
    if (!username) {
      setFieldError(intl.formatMessage(ResetMessages.accessCodeRequired));
      formRef.current?.querySelector<HTMLInputElement>('#reset-request-username')?.focus();
      return;
    }
    setFieldError(null);
    request.mutate(username);
  };

  const busy = request.isPending;
  // 429: wait the platform's Retry-After before sending again.
  const cooldown = useRateLimitCooldown(request.isError ? request.error : null);
  return (
    <main id="conteudo" tabIndex={-1} className="public-main login-page">
      <div className="public-toolbar">
        <AccessibilityButton />
      </div>
      <section className="login-card" aria-labelledby="reset-request-title">
        <h1 id="reset-request-title">{intl.formatMessage(ResetMessages.requestTitle)}</h1>
        <p className="muted">{intl.formatMessage(ResetMessages.requestIntro)}</p>
        <form ref={formRef} onSubmit={onSubmit} noValidate>
          {request.isError && !cooldown.startedS && (
            <p className="notice notice-error" role="alert">
              {describeError(intl, request.error)}
            </p>
          )}
          {cooldown.cooling && <RateLimitNotice remainingS={cooldown.remainingS} startedS={cooldown.startedS} />}
          <TextField
            id="reset-request-username"
            name="username"
            label={intl.formatMessage(ResetMessages.accessCode)}
            autoComplete="username"
            error={fieldError}
          />
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={busy || cooldown.cooling}
            aria-busy={busy}
          >
            {intl.formatMessage(busy ? ResetMessages.sendingCode : ResetMessages.sendCode)}
          </button>
        </form>
        <p className="login-links">
          <Link href={ROUTE_PATHS.resetPassword}>{intl.formatMessage(ResetMessages.haveCode)}</Link>
          <Link href={ROUTE_PATHS.login}>{intl.formatMessage(ResetMessages.backToLogin)}</Link>
        </p>
      </section>
    </main>
  );
}
