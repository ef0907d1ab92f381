import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { routeDataKeptOffline } from '../../services/api/keys/not-persisted';
import { CommonMessages } from './messages';
import { useOnline } from './use-online';
import { PwaMessages } from '../pwa/messages';

/**
 * The message of a screen still loading offline (docs/offline.md "Personal data on the device"):
 * on a route whose data is deliberately not kept on the device (`routeDataKeptOffline`: its reads
 * are in `NOT_PERSISTED`), 'os dados desta página não ficam salvos neste aparelho', however often it
 * was opened; elsewhere 'esta página ainda não foi aberta neste aparelho' (what is opened is kept).
 * @param path the current path, e.g. '/conta'.
 */
export function offlineLoadingMessage(path: string) {
  return routeDataKeptOffline(path) ? PwaMessages.offlineUnseen : PwaMessages.offlineNotKept;
}

/**
 * Full-page loading state, announced politely to screen readers. Offline (docs/offline.md) a read that
 * is still loading waits for the network — its data is not on this device — so it says so, and
 * why (`offlineLoadingMessage`), instead of spinning forever.
 */
export function PageLoading() {
  const intl = useIntl();
  const online = useOnline();
  const [path] = useLocation();
  if (!online) {
    return (
      <div className="notice notice-info page-offline" role="status" aria-live="polite">
        <p>{intl.formatMessage(offlineLoadingMessage(path))}</p>
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
