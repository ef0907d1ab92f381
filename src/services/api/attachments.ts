/**
 * "Materiais de apoio" calls of spec §7 (main v1): a course's and a module's support files.
 * Every answer is validated by the contract (`CourseAttachmentListResponse`).
 */
import { CourseAttachmentListResponse, type CourseAttachment } from '../contract';
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
