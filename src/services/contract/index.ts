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

/**
 * Content of a learning object by type: `url` for video/audio/pdf/link/embed
 * (same-origin or absolute), `html` for text (server HTML: sanitise before rendering).
 */
export const LearningObjectContent = v.object({
  url: v.nullable(v.string()),
  html: v.nullable(v.string()),
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
});
export type LearningObject = v.InferOutput<typeof LearningObject>;
/** `GET /lms/learningObjects/{id}?lesson_id`. */
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
