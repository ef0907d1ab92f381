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

// ---------- shared pieces ----------

/** Error body of every non-2xx answer of the platform APIs (spec §3 Global error store). */
export const ErrorBody = v.object({ message: v.string() });
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** Pagination block of v2 list answers; `page` is 1-based. */
export const Pagination = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  per_page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  last_page: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type Pagination = v.InferOutput<typeof Pagination>;

/** Completion percentage, 0–100 inclusive. */
const Percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const IsoDate = v.pipe(v.string(), v.isoTimestamp());

/** Wraps a schema in the `{ data: T }` envelope. */
export const envelope = <T extends v.GenericSchema>(schema: T) => v.object({ data: schema });

// ---------- platform (spec §3 Platform, Platform setting) ----------

export const PlatformTemplate = v.picklist(['default', 'streaming']);
export type PlatformTemplate = v.InferOutput<typeof PlatformTemplate>;

export const Platform = v.object({
  id: Id,
  name: v.string(),
  host: v.string(),
  theme: v.object({
    template: PlatformTemplate,
    icons: v.object({ favicon: v.nullable(v.string()) }),
    palette: v.object({
      primary: v.object({ main: v.string() }),
      secondary: v.object({ main: v.string() }),
    }),
  }),
  options: v.record(v.string(), v.unknown()),
  is_external_platform: v.boolean(),
  external_api_url: v.nullable(v.string()),
  enforce_session_throttle: v.boolean(),
});
export type Platform = v.InferOutput<typeof Platform>;

/** `GET /platforms/{id}`; `{id}` may also be the site host (spec §1 "looked up by the site host"). */
export const PlatformResponse = envelope(Platform);

export const PlatformSetting = v.object({ key: v.string(), value: v.nullable(v.string()) });
export type PlatformSetting = v.InferOutput<typeof PlatformSetting>;
/** `GET /platforms/{id}/settings`. */
export const PlatformSettingsResponse = envelope(v.array(PlatformSetting));

/** `GET /lms/settings/{keys comma joined}`: a map key → value (null when unset), in `data.data`. */
export const LmsSettingsResponse = envelope(v.record(v.string(), v.nullable(v.string())));

// ---------- auth and user (spec §3 Login payload, User) ----------

/** Country choice of the login screen (spec §2): Brasil → BRA, anything else → ANG. */
export const CountryCode = v.picklist(['BRA', 'ANG']);
export type CountryCode = v.InferOutput<typeof CountryCode>;

/** `POST /auth/token` body (spec §3 Login payload). `scope` carries the country code. */
export const LoginRequest = v.object({
  client_id: v.string(),
  grant_type: v.literal('password'),
  username: v.pipe(v.string(), v.trim(), v.minLength(1)),
  password: v.pipe(v.string(), v.minLength(1)),
  scope: CountryCode,
});
export type LoginRequest = v.InferOutput<typeof LoginRequest>;

/** `POST /auth/token` answer; `expires_in` in seconds. */
export const LoginResponse = v.object({
  access_token: v.pipe(v.string(), v.minLength(16)),
  token_type: v.literal('Bearer'),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type LoginResponse = v.InferOutput<typeof LoginResponse>;

export const User = v.object({
  id: Id,
  name: v.string(),
  email: v.nullable(v.string()),
  access_code: v.string(),
  platform_id: Id,
  is_aprovat_user: v.boolean(),
  is_lxp_user: v.boolean(),
  is_eja_user: v.boolean(),
  accepted_lgpd: v.boolean(),
});
export type User = v.InferOutput<typeof User>;

/** `GET /users/self`, `PUT /users/self`. */
export const UserResponse = envelope(User);

/** `PUT /users/self` body: the editable fields; all optional. */
export const UserUpdateRequest = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
  email: v.optional(v.nullable(v.pipe(v.string(), v.email()))),
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

/** How the student did in a finished quiz, graded by the server: `correct` of `total`, and their answers. */
export const QuizResult = v.object({
  correct: v.pipe(v.number(), v.integer(), v.minValue(0)),
  total: v.pipe(v.number(), v.integer(), v.minValue(1)),
  answers: v.record(v.string(), v.string()),
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

/** Answer of `PUT .../start` and `PUT .../end`: the learning object's progress afterwards. */
export const LearningObjectProgress = v.object({
  id: Id,
  lesson_id: Id,
  status: LearningObjectStatus,
  started_at: v.nullable(IsoDate),
  completed_at: v.nullable(IsoDate),
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

// ---------- validation helper ----------

/** Text of spec §8 for a malformed answer. */
export const MALFORMED_RESPONSE_MESSAGE = 'A resposta da API não está no formato esperado';

/** Raised when an answer does not match its contract schema (spec §8). */
export class ContractError extends Error {
  readonly issues: readonly string[];
  constructor(issues: readonly string[]) {
    super(MALFORMED_RESPONSE_MESSAGE);
    this.name = 'ContractError';
    this.issues = issues;
  }
}

/**
 * Validates `body` against `schema`.
 * @returns the typed output.
 * @throws ContractError (message 'A resposta da API não está no formato esperado') with the
 *   dotted paths of the failing fields in `issues`.
 */
export function parseResponse<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw new ContractError(result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`));
}
