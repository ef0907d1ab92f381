/** Query keys of attachments reads (see ../query-keys.ts). */
import type { DocumentsQuery } from '../../contract/attachments';

/** Attachments (documents): one attachment, a course's or module's list, and the documents area. */
export const attachmentKeys = {
  allAttachment: ['attachment'] as const,
  attachment: (id: number | null) => ['attachment', id] as const,
  /** Every course's and module's "Materiais de apoio" list. */
  allScoped: ['attachments'] as const,
  /** The "Materiais de apoio" of a course or a module; `id` null = not a valid id. */
  scoped: (kind: 'course' | 'module', id: number | null) => ['attachments', kind, id] as const,
  /** Every read of the documents area (/attachments). */
  allArea: ['attachmentsArea'] as const,
  /** The area's 'Seus arquivos' (`GET /attachments/authorized`). */
  areaMine: ['attachmentsArea', 'authorized'] as const,
  /** The area's document categories. */
  areaCategories: ['attachmentsArea', 'categories'] as const,
  /** One page of the area's documents, by its API query. */
  areaDocuments: (query: DocumentsQuery) => ['attachmentsArea', 'documents', query] as const,
} as const;
