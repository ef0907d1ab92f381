/**
 * The download panel of a course or module page (docs/offline.md), loaded when the student asks to
 * download or remove: one download actor (src/machines/download.machine.ts, effects from
 * `AppServices.loadDownloads`), shown by its tags — size computation, the confirmation with the
 * total size (and the mobile-network warning), the progress bar (bytes and items) with 'Cancelar',
 * 'Disponível offline' with the date and 'Remover download', a failure's reason with 'Tentar
 * novamente'. The persistence answer (`navigator.storage.persist()`) is shown once asked.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { CELLULAR_WARNING_BYTES } from '../../machines/download.machine';
import type { DownloadTarget } from '../../services/storage/downloads-store';
import type { AppDownloads } from '../app-services';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatFileSize } from '../components/file-format';
import { readPromise } from '../components/read-promise';
import { DownloadMessages as M } from './messages';

export interface DownloadPanelProps {
  target: DownloadTarget;
  intent: 'download' | 'remove';
  userId: number;
  load: () => Promise<AppDownloads>;
}

export default function DownloadPanel({ target, intent, userId, load }: DownloadPanelProps) {
  const { provideDownloads } = readPromise(load());
  const client = useQueryClient();
  const [machine] = useState(() => provideDownloads(userId, client));
  const actor = useActorRef(machine, { input: { target, intent } });
  const intl = useIntl();
  const view = useSelector(actor, (s) =>
    s.hasTag('confirm')
      ? 'confirm'
      : s.hasTag('downloading')
        ? 'downloading'
        : s.hasTag('available')
          ? 'available'
          : s.hasTag('failed')
            ? 'failed'
            : s.hasTag('idle')
              ? 'idle'
              : s.matches('removing')
                ? 'removing'
                : 'busy',
  );
  const planned = useSelector(actor, (s) => s.context.planned);
  const progress = useSelector(actor, (s) => s.context.progress);
  const record = useSelector(actor, (s) => s.context.record);
  const failure = useSelector(actor, (s) => s.context.failure);
  const canRetry = useSelector(actor, (s) => s.matches({ failed: 'settled' }));
  const removeFailed = useSelector(actor, (s) => s.context.removeFailed);
  const persisted = useSelector(actor, (s) => s.context.persisted);
  const send = actor.send;
  const plan = planned?.plan;
  const size = (bytes: number) => formatFileSize(intl, bytes);

  return (
    <div className="download-panel">
      {view === 'busy' && (
        <p role="status" aria-busy="true">
          {intl.formatMessage(M.sizing)}
        </p>
      )}
      {view === 'removing' && (
        <p role="status" aria-busy="true">
          {intl.formatMessage(M.removing)}
        </p>
      )}
      {view === 'idle' && (
        <p className="actions">
          <button type="button" className="button button-secondary" onClick={() => send({ type: 'download.start' })}>
            {intl.formatMessage(M.download)}
          </button>
        </p>
      )}
      <ConfirmDialog
        open={view === 'confirm'}
        title={intl.formatMessage(M.confirmTitle)}
        description={
          plan
            ? [
                intl.formatMessage(M.confirmText, {
                  name: target.name,
                  size: size(plan.totalBytes),
                  items: plan.items.length,
                }),
                plan.onlineOnly.length > 0 ? intl.formatMessage(M.onlineOnly, { count: plan.onlineOnly.length }) : '',
                planned.onCellular && plan.totalBytes > CELLULAR_WARNING_BYTES ? intl.formatMessage(M.cellular) : '',
              ]
                .filter(Boolean)
                .join(' ')
            : ''
        }
        confirmLabel={intl.formatMessage(M.confirm)}
        busyLabel={intl.formatMessage(M.confirmBusy)}
        tone="primary"
        onConfirm={() => send({ type: 'download.confirm' })}
        onCancel={() => send({ type: 'download.cancel' })}
      />
      {view === 'downloading' && plan && (
        <div className="download-progress">
          <progress
            max={plan.totalBytes}
            value={Math.min(progress.bytes, plan.totalBytes)}
            aria-label={intl.formatMessage(M.progressLabel)}
          />
          <p role="status">
            {intl.formatMessage(M.progressText, {
              done: size(Math.min(progress.bytes, plan.totalBytes)),
              total: size(plan.totalBytes),
              items: progress.items,
              totalItems: plan.items.length,
              percent: plan.totalBytes > 0 ? Math.min(progress.bytes / plan.totalBytes, 1) : 1,
            })}
          </p>
          <button type="button" className="button button-secondary" onClick={() => send({ type: 'download.cancel' })}>
            {intl.formatMessage(M.cancel)}
          </button>
        </div>
      )}
      {view === 'available' && record && (
        <p className="actions">
          <span className="badge badge-offline">{intl.formatMessage(M.available)}</span>{' '}
          <span>
            {intl.formatMessage(M.availableSince, {
              date: intl.formatDate(record.savedAt, { dateStyle: 'short', timeStyle: 'short' }),
              size: size(record.bytes),
            })}
          </span>{' '}
          <button
            type="button"
            className="button button-danger-outline"
            onClick={() => send({ type: 'download.remove' })}
          >
            {intl.formatMessage(M.remove)}
          </button>
        </p>
      )}
      {removeFailed && view === 'available' && (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(M.removeFailed)}
        </p>
      )}
      {view === 'failed' && (
        <div role="alert" className="notice notice-error">
          <p>
            {intl.formatMessage(
              failure === 'quota' ? M.failedQuota : failure === 'server' ? M.failedServer : M.failedNetwork,
            )}
          </p>
          {canRetry && (
            <button type="button" className="button button-primary" onClick={() => send({ type: 'download.retry' })}>
              {intl.formatMessage(M.retry)}
            </button>
          )}
        </div>
      )}
      {persisted !== null && (view === 'downloading' || view === 'available') && (
        <p className="muted">{intl.formatMessage(persisted ? M.persistedYes : M.persistedNo)}</p>
      )}
    </div>
  );
}
