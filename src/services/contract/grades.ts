/**
 * Contract of grades (docs/product.md §2 /grades and /grades/course/{courseId}; §3 "Grades response:
 * pagination, data, stats"; §7 main v1 `GET /lms/student/grades` with query and
 * `GET /lms/student/grades/{id}/details`). Grades are on a 0–10 scale (two decimals at most);
 * weights are percentages of the final grade.
 */
import * as v from 'valibot';
import { envelope, Id, IsoDate, Pagination } from './core';

/**
 * Where the student stands in a course: `in_progress` while any assessment is still ungraded;
 * once all are graded, `approved` (final grade ≥ passing grade, or no passing grade) or `failed`.
 */
export const GradeStatus = v.picklist(['approved', 'in_progress', 'failed']);
export type GradeStatus = v.InferOutput<typeof GradeStatus>;

/** A grade from 0 to 10 inclusive. */
const GradeValue = v.pipe(v.number(), v.minValue(0), v.maxValue(10));

/** Sort keys of the grade list; grade and updated_at put courses without one last in either order. */
export const GradeSort = v.picklist(['course_name', 'grade', 'status', 'updated_at']);
export type GradeSort = v.InferOutput<typeof GradeSort>;

export const GradeSortOrder = v.picklist(['asc', 'desc']);
export type GradeSortOrder = v.InferOutput<typeof GradeSortOrder>;

/**
 * Query of `GET /lms/student/grades`: page (1-based, default 1), per_page (≤ 100, default 10),
 * sort (default `course_name`; `status` orders approved → in progress → failed), order
 * (default `asc`), status filter, search by course name (accent- and case-insensitive).
 */
export const GradeListQuery = v.object({
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
  sort: v.optional(GradeSort),
  order: v.optional(GradeSortOrder),
  status: v.optional(GradeStatus),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
export type GradeListQuery = v.InferOutput<typeof GradeListQuery>;

/** One course of the student's grade list. */
export const GradeSummary = v.object({
  course_id: Id,
  course_name: v.string(),
  /**
   * The course grade: weighted average of the graded assessments (final once every one is
   * graded, partial before); null when none is graded yet.
   */
  grade: v.nullable(GradeValue),
  status: GradeStatus,
  /** Minimum final grade to pass; null when the course has none. */
  passing_grade: v.nullable(GradeValue),
  /** How many of the course's assessments are graded, of how many. */
  graded_assessments: v.pipe(v.number(), v.integer(), v.minValue(0)),
  total_assessments: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** When the latest grade was given; null when none yet. */
  updated_at: v.nullable(IsoDate),
});
export type GradeSummary = v.InferOutput<typeof GradeSummary>;

/**
 * Summary of the whole filtered list (every page): `average` is the mean of the courses'
 * grades (courses without a grade left out; null when none has one); counts per status.
 */
export const GradeStats = v.object({
  average: v.nullable(GradeValue),
  approved: v.pipe(v.number(), v.integer(), v.minValue(0)),
  in_progress: v.pipe(v.number(), v.integer(), v.minValue(0)),
  failed: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type GradeStats = v.InferOutput<typeof GradeStats>;

/** `GET /lms/student/grades`: pagination, data and stats (docs/product.md §3 Grades response). */
export const GradeListResponse = v.object({
  pagination: Pagination,
  data: v.array(GradeSummary),
  stats: GradeStats,
});
export type GradeListResponse = v.InferOutput<typeof GradeListResponse>;

/** One assessment of a course with the student's grade. */
export const GradeAssessment = v.object({
  id: Id,
  name: v.string(),
  /** Share of the final grade in percent (0 < weight ≤ 100); a course's weights add up to 100. */
  weight: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  /** The student's grade; null while not graded yet ('Aguardando nota'). */
  grade: v.nullable(GradeValue),
  /** When the assessment takes (took) place; null when not scheduled. */
  date: v.nullable(IsoDate),
});
export type GradeAssessment = v.InferOutput<typeof GradeAssessment>;

/**
 * What passing still takes, decided by the platform: `none` (no passing grade), `reached`
 * (the passing grade is secured even with 0 on what is left), `needed` (see `needed_to_pass`),
 * `unreachable` (not even 10 on what is left would reach it; also a failed course).
 */
export const PassOutlook = v.picklist(['none', 'reached', 'needed', 'unreachable']);
export type PassOutlook = v.InferOutput<typeof PassOutlook>;

/** One course's grades in detail. */
export const GradeDetails = v.object({
  course_id: Id,
  course_name: v.string(),
  passing_grade: v.nullable(GradeValue),
  /** As `GradeSummary.grade`: weighted average of the graded assessments; null when none is graded. */
  final_grade: v.nullable(GradeValue),
  status: GradeStatus,
  assessments: v.array(GradeAssessment),
  pass_outlook: PassOutlook,
  /**
   * Average grade needed on the ungraded weight to reach the passing grade, rounded up to one
   * decimal; set only when `pass_outlook` is `needed` (else null).
   */
  needed_to_pass: v.nullable(GradeValue),
});
export type GradeDetails = v.InferOutput<typeof GradeDetails>;

/** `GET /lms/student/grades/{id}/details` (`{id}` = course id): `{ data: GradeDetails }`. */
export const GradeDetailsResponse = envelope(GradeDetails);
export type GradeDetailsResponse = v.InferOutput<typeof GradeDetailsResponse>;
