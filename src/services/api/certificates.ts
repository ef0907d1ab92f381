/**
 * Certificates and documents (docs/product.md §7 certificates base: `Authorization: Bearer <token>`,
 * 30 s, blob answers): the student's document contracts, their graduation courses, and the
 * three documents issued per contract as PDFs.
 */
import {
  DOCUMENT_ISSUE_PATHS,
  DocumentContractListResponse,
  GradCourseListResponse,
  type DocumentContract,
  type DocumentKind,
  type GradCourse,
} from '../contract/certificates';
import { request, requestBlob } from '../http/clients';

/**
 * `GET /contracts` (reference-server addition; docs/product.md §3 names only `contract_id`): the
 * student's own document contracts, newest first.
 * @returns `DocumentContract[]` ({ contract_id, course_name, status: 'active' | 'completed',
 *   erp_user_id, enrolled_on: 'YYYY-MM-DD' }).
 * @throws ApiError (401 without a valid token), NetworkError, TimeoutError, ContractError.
 */
export async function getDocumentContracts(signal?: AbortSignal): Promise<DocumentContract[]> {
  return (await request('certificates', 'get', '/contracts', DocumentContractListResponse, signal ? { signal } : {}))
    .data;
}

/**
 * `GET /grad/courses/?erp_user_id` (docs/product.md §7): the student's graduation courses.
 * @param erpUserId the student's ERP id (from a `DocumentContract`).
 * @returns `GradCourse[]` ({ id, name, degree, semesters, current_semester | null,
 *   status: 'in_progress' | 'completed', contract_id }); empty for non-graduation students.
 * @throws ApiError (404 for another student's erp_user_id, 401), NetworkError, TimeoutError, ContractError.
 */
export async function getGradCourses(erpUserId: number, signal?: AbortSignal): Promise<GradCourse[]> {
  return (
    await request('certificates', 'get', '/grad/courses/', GradCourseListResponse, {
      searchParams: { erp_user_id: erpUserId },
      ...(signal ? { signal } : {}),
    })
  ).data;
}

/**
 * `POST /enrollment_statements | /course_curriculums | /id_cards /issue_by_contract?contract_id`
 * (docs/product.md §7): issues one document of a contract.
 * @param kind 'enrollment_statement' | 'course_curriculum' | 'id_card'.
 * @param contractId the contract's `contract_id`.
 * @returns the PDF (`Blob` of type `application/pdf`).
 * @throws ApiError (400 bad contract_id, 404 not the student's contract, 401), NetworkError,
 *   TimeoutError (30 s), ContractError when the answer is not a PDF.
 */
export async function postIssueDocument(kind: DocumentKind, contractId: number, signal?: AbortSignal): Promise<Blob> {
  return requestBlob('certificates', 'post', DOCUMENT_ISSUE_PATHS[kind], {
    searchParams: { contract_id: contractId },
    ...(signal ? { signal } : {}),
  });
}
