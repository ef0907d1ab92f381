/**
 * Query keys of the app's server reads (TanStack Query), one factory per capability: the one
 * place where a read's key is made, so that the screens that read, the writes that invalidate
 * and the persistence that keeps reads on the device (src/services/storage/query-persistence.ts)
 * all name the same key. Invalidating a factory's `all` (or one of its first elements) refreshes
 * every read under it.
 */
import type { CourseListQuery } from '../contract';

/** Courses, modules and learning objects (v2 LMS, spec §2 /courses). */
export const learningKeys = {
  /** One page of the course list (`GET /lms/courses`). */
  courses: (query: CourseListQuery) => ['courses', query] as const,
  /** A course with its modules; `id` null = an invalid URL. */
  course: (id: number | null) => ['course', id] as const,
  /** A module with its lessons and learning objects. */
  module: (id: number | null) => ['module', id] as const,
  /** A learning object as opened from lesson `lessonId`. */
  learningObject: (id: number | null, lessonId: number | null) => ['learningObject', id, lessonId] as const,
  /** A learning object as the public preview shows it (never kept on the device). */
  preview: (id: number | null) => ['learningObjectPreview', id] as const,
} as const;

/** The signed-in student's account (`GET /users/self`; never kept on the device: first element 'users'). */
export const accountKeys = {
  /** The student's own profile. */
  self: ['users', 'self'] as const,
  /** The cities of a state (the profile form's address). */
  cities: (state: string) => ['cities', state] as const,
} as const;
