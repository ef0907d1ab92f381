/**
 * Signed-in layout: skip link, header with the product name, main navigation,
 * the accessibility settings, the student's name and 'Sair' (spec §4 Auth: logout → /login), the outbox status
 * (pending progress writes, 'Sincronizar agora'), the offline banner (issue 8) and the main landmark.
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useCurrentUser, useSessionRef } from '../session-context';
import { CommonMessages } from './messages';
import { signedInLanding } from '../guards';
import { OutboxStatus } from '../outbox/status';
import { OfflineBanner } from '../pwa/offline-banner';
import { AccessibilityButton } from '../accessibility/panel';
import { AccountLinkMessages } from '../account/security-messages';

export function AppLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const session = useSessionRef();
  const user = useCurrentUser();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#conteudo">
        {intl.formatMessage(CommonMessages.skipToContent)}
      </a>
      <header className="app-header">
        <Link href={signedInLanding(user)} className="brand">
          {intl.formatMessage(CommonMessages.appName)}
        </Link>
        <nav aria-label={intl.formatMessage(CommonMessages.mainNav)} className="main-nav">
          <ul>
            <li>
              <Link href="/courses">{intl.formatMessage(CommonMessages.navCourses)}</Link>
            </li>
            <li>
              <Link href="/grades">{intl.formatMessage(CommonMessages.navGrades)}</Link>
            </li>
            <li>
              <Link href="/attachments">{intl.formatMessage(CommonMessages.navAttachments)}</Link>
            </li>
            <li>
              <Link href="/finances">{intl.formatMessage(CommonMessages.navFinances)}</Link>
            </li>
          </ul>
        </nav>
        <div className="user-box">
          <AccessibilityButton />
          {user && (
            <span className="user-name">{intl.formatMessage(CommonMessages.greeting, { name: user.name })}</span>
          )}
          <Link href="/conta" className="account-link">
            {intl.formatMessage(AccountLinkMessages.myAccount)}
          </Link>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => session.send({ type: 'session.logout' })}
          >
            {intl.formatMessage(CommonMessages.logout)}
          </button>
        </div>
      </header>
      <OfflineBanner />
      <OutboxStatus />
      <main id="conteudo" tabIndex={-1} className="app-main">
        {children}
      </main>
    </div>
  );
}
