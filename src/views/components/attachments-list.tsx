/**
 * "Materiais de apoio" of the course and module pages (docs/product.md §7 `GET courses/{id}/attachments`,
 * `GET modules/{id}/attachments`): each file with its name, type and size (pt-BR), as a
 * download link that opens in a new tab. Its own loading, error (with retry) and empty
 * states, inside its own section: a failure here never hides the rest of the page.
 */
import { useId } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { fileTypeLabel, formatFileSize, safeFileUrl } from './file-format';
import { useQuery } from '@tanstack/react-query';
import { getCourseAttachments, getModuleAttachments } from '../../services/api/attachments';
import type { CourseAttachment } from '../../services/contract/attachments';
import { attachmentKeys } from '../../services/api/keys/attachments';
import { describeError } from './query-error';
import { CommonMessages } from './messages';
import Download from 'lucide-react/icons/download';
import FolderOpen from 'lucide-react/icons/folder-open';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';
import styles from './attachments-list.module.css';
import { ROUTE_PATHS } from '../../services/navigation/routes';

export const AttachmentsMessages = defineMessages({
  title: {
    id: 'attachments.list.title',
    defaultMessage: 'Materiais de apoio',
    description: 'Heading of the support files section of a course or module page',
  },
  loading: {
    id: 'attachments.list.loading',
    defaultMessage: 'Carregando materiais de apoio…',
    description: 'Support files are loading',
  },
  error: defineMessage<{ message: string }>({
    id: 'attachments.list.error',
    defaultMessage: 'Não foi possível carregar os materiais de apoio: {message}',
    description: 'Loading the support files failed; message is the reason',
  }),
  empty: {
    id: 'attachments.list.empty',
    defaultMessage: 'Nenhum material de apoio.',
    description: 'The course or module has no support files',
  },
  emptyHint: {
    id: 'attachments.list.emptyHint',
    defaultMessage: 'Quando houver materiais para estudar, eles aparecem aqui. Outros arquivos estão em Documentos.',
    description: 'Explanation under "Nenhum material de apoio." with a link to /attachments',
  },
  documents: {
    id: 'attachments.list.documents',
    defaultMessage: 'Ver documentos',
    description: 'Next action of an empty support-file list: go to /attachments',
  },
  newTab: {
    id: 'attachments.list.newTab',
    defaultMessage: '(abre em nova aba)',
    description: 'Hidden hint read after a download link that opens in a new tab',
  },
  meta: defineMessage<{ type: string; size: string }>({
    id: 'attachments.list.meta',
    defaultMessage: '{type} · {size}',
    description: 'File type and size of a support file, e.g. "PDF · 1,2 MB"',
  }),
});

/** Whose files: a course's own, or one module's. `id` null = not a valid id (nothing is read). */
export interface AttachmentsScope {
  kind: 'course' | 'module';
  id: number | null;
}

/** Query key of a scope's attachments. */
export const attachmentsQueryKey = (scope: AttachmentsScope) => attachmentKeys.scoped(scope.kind, scope.id);

/**
 * Reads a scope's attachments with TanStack Query. Screens call it at their top so that the
 * read starts with the page's own (no waterfall); `AttachmentsList` shares the same cache entry.
 */
export function useAttachments(scope: AttachmentsScope) {
  return useQuery({
    queryKey: attachmentsQueryKey(scope),
    queryFn: ({ signal }) =>
      scope.kind === 'course'
        ? getCourseAttachments(scope.id ?? 0, signal)
        : getModuleAttachments(scope.id ?? 0, signal),
    enabled: scope.id !== null,
  });
}

/** The "Materiais de apoio" section (an `<h2>` titled region) of a course or a module. */
export function AttachmentsList({ scope }: { scope: AttachmentsScope }) {
  const intl = useIntl();
  const query = useAttachments(scope);
  const headingId = useId();
  const files = query.data;

  return (
    <section className="attachments" aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(AttachmentsMessages.title)}</h2>
      {query.isPending && <Skeleton kind="row" count={2} label={intl.formatMessage(AttachmentsMessages.loading)} />}
      {query.isError && (
        <div className="notice notice-error" role="alert">
          <p>{intl.formatMessage(AttachmentsMessages.error, { message: describeError(intl, query.error) })}</p>
          <button type="button" className="button icon-button-text" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden="true" size={20} />
            {intl.formatMessage(CommonMessages.retry)}
          </button>
        </div>
      )}
      {files && files.length === 0 && (
        <EmptyState
          icon={FolderOpen}
          title={intl.formatMessage(AttachmentsMessages.empty)}
          text={intl.formatMessage(AttachmentsMessages.emptyHint)}
          action={{ label: intl.formatMessage(AttachmentsMessages.documents), href: ROUTE_PATHS.attachments }}
        />
      )}
      {files && files.length > 0 && (
        <ul className={styles.list} aria-busy={query.isFetching}>
          {files.map((file) => (
            <AttachmentItem key={file.id} file={file} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AttachmentItem({ file }: { file: CourseAttachment }) {
  const intl = useIntl();
  const metaId = useId();
  const href = safeFileUrl(file.url);
  const meta = intl.formatMessage(AttachmentsMessages.meta, {
    type: fileTypeLabel(intl, file),
    size: formatFileSize(intl, file.size_bytes),
  });
  return (
    <li className={styles.file}>
      {href ? (
        <a
          className={`icon-link ${styles.link}`}
          href={href}
          download={file.file_name}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={metaId}
        >
          <Download aria-hidden="true" size={20} />
          {`${file.name} `}
          <span className="sr-only">{intl.formatMessage(AttachmentsMessages.newTab)}</span>
        </a>
      ) : (
        <span className={styles.link}>{file.name}</span>
      )}
      <span id={metaId} className={styles.meta}>
        {meta}
      </span>
    </li>
  );
}
