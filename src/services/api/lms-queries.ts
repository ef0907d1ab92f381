/**
 * The first server reads of the learning routes (docs/product.md §2 /courses, a course, a module, a
 * learning object) as TanStack `queryOptions`, shared by their screens and by the app's startup
 * reads (src/app/startup-reads.ts: "render as you fetch"). Keys from `learningKeys`.
 */
import { queryOptions } from '@tanstack/react-query';
import { getCourse, getCourses, getLearningObject, getModule } from './lms';
import type { CourseListQuery, LearningObjectType, Module } from '../contract';
import { learningKeys } from './keys/learning';

/**
 * Whether a read may be cancelled by TanStack Query when no screen watches it any more. Screens'
 * reads are (their abort signal goes to the request). The startup prefetch's are not: TanStack
 * reverts a cancelled first fetch to the state it started from — no data — which would drop the
 * student's saved reads restored meanwhile (docs/offline.md) when the student leaves the page offline.
 */
export interface ReadOptions {
  cancellable?: boolean;
}

/** One page of the course list (v2 `GET /lms/courses`). */
export const coursesQuery = (query: CourseListQuery, { cancellable = true }: ReadOptions = {}) =>
  queryOptions({
    queryKey: learningKeys.courses(query),
    queryFn: cancellable ? ({ signal }) => getCourses(query, signal) : () => getCourses(query),
  });

/** A course with its modules (`GET /lms/courses/{id}`); `id` null = an invalid URL (never fetched). */
export const courseQuery = (id: number | null, { cancellable = true }: ReadOptions = {}) =>
  queryOptions({
    queryKey: learningKeys.course(id),
    queryFn: cancellable ? ({ signal }) => getCourse(id ?? 0, signal) : () => getCourse(id ?? 0),
    enabled: id !== null,
  });

/** A module with its lessons and learning objects (`GET /lms/modules/{id}`). */
export const moduleQuery = (id: number | null, { cancellable = true }: ReadOptions = {}) =>
  queryOptions({
    queryKey: learningKeys.module(id),
    queryFn: cancellable ? ({ signal }) => getModule(id ?? 0, signal) : () => getModule(id ?? 0),
    enabled: id !== null,
  });

/** A learning object as opened from lesson `lessonId` (`GET /lms/learningObjects/{id}?lesson_id=`). */
export const learningObjectQuery = (
  id: number | null,
  lessonId: number | null,
  { cancellable = true }: ReadOptions = {},
) =>
  queryOptions({
    queryKey: learningKeys.learningObject(id, lessonId),
    queryFn: cancellable
      ? ({ signal }) => getLearningObject(id ?? 0, lessonId ?? 0, signal)
      : () => getLearningObject(id ?? 0, lessonId ?? 0),
    enabled: id !== null && lessonId !== null,
  });

/** The lesson of `module` that holds learning object `loId`, or null. */
export function lessonOf(module: Module | undefined, loId: number | null): number | null {
  return module?.lessons.find((lesson) => lesson.learning_objects.some((lo) => lo.id === loId))?.id ?? null;
}

/** The type of learning object `loId` as `module` lists it ('text', 'quiz', …), or null. */
export function learningObjectTypeOf(module: Module | undefined, loId: number | null): LearningObjectType | null {
  for (const lesson of module?.lessons ?? []) {
    const found = lesson.learning_objects.find((lo) => lo.id === loId);
    if (found) return found.type;
  }
  return null;
}
