/** The 'Disponível offline' mark of a course or module in a list (docs/offline.md). */
import { useIntl } from 'react-intl';
import type { DownloadTarget } from '../../services/storage/downloads-store';
import { downloadCovering } from '../../services/downloads/covering';
import { useDownloadRecords } from './use-downloads';
import { DownloadMessages as M } from './messages';

/** Renders the mark when `kind` `id` is available offline on this device (its own or its course's download); else nothing. */
export function OfflineBadge({ kind, id }: { kind: DownloadTarget['kind']; id: number }) {
  const intl = useIntl();
  const records = useDownloadRecords();
  if (!downloadCovering(records, kind, id)) return null;
  return <span className="badge badge-offline">{intl.formatMessage(M.badge)}</span>;
}
