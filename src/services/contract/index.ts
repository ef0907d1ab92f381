/**
 * THE API contract (DESIGN.md §1): valibot schemas of every request and response
 * of the calls this client makes (spec §7), and the types inferred from them.
 *
 * The app validates every response with `parseResponse`; the reference server
 * (`server/`) builds its answers from the same types. Field names follow the
 * platform's snake_case wire format.
 *
 * Envelopes:
 * - single resources: `{ data: T }` (spec §7 "answer in data.data" for settings);
 * - paginated lists (v2): `{ pagination, data: T[] }`;
 * - errors: `{ message: string }` with a 4xx/5xx status.
 */
import * as v from 'valibot';
import {
  BiometricPhoto as BiometricPhotoSchema,
  City as CitySchema,
  PostalCodeAddress as PostalCodeSchema,
  UserProfileUpdate,
} from './profile';
import { envelope, Id, IsoDate, Pagination, Percent } from './core';
import { User } from './session';

// The shared pieces and the first-request schemas live apart (issue 9: /login loads only them).
export * from './core';
export * from './session';

// ---------- account (spec §3) ----------

/** `PUT /users/self` body: the editable fields; all optional. */
export const UserUpdateRequest = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
  email: v.optional(v.nullable(v.pipe(v.string(), v.email()))),
  // Profile (issue 6, ./profile.ts): CPF check digits, phone 10–11 digits, CEP 8 digits, UF.
  ...UserProfileUpdate.entries,
});
export type UserUpdateRequest = v.InferOutput<typeof UserUpdateRequest>;

// ---------- learning (spec §3, §7) ----------

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

/** v2 `GET /lms/courses`: pagination and data (spec §3 Course list response). */
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
 * Answers of a quiz, sent as the `end` body's `data` (spec §7 "PUT …/end with body data"):
 * `{ answers: { [questionId]: optionId } }`, one per question.
 */
export const QuizAnswers = v.object({ answers: v.record(v.string(), v.string()) });
export type QuizAnswers = v.InferOutput<typeof QuizAnswers>;

/**
 * How the student did in their last graded quiz attempt, graded by the server: `correct` of
 * `total`, their `answers`, and (issue 23) which questions were right (`questions`: id → true
 * right / false wrong), the right answers needed to pass (`pass_score`), whether they passed,
 * the attempts used and allowed (`max_attempts` null = unlimited) and whether another attempt is
 * allowed (`can_retry`). The platform's rule for 'Concluído' (the learning object's `status`):
 * completed once an attempt passes, or when the last allowed attempt is used; a failed attempt
 * with attempts left leaves it 'started'. Fields absent (older servers) take the defaults.
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
   * 'Próximo módulo' (issue 23); null on the course's last module, or a preview. Absent = null.
   */
  next_module: v.optional(v.nullable(NextModule), null),
  /** A finished quiz's grade; null for other types, an unfinished quiz, or a preview. */
  quiz_result: v.optional(v.nullable(QuizResult), null),
});
export type LearningObject = v.InferOutput<typeof LearningObject>;
/**
 * `GET /lms/learningObjects/{id}?lesson_id`. Without `lesson_id` (and without a session) the
 * platform answers the public preview of spec §2 `/lo/preview/{learningObject}`: the same
 * shape with no progress (`status` not_started, no neighbours, no quiz result).
 */
export const LearningObjectResponse = envelope(LearningObject);

/** `PUT /lms/learningObjects/{id}/end` body (spec §7: body data and lesson_id). */
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

// ---------- short videos ----------
// Spec §3 "Short video: resource (URL)"; §7 main v1 `GET /shortVideos`, `POST /shortVideos/{id}/start`
// and `/end`; new LMS v1 (Bearer) `POST /user-activity` (video progress) and
// `GET /user-activity?user_id&resource_id` (5 s timeout). Times and positions in seconds.

export const ShortVideoStatus = v.picklist(['not_started', 'started', 'completed']);
export type ShortVideoStatus = v.InferOutput<typeof ShortVideoStatus>;

const Seconds = v.pipe(v.number(), v.minValue(0));

export const ShortVideo = v.object({
  id: Id,
  title: v.string(),
  /**
   * The media file (spec §3 resource URL): a same-origin path or an absolute URL. The app
   * never plays it directly: it is rewritten through the file repository's proxy path
   * (`proxiedVideoUrl`: `…/proxy?resource=…&token=…`, spec §7).
   */
  resource: v.pipe(v.string(), v.minLength(1)),
  /** Length of the video in whole seconds. */
  duration_seconds: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Poster image URL; null when there is none. */
  thumbnail: v.nullable(v.string()),
  /** The student's progress: started (start recorded) / completed (end recorded). */
  status: ShortVideoStatus,
});
export type ShortVideo = v.InferOutput<typeof ShortVideo>;

/**
 * `GET /shortVideos`: `{ data: ShortVideo[] }`, the student's platform's videos in display
 * order. Not paginated: the list is a short, curated shelf (no pagination block).
 */
export const ShortVideoListResponse = envelope(v.array(ShortVideo));
export type ShortVideoListResponse = v.InferOutput<typeof ShortVideoListResponse>;

/** Answer of `POST /shortVideos/{id}/start` and `/end`: the student's progress afterwards. */
export const ShortVideoProgress = v.object({
  id: Id,
  status: ShortVideoStatus,
  started_at: v.nullable(IsoDate),
  completed_at: v.nullable(IsoDate),
});
export type ShortVideoProgress = v.InferOutput<typeof ShortVideoProgress>;
export const ShortVideoProgressResponse = envelope(ShortVideoProgress);

/** `POST /user-activity` body (new LMS): where the student is in a video (`resource_id` = short video id). */
export const UserActivityRequest = v.object({
  user_id: Id,
  resource_id: Id,
  /** Playback position, seconds (fractions allowed). */
  position_seconds: Seconds,
  /** Length of the media, seconds. */
  duration_seconds: Seconds,
});
export type UserActivityRequest = v.InferOutput<typeof UserActivityRequest>;

/** The stored video progress of one student in one resource. */
export const UserActivity = v.object({
  ...UserActivityRequest.entries,
  /** When the position was reached on the device (the write's client time), ISO 8601. */
  updated_at: IsoDate,
});
export type UserActivity = v.InferOutput<typeof UserActivity>;

/**
 * `GET /user-activity?user_id&resource_id` and `POST /user-activity`: `{ data: UserActivity }`;
 * `data` is null when nothing was saved yet for that resource (GET only).
 */
export const UserActivityResponse = envelope(v.nullable(UserActivity));
export type UserActivityResponse = v.InferOutput<typeof UserActivityResponse>;

// ---------- course and module attachments ----------

/**
 * A support file of a course or of one of its modules ("Materiais de apoio", spec §7
 * `GET courses/{id}/attachments`, `GET modules/{id}/attachments`), stored in the file
 * repository. Exactly one of `course_id` / `module_id` says what it belongs to: a
 * module's attachment has `module_id` set and `course_id` of its course.
 */
export const CourseAttachment = v.object({
  id: Id,
  /** Title shown to the student. */
  name: v.string(),
  /** Meaningful file name for the download (`download` attribute), with its extension. */
  file_name: v.pipe(v.string(), v.minLength(1)),
  /** MIME type, e.g. `application/pdf`, `text/csv`. */
  mime_type: v.string(),
  /** Size in bytes. */
  size_bytes: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** File repository address (`/api/files/...`, same-origin) or an absolute URL. */
  url: v.string(),
  course_id: Id,
  module_id: v.nullable(Id),
  created_at: IsoDate,
});
export type CourseAttachment = v.InferOutput<typeof CourseAttachment>;

/** `GET courses/{id}/attachments` and `GET modules/{id}/attachments` (main v1), in display order. */
export const CourseAttachmentListResponse = envelope(v.array(CourseAttachment));
export type CourseAttachmentListResponse = v.InferOutput<typeof CourseAttachmentListResponse>;

// ---------- attachments area (documents and the student's files) ----------

/** Progress of one student on one attachment (spec §4 "attachment: started, then ended"). */
export const AttachmentStatus = v.picklist(['not_started', 'started', 'completed']);
export type AttachmentStatus = v.InferOutput<typeof AttachmentStatus>;

/**
 * An attachment of the attachments area (spec §2 /attachments, /attachment/{id}): one of the
 * platform's documents (`personal` false, usually with a category) or a file given to this
 * student (`personal` true). The file lives in the file repository (`url`).
 */
export const StudentAttachment = v.object({
  id: Id,
  name: v.string(),
  description: v.string(),
  /** Category of a platform document; null for none (personal files have none). */
  category_id: v.nullable(Id),
  category_name: v.nullable(v.string()),
  personal: v.boolean(),
  /** Meaningful file name for the download (`download` attribute), with its extension. */
  file_name: v.pipe(v.string(), v.minLength(1)),
  /** MIME type, e.g. `application/pdf`. */
  mime_type: v.string(),
  /** Size in bytes. */
  size_bytes: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** File repository address (`/api/files/...`, same-origin) or an absolute URL. */
  url: v.string(),
  created_at: IsoDate,
  status: AttachmentStatus,
  started_at: v.nullable(IsoDate),
  completed_at: v.nullable(IsoDate),
});
export type StudentAttachment = v.InferOutput<typeof StudentAttachment>;

/** `GET attachments/authorized`: the files given to this student, newest first. */
export const AuthorizedAttachmentsResponse = envelope(v.array(StudentAttachment));
/** `GET attachments/{id}`: one attachment the student may open (else 404). */
export const StudentAttachmentResponse = envelope(StudentAttachment);

/** A category of the platform's documents, with how many documents it holds. */
export const DocumentCategory = v.object({
  id: Id,
  name: v.string(),
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type DocumentCategory = v.InferOutput<typeof DocumentCategory>;
/** `GET documents/categories`, in display order. */
export const DocumentCategoriesResponse = envelope(v.array(DocumentCategory));

/** Params of `GET documents/attachments`: category, search by name, page (1-based). */
export const DocumentsQuery = v.object({
  category_id: v.optional(Id),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
});
export type DocumentsQuery = v.InferOutput<typeof DocumentsQuery>;
/** `GET documents/attachments` with params: the platform's documents, paginated. */
export const DocumentListResponse = v.object({ pagination: Pagination, data: v.array(StudentAttachment) });
export type DocumentListResponse = v.InferOutput<typeof DocumentListResponse>;

/** Answer of `PUT attachments/{id}/start` and `/end`: the student's progress afterwards. */
export const AttachmentProgress = v.object({
  id: Id,
  status: AttachmentStatus,
  started_at: v.nullable(IsoDate),
  completed_at: v.nullable(IsoDate),
});
export type AttachmentProgress = v.InferOutput<typeof AttachmentProgress>;
export const AttachmentProgressResponse = envelope(AttachmentProgress);

// ---------- certificates and documents ----------

/** What a document contract is in (spec §3 "document contracts (contract_id)"). */
export const DocumentContractStatus = v.picklist(['active', 'completed']);
export type DocumentContractStatus = v.InferOutput<typeof DocumentContractStatus>;

/**
 * One enrolment contract of the student, for which documents are issued (certificates API,
 * spec §7 `…/issue_by_contract?contract_id`). Listed by `GET /contracts` of the certificates
 * base — a reference-server addition: the spec names the `contract_id` but not where it comes
 * from. `erp_user_id` is the student's id in the ERP, the key of `GET /grad/courses/?erp_user_id`.
 */
export const DocumentContract = v.object({
  contract_id: Id,
  /** Name of the course the contract enrols in, e.g. 'Bacharelado em Administração'. */
  course_name: v.pipe(v.string(), v.minLength(1)),
  status: DocumentContractStatus,
  /** The student's ERP id; null when the student has none (then no graduation courses). */
  erp_user_id: v.nullable(Id),
  /** Day of enrolment, `YYYY-MM-DD`. */
  enrolled_on: v.pipe(v.string(), v.isoDate()),
});
export type DocumentContract = v.InferOutput<typeof DocumentContract>;

/** `GET /contracts` (certificates base, Bearer): the student's own contracts, newest first. */
export const DocumentContractListResponse = envelope(v.array(DocumentContract));
export type DocumentContractListResponse = v.InferOutput<typeof DocumentContractListResponse>;

/** A graduation course of the student (spec §7 `GET /grad/courses/?erp_user_id`). */
export const GradCourse = v.object({
  id: Id,
  name: v.pipe(v.string(), v.minLength(1)),
  /** Degree, e.g. 'Bacharelado', 'Licenciatura', 'Tecnólogo'. */
  degree: v.string(),
  /** Length of the course in semesters. */
  semesters: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Semester the student is in; null once finished. */
  current_semester: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  status: v.picklist(['in_progress', 'completed']),
  /** The contract of this course: its documents are issued with it. */
  contract_id: Id,
});
export type GradCourse = v.InferOutput<typeof GradCourse>;

/** `GET /grad/courses/?erp_user_id` (certificates base, Bearer): own graduation courses only. */
export const GradCourseListResponse = envelope(v.array(GradCourse));
export type GradCourseListResponse = v.InferOutput<typeof GradCourseListResponse>;

/**
 * The documents issued per contract (spec §7, answered as PDF blobs): enrollment statement
 * (`POST /enrollment_statements/issue_by_contract`), course curriculum
 * (`/course_curriculums/issue_by_contract`) and student ID card (`/id_cards/issue_by_contract`).
 */
export const DocumentKind = v.picklist(['enrollment_statement', 'course_curriculum', 'id_card']);
export type DocumentKind = v.InferOutput<typeof DocumentKind>;

/** Path (certificates base) of the `POST …/issue_by_contract?contract_id` call of each document. */
export const DOCUMENT_ISSUE_PATHS: Record<DocumentKind, string> = {
  enrollment_statement: '/enrollment_statements/issue_by_contract',
  course_curriculum: '/course_curriculums/issue_by_contract',
  id_card: '/id_cards/issue_by_contract',
};

// ---------- grades ----------
// Spec §2 /grades and /grades/course/{courseId}; §3 "Grades response: pagination, data, stats";
// §7 main v1 `GET /lms/student/grades` with query and `GET /lms/student/grades/{id}/details`.
// Grades are on a 0–10 scale (two decimals at most); weights are percentages of the final grade.

/**
 * Where the student stands in a course: `in_progress` while any assessment is still ungraded;
 * once all are graded, `approved` (final grade ≥ passing grade, or no passing grade) or `failed`.
 */
export const GradeStatus = v.picklist(['approved', 'in_progress', 'failed']);
export type GradeStatus = v.InferOutput<typeof GradeStatus>;

/** A grade from 0 to 10 inclusive. */
const GradeValue = v.pipe(v.number(), v.minValue(0), v.maxValue(10));

/** Sort keys of the grade list; grade and updated_at put courses without one last in either order. */
export const GradeSort = v.picklist(['course_name', 'grade', 'status', 'updated_at']);
export type GradeSort = v.InferOutput<typeof GradeSort>;

export const GradeSortOrder = v.picklist(['asc', 'desc']);
export type GradeSortOrder = v.InferOutput<typeof GradeSortOrder>;

/**
 * Query of `GET /lms/student/grades`: page (1-based, default 1), per_page (≤ 100, default 10),
 * sort (default `course_name`; `status` orders approved → in progress → failed), order
 * (default `asc`), status filter, search by course name (accent- and case-insensitive).
 */
export const GradeListQuery = v.object({
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
  sort: v.optional(GradeSort),
  order: v.optional(GradeSortOrder),
  status: v.optional(GradeStatus),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
export type GradeListQuery = v.InferOutput<typeof GradeListQuery>;

/** One course of the student's grade list. */
export const GradeSummary = v.object({
  course_id: Id,
  course_name: v.string(),
  /**
   * The course grade: weighted average of the graded assessments (final once every one is
   * graded, partial before); null when none is graded yet.
   */
  grade: v.nullable(GradeValue),
  status: GradeStatus,
  /** Minimum final grade to pass; null when the course has none. */
  passing_grade: v.nullable(GradeValue),
  /** How many of the course's assessments are graded, of how many. */
  graded_assessments: v.pipe(v.number(), v.integer(), v.minValue(0)),
  total_assessments: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** When the latest grade was given; null when none yet. */
  updated_at: v.nullable(IsoDate),
});
export type GradeSummary = v.InferOutput<typeof GradeSummary>;

/**
 * Summary of the whole filtered list (every page): `average` is the mean of the courses'
 * grades (courses without a grade left out; null when none has one); counts per status.
 */
export const GradeStats = v.object({
  average: v.nullable(GradeValue),
  approved: v.pipe(v.number(), v.integer(), v.minValue(0)),
  in_progress: v.pipe(v.number(), v.integer(), v.minValue(0)),
  failed: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type GradeStats = v.InferOutput<typeof GradeStats>;

/** `GET /lms/student/grades`: pagination, data and stats (spec §3 Grades response). */
export const GradeListResponse = v.object({
  pagination: Pagination,
  data: v.array(GradeSummary),
  stats: GradeStats,
});
export type GradeListResponse = v.InferOutput<typeof GradeListResponse>;

/** One assessment of a course with the student's grade. */
export const GradeAssessment = v.object({
  id: Id,
  name: v.string(),
  /** Share of the final grade in percent (0 < weight ≤ 100); a course's weights add up to 100. */
  weight: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  /** The student's grade; null while not graded yet ('Aguardando correção'). */
  grade: v.nullable(GradeValue),
  /** When the assessment takes (took) place; null when not scheduled. */
  date: v.nullable(IsoDate),
});
export type GradeAssessment = v.InferOutput<typeof GradeAssessment>;

/**
 * What passing still takes, decided by the platform: `none` (no passing grade), `reached`
 * (the passing grade is secured even with 0 on what is left), `needed` (see `needed_to_pass`),
 * `unreachable` (not even 10 on what is left would reach it; also a failed course).
 */
export const PassOutlook = v.picklist(['none', 'reached', 'needed', 'unreachable']);
export type PassOutlook = v.InferOutput<typeof PassOutlook>;

/** One course's grades in detail. */
export const GradeDetails = v.object({
  course_id: Id,
  course_name: v.string(),
  passing_grade: v.nullable(GradeValue),
  /** As `GradeSummary.grade`: weighted average of the graded assessments; null when none is graded. */
  final_grade: v.nullable(GradeValue),
  status: GradeStatus,
  assessments: v.array(GradeAssessment),
  pass_outlook: PassOutlook,
  /**
   * Average grade needed on the ungraded weight to reach the passing grade, rounded up to one
   * decimal; set only when `pass_outlook` is `needed` (else null).
   */
  needed_to_pass: v.nullable(GradeValue),
});
export type GradeDetails = v.InferOutput<typeof GradeDetails>;

/** `GET /lms/student/grades/{id}/details` (`{id}` = course id): `{ data: GradeDetails }`. */
export const GradeDetailsResponse = envelope(GradeDetails);
export type GradeDetailsResponse = v.InferOutput<typeof GradeDetailsResponse>;

// ---------- finances (hub, ERP) ----------

/**
 * Hub `GET /security/student/erp/` (Authorization: the session token): the ERP token of the
 * signed-in student, sent as `X-Access-Token` to every ERP v1 call (spec §7).
 */
export const ErpToken = v.object({
  /** Opaque token for the ERP base (its `X-Access-Token`). */
  token: v.pipe(v.string(), v.minLength(1)),
  /** When it stops being accepted, ISO 8601; ask the hub for a new one after that. */
  expires_at: IsoDate,
});
export type ErpToken = v.InferOutput<typeof ErpToken>;
export const ErpTokenResponse = envelope(ErpToken);
export type ErpTokenResponse = v.InferOutput<typeof ErpTokenResponse>;

/** Money in CENTS of BRL (integer): R$ 349,90 is `34990`. Never a float of reais. */
const Cents = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A calendar date without time, `YYYY-MM-DD` (a due date). */
const IsoDay = v.pipe(v.string(), v.isoDate());

/** A bill's state: `open` (due date today or later), `overdue` (past due, unpaid), `paid`. */
export const BillStatus = v.picklist(['open', 'paid', 'overdue']);
export type BillStatus = v.InferOutput<typeof BillStatus>;

/** One bill of the student (spec §3 "Bills (with a pix payment)"). */
export const Bill = v.object({
  id: Id,
  /** What it charges, e.g. 'Mensalidade de março'. */
  description: v.string(),
  /** Amount in cents of BRL (integer). */
  amount_cents: Cents,
  /** Due date, `YYYY-MM-DD` (no time zone: a calendar day). */
  due_date: IsoDay,
  status: BillStatus,
  /** When it was paid, ISO 8601; null unless `status` is `paid`. */
  paid_at: v.nullable(IsoDate),
});
export type Bill = v.InferOutput<typeof Bill>;

/** ERP `GET /bills`: `{ data: Bill[] }`, every bill of the student, by due date. */
export const BillListResponse = envelope(v.array(Bill));
export type BillListResponse = v.InferOutput<typeof BillListResponse>;

/** State of a Pix charge: `active` (payable now), `paid`, `expired` (past created_at + expiration). */
export const PixChargeStatus = v.picklist(['active', 'paid', 'expired']);
export type PixChargeStatus = v.InferOutput<typeof PixChargeStatus>;

/** A Pix charge of a bill (ERP `POST /bills/{id}/pay`). */
export const PixCharge = v.object({
  /** Transaction id (tag 62-05 of the BR Code), 25 alphanumerics. */
  txid: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,35}$/)),
  /** The Pix BR Code ("Pix Copia e Cola", EMV MPM with CRC16 in tag 63): shown and copied as is. */
  brcode: v.pipe(v.string(), v.minLength(1)),
  /** When the charge was created, ISO 8601 (the expiry countdown starts here). */
  created_at: IsoDate,
  /** Seconds from `created_at` until the charge expires. */
  expiration_seconds: v.pipe(v.number(), v.integer(), v.minValue(1)),
  status: PixChargeStatus,
  /** Amount in cents of BRL (the bill's). */
  amount_cents: Cents,
});
export type PixCharge = v.InferOutput<typeof PixCharge>;
export const PixChargeResponse = envelope(PixCharge);
export type PixChargeResponse = v.InferOutput<typeof PixChargeResponse>;

/** ERP `GET /bills/{id}`: the bill and its active (unexpired, unpaid) Pix charge, or null. */
export const BillDetails = v.object({
  ...Bill.entries,
  active_charge: v.nullable(PixCharge),
});
export type BillDetails = v.InferOutput<typeof BillDetails>;
export const BillDetailsResponse = envelope(BillDetails);
export type BillDetailsResponse = v.InferOutput<typeof BillDetailsResponse>;

// ---------- LGPD consent and session ping (issue 7) ----------

/** `POST /users/updateAcceptedLgpd` (main v1, no body): the updated user (`accepted_lgpd: true`). */
export const AcceptLgpdResponse = envelope(User);
export type AcceptLgpdResponse = v.InferOutput<typeof AcceptLgpdResponse>;

/** One stored session ping (v2 `POST /user-session/log`, spec §7, §9); `logged_at` ISO 8601. */
export const SessionLogEntry = v.object({ id: Id, logged_at: IsoDate });
export type SessionLogEntry = v.InferOutput<typeof SessionLogEntry>;
/** v2 `POST /user-session/log` answer (201). */
export const SessionLogResponse = envelope(SessionLogEntry);
export type SessionLogResponse = v.InferOutput<typeof SessionLogResponse>;
/** Reference server only: v2 `GET /user-session/log`, the student's pings, newest first. */
export const SessionLogListResponse = envelope(v.array(SessionLogEntry));
export type SessionLogListResponse = v.InferOutput<typeof SessionLogListResponse>;

/** Platform setting keys of the LGPD prompt (`GET /lms/settings/lgpd_terms,lgpd_policy_url`). */
export const LGPD_SETTING_KEYS = ['lgpd_terms', 'lgpd_policy_url'] as const;

// ---------- end LGPD consent and session ping ----------

// ---------- home and student areas (issue 6: /home, /, /profissionalizante, /transito, /graduacao, /tecmix) ----------

/** A calendar date `YYYY-MM-DD`. */
const HomeDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
/** A same-origin app path such as `/finances` (never an absolute URL). */
const AppPath = v.pipe(v.string(), v.regex(/^\/(?!\/)[^\s\\]*$/));

/** A course on the dashboard: progress and where 'Continuar' leads (null: empty course). */
export const DashboardCourse = v.object({
  id: Id,
  name: v.string(),
  image_url: v.nullable(v.string()),
  progress: Percent,
  status: CourseStatus,
  continue_learning_object: v.nullable(LearningObjectRef),
});
export type DashboardCourse = v.InferOutput<typeof DashboardCourse>;

/** Something coming up: an assessment still to be graded, or a bill to pay (open or overdue). */
export const UpcomingItem = v.object({
  kind: v.picklist(['assessment', 'bill']),
  title: v.string(),
  date: HomeDate,
  link: AppPath,
});
export type UpcomingItem = v.InferOutput<typeof UpcomingItem>;

/**
 * `GET /users/dashboard` (main v1): the student's unfinished courses (in progress first, at most
 * 6), upcoming items by date (at most 5) and how many bills are pending (open + overdue).
 */
export const Dashboard = v.object({
  courses: v.array(DashboardCourse),
  upcoming: v.array(UpcomingItem),
  pending_bills: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type Dashboard = v.InferOutput<typeof Dashboard>;
export const DashboardResponse = envelope(Dashboard);

/** A home banner of the student's platform (spec §3 banners, filter "visible in EAD"). */
export const Banner = v.object({
  id: Id,
  title: v.string(),
  text: v.string(),
  image_url: v.string(),
  /** Text alternative of the image ('' = decorative). */
  alt: v.string(),
  /** Where the banner leads: an app path or an absolute URL; null = nowhere. */
  link: v.nullable(v.string()),
  visible_ead: v.boolean(),
  position: v.pipe(v.number(), v.integer()),
});
export type Banner = v.InferOutput<typeof Banner>;
/** `GET /content/banners?isVisibleEad=1` (main v1): banners in `position` order. */
export const BannerListResponse = envelope(v.array(Banner));

/** `GET /lms/professionalizing/courses` (main v1, reference addition): professionalizing courses. */
export const ProfessionalizingCourseListResponse = envelope(v.array(CourseSummary));

/** v2 `POST /aprovat/user/create/external`: the student's traffic-education account (idempotent). */
export const AprovatExternalUser = v.object({
  external_id: v.pipe(v.string(), v.minLength(1)),
  /** true when this call created it (201), false when it already existed (200). */
  created: v.boolean(),
  /** The traffic-education platform (a same-origin stand-in page on the reference server). */
  platform_url: v.string(),
});
export type AprovatExternalUser = v.InferOutput<typeof AprovatExternalUser>;
export const AprovatExternalUserResponse = envelope(AprovatExternalUser);

/** A module of the traffic-education (CNH theory) course. */
export const TrafficModule = v.object({
  id: Id,
  title: v.string(),
  summary: v.string(),
  hours: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type TrafficModule = v.InferOutput<typeof TrafficModule>;
/** `GET /aprovat/modules` (main v1, reference addition; is_aprovat_user only). */
export const TrafficModuleListResponse = envelope(v.array(TrafficModule));

/** `POST /auth/sso/lxp` (main v1; is_lxp_user only): a one-time LXP sign-in URL (single use, 60 s). */
export const LxpSso = v.object({ url: v.string(), expires_at: IsoDate });
export type LxpSso = v.InferOutput<typeof LxpSso>;
export const LxpSsoResponse = envelope(LxpSso);

/**
 * An EJA subject with the student's progress and what it opens (issue 23): the course of the
 * student's platform that teaches it (`course_id`) and, when one module covers it, that module
 * (`module_id`); both null when there is nothing to open yet (absent = null: older servers).
 */
export const EjaSubject = v.object({
  id: Id,
  name: v.string(),
  progress: Percent,
  course_id: v.optional(v.nullable(Id), null),
  module_id: v.optional(v.nullable(Id), null),
});
export type EjaSubject = v.InferOutput<typeof EjaSubject>;
/** An EJA stage (e.g. 'Ensino Fundamental — anos finais') with its subjects and average progress. */
export const EjaStage = v.object({ name: v.string(), progress: Percent, subjects: v.array(EjaSubject) });
export type EjaStage = v.InferOutput<typeof EjaStage>;
/** `GET /eja/stages` (main v1, reference addition; is_eja_user only). */
export const EjaStageListResponse = envelope(v.array(EjaStage));

/** New LMS `POST /sso/validate` (Bearer <one-time SSO token>): whose token it was; it is then spent. */
export const SsoValidation = v.object({ user_id: Id, name: v.string(), audience: v.picklist(['lxp']) });
export type SsoValidation = v.InferOutput<typeof SsoValidation>;
export const SsoValidationResponse = envelope(SsoValidation);

// ---------- end of home and student areas ----------

// ---------- account profile (issue 6: /users/self, postal code, cities, biometrics) ----------

export {
  Address,
  BIOMETRIC_PHOTO_MAX_BYTES,
  BIOMETRIC_PHOTO_TYPES,
  BRAZILIAN_STATES,
  BiometricPhoto,
  City,
  PostalCodeAddress,
  PROFILE_RULES,
  isBrazilianState,
  isValidBirthDate,
  isValidCpf,
  onlyDigits,
  type BrazilianState,
} from './profile';
/** `GET /postal-code/{code}/view` (main v1). */
export const PostalCodeResponse = envelope(PostalCodeSchema);
/** `GET /cities?state=UF` (main v1), by name. */
export const CityListResponse = envelope(v.array(CitySchema));
/** v2 `POST /biometrics/create` (201). */
export const BiometricPhotoResponse = envelope(BiometricPhotoSchema);

// ---------- end of account profile ----------

// ---------- account security: password reset, change password, deletion (issue 6) ----------

/** Minimum length of a new password (reset and change), characters. */
export const MIN_PASSWORD_LENGTH = 8;

const NewPassword = v.pipe(v.string(), v.minLength(MIN_PASSWORD_LENGTH), v.maxLength(200));

/**
 * `POST /auth/resetPassword`, step 1 (spec §3 reset payloads, §5 email code challenge, §2 always
 * BRA): asks for a code by e-mail. No `code`: the server e-mails one when the access code
 * exists and answers the same 200 either way (no account enumeration).
 */
export const ResetPasswordCodeRequest = v.object({
  client_id: v.string(),
  username: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  scope: v.literal('BRA'),
  challenge_type: v.literal('email'),
});
export type ResetPasswordCodeRequest = v.InferOutput<typeof ResetPasswordCodeRequest>;

/**
 * `POST /auth/resetPassword`, step 2: the e-mailed `code` (also sent as `challenge_response`)
 * and the new password (at least `MIN_PASSWORD_LENGTH` characters).
 */
export const ResetPasswordConfirmRequest = v.object({
  ...ResetPasswordCodeRequest.entries,
  code: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(20)),
  challenge_response: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
  new_password: NewPassword,
});
export type ResetPasswordConfirmRequest = v.InferOutput<typeof ResetPasswordConfirmRequest>;

/** `POST /auth/resetPassword` answer (200): which step was done and a pt-BR message. */
export const ResetPasswordResponse = envelope(
  v.object({ status: v.picklist(['code_sent', 'password_reset']), message: v.string() }),
);
export type ResetPasswordResponse = v.InferOutput<typeof ResetPasswordResponse>;

/** `POST /auth/changePassword` body (signed in): the current password and the new one. */
export const ChangePasswordRequest = v.object({
  current_password: v.pipe(v.string(), v.minLength(1)),
  new_password: NewPassword,
});
export type ChangePasswordRequest = v.InferOutput<typeof ChangePasswordRequest>;

/** `POST /auth/changePassword` answer (200); the student's other sessions are revoked. */
export const ChangePasswordResponse = envelope(v.object({ message: v.string() }));
export type ChangePasswordResponse = v.InferOutput<typeof ChangePasswordResponse>;

/** `POST /users/self/delete` body (spec §3 User deletion payload); the reason is optional. */
export const DeleteAccountRequest = v.object({
  deletionReason: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000)))),
});
export type DeleteAccountRequest = v.InferOutput<typeof DeleteAccountRequest>;

/** `POST /users/self/delete` answer (200): when the account was deleted (ISO 8601). */
export const DeleteAccountResponse = envelope(v.object({ deleted_at: IsoDate }));
export type DeleteAccountResponse = v.InferOutput<typeof DeleteAccountResponse>;

/** Reference server only: one e-mail of its local outbox (`GET /api/dev/mail?to=`). */
export const DevMail = v.object({
  id: Id,
  to: v.string(),
  subject: v.string(),
  body: v.string(),
  created_at: IsoDate,
});
export type DevMail = v.InferOutput<typeof DevMail>;
export const DevMailListResponse = envelope(v.array(DevMail));
export type DevMailListResponse = v.InferOutput<typeof DevMailListResponse>;

// ---------- end account security ----------
