/** Query keys of attachments reads (see ../query-keys.ts). */
/** Attachments (documents): one attachment, and every read of the documents area. */
export const attachmentKeys = {
  allAttachment: ['attachment'] as const,
  /** A course's or a module's support files ('Materiais de apoio'); `id` null = not a valid id. */
  list: (kind: 'course' | 'module', id: number | null) => ['attachments', kind, id] as const,
  attachment: (id: number | null) => ['attachment', id] as const,
  /** Every read of the documents area (/attachments). */
  allArea: ['attachmentsArea'] as const,
} as const;
