/**
 * Grade calls of docs/product.md §7 (main v1, headers x-access-token and x-user-environment WEB):
 * the student's grade list with its stats (docs/product.md §3 "Grades response: pagination, data, stats")
 * and one course's grade details. Every answer is validated by the contract.
 * Grades are numbers from 0 to 10; assessment weights are percentages of the final grade.
 */
import { GradeDetailsResponse, GradeListResponse, type GradeDetails, type GradeListQuery } from '../contract/grades';
import { request } from '../http/clients';

/**
 * `GET /lms/student/grades` with `query`: page (1-based), per_page (≤ 100), sort
 * (`course_name` | `grade` | `status` | `updated_at`), order (`asc` | `desc`), status
 * (`approved` | `in_progress` | `failed`), search (course name).
 * @returns `{ pagination, data: GradeSummary[], stats: { average, approved, in_progress, failed } }`;
 *   stats cover every page of the filtered list.
 * @throws ApiError (400 on a malformed query, 401 → session expired), NetworkError, TimeoutError, ContractError.
 */
export function getGrades(query: GradeListQuery = {}, signal?: AbortSignal): Promise<GradeListResponse> {
  return request('mainV1', 'get', '/lms/student/grades', GradeListResponse, {
    searchParams: { ...query },
    ...(signal ? { signal } : {}),
  });
}

/**
 * `GET /lms/student/grades/{courseId}/details`: the course's assessments (name, weight %, grade
 * or null while not graded, date), final grade, status, passing grade and what passing still
 * takes (`pass_outlook`, `needed_to_pass`).
 * @returns `GradeDetails`.
 * @throws ApiError (404 when the course is not the student's), NetworkError, TimeoutError, ContractError.
 */
export async function getGradeDetails(courseId: number, signal?: AbortSignal): Promise<GradeDetails> {
  return (
    await request(
      'mainV1',
      'get',
      `/lms/student/grades/${courseId}/details`,
      GradeDetailsResponse,
      signal ? { signal } : {},
    )
  ).data;
}
