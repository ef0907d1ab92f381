import { useIntl } from 'react-intl';
import { CommonMessages } from './messages';
import { useOnline } from './use-online';
import { PwaMessages } from '../pwa/messages';

/**
 * Full-page loading state, announced politely to screen readers. Offline (docs/offline.md) a read that
 * is still loading waits for the network — its data was never saved on this device — so it says
 * so instead of spinning forever.
 */
export function PageLoading() {
  const intl = useIntl();
  const online = useOnline();
  if (!online) {
    return (
      <div className="notice notice-info page-offline" role="status" aria-live="polite">
        <p>{intl.formatMessage(PwaMessages.offlineUnseen)}</p>
      </div>
    );
  }
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{intl.formatMessage(CommonMessages.loading)}</span>
    </div>
  );
}
