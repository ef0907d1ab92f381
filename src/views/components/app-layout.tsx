/**
 * Signed-in layout: skip link, header with the product name, main navigation,
 * the accessibility settings, the student's name and 'Sair' (spec §4 Auth: logout → /login), the outbox status
 * (pending progress writes, 'Sincronizar agora'), the offline banner (issue 8) and the main landmark.
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useCurrentUser, useSessionRef } from '../session-context';
import { CommonMessages } from './messages';
import { signedInLanding } from '../guards';
import { OutboxStatus } from '../outbox/status';
import { OfflineBanner } from '../pwa/offline-banner';
import { AccessibilityButton } from '../accessibility/panel';
import { AccountLinkMessages } from '../account/security-messages';

/** The main navigation's items: where each leads, its name, and the paths of its section. */
const NAV_ITEMS = [
  { href: '/courses', label: CommonMessages.navCourses, section: /^\/courses(\/|$)/ },
  { href: '/grades', label: CommonMessages.navGrades, section: /^\/grades(\/|$)/ },
  // One attachment (/attachment/{id}) belongs to 'Documentos' (/attachments).
  { href: '/attachments', label: CommonMessages.navAttachments, section: /^\/attachments?(\/|$)/ },
  { href: '/finances', label: CommonMessages.navFinances, section: /^\/finances(\/|$)/ },
] as const;

/**
 * A main navigation link. `aria-current="page"` only when the current path is exactly its
 * `href` (it IS the page a screen reader is on); inside its section (e.g. /courses/12 under
 * 'Cursos') it is marked `data-section` instead: a visual "you are in this part" state, not
 * announced as the current page — the page itself (a course) is not the course list, and its
 * breadcrumb already carries `aria-current` for where the student is.
 */
function NavLink({ href, section, children }: { href: string; section: RegExp; children: ReactNode }) {
  const [path] = useLocation();
  const exact = path === href;
  return (
    <Link
      href={href}
      aria-current={exact ? 'page' : undefined}
      data-section={exact || section.test(path) ? '' : undefined}
    >
      {children}
    </Link>
  );
}

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
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <NavLink href={item.href} section={item.section}>
                  {intl.formatMessage(item.label)}
                </NavLink>
              </li>
            ))}
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
