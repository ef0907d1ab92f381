/**
 * Contract of attachments (docs/product.md §2 /attachments, /attachment/{id}; §7 main v1): the support files
 * of courses and modules ("Materiais de apoio"), and the attachments area — the platform's
 * documents by category and the files given to the student — with the student's start/end
 * progress on each.
 */
import * as v from 'valibot';
import { envelope, Id, IsoDate, Pagination } from './core';

/**
 * A support file of a course or of one of its modules ("Materiais de apoio", docs/product.md §7
 * `GET courses/{id}/attachments`, `GET modules/{id}/attachments`), stored in the file
 * repository. Exactly one of `course_id` / `module_id` says what it belongs to: a
 * module's attachment has `module_id` set and `course_id` of its course.
 */
export const CourseAttachment = v.object({
  id: Id,
  /** Title shown to the student. */
  name: v.string(),
  /** Meaningful file name for the download (`download` attribute), with its extension. */
  file_name: v.pipe(v.string(), v.minLength(1)),
  /** MIME type, e.g. `application/pdf`, `text/csv`. */
  mime_type: v.string(),
  /** Size in bytes. */
  size_bytes: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** File repository address (`/api/files/...`, same-origin) or an absolute URL. */
  url: v.string(),
  course_id: Id,
  module_id: v.nullable(Id),
  created_at: IsoDate,
});
export type CourseAttachment = v.InferOutput<typeof CourseAttachment>;

/** `GET courses/{id}/attachments` and `GET modules/{id}/attachments` (main v1), in display order. */
export const CourseAttachmentListResponse = envelope(v.array(CourseAttachment));
export type CourseAttachmentListResponse = v.InferOutput<typeof CourseAttachmentListResponse>;

// ---------- attachments area (documents and the student's files) ----------

/** Progress of one student on one attachment (docs/product.md §4 "attachment: started, then ended"). */
export const AttachmentStatus = v.picklist(['not_started', 'started', 'completed']);
export type AttachmentStatus = v.InferOutput<typeof AttachmentStatus>;

/**
 * An attachment of the attachments area (docs/product.md §2 /attachments, /attachment/{id}): one of the
 * platform's documents (`personal` false, usually with a category) or a file given to this
 * student (`personal` true). The file lives in the file repository (`url`).
 */
export const StudentAttachment = v.object({
  id: Id,
  name: v.string(),
  description: v.string(),
  /** Category of a platform document; null for none (personal files have none). */
  category_id: v.nullable(Id),
  category_name: v.nullable(v.string()),
  personal: v.boolean(),
  /** Meaningful file name for the download (`download` attribute), with its extension. */
  file_name: v.pipe(v.string(), v.minLength(1)),
  /** MIME type, e.g. `application/pdf`. */
  mime_type: v.string(),
  /** Size in bytes. */
  size_bytes: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** File repository address (`/api/files/...`, same-origin) or an absolute URL. */
  url: v.string(),
  created_at: IsoDate,
  status: AttachmentStatus,
  started_at: v.nullable(IsoDate),
  completed_at: v.nullable(IsoDate),
});
export type StudentAttachment = v.InferOutput<typeof StudentAttachment>;

/** `GET attachments/authorized`: the files given to this student, newest first. */
export const AuthorizedAttachmentsResponse = envelope(v.array(StudentAttachment));
/** `GET attachments/{id}`: one attachment the student may open (else 404). */
export const StudentAttachmentResponse = envelope(StudentAttachment);

/** A category of the platform's documents, with how many documents it holds. */
export const DocumentCategory = v.object({
  id: Id,
  name: v.string(),
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type DocumentCategory = v.InferOutput<typeof DocumentCategory>;
/** `GET documents/categories`, in display order. */
export const DocumentCategoriesResponse = envelope(v.array(DocumentCategory));

/** Params of `GET documents/attachments`: category, search by name, page (1-based). */
export const DocumentsQuery = v.object({
  category_id: v.optional(Id),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
});
export type DocumentsQuery = v.InferOutput<typeof DocumentsQuery>;
/** `GET documents/attachments` with params: the platform's documents, paginated. */
export const DocumentListResponse = v.object({ pagination: Pagination, data: v.array(StudentAttachment) });
export type DocumentListResponse = v.InferOutput<typeof DocumentListResponse>;

/** Answer of `PUT attachments/{id}/start` and `/end`: the student's progress afterwards. */
export const AttachmentProgress = v.object({
  id: Id,
  status: AttachmentStatus,
  started_at: v.nullable(IsoDate),
  completed_at: v.nullable(IsoDate),
});
export type AttachmentProgress = v.InferOutput<typeof AttachmentProgress>;
export const AttachmentProgressResponse = envelope(AttachmentProgress);
