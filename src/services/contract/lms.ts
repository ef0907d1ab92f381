/**
 * Contract of learning (docs/product.md §3, §7): courses (v2 paginated list, detail), modules, learning
 * objects and their content (quizzes included), the start/end progress of a learning object,
 * and lesson/course resets.
 */
import * as v from 'valibot';
import { envelope, Id, IsoDate, Pagination, Percent } from './core';

export const CourseStatus = v.picklist(['not_started', 'in_progress', 'completed']);
export type CourseStatus = v.InferOutput<typeof CourseStatus>;

export const CourseSummary = v.object({
  id: Id,
  name: v.string(),
  description: v.string(),
  image_url: v.nullable(v.string()),
  progress: Percent,
  status: CourseStatus,
  modules_count: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type CourseSummary = v.InferOutput<typeof CourseSummary>;

/** Query of v2 `GET /lms/courses`. */
export const CourseListQuery = v.object({
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
  search: v.optional(v.string()),
  status: v.optional(CourseStatus),
});
export type CourseListQuery = v.InferOutput<typeof CourseListQuery>;

/** v2 `GET /lms/courses`: pagination and data (docs/product.md §3 Course list response). */
export const CourseListResponse = v.object({
  pagination: Pagination,
  data: v.array(CourseSummary),
});
export type CourseListResponse = v.InferOutput<typeof CourseListResponse>;

export const ModuleSummary = v.object({
  id: Id,
  name: v.string(),
  position: v.pipe(v.number(), v.integer()),
  progress: Percent,
  completed: v.boolean(),
  lessons_count: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type ModuleSummary = v.InferOutput<typeof ModuleSummary>;

/** Where 'Continuar' leads: the last learning object the student opened in a course. */
export const LearningObjectRef = v.object({
  id: Id,
  lesson_id: Id,
  module_id: Id,
});
export type LearningObjectRef = v.InferOutput<typeof LearningObjectRef>;

export const Course = v.object({
  ...CourseSummary.entries,
  modules: v.array(ModuleSummary),
  last_learning_object: v.nullable(LearningObjectRef),
  /**
   * Where 'Continuar' leads: the last object opened while incomplete, else the next
   * incomplete one after it (course order), else the first incomplete one; null when the
   * course is empty. Optional: a platform without it falls back to `last_learning_object`.
   */
  continue_learning_object: v.optional(v.nullable(LearningObjectRef), null),
});
export type Course = v.InferOutput<typeof Course>;
/** `GET /lms/courses/{id}`. */
export const CourseResponse = envelope(Course);

export const LearningObjectType = v.picklist(['video', 'audio', 'text', 'pdf', 'link', 'embed', 'quiz']);
export type LearningObjectType = v.InferOutput<typeof LearningObjectType>;

export const LearningObjectStatus = v.picklist(['not_started', 'started', 'completed']);
export type LearningObjectStatus = v.InferOutput<typeof LearningObjectStatus>;

export const LearningObjectSummary = v.object({
  id: Id,
  name: v.string(),
  type: LearningObjectType,
  position: v.pipe(v.number(), v.integer()),
  status: LearningObjectStatus,
  /** Expected duration in seconds; null when unknown. */
  duration_seconds: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type LearningObjectSummary = v.InferOutput<typeof LearningObjectSummary>;

export const Lesson = v.object({
  id: Id,
  name: v.string(),
  position: v.pipe(v.number(), v.integer()),
  completed: v.boolean(),
  learning_objects: v.array(LearningObjectSummary),
});
export type Lesson = v.InferOutput<typeof Lesson>;

export const Module = v.object({
  id: Id,
  course_id: Id,
  course_name: v.string(),
  name: v.string(),
  position: v.pipe(v.number(), v.integer()),
  progress: Percent,
  completed: v.boolean(),
  lessons: v.array(Lesson),
});
export type Module = v.InferOutput<typeof Module>;
/** `GET /lms/modules/{id}`. */
export const ModuleResponse = envelope(Module);

/** One choice of a quiz question; `id` is what the student's answer carries. */
export const QuizOption = v.object({ id: v.pipe(v.string(), v.minLength(1)), text: v.string() });
/** One multiple-choice question (one right option, never sent to the client). */
export const QuizQuestion = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  text: v.string(),
  options: v.pipe(v.array(QuizOption), v.minLength(2)),
});
export type QuizQuestion = v.InferOutput<typeof QuizQuestion>;
/** A quiz learning object's questions, in order. */
export const Quiz = v.object({ questions: v.pipe(v.array(QuizQuestion), v.minLength(1)) });
export type Quiz = v.InferOutput<typeof Quiz>;

/**
 * Answers of a quiz, sent as the `end` body's `data` (docs/product.md §7 "PUT …/end with body data"):
 * `{ answers: { [questionId]: optionId } }`, one per question.
 */
export const QuizAnswers = v.object({ answers: v.record(v.string(), v.string()) });
export type QuizAnswers = v.InferOutput<typeof QuizAnswers>;

/**
 * How the student did in their last graded quiz attempt, graded by the server: `correct` of
 * `total`, their `answers`, and which questions were right (`questions`: id → true
 * right / false wrong), the right answers needed to pass (`pass_score`), whether they passed,
 * the attempts used and allowed (`max_attempts` null = unlimited) and whether another attempt is
 * allowed (`can_retry`). The platform's rule for 'Concluído' (the learning object's `status`):
 * completed once an attempt passes, or when the last allowed attempt is used; a failed attempt
 * with attempts left leaves it 'started'. Once no attempt is left (`can_retry` false) the
 * platform may send the right option of each question (`correct_answers`: question id → option
 * id), which the app then shows; null while attempts remain, or when the quiz keeps its answers
 * secret (the platform's per-quiz `show_correct_answer`, default true). Fields absent (older
 * servers) take the defaults.
 */
export const QuizResult = v.object({
  correct: v.pipe(v.number(), v.integer(), v.minValue(0)),
  total: v.pipe(v.number(), v.integer(), v.minValue(1)),
  answers: v.record(v.string(), v.string()),
  questions: v.optional(v.record(v.string(), v.boolean()), {}),
  pass_score: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), null),
  passed: v.optional(v.nullable(v.boolean()), null),
  attempts: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
  max_attempts: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
  can_retry: v.optional(v.boolean(), false),
  correct_answers: v.optional(v.nullable(v.record(v.string(), v.string())), null),
});
export type QuizResult = v.InferOutput<typeof QuizResult>;

/**
 * Content of a learning object by type: `url` for video/audio/pdf/link/embed
 * (same-origin or absolute), `html` for text (server HTML: sanitise before rendering),
 * `quiz` for quiz (questions without their right answers). Fields a type does not use are null.
 */
export const LearningObjectContent = v.object({
  url: v.nullable(v.string()),
  html: v.nullable(v.string()),
  quiz: v.optional(v.nullable(Quiz), null),
});

/** The module after a learning object's own, in course order, with its first learning object. */
export const NextModule = v.object({ id: Id, name: v.string(), first: v.nullable(LearningObjectRef) });
export type NextModule = v.InferOutput<typeof NextModule>;

export const LearningObject = v.object({
  id: Id,
  name: v.string(),
  type: LearningObjectType,
  lesson_id: Id,
  module_id: Id,
  course_id: Id,
  content: LearningObjectContent,
  status: LearningObjectStatus,
  started_at: v.nullable(IsoDate),
  completed_at: v.nullable(IsoDate),
  /** Previous / next learning object within the module, for navigation. */
  previous: v.nullable(LearningObjectRef),
  next: v.nullable(LearningObjectRef),
  /**
   * When this is the module's last learning object (`next` null): the course's next module and
   * its first learning object (null when that module has none yet), so the viewer can offer
   * 'Próximo módulo'; null on the course's last module, or a preview. Absent = null.
   */
  next_module: v.optional(v.nullable(NextModule), null),
  /** A finished quiz's grade; null for other types, an unfinished quiz, or a preview. */
  quiz_result: v.optional(v.nullable(QuizResult), null),
});
export type LearningObject = v.InferOutput<typeof LearningObject>;
/**
 * `GET /lms/learningObjects/{id}?lesson_id`. Without `lesson_id` (and without a session) the
 * platform answers the public preview of docs/product.md §2 `/lo/preview/{learningObject}`: the same
 * shape with no progress (`status` not_started, no neighbours, no quiz result).
 */
export const LearningObjectResponse = envelope(LearningObject);

/** `PUT /lms/learningObjects/{id}/end` body (docs/product.md §7: body data and lesson_id). */
export const LearningObjectEndRequest = v.object({
  lesson_id: Id,
  data: v.optional(v.record(v.string(), v.unknown()), {}),
});
export type LearningObjectEndRequest = v.InferOutput<typeof LearningObjectEndRequest>;

/**
 * Answer of `PUT .../start` and `PUT .../end`: the learning object's progress afterwards; the
 * end of a quiz also carries the grading of that attempt (`quiz_result`, else null).
 */
export const LearningObjectProgress = v.object({
  id: Id,
  lesson_id: Id,
  status: LearningObjectStatus,
  started_at: v.nullable(IsoDate),
  completed_at: v.nullable(IsoDate),
  quiz_result: v.optional(v.nullable(QuizResult), null),
});
export type LearningObjectProgress = v.InferOutput<typeof LearningObjectProgress>;
export const LearningObjectProgressResponse = envelope(LearningObjectProgress);

/** `PUT /lms/lessons/{id}/reset` and `POST lms/courses/{id}/reset`. */
export const ResetResponse = envelope(v.object({ id: Id, reset: v.literal(true) }));
