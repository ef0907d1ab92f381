/**
 * Grades of main v1 (docs/product.md §2 /grades, /grades/course/{courseId}; §3 "Grades response:
 * pagination, data, stats"; §7):
 *
 * - `GET /lms/student/grades?page&per_page&sort&order&status&search` → `GradeListResponse`:
 *   every course of the student's platform with the student's own grade, filtered (status,
 *   accent-insensitive search by name), sorted, paginated; `stats` cover the whole filtered set.
 *   A malformed query → 400.
 * - `GET /lms/student/grades/{id}/details` → `{ data: GradeDetails }`: the course's assessments
 *   (weight in percent, the student's grade or null) and what passing still takes. Unknown or
 *   another platform's course → 404.
 *
 * Grades are 0–10, rounded to two decimals; a course grade is the weighted average of the
 * graded assessments (see `gradeOutcome`).
 */
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  GradeSort,
  GradeSortOrder,
  GradeStatus,
  type GradeAssessment,
  type GradeDetails,
  type GradeListResponse,
  type GradeSummary,
  type PassOutlook,
} from '../../src/services/contract';
import type { Db } from '../db/client';
import { HttpProblem, parseId, requireStudent, type AppEnv } from '../http';
import { fold, forStudent } from '../lms';

/** Tolerance of the floating-point comparisons of grades and weighted points. */
const EPSILON = 1e-9;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Rounds up to one decimal (what is needed must be enough): 5.25 → 5.3, 6 → 6. */
const ceil1 = (n: number) => Math.ceil(n * 10 - EPSILON) / 10;

/** The outcome of a course for one student: grade, status and what passing still takes. */
export interface GradeOutcome {
  grade: number | null;
  status: GradeSummary['status'];
  pass_outlook: PassOutlook;
  needed_to_pass: number | null;
}

/**
 * Grade arithmetic of one course (weights in any positive unit; percent here).
 * - grade: Σ(weight·grade) / Σ(weight) over the graded assessments, two decimals; null when none is graded;
 * - status: `in_progress` while any assessment is ungraded (or there is none); then `approved`
 *   (no passing grade, or grade ≥ passing grade) or `failed`;
 * - outlook (passing grade P, total weight W, earned points E = Σ weight·grade, ungraded weight R):
 *   `none` without P; `reached` when E ≥ P·W (passed even with 0 on the rest); `unreachable`
 *   when nothing is left or (P·W − E) / R > 10; else `needed` with needed_to_pass =
 *   (P·W − E) / R rounded up to one decimal. A course without assessments needs P on average.
 */
export function gradeOutcome(
  passing: number | null,
  assessments: { weight: number; grade: number | null }[],
): GradeOutcome {
  const total = assessments.reduce((sum, a) => sum + a.weight, 0);
  const graded = assessments.filter((a): a is { weight: number; grade: number } => a.grade !== null);
  const gradedWeight = graded.reduce((sum, a) => sum + a.weight, 0);
  const points = graded.reduce((sum, a) => sum + a.weight * a.grade, 0);
  const grade = gradedWeight > 0 ? round2(points / gradedWeight) : null;
  const finished = assessments.length > 0 && graded.length === assessments.length;
  const status: GradeSummary['status'] = !finished
    ? 'in_progress'
    : passing === null || points + EPSILON >= passing * total
      ? 'approved'
      : 'failed';
  if (passing === null) return { grade, status, pass_outlook: 'none', needed_to_pass: null };
  if (assessments.length === 0) {
    return passing <= 0
      ? { grade, status, pass_outlook: 'reached', needed_to_pass: null }
      : { grade, status, pass_outlook: 'needed', needed_to_pass: passing };
  }
  if (points + EPSILON >= passing * total) return { grade, status, pass_outlook: 'reached', needed_to_pass: null };
  const remaining = total - gradedWeight;
  const needed = remaining > 0 ? (passing * total - points) / remaining : Infinity;
  if (needed > 10 + EPSILON) return { grade, status, pass_outlook: 'unreachable', needed_to_pass: null };
  return { grade, status, pass_outlook: 'needed', needed_to_pass: Math.min(10, ceil1(needed)) };
}

interface GradeRow {
  course_id: number;
  course_name: string;
  passing_grade: string | number | null;
  assessment_id: number | null;
  assessment_name: string | null;
  weight: string | number | null;
  held_at: unknown;
  grade: string | number | null;
  graded_at: unknown;
}

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();
const num = (value: string | number | null) => (value === null ? null : Number(value));

/** A course's details for one student, and when its latest grade was given (null: none yet). */
interface LoadedCourse {
  details: GradeDetails;
  updatedAt: string | null;
}

/** Every course of the platform (or the one `courseId`) with its assessments and the student's grades. */
async function loadCourses(db: Db, userId: number, platformId: number, courseId?: number): Promise<LoadedCourse[]> {
  const rows = await db.rows<GradeRow>(sql`
    SELECT c.id AS course_id, c.name AS course_name, g.passing_grade,
      a.id AS assessment_id, a.name AS assessment_name, a.weight, a.held_at, ag.grade, ag.graded_at
    FROM courses c
    LEFT JOIN course_grading g ON g.course_id = c.id
    LEFT JOIN assessments a ON a.course_id = c.id
    LEFT JOIN assessment_grades ag ON ag.assessment_id = a.id AND ag.user_id = ${userId}
    WHERE c.platform_id = ${platformId} AND ${forStudent(userId)}
      ${courseId === undefined ? sql`` : sql`AND c.id = ${courseId}`}
    ORDER BY c.position, c.id, a.position, a.id`);
  const courses = new Map<
    number,
    { name: string; passing: number | null; assessments: GradeAssessment[]; updatedAt: string | null }
  >();
  for (const row of rows) {
    let course = courses.get(row.course_id);
    if (!course) {
      course = { name: row.course_name, passing: num(row.passing_grade), assessments: [], updatedAt: null };
      courses.set(row.course_id, course);
    }
    if (row.assessment_id === null) continue;
    course.assessments.push({
      id: row.assessment_id,
      name: row.assessment_name ?? '',
      weight: Number(row.weight),
      grade: num(row.grade),
      date: iso(row.held_at),
    });
    const gradedAt = iso(row.graded_at);
    if (gradedAt && (!course.updatedAt || gradedAt > course.updatedAt)) course.updatedAt = gradedAt;
  }
  return [...courses.entries()].map(([id, course]) => {
    const outcome = gradeOutcome(course.passing, course.assessments);
    return {
      details: {
        course_id: id,
        course_name: course.name,
        passing_grade: course.passing,
        final_grade: outcome.grade,
        status: outcome.status,
        assessments: course.assessments,
        pass_outlook: outcome.pass_outlook,
        needed_to_pass: outcome.needed_to_pass,
      },
      updatedAt: course.updatedAt,
    };
  });
}

const toSummary = ({ details, updatedAt }: LoadedCourse): GradeSummary => ({
  course_id: details.course_id,
  course_name: details.course_name,
  grade: details.final_grade,
  status: details.status,
  passing_grade: details.passing_grade,
  graded_assessments: details.assessments.filter((a) => a.grade !== null).length,
  total_assessments: details.assessments.length,
  updated_at: updatedAt,
});

/** Order of `sort=status` (ascending). */
const STATUS_ORDER: Record<GradeSummary['status'], number> = { approved: 0, in_progress: 1, failed: 2 };

const byName = (a: GradeSummary, b: GradeSummary) =>
  a.course_name.localeCompare(b.course_name, 'pt-BR', { sensitivity: 'base' }) || a.course_id - b.course_id;

/** Compares by `sort` in `order`; null grades / dates always go last; ties by name. */
export function compareGrades(sort: GradeSort, order: GradeSortOrder) {
  const sign = order === 'asc' ? 1 : -1;
  const nullsLast = <T>(a: T | null, b: T | null, cmp: (x: T, y: T) => number) =>
    a === null ? (b === null ? 0 : 1) : b === null ? -1 : sign * cmp(a, b);
  return (a: GradeSummary, b: GradeSummary): number => {
    const primary =
      sort === 'course_name'
        ? sign * byName(a, b)
        : sort === 'grade'
          ? nullsLast(a.grade, b.grade, (x, y) => x - y)
          : sort === 'status'
            ? sign * (STATUS_ORDER[a.status] - STATUS_ORDER[b.status])
            : nullsLast(a.updated_at, b.updated_at, (x, y) => (x < y ? -1 : x > y ? 1 : 0));
    return primary || byName(a, b);
  };
}

/** Query of the list as it arrives (strings); defaults page 1, per_page 10, course_name asc. */
const ListQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number)), '1'),
  per_page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,2}$/), v.transform(Number), v.maxValue(100)), '10'),
  sort: v.optional(GradeSort, 'course_name'),
  order: v.optional(GradeSortOrder, 'asc'),
  status: v.optional(GradeStatus),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/** The student's grade list for `query` (already validated). */
export async function listGrades(
  db: Db,
  userId: number,
  platformId: number,
  query: v.InferOutput<typeof ListQuery>,
): Promise<GradeListResponse> {
  const page = Number(query.page);
  const perPage = Number(query.per_page);
  let list = (await loadCourses(db, userId, platformId)).map(toSummary);
  const needle = fold(query.search?.trim() ?? '');
  if (needle) list = list.filter((g) => fold(g.course_name).includes(needle));
  if (query.status) list = list.filter((g) => g.status === query.status);
  list.sort(compareGrades(query.sort, query.order));
  const grades = list.map((g) => g.grade).filter((g): g is number => g !== null);
  const count = (status: GradeSummary['status']) => list.filter((g) => g.status === status).length;
  return {
    pagination: {
      page,
      per_page: perPage,
      total: list.length,
      last_page: Math.max(1, Math.ceil(list.length / perPage)),
    },
    data: list.slice((page - 1) * perPage, page * perPage),
    stats: {
      average: grades.length ? round2(grades.reduce((sum, g) => sum + g, 0) / grades.length) : null,
      approved: count('approved'),
      in_progress: count('in_progress'),
      failed: count('failed'),
    },
  };
}

/** One course's grades in detail; null when the course is not on the student's platform. */
export async function gradeDetails(
  db: Db,
  userId: number,
  platformId: number,
  courseId: number,
): Promise<GradeDetails | null> {
  const [course] = await loadCourses(db, userId, platformId, courseId);
  return course ? course.details : null;
}

/** Main v1 grade routes (mounted on `/api/v1`); each route requires a student and shows only their grades. */
export function gradeRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/lms/student/grades', requireStudent(db), async (c) => {
    const parsed = v.safeParse(ListQuery, c.req.query());
    if (!parsed.success) {
      throw new HttpProblem(400, 'Parâmetros de consulta inválidos (page, per_page, sort, order, status, search).');
    }
    return c.json(await listGrades(db, c.var.student.id, c.var.student.platformId, parsed.output));
  });
  app.get('/lms/student/grades/:id/details', requireStudent(db), async (c) => {
    const details = await gradeDetails(db, c.var.student.id, c.var.student.platformId, parseId(c.req.param('id')));
    if (!details) throw new HttpProblem(404, 'Curso não encontrado.');
    return c.json({ data: details });
  });
  return app;
}
