/**
 * What the bench measures, looked up over the reference API of a fresh in-memory server: the
 * demo students' courses, modules and learning objects (one of each type that has its own code),
 * and the heavy student's biggest course and module. Set-up reads go to the origin directly
 * (Node's fetch would refuse the CDN's self-signed certificate).
 */

/** A demo student of the reference server (README "Demo accounts"). */
export interface Student {
  username: string;
  password: string;
}

export const DEMO: Student = { username: 'demo', password: 'demo1234' };
/** The streaming brand's student (platform 2, served on 127.0.0.1). */
export const STREAM: Student = { username: 'stream', password: 'demo1234' };
/** Years of data: 120 courses, a 12-module course, 240 bills, 400 documents (server/seed-marathon.ts). */
export const MARATONA: Student = { username: 'maratona', password: 'demo1234' };

/** Content as schools publish it: YouTube/Vimeo, Slides, a content CDN (server/seed-school-content.ts). */
export const ESCOLA: Student = { username: 'escola', password: 'demo1234' };

/** A learning object as listed in a module (GET /api/v1/lms/modules/{id}). */
export interface LoRef {
  id: number;
  type: string;
  name: string;
  lessonId: number;
}

async function api<T>(base: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  headers.set('x-user-environment', 'WEB');
  if (init.token) headers.set('x-access-token', init.token);
  const answer = await fetch(`${base}${path}`, { ...init, headers });
  if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/**
 * Signs `student` in over the API (POST /api/v1/auth/token).
 * @returns the session token.
 * @throws when the server refuses.
 */
export async function apiSignIn(base: string, student: Student): Promise<string> {
  const answer = await api<{ access_token: string }>(base, '/api/v1/auth/token', {
    method: 'POST',
    body: JSON.stringify({ client_id: 'student-web', grant_type: 'password', scope: 'BRA', ...student }),
  });
  return answer.access_token;
}

/**
 * Resets a lesson's progress (PUT /api/v1/lms/lessons/{id}/reset, spec "LMS"), so that an
 * interaction that finishes a learning object can be measured again on the same one.
 */
export async function resetLesson(base: string, token: string, lessonId: number): Promise<void> {
  await api(base, `/api/v1/lms/lessons/${lessonId}/reset`, { method: 'PUT', token, body: '{}' });
}

interface CourseRow {
  id: number;
  modules_count: number;
}

/** Every course of the student (GET /api/v2/lms/courses, all pages of 50). */
async function allCourses(base: string, token: string): Promise<CourseRow[]> {
  const out: CourseRow[] = [];
  for (let page = 1; page < 100; page++) {
    const answer = await api<{ data: CourseRow[]; pagination?: { last_page?: number } }>(
      base,
      `/api/v2/lms/courses?per_page=50&page=${page}`,
      { token },
    );
    out.push(...answer.data);
    if (answer.data.length < 50 || (answer.pagination?.last_page ?? 1) <= page) break;
  }
  return out;
}

async function moduleIds(base: string, token: string, course: number): Promise<number[]> {
  const detail = await api<{ data: { modules: { id: number }[] } }>(base, `/api/v1/lms/courses/${course}`, { token });
  return detail.data.modules.map((m) => m.id);
}

async function learningObjects(base: string, token: string, module: number): Promise<LoRef[]> {
  const full = await api<{
    data: { lessons: { id: number; learning_objects: { id: number; type: string; name: string }[] }[] };
  }>(base, `/api/v1/lms/modules/${module}`, { token });
  return full.data.lessons.flatMap((l) =>
    l.learning_objects.map((lo) => ({ id: lo.id, type: lo.type, name: lo.name, lessonId: l.id })),
  );
}

/** Where a learning object opens in the app (spec "Routes"). */
export const loPath = (course: number, module: number, lo: number) =>
  `/courses/${course}/modules/${module}/learningObjects/${lo}`;

/** The demo student's content to measure: one course/module, and a learning object per type. */
export interface DemoContent {
  course: number;
  module: number;
  /** Learning-object path per type (text, video, pdf, quiz), for those the demo data has. */
  byType: Partial<Record<'text' | 'video' | 'pdf' | 'quiz', { path: string; lo: LoRef }>>;
}

/**
 * Walks the student's courses and modules for the first module holding a text learning object,
 * and the first learning object of each type with its own code (text, video, PDF, quiz).
 * @throws when the demo data has no text learning object.
 */
export async function demoContent(base: string, token: string): Promise<DemoContent> {
  let home: { course: number; module: number } | null = null;
  const byType: DemoContent['byType'] = {};
  for (const course of (await allCourses(base, token)).filter((c) => c.modules_count > 0)) {
    for (const module of await moduleIds(base, token, course.id)) {
      for (const lo of await learningObjects(base, token, module)) {
        const type = lo.type as keyof DemoContent['byType'];
        if (!['text', 'video', 'pdf', 'quiz'].includes(type) || byType[type]) continue;
        byType[type] = { path: loPath(course.id, module, lo.id), lo };
        if (type === 'text' && !home) home = { course: course.id, module };
      }
      if (Object.keys(byType).length === 4 && home) return { ...home, byType };
    }
  }
  if (!home) throw new Error('the demo data has no text learning object');
  return { ...home, byType };
}

/**
 * The heavy student's biggest course (most modules) and its largest module (most learning objects).
 * @throws when the student has no course with modules.
 */
export async function biggestCourse(base: string, token: string): Promise<{ course: number; module: number }> {
  const courses = await allCourses(base, token);
  const course = courses.reduce<CourseRow | null>((a, c) => (!a || c.modules_count > a.modules_count ? c : a), null);
  if (!course || course.modules_count === 0) throw new Error('the student has no course with modules');
  let best = { module: 0, count: -1 };
  for (const module of await moduleIds(base, token, course.id)) {
    const count = (await learningObjects(base, token, module)).length;
    if (count > best.count) best = { module, count };
  }
  return { course: course.id, module: best.module };
}

/** Learning objects of one module, in order (for interactions that need a fresh one). */
export const moduleLearningObjects = learningObjects;

/**
 * The `escola` student's YouTube video learning object (a provider video: a facade on the first
 * screen, the provider's player only after play), found by its seeded name.
 * @returns its path in the app. @throws when the demo data has no such learning object.
 */
export async function providerVideoPath(base: string, token: string, name: string): Promise<string> {
  for (const course of await allCourses(base, token)) {
    for (const module of await moduleIds(base, token, course.id)) {
      const lo = (await learningObjects(base, token, module)).find((l) => l.name === name);
      if (lo) return loPath(course.id, module, lo.id);
    }
  }
  throw new Error(`the demo data has no learning object named ${name}`);
}
