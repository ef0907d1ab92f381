/**
 * Attachment calls of docs/product.md §7 (main v1): a course's and a module's support files
 * ("Materiais de apoio"), and the attachments area — the student's own files
 * (`attachments/authorized`), the platform's documents by category (`documents/…`), one
 * attachment and its start/end. Every answer is validated by the contract.
 */
import {
  AttachmentProgressResponse,
  AuthorizedAttachmentsResponse,
  CourseAttachmentListResponse,
  DocumentCategoriesResponse,
  DocumentListResponse,
  StudentAttachmentResponse,
  type AttachmentProgress,
  type CourseAttachment,
  type DocumentCategory,
  type DocumentsQuery,
  type StudentAttachment,
} from '../contract/attachments';
import { request } from '../http/clients';

/**
 * `GET courses/{id}/attachments`: the course's own files, in display order.
 * @returns `CourseAttachment[]` (name, file_name, mime_type, size_bytes, url, created_at …).
 * @throws ApiError (404 when the course is not the student's), NetworkError, TimeoutError, ContractError.
 */
export async function getCourseAttachments(courseId: number, signal?: AbortSignal): Promise<CourseAttachment[]> {
  return (
    await request(
      'mainV1',
      'get',
      `/courses/${courseId}/attachments`,
      CourseAttachmentListResponse,
      signal ? { signal } : {},
    )
  ).data;
}

/**
 * `GET modules/{id}/attachments`: one module's files, in display order.
 * @returns `CourseAttachment[]`. @throws as `getCourseAttachments`.
 */
export async function getModuleAttachments(moduleId: number, signal?: AbortSignal): Promise<CourseAttachment[]> {
  return (
    await request(
      'mainV1',
      'get',
      `/modules/${moduleId}/attachments`,
      CourseAttachmentListResponse,
      signal ? { signal } : {},
    )
  ).data;
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * `GET attachments/authorized`: the files given to this student, newest first.
 * @throws ApiError, NetworkError, TimeoutError, ContractError.
 */
export async function getAuthorizedAttachments(signal?: AbortSignal): Promise<StudentAttachment[]> {
  return (await request('mainV1', 'get', '/attachments/authorized', AuthorizedAttachmentsResponse, withSignal(signal)))
    .data;
}

/** `GET documents/categories`: the platform's document categories `{ id, name, count }`, in order. */
export async function getDocumentCategories(signal?: AbortSignal): Promise<DocumentCategory[]> {
  return (await request('mainV1', 'get', '/documents/categories', DocumentCategoriesResponse, withSignal(signal))).data;
}

/**
 * `GET documents/attachments` with params (`category_id`, `search`, `page` 1-based, `per_page` ≤ 100).
 * @returns `{ pagination, data }` of the platform's documents.
 */
export function getDocuments(query: DocumentsQuery = {}, signal?: AbortSignal): Promise<DocumentListResponse> {
  return request('mainV1', 'get', '/documents/attachments', DocumentListResponse, {
    searchParams: { ...query },
    ...withSignal(signal),
  });
}

/** `GET attachments/{id}`: one attachment with the student's progress. @throws ApiError 404 when not theirs. */
export async function getAttachment(id: number, signal?: AbortSignal): Promise<StudentAttachment> {
  return (await request('mainV1', 'get', `/attachments/${id}`, StudentAttachmentResponse, withSignal(signal))).data;
}

/**
 * `PUT attachments/{id}/start` (docs/product.md §4 "attachment: started, then ended"), sent by the outbox.
 * @param idempotencyKey client event id; @param clientTime ISO 8601 time the student opened it.
 */
export async function putAttachmentStart(
  id: number,
  idempotencyKey: string,
  clientTime?: string,
): Promise<AttachmentProgress> {
  return (
    await request('mainV1', 'put', `/attachments/${id}/start`, AttachmentProgressResponse, {
      idempotencyKey,
      headers: clientTime ? { 'X-Client-Timestamp': clientTime } : {},
    })
  ).data;
}

/** `PUT attachments/{id}/end`: the student viewed or downloaded it. Same parameters as the start. */
export async function putAttachmentEnd(
  id: number,
  idempotencyKey: string,
  clientTime?: string,
): Promise<AttachmentProgress> {
  return (
    await request('mainV1', 'put', `/attachments/${id}/end`, AttachmentProgressResponse, {
      idempotencyKey,
      headers: clientTime ? { 'X-Client-Timestamp': clientTime } : {},
    })
  ).data;
}
