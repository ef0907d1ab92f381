/**
 * Contract of the home page and the student areas (/home, /, /profissionalizante, /transito,
 * /graduacao, /tecmix): the dashboard, banners, professionalizing courses, the traffic-education
 * (Aprovat) account and modules, LXP single sign-on, and EJA stages.
 */
import * as v from 'valibot';
import { envelope, Id, IsoDate, Percent } from './core';
import { CourseStatus, CourseSummary, LearningObjectRef } from './lms';

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

/** A home banner of the student's platform (docs/product.md §3 banners, filter "visible in EAD"). */
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
 * An EJA subject with the student's progress and what it opens: the course of the
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
