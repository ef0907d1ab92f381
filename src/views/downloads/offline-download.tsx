/**
 * 'Baixar para estudar offline' of a course or module page (docs/offline.md), as light as a button: it
 * shows whether the course or module is already available offline (with the date) and, when the
 * student asks to download or remove, loads the download panel (./panel.tsx, its machine and
 * effects) — never before.
 */
import { Suspense, useContext, useState } from 'react';
import { retryableLazy } from '../components/retryable-lazy';
import { useIntl } from 'react-intl';
import type { DownloadTarget } from '../../services/storage/downloads-store';
import { downloadCovering } from '../../services/downloads/covering';
import { AppServicesContext } from '../app-services';
import { formatFileSize } from '../components/file-format';
import { useDownloadRecords, useSignedInId } from './use-downloads';
import { DownloadMessages as M } from './messages';

const DownloadPanel = retryableLazy(() => import('./panel'));

/** The download control of `target` (nothing where downloads are not provided, or signed out). */
export function OfflineDownload({ target }: { target: DownloadTarget }) {
  const intl = useIntl();
  const loadDownloads = useContext(AppServicesContext)?.loadDownloads;
  const userId = useSignedInId();
  const records = useDownloadRecords();
  const [intent, setIntent] = useState<'download' | 'remove' | null>(null);
  if (!loadDownloads || userId === null) return null;
  const covering = downloadCovering(records, target.kind, target.id);
  const date = covering ? intl.formatDate(covering.savedAt, { dateStyle: 'short', timeStyle: 'short' }) : '';
  return (
    <section className="offline-download" aria-label={intl.formatMessage(M.download)}>
      {intent ? (
        <Suspense fallback={<p aria-busy="true">{intl.formatMessage(M.loading)}</p>}>
          <DownloadPanel target={target} intent={intent} userId={userId} load={loadDownloads} />
        </Suspense>
      ) : covering && (covering.kind !== target.kind || covering.id !== target.id) ? (
        // A module of a downloaded course: removed with the course, on the course page.
        <p className="badge badge-offline">
          {intl.formatMessage(M.available)} — {intl.formatMessage(M.availableWithCourse, { date })}
        </p>
      ) : covering ? (
        <p className="actions">
          <span className="badge badge-offline">{intl.formatMessage(M.available)}</span>{' '}
          <span>{intl.formatMessage(M.availableSince, { date, size: formatFileSize(intl, covering.bytes) })}</span>{' '}
          <button type="button" className="button button-danger-outline" onClick={() => setIntent('remove')}>
            {intl.formatMessage(M.remove)}
          </button>
        </p>
      ) : (
        <p className="actions">
          <button type="button" className="button button-secondary" onClick={() => setIntent('download')}>
            {intl.formatMessage(M.download)}
          </button>
        </p>
      )}
    </section>
  );
}
