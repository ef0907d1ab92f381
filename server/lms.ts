/**
 * Learning data of the reference API (docs/product.md §7): courses, modules, lessons, learning
 * objects and one student's progress. Answers are built as the contract's types.
 */
import { sql } from 'drizzle-orm';
import type {
  Course,
  CourseStatus,
  CourseSummary,
  LearningObject,
  LearningObjectProgress,
  LearningObjectRef,
  LearningObjectStatus,
  LearningObjectType,
  Module,
  ModuleSummary,
  NextModule,
  Quiz,
  QuizResult,
} from '../src/services/contract';
import type { Db } from './db/client';
import type { StoredQuiz } from './seed-quizzes';
import { SEEDED_CONTENT_ORIGIN, withContentOrigin } from './content-host';

/**
 * The courses (alias `c`) a student may see: the platform's catalogue (`audience_user_id` NULL)
 * and the courses of this student only (migration 0015). userId 0 (public preview) sees the catalogue.
 */
export const forStudent = (userId: number) => sql`(c.audience_user_id IS NULL OR c.audience_user_id = ${userId})`;

/** Completion percentage, rounded (0 when there is nothing to complete). */
export const percent = (completed: number, total: number) => (total === 0 ? 0 : Math.round((completed * 100) / total));

const courseStatus = (completed: number, started: number, total: number): CourseStatus =>
  total > 0 && completed === total ? 'completed' : started > 0 ? 'in_progress' : 'not_started';

const loStatus = (startedAt: unknown, completedAt: unknown): LearningObjectStatus =>
  completedAt ? 'completed' : startedAt ? 'started' : 'not_started';

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/** Lower-case, accent-free text for search ("Matemática" matches "matematica"). */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface CourseRow {
  id: number;
  name: string;
  description: string;
  image_url: string | null;
  modules_count: number;
  total: number;
  completed: number;
  started: number;
}

async function courseRows(db: Db, userId: number, platformId: number, courseId?: number): Promise<CourseRow[]> {
  return db.rows<CourseRow>(sql`
    SELECT c.id, c.name, c.description, c.image_url,
      (SELECT count(*)::int FROM modules mm WHERE mm.course_id = c.id) AS modules_count,
      count(lo.id)::int AS total,
      count(p.completed_at)::int AS completed,
      count(p.started_at)::int AS started
    FROM courses c
    LEFT JOIN modules m ON m.course_id = c.id
    LEFT JOIN lessons l ON l.module_id = m.id
    LEFT JOIN learning_objects lo ON lo.lesson_id = l.id
    LEFT JOIN learning_object_progress p ON p.learning_object_id = lo.id AND p.user_id = ${userId}
    WHERE c.platform_id = ${platformId} AND ${forStudent(userId)}
      ${courseId === undefined ? sql`` : sql`AND c.id = ${courseId}`}
    GROUP BY c.id
    ORDER BY c.id`);
}

const toSummary = (row: CourseRow): CourseSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  image_url: row.image_url,
  progress: percent(row.completed, row.total),
  status: courseStatus(row.completed, row.started, row.total),
  modules_count: row.modules_count,
});

export interface CourseQuery {
  page: number;
  perPage: number;
  search?: string | undefined;
  status?: CourseStatus | undefined;
}

/** The student's courses on their platform, filtered and paginated (v2 `GET /lms/courses`). */
export async function listCourses(db: Db, userId: number, platformId: number, query: CourseQuery) {
  let courses = (await courseRows(db, userId, platformId)).map(toSummary);
  if (query.search && query.search.trim() !== '') {
    const needle = fold(query.search.trim());
    courses = courses.filter((c) => fold(c.name).includes(needle));
  }
  if (query.status) courses = courses.filter((c) => c.status === query.status);
  const total = courses.length;
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const start = (query.page - 1) * query.perPage;
  return {
    pagination: { page: query.page, per_page: query.perPage, total, last_page: lastPage },
    data: courses.slice(start, start + query.perPage),
  };
}

/** One course with its modules and the last learning object opened; null when not the student's. */
export async function getCourse(db: Db, userId: number, platformId: number, courseId: number): Promise<Course | null> {
  const [row] = await courseRows(db, userId, platformId, courseId);
  if (!row) return null;
  const modules = await db.rows<{
    id: number;
    name: string;
    position: number;
    lessons_count: number;
    total: number;
    completed: number;
  }>(sql`
    SELECT m.id, m.name, m.position,
      (SELECT count(*)::int FROM lessons ll WHERE ll.module_id = m.id) AS lessons_count,
      count(lo.id)::int AS total, count(p.completed_at)::int AS completed
    FROM modules m
    LEFT JOIN lessons l ON l.module_id = m.id
    LEFT JOIN learning_objects lo ON lo.lesson_id = l.id
    LEFT JOIN learning_object_progress p ON p.learning_object_id = lo.id AND p.user_id = ${userId}
    WHERE m.course_id = ${courseId}
    GROUP BY m.id
    ORDER BY m.position, m.id`);
  const [last] = await db.rows<{ id: number; lesson_id: number; module_id: number }>(sql`
    SELECT lo.id, lo.lesson_id, l.module_id
    FROM course_last_opened clo
    JOIN learning_objects lo ON lo.id = clo.learning_object_id
    JOIN lessons l ON l.id = lo.lesson_id
    WHERE clo.user_id = ${userId} AND clo.course_id = ${courseId}`);
  const moduleSummaries: ModuleSummary[] = modules.map((m) => ({
    id: m.id,
    name: m.name,
    position: m.position,
    progress: percent(m.completed, m.total),
    completed: m.total > 0 && m.completed === m.total,
    lessons_count: m.lessons_count,
  }));
  const order = await db.rows<{ id: number; lesson_id: number; module_id: number; done: boolean }>(sql`
    SELECT lo.id, lo.lesson_id, l.module_id, (p.completed_at IS NOT NULL) AS done
    FROM modules m
    JOIN lessons l ON l.module_id = m.id
    JOIN learning_objects lo ON lo.lesson_id = l.id
    LEFT JOIN learning_object_progress p ON p.learning_object_id = lo.id AND p.user_id = ${userId}
    WHERE m.course_id = ${courseId}
    ORDER BY m.position, m.id, l.position, l.id, lo.position, lo.id`);
  return {
    ...toSummary(row),
    modules: moduleSummaries,
    last_learning_object: last ?? null,
    continue_learning_object: continueTarget(order, last?.id ?? null),
  };
}

/**
 * Where 'Continuar' leads (see the contract's `continue_learning_object`), given the
 * course's learning objects in order with their completion and the last one opened.
 */
export function continueTarget<T extends { id: number; lesson_id: number; module_id: number; done: boolean }>(
  order: T[],
  lastId: number | null,
): { id: number; lesson_id: number; module_id: number } | null {
  const ref = (lo: T | undefined) => (lo ? { id: lo.id, lesson_id: lo.lesson_id, module_id: lo.module_id } : null);
  const at = lastId === null ? -1 : order.findIndex((lo) => lo.id === lastId);
  if (at >= 0 && !order[at]!.done) return ref(order[at]);
  const after = order.slice(at + 1).find((lo) => !lo.done);
  return ref(after ?? order.find((lo) => !lo.done) ?? order[at] ?? order[0]);
}

interface LoRow {
  id: number;
  name: string;
  type: LearningObjectType;
  position: number;
  duration_seconds: number | null;
  lesson_id: number;
  lesson_name: string;
  lesson_position: number;
  started_at: unknown;
  completed_at: unknown;
}

async function moduleLearningObjects(db: Db, userId: number, moduleId: number): Promise<LoRow[]> {
  return db.rows<LoRow>(sql`
    SELECT lo.id, lo.name, lo.type, lo.position, lo.duration_seconds,
      l.id AS lesson_id, l.name AS lesson_name, l.position AS lesson_position,
      p.started_at, p.completed_at
    FROM lessons l
    LEFT JOIN learning_objects lo ON lo.lesson_id = l.id
    LEFT JOIN learning_object_progress p ON p.learning_object_id = lo.id AND p.user_id = ${userId}
    WHERE l.module_id = ${moduleId}
    ORDER BY l.position, l.id, lo.position, lo.id`);
}

interface ModuleRow {
  id: number;
  course_id: number;
  course_name: string;
  name: string;
  position: number;
}

async function moduleRow(db: Db, userId: number, platformId: number, moduleId: number): Promise<ModuleRow | null> {
  const [row] = await db.rows<ModuleRow>(sql`
    SELECT m.id, m.course_id, c.name AS course_name, m.name, m.position
    FROM modules m JOIN courses c ON c.id = m.course_id
    WHERE m.id = ${moduleId} AND c.platform_id = ${platformId} AND ${forStudent(userId)}`);
  return row ?? null;
}

/** One module with its lessons and learning objects and this student's progress; null when unknown. */
export async function getModule(db: Db, userId: number, platformId: number, moduleId: number): Promise<Module | null> {
  const row = await moduleRow(db, userId, platformId, moduleId);
  if (!row) return null;
  const los = await moduleLearningObjects(db, userId, moduleId);
  const lessons: Module['lessons'] = [];
  for (const lo of los) {
    let lesson = lessons.find((l) => l.id === lo.lesson_id);
    if (!lesson) {
      lesson = {
        id: lo.lesson_id,
        name: lo.lesson_name,
        position: lo.lesson_position,
        completed: true,
        learning_objects: [],
      };
      lessons.push(lesson);
    }
    if (lo.id === null) continue;
    const status = loStatus(lo.started_at, lo.completed_at);
    if (status !== 'completed') lesson.completed = false;
    lesson.learning_objects.push({
      id: lo.id,
      name: lo.name,
      type: lo.type,
      position: lo.position,
      status,
      duration_seconds: lo.duration_seconds,
    });
  }
  for (const lesson of lessons) if (lesson.learning_objects.length === 0) lesson.completed = false;
  const all = lessons.flatMap((l) => l.learning_objects);
  const done = all.filter((lo) => lo.status === 'completed').length;
  return {
    ...row,
    progress: percent(done, all.length),
    completed: lessons.length > 0 && lessons.every((l) => l.completed),
    lessons,
  };
}

interface LoDetailRow {
  id: number;
  name: string;
  type: LearningObjectType;
  lesson_id: number;
  module_id: number;
  course_id: number;
  url: string | null;
  html: string | null;
  quiz: StoredQuiz | null;
  data: Record<string, unknown> | null;
  started_at: unknown;
  completed_at: unknown;
}

/** Why a learning object could not be answered. */
export type LoLookupError = 'not_found' | 'wrong_lesson';

/** A stored quiz as the client sees it: the questions without their right answers. */
export function publicQuiz(stored: StoredQuiz | null): Quiz | null {
  if (!stored) return null;
  return {
    questions: stored.questions.map((q) => ({
      id: q.id,
      text: q.text,
      options: q.options.map((o) => ({ id: o.id, text: o.text })),
    })),
  };
}

/** Right answers a quiz needs to pass: its `pass_score`, else 60 % of its questions rounded up. */
export const passScoreOf = (stored: StoredQuiz): number =>
  stored.pass_score ?? Math.ceil(stored.questions.length * 0.6);

/**
 * Grades quiz answers (`{ answers: { questionId: optionId } }`, the `end` body's data) as the
 * student's attempt number `attempts` (1-based): right/wrong per question, passed when at
 * least `pass_score` are right, another attempt allowed while not passed and attempts remain.
 * Once no attempt is left (passed, or the last one used) the right option of every question
 * comes with it (`correct_answers`), unless the quiz says `show_correct_answer: false`.
 * @returns null when `data` holds no answers object.
 */
export function gradeQuiz(stored: StoredQuiz, data: unknown, attempts = 1): QuizResult | null {
  const raw = (data as { answers?: unknown } | null)?.answers;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const answers: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) if (typeof value === 'string') answers[key] = value;
  const questions = Object.fromEntries(stored.questions.map((q) => [q.id, answers[q.id] === q.answer]));
  const correct = Object.values(questions).filter(Boolean).length;
  const passScore = passScoreOf(stored);
  const passed = correct >= passScore;
  const maxAttempts = stored.max_attempts ?? null;
  const canRetry = !passed && (maxAttempts === null || attempts < maxAttempts);
  const showCorrect = !canRetry && stored.show_correct_answer !== false;
  return {
    correct,
    total: stored.questions.length,
    answers,
    questions,
    pass_score: passScore,
    passed,
    attempts,
    max_attempts: maxAttempts,
    can_retry: canRetry,
    correct_answers: showCorrect ? Object.fromEntries(stored.questions.map((q) => [q.id, q.answer])) : null,
  };
}

/** Graded quiz attempts of the student on a learning object. */
async function quizAttempts(db: Db, userId: number, id: number): Promise<number> {
  const [row] = await db.rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM quiz_attempts WHERE user_id = ${userId} AND learning_object_id = ${id}`);
  return Number(row?.n ?? 0);
}

/**
 * Why quiz answers cannot be accepted: a question unanswered or an unknown option.
 * @returns the message for a 400, or null when every question has one valid answer.
 */
export function invalidQuizAnswers(stored: StoredQuiz, data: unknown): string | null {
  const raw = (data as { answers?: unknown } | null)?.answers;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return 'Envie as respostas do questionário em data.answers.';
  }
  const answers = raw as Record<string, unknown>;
  for (const q of stored.questions) {
    const given = answers[q.id];
    if (typeof given !== 'string' || !q.options.some((o) => o.id === given)) {
      return `Responda a pergunta ${q.id} com uma das opções.`;
    }
  }
  return null;
}

async function loDetail(db: Db, userId: number, platformId: number, id: number): Promise<LoDetailRow | null> {
  const [row] = await db.rows<LoDetailRow>(sql`
    SELECT lo.id, lo.name, lo.type, lo.lesson_id, l.module_id, m.course_id, lo.url, lo.html, lo.quiz,
      p.data, p.started_at, p.completed_at
    FROM learning_objects lo
    JOIN lessons l ON l.id = lo.lesson_id
    JOIN modules m ON m.id = l.module_id
    JOIN courses c ON c.id = m.course_id
    LEFT JOIN learning_object_progress p ON p.learning_object_id = lo.id AND p.user_id = ${userId}
    WHERE lo.id = ${id} AND c.platform_id = ${platformId} AND ${forStudent(userId)}`);
  return row ?? null;
}

/**
 * The content of a learning object as answered: its URL and HTML with the seeded content-host
 * URLs pointed at `contentOrigin` (server/content-host.ts), and its quiz without the answers.
 */
const loContent = (row: LoDetailRow, contentOrigin: string): LearningObject['content'] => ({
  url: row.url === null ? null : withContentOrigin(row.url, contentOrigin),
  html: row.html === null ? null : withContentOrigin(row.html, contentOrigin),
  quiz: publicQuiz(row.quiz),
});

/**
 * One learning object with content, progress and its neighbours in the module.
 * `contentOrigin`: the demo content host's origin for this request (`contentOriginOf` of its
 * `Host` header, server/content-host.ts); the seeded one (no port) by default.
 */
export async function getLearningObject(
  db: Db,
  userId: number,
  platformId: number,
  id: number,
  lessonId: number,
  contentOrigin: string = SEEDED_CONTENT_ORIGIN,
): Promise<LearningObject | LoLookupError> {
  const row = await loDetail(db, userId, platformId, id);
  if (!row) return 'not_found';
  if (row.lesson_id !== lessonId) return 'wrong_lesson';
  const order = (await moduleLearningObjects(db, userId, row.module_id)).filter((lo) => lo.id !== null);
  const index = order.findIndex((lo) => lo.id === id);
  const ref = (lo: LoRow | undefined): LearningObjectRef | null =>
    lo ? { id: lo.id, lesson_id: lo.lesson_id, module_id: row.module_id } : null;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    lesson_id: row.lesson_id,
    module_id: row.module_id,
    course_id: row.course_id,
    content: loContent(row, contentOrigin),
    status: loStatus(row.started_at, row.completed_at),
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    previous: index > 0 ? ref(order[index - 1]) : null,
    next: index >= 0 ? ref(order[index + 1]) : null,
    next_module: index >= 0 && index === order.length - 1 ? await nextModule(db, row.module_id) : null,
    // The last graded attempt (a failed one too: the student sees what was wrong and may retry).
    quiz_result: row.quiz ? gradeQuiz(row.quiz, row.data, Math.max(1, await quizAttempts(db, userId, row.id))) : null,
  };
}

/**
 * The module after `moduleId` in its course (position, then id) with its first learning
 * object in module order (null when it has none). @returns null on the course's last module.
 */
async function nextModule(db: Db, moduleId: number): Promise<NextModule | null> {
  const [next] = await db.rows<{ id: number; name: string }>(sql`
    SELECT n.id, n.name FROM modules cur
    JOIN modules n ON n.course_id = cur.course_id AND (n.position, n.id) > (cur.position, cur.id)
    WHERE cur.id = ${moduleId}
    ORDER BY n.position, n.id LIMIT 1`);
  if (!next) return null;
  const [first] = await db.rows<{ id: number; lesson_id: number }>(sql`
    SELECT lo.id, lo.lesson_id FROM lessons l JOIN learning_objects lo ON lo.lesson_id = l.id
    WHERE l.module_id = ${next.id}
    ORDER BY l.position, l.id, lo.position, lo.id LIMIT 1`);
  return {
    id: Number(next.id),
    name: next.name,
    first: first ? { id: Number(first.id), lesson_id: Number(first.lesson_id), module_id: Number(next.id) } : null,
  };
}

/**
 * The public preview of a learning object of platform `platformId` (docs/product.md §2
 * `/lo/preview/{learningObject}`, no login): its content with no progress, neighbours or
 * quiz result. `contentOrigin` as in `getLearningObject`.
 * @returns null when unknown on that platform.
 */
export async function previewLearningObject(
  db: Db,
  platformId: number,
  id: number,
  contentOrigin: string = SEEDED_CONTENT_ORIGIN,
): Promise<LearningObject | null> {
  const row = await loDetail(db, 0, platformId, id);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    lesson_id: row.lesson_id,
    module_id: row.module_id,
    course_id: row.course_id,
    content: loContent(row, contentOrigin),
    status: 'not_started',
    started_at: null,
    completed_at: null,
    previous: null,
    next: null,
    next_module: null,
    quiz_result: null,
  };
}

async function progressOf(db: Db, userId: number, id: number, lessonId: number): Promise<LearningObjectProgress> {
  const [p] = await db.rows<{ started_at: unknown; completed_at: unknown }>(sql`
    SELECT started_at, completed_at FROM learning_object_progress
    WHERE user_id = ${userId} AND learning_object_id = ${id}`);
  return {
    id,
    lesson_id: lessonId,
    status: loStatus(p?.started_at, p?.completed_at),
    started_at: iso(p?.started_at),
    completed_at: iso(p?.completed_at),
    quiz_result: null,
  };
}

/** Who wrote, when the client says it happened, and under which key (audit trail). */
export interface WriteMeta {
  /** ISO 8601 time of the write on the client (`X-Client-Timestamp`), or null. */
  clientTime: string | null;
  idempotencyKey: string | null;
}

/** When the progress row says it happened: the client's time, never in the future. */
const happenedAt = (meta: WriteMeta) =>
  meta.clientTime === null ? sql`now()` : sql`LEAST(${meta.clientTime}::timestamptz, now())`;

async function recordEvent(
  db: Db,
  userId: number,
  id: number,
  lessonId: number,
  kind: 'start' | 'end',
  meta: WriteMeta,
): Promise<void> {
  await db.rows(sql`
    INSERT INTO progress_events (user_id, learning_object_id, lesson_id, kind, client_time, idempotency_key)
    VALUES (${userId}, ${id}, ${lessonId}, ${kind}, ${meta.clientTime}::timestamptz, ${meta.idempotencyKey})`);
}

/** One applied start/end write (`GET /lms/progress/events`, reference server only). */
export interface ProgressEvent {
  learning_object_id: number;
  lesson_id: number;
  kind: 'start' | 'end';
  client_time: string | null;
  idempotency_key: string | null;
  received_at: string;
}

/** The student's applied start/end writes, oldest first. */
export async function listProgressEvents(db: Db, userId: number): Promise<ProgressEvent[]> {
  const rows = await db.rows<
    Omit<ProgressEvent, 'client_time' | 'received_at'> & {
      client_time: Date | string | null;
      received_at: Date | string;
    }
  >(sql`
    SELECT learning_object_id, lesson_id, kind, client_time, idempotency_key, received_at
    FROM progress_events WHERE user_id = ${userId} ORDER BY id`);
  return rows.map((r) => ({ ...r, client_time: iso(r.client_time), received_at: iso(r.received_at) ?? '' }));
}

/** Records that the student opened the learning object (docs/product.md §7 `PUT …/start`). */
export async function startLearningObject(
  db: Db,
  userId: number,
  platformId: number,
  id: number,
  lessonId: number,
  meta: WriteMeta = { clientTime: null, idempotencyKey: null },
): Promise<LearningObjectProgress | LoLookupError> {
  const row = await loDetail(db, userId, platformId, id);
  if (!row) return 'not_found';
  if (row.lesson_id !== lessonId) return 'wrong_lesson';
  const at = happenedAt(meta);
  await db.rows(sql`
    INSERT INTO learning_object_progress (user_id, learning_object_id, started_at)
    VALUES (${userId}, ${id}, ${at})
    ON CONFLICT (user_id, learning_object_id)
    DO UPDATE SET started_at = COALESCE(learning_object_progress.started_at, ${at})`);
  await recordEvent(db, userId, id, lessonId, 'start', meta);
  await db.rows(sql`
    INSERT INTO course_last_opened (user_id, course_id, learning_object_id, opened_at)
    VALUES (${userId}, ${row.course_id}, ${id}, now())
    ON CONFLICT (user_id, course_id) DO UPDATE SET learning_object_id = ${id}, opened_at = now()`);
  return progressOf(db, userId, id, lessonId);
}

/** Quiz answers that cannot be accepted (a 400 with `quizAnswers` as the message). */
export interface QuizAnswersError {
  quizAnswers: string;
}

/**
 * Records that the student finished the learning object, with `data` (docs/product.md §7 `PUT …/end`).
 * A quiz needs `data.answers` with one valid option per question, else a `QuizAnswersError`.
 */
export async function endLearningObject(
  db: Db,
  userId: number,
  platformId: number,
  id: number,
  lessonId: number,
  data: Record<string, unknown>,
  meta: WriteMeta = { clientTime: null, idempotencyKey: null },
): Promise<LearningObjectProgress | LoLookupError | QuizAnswersError> {
  const row = await loDetail(db, userId, platformId, id);
  if (!row) return 'not_found';
  if (row.lesson_id !== lessonId) return 'wrong_lesson';
  if (row.quiz) {
    const problem = invalidQuizAnswers(row.quiz, data);
    if (problem) return { quizAnswers: problem };
    return endQuizAttempt(db, userId, row as LoDetailRow & { quiz: StoredQuiz }, data, meta);
  }
  const at = happenedAt(meta);
  await db.rows(sql`
    INSERT INTO learning_object_progress (user_id, learning_object_id, started_at, completed_at, data)
    VALUES (${userId}, ${id}, ${at}, ${at}, ${JSON.stringify(data)}::jsonb)
    ON CONFLICT (user_id, learning_object_id) DO UPDATE SET
      started_at = COALESCE(learning_object_progress.started_at, ${at}),
      completed_at = COALESCE(learning_object_progress.completed_at, ${at}),
      data = ${JSON.stringify(data)}::jsonb`);
  await recordEvent(db, userId, id, lessonId, 'end', meta);
  return progressOf(db, userId, id, lessonId);
}

/**
 * One attempt of a quiz: recorded and graded; the learning object is completed when
 * the attempt passes or is the last allowed one, else stays started with the answers kept (its
 * `quiz_result` shows them). A quiz already completed takes no further attempt: the answer is
 * its progress and last grading, unchanged (a late resend is not an error).
 */
async function endQuizAttempt(
  db: Db,
  userId: number,
  row: LoDetailRow & { quiz: StoredQuiz },
  data: Record<string, unknown>,
  meta: WriteMeta,
): Promise<LearningObjectProgress> {
  if (row.completed_at) {
    const attempts = Math.max(1, await quizAttempts(db, userId, row.id));
    return {
      ...(await progressOf(db, userId, row.id, row.lesson_id)),
      quiz_result: gradeQuiz(row.quiz, row.data, attempts),
    };
  }
  const attempts = (await quizAttempts(db, userId, row.id)) + 1;
  const result = gradeQuiz(row.quiz, data, attempts)!;
  await db.rows(sql`
    INSERT INTO quiz_attempts (user_id, learning_object_id, answers, correct)
    VALUES (${userId}, ${row.id}, ${JSON.stringify(result.answers)}::jsonb, ${result.correct})`);
  const completes = result.passed === true || !result.can_retry;
  const at = happenedAt(meta);
  await db.rows(sql`
    INSERT INTO learning_object_progress (user_id, learning_object_id, started_at, completed_at, data)
    VALUES (${userId}, ${row.id}, ${at}, ${completes ? at : null}, ${JSON.stringify(data)}::jsonb)
    ON CONFLICT (user_id, learning_object_id) DO UPDATE SET
      started_at = COALESCE(learning_object_progress.started_at, ${at}),
      completed_at = ${completes ? sql`COALESCE(learning_object_progress.completed_at, ${at})` : sql`NULL`},
      data = ${JSON.stringify(data)}::jsonb`);
  await recordEvent(db, userId, row.id, row.lesson_id, 'end', meta);
  return { ...(await progressOf(db, userId, row.id, row.lesson_id)), quiz_result: result };
}

/** Clears the student's progress in a lesson; @returns false when the lesson is unknown. */
export async function resetLesson(db: Db, userId: number, platformId: number, lessonId: number): Promise<boolean> {
  const [lesson] = await db.rows(sql`
    SELECT l.id FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
    WHERE l.id = ${lessonId} AND c.platform_id = ${platformId} AND ${forStudent(userId)}`);
  if (!lesson) return false;
  await db.rows(sql`
    DELETE FROM learning_object_progress
    WHERE user_id = ${userId} AND learning_object_id IN (SELECT id FROM learning_objects WHERE lesson_id = ${lessonId})`);
  await db.rows(sql`
    DELETE FROM quiz_attempts
    WHERE user_id = ${userId} AND learning_object_id IN (SELECT id FROM learning_objects WHERE lesson_id = ${lessonId})`);
  return true;
}

/** Clears the student's progress in a course and its last opened object; false when unknown. */
export async function resetCourse(db: Db, userId: number, platformId: number, courseId: number): Promise<boolean> {
  const [course] = await db.rows(
    sql`SELECT id FROM courses c WHERE c.id = ${courseId} AND c.platform_id = ${platformId} AND ${forStudent(userId)}`,
  );
  if (!course) return false;
  await db.rows(sql`
    DELETE FROM learning_object_progress
    WHERE user_id = ${userId} AND learning_object_id IN (
      SELECT lo.id FROM learning_objects lo JOIN lessons l ON l.id = lo.lesson_id
      JOIN modules m ON m.id = l.module_id WHERE m.course_id = ${courseId})`);
  await db.rows(sql`
    DELETE FROM quiz_attempts
    WHERE user_id = ${userId} AND learning_object_id IN (
      SELECT lo.id FROM learning_objects lo JOIN lessons l ON l.id = lo.lesson_id
      JOIN modules m ON m.id = l.module_id WHERE m.course_id = ${courseId})`);
  await db.rows(sql`DELETE FROM course_last_opened WHERE user_id = ${userId} AND course_id = ${courseId}`);
  return true;
}
