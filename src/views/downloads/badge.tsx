/**
 * The 'Disponível offline' mark of a course or module in a list (docs/offline.md). Its text is
 * defined here, not with the download panel's (./messages.ts): the course list shows the mark on
 * its first screen, and the panel's ~40 texts were 1.4 KB gzip more there (docs/performance.md).
 */
import { defineMessages, useIntl } from 'react-intl';
import type { DownloadTarget } from '../../services/storage/downloads-store';
import { downloadCovering } from '../../services/downloads/covering';
import { useDownloadRecords } from './use-downloads';

const M = defineMessages({
  badge: {
    id: 'downloads.badge',
    defaultMessage: 'Disponível offline',
    description: 'Mark on a course or module of a list: downloaded on this device',
  },
});

/** Renders the mark when `kind` `id` is available offline on this device (its own or its course's download); else nothing. */
export function OfflineBadge({ kind, id }: { kind: DownloadTarget['kind']; id: number }) {
  const intl = useIntl();
  const records = useDownloadRecords();
  if (!downloadCovering(records, kind, id)) return null;
  return <span className="badge badge-offline">{intl.formatMessage(M.badge)}</span>;
}
