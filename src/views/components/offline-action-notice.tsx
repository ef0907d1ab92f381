/**
 * Why an action that needs the platform is disabled (docs/offline.md): 'Sem conexão com a internet:
 * esta ação fica disponível quando a conexão voltar.' Rendered only while offline; the disabled
 * control points at it with `aria-describedby={id}`.
 * @param id the element id the control refers to.
 * @param online whether the platform can be reached (`useOnline()`); nothing renders when true.
 */
import { useIntl } from 'react-intl';
import { CommonMessages } from './messages';

export function OfflineActionNotice({ id, online, className }: { id: string; online: boolean; className?: string }) {
  const intl = useIntl();
  if (online) return null;
  return (
    <p id={id} className={className ?? 'notice notice-error'}>
      {intl.formatMessage(CommonMessages.offlineAction)}
    </p>
  );
}
