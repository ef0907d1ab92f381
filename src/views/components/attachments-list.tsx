/**
 * "Materiais de apoio" of the course and module pages (docs/product.md §7 `GET courses/{id}/attachments`,
 * `GET modules/{id}/attachments`): each file with its name, type and size (pt-BR), as a
 * download link that opens in a new tab. Its own loading, error (with retry) and empty
 * states, inside its own section: a failure here never hides the rest of the page.
 */
import { useId } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
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
  typePdf: { id: 'attachments.list.type.pdf', defaultMessage: 'PDF', description: 'File type: PDF' },
  typeCsv: { id: 'attachments.list.type.csv', defaultMessage: 'Planilha CSV', description: 'File type: CSV' },
  typeSheet: { id: 'attachments.list.type.sheet', defaultMessage: 'Planilha', description: 'File type: spreadsheet' },
  typeDocument: {
    id: 'attachments.list.type.document',
    defaultMessage: 'Documento',
    description: 'File type: word-processor document',
  },
  typeSlides: {
    id: 'attachments.list.type.slides',
    defaultMessage: 'Apresentação',
    description: 'File type: slides',
  },
  typeText: { id: 'attachments.list.type.text', defaultMessage: 'Texto', description: 'File type: plain text' },
  typeImage: { id: 'attachments.list.type.image', defaultMessage: 'Imagem', description: 'File type: image' },
  typeAudio: { id: 'attachments.list.type.audio', defaultMessage: 'Áudio', description: 'File type: audio' },
  typeVideo: { id: 'attachments.list.type.video', defaultMessage: 'Vídeo', description: 'File type: video' },
  typeArchive: {
    id: 'attachments.list.type.archive',
    defaultMessage: 'Arquivo compactado',
    description: 'File type: zip and other archives',
  },
  typeOther: defineMessage<{ extension: string }>({
    id: 'attachments.list.type.other',
    defaultMessage: '{extension, select, none {Arquivo} other {Arquivo {extension}}}',
    description: 'File type not known: the file name extension in capitals (or none)',
  }),
});

type TypeKey = Exclude<
  keyof typeof AttachmentsMessages,
  'title' | 'loading' | 'error' | 'empty' | 'newTab' | 'meta' | 'typeOther'
>;

const EXACT_TYPES: Record<string, TypeKey> = {
  'application/pdf': 'typePdf',
  'text/csv': 'typeCsv',
  'application/vnd.ms-excel': 'typeSheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'typeSheet',
  'application/vnd.oasis.opendocument.spreadsheet': 'typeSheet',
  'application/msword': 'typeDocument',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'typeDocument',
  'application/vnd.oasis.opendocument.text': 'typeDocument',
  'application/vnd.ms-powerpoint': 'typeSlides',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'typeSlides',
  'text/plain': 'typeText',
  'application/zip': 'typeArchive',
  'application/x-zip-compressed': 'typeArchive',
  'application/x-rar-compressed': 'typeArchive',
  'application/x-7z-compressed': 'typeArchive',
};

const FAMILY_TYPES: Record<string, TypeKey> = { image: 'typeImage', audio: 'typeAudio', video: 'typeVideo' };

/** Human file type of an attachment, from its MIME type (parameters ignored), else its file extension. */
export function fileTypeLabel(intl: IntlShape, file: Pick<CourseAttachment, 'mime_type' | 'file_name'>): string {
  const mime = file.mime_type.split(';')[0]!.trim().toLowerCase();
  const key = EXACT_TYPES[mime] ?? FAMILY_TYPES[mime.split('/')[0] ?? ''];
  if (key) return intl.formatMessage(AttachmentsMessages[key]);
  const dot = file.file_name.lastIndexOf('.');
  const extension = dot > 0 && dot < file.file_name.length - 1 ? file.file_name.slice(dot + 1).toUpperCase() : 'none';
  return intl.formatMessage(AttachmentsMessages.typeOther, { extension });
}

/**
 * File size for people, in the locale's format: kilobytes below 1 MB, else megabytes
 * (SI units, as Intl's `kilobyte`/`megabyte`: 1 kB = 1000 bytes), at most one decimal;
 * a non-empty file never shows as 0 (e.g. pt-BR "0,9 kB", "1,2 MB").
 */
export function formatFileSize(intl: IntlShape, bytes: number): string {
  const unit = bytes >= 1_000_000 ? 'megabyte' : 'kilobyte';
  const value = bytes / (unit === 'megabyte' ? 1_000_000 : 1000);
  return intl.formatNumber(bytes > 0 ? Math.max(value, 0.1) : 0, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}

/** Only same-origin paths and http(s) addresses become links (never `javascript:` and the like). */
export function safeFileUrl(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

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
