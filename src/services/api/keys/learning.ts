/** Query keys of learning reads (see ../query-keys.ts). */
import type { CourseListQuery } from '../../contract';

/** Courses, modules and learning objects (v2 LMS, docs/product.md §2 /courses). */
export const learningKeys = {
  /** Every page of the course list. */
  allCourses: ['courses'] as const,
  /** One page of the course list (`GET /lms/courses`). */
  courses: (query: CourseListQuery) => ['courses', query] as const,
  /** Every course read. */
  allCourse: ['course'] as const,
  /** A course with its modules; `id` null = an invalid URL. */
  course: (id: number | null) => ['course', id] as const,
  /** Every module read. */
  allModules: ['module'] as const,
  /** A module with its lessons and learning objects. */
  module: (id: number | null) => ['module', id] as const,
  /** Every learning-object read. */
  allLearningObjects: ['learningObject'] as const,
  /** A learning object's reads, from any lesson. */
  learningObjectAll: (id: number) => ['learningObject', id] as const,
  /** A learning object as opened from lesson `lessonId`. */
  learningObject: (id: number | null, lessonId: number | null) => ['learningObject', id, lessonId] as const,
  /** Every public preview of a learning object (never kept on the device). */
  allPreviews: ['learningObjectPreview'] as const,
  /** A learning object as the public preview shows it. */
  preview: (id: number | null) => ['learningObjectPreview', id] as const,
} as const;
