/**
 * One attachment (docs/product.md §2 /attachment/{id}; §7 `GET attachments/{id}`): its name,
 * description, category, type and size; an inline preview for PDFs and images; 'Baixar'
 * and 'Abrir em nova aba'. Opened through the shared lifecycle machine (kind 'attachment',
 * docs/product.md §4 "started, then ended") whose writes go through the outbox: `PUT
 * attachments/{id}/start` when shown, `/end` once viewed (the inline preview loaded) or
 * downloaded/opened.
 */
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import Download from 'lucide-react/icons/download';
import ExternalLink from 'lucide-react/icons/external-link';
import { useActorRef } from '@xstate/react';
import { useQuery } from '@tanstack/react-query';
import { getAttachment } from '../../services/api/attachments';
import type { StudentAttachment } from '../../services/contract/attachments';
import { ApiError } from '../../services/http/errors';
import { fileTypeLabel, formatFileSize, safeFileUrl } from '../components/file-format';
import { PageLoading } from '../components/page-loading';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { parseId } from '../components/route-params';
import { LifecycleStatus } from '../learning-object/lifecycle-status';
import { useOutbox } from '../outbox/context';
import { AttachmentsAreaMessages as M } from './messages';
import { AttachmentScreenMessages as A } from './attachment-screen-messages';
import { attachmentKeys } from '../../services/api/keys/attachments';
import { ROUTE_PATHS } from '../../services/navigation/routes';

export default function AttachmentScreen({ attachmentId }: { attachmentId: string }) {
  const intl = useIntl();
  const id = parseId(attachmentId);
  const query = useQuery({
    queryKey: attachmentKeys.attachment(id),
    queryFn: ({ signal }) => getAttachment(id ?? 0, signal),
    enabled: id !== null,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
  usePageTitle(query.data?.name ?? intl.formatMessage(M.title));
  const unknown = id === null || (query.error instanceof ApiError && query.error.status === 404);

  let body;
  if (unknown) body = <p>{intl.formatMessage(A.notFound)}</p>;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending) body = <PageLoading />;
  else body = <Viewer key={query.data.id} file={query.data} />;

  return (
    <section className="page">
      <p>
        <Link href={ROUTE_PATHS.attachments}>
          <span aria-hidden="true">← </span>
          {intl.formatMessage(A.back)}
        </Link>
      </p>
      {body}
    </section>
  );
}

const previewKind = (mime: string): 'pdf' | 'image' | null => {
  const type = mime.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  return null;
};

function Viewer({ file }: { file: StudentAttachment }) {
  const intl = useIntl();
  const { attachmentLifecycle } = useOutbox();
  const lifecycle = useActorRef(attachmentLifecycle, {
    input: { kind: 'attachment', id: file.id, lessonId: null, completed: file.status === 'completed' },
  });
  // The one allowed effect: forward "this attachment is shown" into its actor.
  useEffect(() => {
    lifecycle.send({ type: 'lifecycle.open' });
  }, [lifecycle]);
  const viewed = () => lifecycle.send({ type: 'lifecycle.finish' });

  const href = safeFileUrl(file.url);
  const kind = previewKind(file.mime_type);
  return (
    <>
      <h1>{file.name}</h1>
      {file.description && <p>{file.description}</p>}
      <p className="muted">
        {[file.category_name, fileTypeLabel(intl, file), formatFileSize(intl, file.size_bytes)]
          .filter(Boolean)
          .join(' · ')}
        {' · '}
        {intl.formatMessage(A.sentOn, { date: intl.formatDate(file.created_at, { dateStyle: 'long' }) })}
      </p>
      {href === null ? (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(A.unsafe)}
        </p>
      ) : (
        <>
          <p className="actions">
            <a
              href={href}
              download={file.file_name}
              className="button button-primary icon-button-text"
              onClick={viewed}
            >
              <Download aria-hidden="true" size={20} />
              {intl.formatMessage(A.download, { name: file.file_name })}
            </a>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="button button-secondary icon-button-text"
              onClick={viewed}
            >
              <ExternalLink aria-hidden="true" size={20} />
              {intl.formatMessage(A.openNewTab)}
            </a>
          </p>
          <p className="muted">{intl.formatMessage(A.hint)}</p>
          {kind === 'pdf' && (
            <iframe
              src={href}
              title={intl.formatMessage(A.previewTitle, { name: file.name })}
              className="lo-frame"
              onLoad={viewed}
            />
          )}
          {kind === 'image' && <img src={href} alt={file.name} className="attachment-image" onLoad={viewed} />}
          {kind === null && <p className="notice">{intl.formatMessage(A.noPreview)}</p>}
        </>
      )}
      <LifecycleStatus lifecycle={lifecycle} alreadyDone={file.status === 'completed'} finishButton={false} />
    </>
  );
}
