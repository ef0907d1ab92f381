/** Query keys of grades reads (see ../query-keys.ts). */
import type { GradeListQuery } from '../../contract/grades';

/** Grades (docs/product.md §2 /grades, /grades/course/{id}): the paged list and one course's details. */
export const gradesKeys = {
  all: ['grades'] as const,
  /** One page of the list, by its API query (page, sort, order, search, status). */
  list: (query: GradeListQuery) => ['grades', query] as const,
  allDetails: ['gradeDetails'] as const,
  details: (courseId: number | null) => ['gradeDetails', courseId] as const,
} as const;
