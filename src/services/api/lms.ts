/**
 * Learning calls of docs/product.md §7: courses (v2 list), course, module, learning object,
 * its start/end, and the lesson/course resets. Every answer is validated by the contract.
 */
import {
  CourseListResponse,
  CourseResponse,
  LearningObjectProgressResponse,
  LearningObjectResponse,
  ModuleResponse,
  ResetResponse,
  type Course,
  type CourseListQuery,
  type LearningObject,
  type LearningObjectProgress,
  type Module,
} from '../contract/lms';
import { request } from '../http/clients';

/**
 * v2 `GET /lms/courses` with `query` (page 1-based, per_page ≤ 100, search, status).
 * @returns `{ pagination, data }`.
 */
export function getCourses(query: CourseListQuery = {}, signal?: AbortSignal): Promise<CourseListResponse> {
  return request('mainV2', 'get', '/lms/courses', CourseListResponse, {
    searchParams: { ...query },
    ...(signal ? { signal } : {}),
  });
}

/** `GET /lms/courses/{id}`: the course with its modules and the last learning object opened. */
export async function getCourse(id: number, signal?: AbortSignal): Promise<Course> {
  return (await request('mainV1', 'get', `/lms/courses/${id}`, CourseResponse, signal ? { signal } : {})).data;
}

/** `GET /lms/modules/{id}`: the module with its lessons and learning objects. */
export async function getModule(id: number, signal?: AbortSignal): Promise<Module> {
  return (await request('mainV1', 'get', `/lms/modules/${id}`, ModuleResponse, signal ? { signal } : {})).data;
}

/** `GET /lms/learningObjects/{id}?lesson_id`: one learning object with its content and progress. */
export async function getLearningObject(id: number, lessonId: number, signal?: AbortSignal): Promise<LearningObject> {
  return (
    await request('mainV1', 'get', `/lms/learningObjects/${id}`, LearningObjectResponse, {
      searchParams: { lesson_id: lessonId },
      ...(signal ? { signal } : {}),
    })
  ).data;
}

/**
 * Public preview (docs/product.md §2 `/lo/preview/{learningObject}`): `GET /lms/learningObjects/{id}`
 * without `lesson_id`, which the platform answers without a session and without progress.
 * @throws ApiError 404 when unknown on this platform, and the usual transport errors.
 */
export async function getLearningObjectPreview(id: number, signal?: AbortSignal): Promise<LearningObject> {
  return (
    await request('mainV1', 'get', `/lms/learningObjects/${id}`, LearningObjectResponse, signal ? { signal } : {})
  ).data;
}

/** `X-Client-Timestamp`: when a write happened on the device (ISO 8601), sent with it however late. */
const clientTimeHeader = (clientTime?: string): Record<string, string> =>
  clientTime ? { 'X-Client-Timestamp': clientTime } : {};

/**
 * `PUT /lms/learningObjects/{id}/start?lesson_id` — records that the student opened it.
 * @param idempotencyKey client event id; the server applies a retried start once.
 * @param clientTime ISO 8601 time the student opened it (the outbox may send it later).
 */
export async function putLearningObjectStart(
  id: number,
  lessonId: number,
  idempotencyKey: string,
  clientTime?: string,
): Promise<LearningObjectProgress> {
  return (
    await request('mainV1', 'put', `/lms/learningObjects/${id}/start`, LearningObjectProgressResponse, {
      searchParams: { lesson_id: lessonId },
      idempotencyKey,
      headers: clientTimeHeader(clientTime),
    })
  ).data;
}

/**
 * `PUT /lms/learningObjects/{id}/end` with body `{ lesson_id, data }` — records completion.
 * @param data answers or details of the completion (e.g. quiz answers); `{}` when none.
 * @param clientTime ISO 8601 time the student finished it.
 */
export async function putLearningObjectEnd(
  id: number,
  lessonId: number,
  data: Record<string, unknown>,
  idempotencyKey: string,
  clientTime?: string,
): Promise<LearningObjectProgress> {
  return (
    await request('mainV1', 'put', `/lms/learningObjects/${id}/end`, LearningObjectProgressResponse, {
      json: { lesson_id: lessonId, data },
      idempotencyKey,
      headers: clientTimeHeader(clientTime),
    })
  ).data;
}

/** `PUT /lms/lessons/{id}/reset`: clears the student's progress in the lesson. */
export async function putLessonReset(id: number): Promise<void> {
  await request('mainV1', 'put', `/lms/lessons/${id}/reset`, ResetResponse);
}

/** `POST lms/courses/{id}/reset`: clears the student's progress in the course. */
export async function postCourseReset(id: number): Promise<void> {
  await request('mainV1', 'post', `/lms/courses/${id}/reset`, ResetResponse);
}
