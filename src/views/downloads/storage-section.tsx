/**
 * 'Armazenamento neste aparelho' of 'Minha conta' (docs/offline.md), loaded with the page's other
 * sections but its effects (`AppServices.loadDownloads`) only when it renders: the space this site
 * uses and what is still available (`navigator.storage.estimate()`), whether the browser keeps the
 * downloads under storage pressure (`navigator.storage.persisted()`), and each download with its
 * size, date and 'Remover'.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadsKeys } from '../../services/api/keys/downloads';
import type { DownloadRecord } from '../../services/storage/downloads-store';
import type { AppDownloads } from '../app-services';
import { formatFileSize } from '../components/file-format';
import { readPromise } from '../components/read-promise';
import { DownloadMessages, StorageMessages as M } from './messages';
import { useDownloadRecords } from './use-downloads';

export default function StorageSection({ load }: { load: () => Promise<AppDownloads> }) {
  const intl = useIntl();
  const headingId = useId();
  const downloads = readPromise(load());
  const client = useQueryClient();
  const records = useDownloadRecords();
  const figures = useQuery({
    queryKey: downloadsKeys.figures,
    queryFn: () => downloads.readStorageFigures(),
    networkMode: 'always',
  });
  const remove = useMutation({
    mutationFn: (record: DownloadRecord) => downloads.removeDownload(record, caches),
    onSettled: () => client.invalidateQueries({ queryKey: downloadsKeys.all }),
  });
  const size = (bytes: number) => formatFileSize(intl, bytes);
  const usage = figures.data;
  return (
    <section className="account-section storage-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(M.title)}</h2>
      {!usage ? (
        <p aria-busy="true">{intl.formatMessage(M.loading)}</p>
      ) : usage.usage !== null && usage.quota !== null ? (
        <div className="storage-usage">
          <meter min={0} max={usage.quota} value={usage.usage} aria-label={intl.formatMessage(M.usageLabel)} />
          <p data-testid="storage-usage" data-usage={usage.usage}>
            {intl.formatMessage(M.usage, {
              used: size(usage.usage),
              available: size(Math.max(0, usage.quota - usage.usage)),
            })}
          </p>
        </div>
      ) : (
        <p>{intl.formatMessage(M.usageUnknown)}</p>
      )}
      {usage && (
        <p className="muted">
          {intl.formatMessage(
            usage.persisted === null
              ? M.persistedUnknown
              : usage.persisted
                ? DownloadMessages.persistedYes
                : DownloadMessages.persistedNo,
          )}
        </p>
      )}
      <h3>{intl.formatMessage(M.downloadsTitle)}</h3>
      {records.length === 0 ? (
        <p>{intl.formatMessage(M.empty)}</p>
      ) : (
        <ul className="item-list">
          {records.map((record) => (
            <li key={record.key} className="item">
              <div className="item-main">
                <span className="item-title">{record.name}</span>
                <span className="muted">
                  {intl.formatMessage(M.item, {
                    kind: intl.formatMessage(record.kind === 'course' ? M.kindCourse : M.kindModule),
                    size: size(record.bytes),
                    date: intl.formatDate(record.savedAt, { dateStyle: 'short' }),
                  })}
                </span>
              </div>
              <button
                type="button"
                className="button button-danger-outline button-small"
                aria-label={intl.formatMessage(M.removeLabel, { name: record.name })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(record)}
              >
                {intl.formatMessage(M.remove)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(DownloadMessages.removeFailed)}
        </p>
      )}
    </section>
  );
}
