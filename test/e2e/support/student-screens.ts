/**
 * The signed-in screens of the student signed in on a page, found through their own API reads
 * (the reference server's seed decides which exist): used by the layout checks
 * (layout-sweep.spec.ts) to visit every kind of screen once.
 */
import { expect, type Page } from '@playwright/test';

/** The student's own API answer at `path` (the session's token, as the app sends it); fails the test on a non-2xx. */
export async function studentApi<T>(page: Page, base: string, path: string): Promise<T> {
  const host = new URL(base).hostname;
  const token = (await page.context().cookies()).find((c) => c.name === 'token' && c.domain.includes(host))?.value;
  const answer = await page.request.get(`${base}${path}`, {
    headers: { 'x-access-token': token ?? '', 'x-user-environment': 'WEB' },
  });
  expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
  return (await answer.json()) as T;
}

/** The learning-object types whose screens differ (one of each is visited). */
export const LO_TYPES = ['text', 'video', 'pdf', 'quiz'] as const;

/** Paths of the student's screens that depend on their data ('' / absent when they have none). */
export interface StudentPlaces {
  firstCourse: string;
  firstModule: string;
  /** One learning object of each of `LO_TYPES` the student has, in that order. */
  learningObjects: string[];
  /** The types of `LO_TYPES` the student has none of. */
  missingTypes: string[];
  /** The first course's grade details, when the student has grades. */
  gradeDetails: string | null;
  /** The student's first own attachment, when they have one. */
  attachment: string | null;
}

/**
 * Reads the courses, modules, grades and attachments of the student signed in on `page` at
 * `base` until one learning object of each type is found.
 */
export async function studentPlaces(page: Page, base: string): Promise<StudentPlaces> {
  const courses = (await studentApi<{ data: { id: number }[] }>(page, base, '/api/v2/lms/courses?per_page=100')).data;
  const objects = new Map<string, string>();
  const all = () => LO_TYPES.every((type) => objects.has(type));
  let firstCourse = '';
  let firstModule = '';
  for (const { id: courseId } of courses) {
    const course = (
      await studentApi<{ data: { modules: { id: number }[] } }>(page, base, `/api/v1/lms/courses/${courseId}`)
    ).data;
    for (const { id: moduleId } of course.modules) {
      firstCourse ||= `/courses/${courseId}`;
      firstModule ||= `/courses/${courseId}/modules/${moduleId}`;
      const module = (
        await studentApi<{ data: { lessons: { learning_objects: { id: number; type: string }[] }[] } }>(
          page,
          base,
          `/api/v1/lms/modules/${moduleId}`,
        )
      ).data;
      for (const lo of module.lessons.flatMap((lesson) => lesson.learning_objects)) {
        if ((LO_TYPES as readonly string[]).includes(lo.type) && !objects.has(lo.type))
          objects.set(lo.type, `/courses/${courseId}/modules/${moduleId}/learningObjects/${lo.id}`);
      }
      if (all()) break;
    }
    if (all()) break;
  }
  const grades = (await studentApi<{ data: { course_id: number }[] }>(page, base, '/api/v1/lms/student/grades')).data;
  const mine = (await studentApi<{ data: { id: number }[] }>(page, base, '/api/v1/attachments/authorized')).data;
  return {
    firstCourse,
    firstModule,
    learningObjects: LO_TYPES.flatMap((type) => (objects.has(type) ? [objects.get(type)!] : [])),
    missingTypes: LO_TYPES.filter((type) => !objects.has(type)),
    gradeDetails: grades[0] ? `/grades/course/${grades[0].course_id}` : null,
    attachment: mine[0] ? `/attachment/${mine[0].id}` : null,
  };
}
