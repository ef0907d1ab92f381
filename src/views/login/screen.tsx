/**
 * Public login (docs/product.md §2 /login, §3 Login payload): access code, password and
 * country (Brasil → BRA, any other → ANG). Sends `session.login` with the page's
 * `next_route`; the session machine signs in and navigates. A failed sign-in shows a human
 * message in the student's language (views/components/error-messages.ts) in an alert that takes
 * the focus.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { useSelector } from '@xstate/react';
import { countryCode } from '../../services/api/auth';
import { useSessionRef } from '../session-context';
import { usePageTitle } from '../components/use-page-title';
import { LoginMessages } from './messages';
import { AccessibilityButton } from '../accessibility/panel';
import { APP_VERSION } from '../../services/config';
import { loginNoticeOf } from '../../services/navigation/login-notices';
import { LoginNoticeMessages } from './notice-messages';
import { finishPrerender } from '../prerender-handoff';
import { messageOfClassified } from '../components/error-messages';
import { RateLimitNotice, useRateLimitCooldown } from '../components/rate-limit';
import { BrandMark } from '../components/brand-mark';
import { ROUTE_PATHS } from '../../services/navigation/routes';

export function LoginScreen() {
  const intl = useIntl();
  const session = useSessionRef();
  const search = useSearch();
  const busy = useSelector(session, (s) => s.hasTag('busy'));
  const loginError = useSelector(session, (s) => s.context.loginError);
  const [localError, setLocalError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  usePageTitle(intl.formatMessage(LoginMessages.title));
  // After a password reset or an account deletion.
  const notice = loginNoticeOf(search);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!username || !password) {
      setLocalError(intl.formatMessage(LoginMessages.required));
      return;
    }
    setLocalError(null);
    session.send({
      type: 'session.login',
      username,
      password,
      country: countryCode(String(form.get('country') ?? 'Brasil')),
      nextRoute: new URLSearchParams(search).get('next_route'),
    });
  };

  // Once this form is hydrated, the pre-rendered /login is the app's: a sign-in sent before is
  // sent now (docs/decisions/0002-prerendered-login-and-deferred-entry.md;
  // src/views/prerender-handoff.ts). Here, not higher: the form hydrates inside the routes'
  // Suspense boundary, after the app's shell.
  useEffect(() => finishPrerender(), []);

  // 429: the form waits the platform's Retry-After, counting down.
  const cooldown = useRateLimitCooldown(loginError);
  const rateLimited = loginError?.kind === 'rateLimited';
  const error = localError ?? (loginError && !rateLimited ? messageOfClassified(intl, loginError, 'login') : null);
  // After a failed submit, focus goes to the message (docs/errors.md): a screen reader reads it and a
  // keyboard user continues from there, instead of focus falling to <body>.
  const waiting = rateLimited && cooldown.cooling;
  useEffect(() => {
    if (error) errorRef.current?.focus();
    else if (waiting) document.getElementById('login-wait')?.focus();
  }, [error, loginError, waiting]);
  return (
    <main id="conteudo" tabIndex={-1} className="public-main login-page">
      <div className="public-toolbar">
        <AccessibilityButton />
      </div>
      <section className="login-card" aria-labelledby="login-title">
        <BrandMark variant="login" />
        <h1 id="login-title">{intl.formatMessage(LoginMessages.title)}</h1>
        <p className="muted">{intl.formatMessage(LoginMessages.intro)}</p>
        {notice && (
          <p className={`notice ${notice === 'sessionExpired' ? 'notice-info' : 'notice-success'}`} role="status">
            {intl.formatMessage(LoginNoticeMessages[notice])}
          </p>
        )}
        {/* method="post": should the form ever submit natively, the password never goes into a URL. */}
        <form method="post" onSubmit={onSubmit} noValidate aria-describedby={error ? 'login-error' : undefined}>
          {error && (
            <p id="login-error" className="notice notice-error" role="alert" tabIndex={-1} ref={errorRef}>
              {error}
            </p>
          )}
          {!localError && waiting && (
            <RateLimitNotice id="login-wait" remainingS={cooldown.remainingS} startedS={cooldown.startedS} />
          )}
          <div className="field">
            <label htmlFor="login-username">{intl.formatMessage(LoginMessages.accessCode)}</label>
            <input
              id="login-username"
              name="username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="login-password">{intl.formatMessage(LoginMessages.password)}</label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="login-country">{intl.formatMessage(LoginMessages.country)}</label>
            <select id="login-country" name="country" defaultValue="Brasil">
              <option value="Brasil">{intl.formatMessage(LoginMessages.brasil)}</option>
              <option value="Angola">{intl.formatMessage(LoginMessages.angola)}</option>
            </select>
          </div>
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={busy || cooldown.cooling}
            aria-busy={busy}
          >
            {intl.formatMessage(busy ? LoginMessages.submitting : LoginMessages.submit)}
          </button>
        </form>
        <p className="login-links">
          <Link href={ROUTE_PATHS.requestResetPassword}>{intl.formatMessage(LoginMessages.forgot)}</Link>
        </p>
        <p className="app-version">{intl.formatMessage(LoginMessages.version, { version: APP_VERSION })}</p>
      </section>
    </main>
  );
}
