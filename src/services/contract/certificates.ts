/**
 * Contract of the certificates base (docs/product.md §3 "document contracts (contract_id)", §7): the
 * student's document contracts, graduation courses, and the documents issued per contract.
 */
import * as v from 'valibot';
import { envelope, Id } from './core';

/** What a document contract is in (docs/product.md §3 "document contracts (contract_id)"). */
export const DocumentContractStatus = v.picklist(['active', 'completed']);
export type DocumentContractStatus = v.InferOutput<typeof DocumentContractStatus>;

/**
 * One enrolment contract of the student, for which documents are issued (certificates API,
 * docs/product.md §7 `…/issue_by_contract?contract_id`). Listed by `GET /contracts` of the certificates
 * base — a reference-server addition: docs/product.md §3 names the `contract_id` but not where it comes
 * from. `erp_user_id` is the student's id in the ERP, the key of `GET /grad/courses/?erp_user_id`.
 */
export const DocumentContract = v.object({
  contract_id: Id,
  /** Name of the course the contract enrols in, e.g. 'Bacharelado em Administração'. */
  course_name: v.pipe(v.string(), v.minLength(1)),
  status: DocumentContractStatus,
  /** The student's ERP id; null when the student has none (then no graduation courses). */
  erp_user_id: v.nullable(Id),
  /** Day of enrolment, `YYYY-MM-DD`. */
  enrolled_on: v.pipe(v.string(), v.isoDate()),
});
export type DocumentContract = v.InferOutput<typeof DocumentContract>;

/** `GET /contracts` (certificates base, Bearer): the student's own contracts, newest first. */
export const DocumentContractListResponse = envelope(v.array(DocumentContract));
export type DocumentContractListResponse = v.InferOutput<typeof DocumentContractListResponse>;

/** A graduation course of the student (docs/product.md §7 `GET /grad/courses/?erp_user_id`). */
export const GradCourse = v.object({
  id: Id,
  name: v.pipe(v.string(), v.minLength(1)),
  /** Degree, e.g. 'Bacharelado', 'Licenciatura', 'Tecnólogo'. */
  degree: v.string(),
  /** Length of the course in semesters. */
  semesters: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Semester the student is in; null once finished. */
  current_semester: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  status: v.picklist(['in_progress', 'completed']),
  /** The contract of this course: its documents are issued with it. */
  contract_id: Id,
});
export type GradCourse = v.InferOutput<typeof GradCourse>;

/** `GET /grad/courses/?erp_user_id` (certificates base, Bearer): own graduation courses only. */
export const GradCourseListResponse = envelope(v.array(GradCourse));
export type GradCourseListResponse = v.InferOutput<typeof GradCourseListResponse>;

/**
 * The documents issued per contract (docs/product.md §7, answered as PDF blobs): enrollment statement
 * (`POST /enrollment_statements/issue_by_contract`), course curriculum
 * (`/course_curriculums/issue_by_contract`) and student ID card (`/id_cards/issue_by_contract`).
 */
export const DocumentKind = v.picklist(['enrollment_statement', 'course_curriculum', 'id_card']);
export type DocumentKind = v.InferOutput<typeof DocumentKind>;

/** Path (certificates base) of the `POST …/issue_by_contract?contract_id` call of each document. */
export const DOCUMENT_ISSUE_PATHS: Record<DocumentKind, string> = {
  enrollment_statement: '/enrollment_statements/issue_by_contract',
  course_curriculum: '/course_curriculums/issue_by_contract',
  id_card: '/id_cards/issue_by_contract',
};
