/**
 * How a file is named to the student (docs/product.md §7 attachments): its type from the MIME type
 * or the file name ('PDF', 'Planilha', 'Arquivo KMZ'), its size in the locale's units, and which
 * file addresses may become links. Used by the course and module pages' support files
 * (./attachments-list.tsx), the documents area and the downloads; apart from the list's component
 * so that the screens that only name files do not load it (docs/performance.md).
 */
import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { CourseAttachment } from '../../services/contract/attachments';

/** The file types' names (ids of the support files' list: the translations are unchanged). */
export const FileTypeMessages = defineMessages({
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

/** A file type's message (but the unknown one's). */
export type TypeKey = Exclude<keyof typeof FileTypeMessages, 'typeOther'>;

/** The file types by MIME type (without parameters, lower case). */
export const EXACT_TYPES: Record<string, TypeKey> = {
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

/** The file types by MIME family (`image/…`), when not an exact one. */
export const FAMILY_TYPES: Record<string, TypeKey> = { image: 'typeImage', audio: 'typeAudio', video: 'typeVideo' };

/** Human file type of an attachment, from its MIME type (parameters ignored), else its file extension. */
export function fileTypeLabel(intl: IntlShape, file: Pick<CourseAttachment, 'mime_type' | 'file_name'>): string {
  const mime = file.mime_type.split(';')[0]!.trim().toLowerCase();
  const key = EXACT_TYPES[mime] ?? FAMILY_TYPES[mime.split('/')[0] ?? ''];
  if (key) return intl.formatMessage(FileTypeMessages[key]);
  const dot = file.file_name.lastIndexOf('.');
  const extension = dot > 0 && dot < file.file_name.length - 1 ? file.file_name.slice(dot + 1).toUpperCase() : 'none';
  return intl.formatMessage(FileTypeMessages.typeOther, { extension });
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
