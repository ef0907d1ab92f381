/**
 * Signed-in layout: skip link, header with the platform's logo and name, main navigation,
 * the accessibility settings, the student's name and 'Sair' (docs/product.md §4 Auth: logout → /login) — on a
 * phone one row instead: logo, name and a 'Menu' button opening the same in a dialog — the outbox status
 * (pending progress writes, 'Sincronizar agora'), the offline banner (docs/offline.md) and the main landmark.
 */
import { createContext, useRef, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import BookOpen from 'lucide-react/icons/book-open';
import FileText from 'lucide-react/icons/file-text';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import House from 'lucide-react/icons/house';
import LogOut from 'lucide-react/icons/log-out';
import MenuIcon from 'lucide-react/icons/menu';
import PersonStanding from 'lucide-react/icons/person-standing';
import UserRound from 'lucide-react/icons/user-round';
import Wallet from 'lucide-react/icons/wallet';
import X from 'lucide-react/icons/x';
import { Link, useLocation } from 'wouter';
import { useCurrentUser, useSessionRef } from '../session-context';
import { CommonMessages } from './messages';
import { signedInLanding } from '../guest-only';
import { OutboxStatus } from '../outbox/status';
import { OfflineBanner } from '../pwa/offline-banner';
import { useAccessibilityDialog } from '../accessibility/panel';
import { AccessibilityMessages } from '../accessibility/messages';
import { BrandMark } from './brand-mark';
import { ScreenErrorBoundary } from './screen-error';
import { AccountLinkMessages } from '../account/link-messages';
import { ROUTE_PATHS } from '../../services/navigation/routes';

/** The main navigation's items: where each leads, its name, and the paths of its section. */
const NAV_ITEMS = [
  { href: ROUTE_PATHS.courses, label: CommonMessages.navCourses, section: /^\/courses(\/|$)/, icon: BookOpen },
  { href: ROUTE_PATHS.grades, label: CommonMessages.navGrades, section: /^\/grades(\/|$)/, icon: GraduationCap },
  // One attachment (/attachment/{id}) belongs to 'Documentos' (/attachments).
  {
    href: ROUTE_PATHS.attachments,
    label: CommonMessages.navAttachments,
    section: /^\/attachments?(\/|$)/,
    icon: FileText,
  },
  { href: ROUTE_PATHS.finances, label: CommonMessages.navFinances, section: /^\/finances(\/|$)/, icon: Wallet },
] as const;

/**
 * A main navigation link. `aria-current="page"` only when the current path is exactly its
 * `href` (it IS the page a screen reader is on); inside its section (e.g. /courses/12 under
 * 'Cursos') it is marked `data-section` instead: a visual "you are in this part" state, not
 * announced as the current page — the page itself (a course) is not the course list, and its
 * breadcrumb already carries `aria-current` for where the student is.
 */
function NavLink({
  href,
  section,
  onClick,
  children,
}: {
  href: string;
  section: RegExp;
  onClick?: () => void;
  children: ReactNode;
}) {
  const [path] = useLocation();
  const exact = path === href;
  return (
    <Link
      href={href}
      aria-current={exact ? 'page' : undefined}
      data-section={exact || section.test(path) ? '' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}

/** The phone menu's texts. */
const MenuMessages = defineMessages({
  open: {
    id: 'layout.menu.button',
    defaultMessage: 'Menu',
    description: 'Phone header button that opens the navigation menu',
  },
  title: {
    id: 'layout.menu.title',
    defaultMessage: 'Menu',
    description: 'Heading of the phone navigation menu dialog',
  },
  nav: {
    id: 'layout.menu.nav',
    defaultMessage: 'Navegação do menu',
    description: 'Landmark name of the navigation inside the phone menu',
  },
  close: { id: 'layout.menu.close', defaultMessage: 'Fechar menu', description: 'Button that closes the phone menu' },
});

/**
 * The phone menu: a 'Menu' button opening a modal native `<dialog>` with every
 * destination — Início, Cursos, Notas, Documentos, Financeiro, Minha conta — and the actions
 * 'Acessibilidade' and 'Sair'. `showModal` keeps focus inside and closes on Escape; closing
 * (Escape, 'Fechar menu', following a link) returns focus to the 'Menu' button. Shown below
 * the desktop breakpoint and on screens as short as a phone on its side (signed-in.css); the
 * desktop bar is the same links.
 */
function PhoneMenu({
  home,
  onAccessibility,
  onLogout,
}: {
  home: string;
  onAccessibility: (() => void) | null;
  onLogout: () => void;
}) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => dialog.current?.close();
  const items = [
    { href: home, label: CommonMessages.navHome, section: new RegExp(`^${home}$`), icon: House },
    ...NAV_ITEMS,
    { href: ROUTE_PATHS.account, label: AccountLinkMessages.myAccount, section: /^\/conta(\/|$)/, icon: UserRound },
  ];
  return (
    <>
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        <MenuIcon aria-hidden="true" size={24} />
        <span>{intl.formatMessage(MenuMessages.open)}</span>
      </button>
      <dialog
        ref={dialog}
        className="nav-menu"
        aria-labelledby="nav-menu-title"
        onClose={() => button.current?.focus()}
        onClick={(event) => {
          // A click on the backdrop (outside the panel) closes the menu.
          if (event.target === dialog.current) close();
        }}
      >
        <div className="nav-menu-panel">
          <div className="nav-menu-head">
            <h2 id="nav-menu-title">{intl.formatMessage(MenuMessages.title)}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={intl.formatMessage(MenuMessages.close)}
              onClick={close}
            >
              <X aria-hidden="true" size={24} />
            </button>
          </div>
          <nav aria-label={intl.formatMessage(MenuMessages.nav)}>
            <ul className="nav-menu-list">
              {items.map((item) => (
                <li key={item.href}>
                  {/* Following a link closes the menu: the page changes under it. */}
                  <NavLink href={item.href} section={item.section} onClick={close}>
                    <item.icon aria-hidden="true" size={20} />
                    {intl.formatMessage(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="nav-menu-list nav-menu-actions">
            {onAccessibility && (
              <li>
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() => {
                    close();
                    onAccessibility();
                  }}
                >
                  <PersonStanding aria-hidden="true" size={20} />
                  {intl.formatMessage(AccessibilityMessages.open)}
                </button>
              </li>
            )}
            <li>
              <button
                type="button"
                className="nav-menu-danger"
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                <LogOut aria-hidden="true" size={20} />
                {intl.formatMessage(CommonMessages.logout)}
              </button>
            </li>
          </ul>
        </div>
      </dialog>
    </>
  );
}

/** True inside the signed-in layout: a screen rendered there must not add a page frame of its own. */
export const InsideAppLayout = createContext(false);

export function AppLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const session = useSessionRef();
  const user = useCurrentUser();
  const a11y = useAccessibilityDialog();
  const home = signedInLanding(user);
  const logout = () => session.send({ type: 'session.logout' });
  return (
    <div className="app-shell">
      <a className="skip-link" href="#conteudo">
        {intl.formatMessage(CommonMessages.skipToContent)}
      </a>
      <header className="app-header">
        <Link href={home} className="brand">
          <BrandMark variant="header" />
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
          {a11y && (
            <button
              type="button"
              className="button button-secondary icon-button-text"
              aria-haspopup="dialog"
              onClick={a11y.open}
            >
              <PersonStanding aria-hidden="true" size={20} />
              {intl.formatMessage(AccessibilityMessages.open)}
            </button>
          )}
          {user && (
            <span className="user-name">{intl.formatMessage(CommonMessages.greeting, { name: user.name })}</span>
          )}
          <Link href={ROUTE_PATHS.account} className="account-link">
            {intl.formatMessage(AccountLinkMessages.myAccount)}
          </Link>
          <button type="button" className="button button-danger-outline icon-button-text" onClick={logout}>
            <LogOut aria-hidden="true" size={20} />
            {intl.formatMessage(CommonMessages.logout)}
          </button>
        </div>
        <PhoneMenu home={home} onAccessibility={a11y?.open ?? null} onLogout={logout} />
      </header>
      {a11y?.dialog}
      <OfflineBanner />
      <OutboxStatus />
      <main id="conteudo" tabIndex={-1} className="app-main">
        {/* A screen that fails (its code did not load offline) says so here: header and menu stay usable. */}
        <ScreenErrorBoundary>
          <InsideAppLayout.Provider value={true}>{children}</InsideAppLayout.Provider>
        </ScreenErrorBoundary>
      </main>
    </div>
  );
}
