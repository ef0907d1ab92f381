/** Query keys of attachments reads (see ../query-keys.ts). */
/** Attachments (documents): one attachment, and every read of the documents area. */
export const attachmentKeys = {
  allAttachment: ['attachment'] as const,
  attachment: (id: number | null) => ['attachment', id] as const,
  /** Every read of the documents area (/attachments). */
  allArea: ['attachmentsArea'] as const,
} as const;
