/**
 * Query keys of the app's server reads (TanStack Query), one factory per capability: the one
 * place where a read's key is made, so that the screens that read, the writes that invalidate
 * and the persistence that keeps reads on the device (src/services/storage/query-persistence.ts)
 * all name the same key. Invalidating a factory's `all` refreshes every read under it
 * (TanStack matches keys by prefix).
 */
import type { CourseListQuery } from '../contract';

/** Courses, modules and learning objects (v2 LMS, spec §2 /courses). */
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
  /** A learning object as opened from lesson `lessonId`. */
  learningObject: (id: number | null, lessonId: number | null) => ['learningObject', id, lessonId] as const,
  /** Every public preview of a learning object (never kept on the device). */
  allPreviews: ['learningObjectPreview'] as const,
  /** A learning object as the public preview shows it. */
  preview: (id: number | null) => ['learningObjectPreview', id] as const,
} as const;

/** The home dashboard (spec §2 /home): progress, 'Continuar', pending bills, banners. */
export const homeKeys = {
  all: ['home'] as const,
  dashboard: ['home', 'dashboard'] as const,
  banners: ['home', 'banners'] as const,
} as const;

/** Short videos and their watched positions. */
export const shortVideoKeys = {
  all: ['shortVideos'] as const,
  /** Every watched position (never kept on the device). */
  allActivity: ['userActivity'] as const,
  /** The student's position in one video. */
  activity: (userId: number | null, videoId: number) => ['userActivity', userId, videoId] as const,
} as const;

/** Attachments (documents): one attachment, and every read of the documents area. */
export const attachmentKeys = {
  allAttachment: ['attachment'] as const,
  attachment: (id: number | null) => ['attachment', id] as const,
  /** Every read of the documents area (/attachments). */
  allArea: ['attachmentsArea'] as const,
} as const;

/** Finances (spec §3 bills) and the Pix payment. */
export const financesKeys = {
  bills: ['finances', 'bills'] as const,
  /** Every QR image of a Pix code (never kept on the device). */
  allPixQr: ['pixQr'] as const,
  pixQr: (brcode: string | null) => ['pixQr', brcode] as const,
} as const;

/** The signed-in student's account (never kept on the device: first element 'users'). */
export const accountKeys = {
  all: ['users'] as const,
  /** The student's own profile (`GET /users/self`). */
  self: ['users', 'self'] as const,
  /** The cities of a state (the profile form's address). */
  cities: (state: string) => ['cities', state] as const,
} as const;

/** Translations read through TanStack Query (never kept on the device). */
export const translationKeys = { all: ['translations'] as const } as const;

/**
 * The reads that show a student's progress: refreshed when a progress write was delivered (the
 * outbox) — the home's progress and 'Continuar' too.
 */
export const PROGRESS_READS: readonly (readonly string[])[] = [
  homeKeys.all,
  learningKeys.allCourses,
  learningKeys.allCourse,
  learningKeys.allModules,
  learningKeys.allLearningObjects,
  shortVideoKeys.all,
  attachmentKeys.allAttachment,
  attachmentKeys.allArea,
];

/** The reads a course or lesson reset changes (the course, its modules and objects, the lists, the home). */
export const RESET_READS: readonly (readonly string[])[] = [
  learningKeys.allModules,
  learningKeys.allCourse,
  learningKeys.allCourses,
  learningKeys.allLearningObjects,
  homeKeys.all,
];

/** First elements of the keys whose reads are never written to the device. */
export const NOT_PERSISTED: readonly string[] = [
  accountKeys.all[0],
  financesKeys.allPixQr[0],
  translationKeys.all[0],
  learningKeys.allPreviews[0],
  shortVideoKeys.allActivity[0],
];
