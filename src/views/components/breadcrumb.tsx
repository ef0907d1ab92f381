/**
 * Breadcrumb trail from "Meus cursos" down to the current page (a landmark 'Você está em'),
 * the last item marked `aria-current="page"`.
 * @param trail ancestors as `{ href, label }`, after "Meus cursos"; `current` is the page's own name.
 */
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { CommonMessages } from './messages';
import { ROUTE_PATHS } from '../../services/navigation/routes';

export function Breadcrumb({ trail = [], current }: { trail?: { href: string; label: string }[]; current: string }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage(CommonMessages.breadcrumb)} className="breadcrumb">
      <ol>
        <li>
          <Link href={ROUTE_PATHS.courses}>{intl.formatMessage(CommonMessages.myCourses)}</Link>
        </li>
        {trail.map((item) => (
          <li key={item.href}>
            <Link href={item.href}>{item.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
