/**
 * Home and student-area calls (docs/product.md §7): the dashboard and banners of main v1, the
 * area content served by the platform, the traffic-education account (main v2) and the LXP
 * single sign-on. Every answer is validated by the contract.
 */
import type { CourseSummary } from '../contract/lms';
import {
  AprovatExternalUserResponse,
  BannerListResponse,
  DashboardResponse,
  EjaStageListResponse,
  LxpSsoResponse,
  ProfessionalizingCourseListResponse,
  TrafficModuleListResponse,
  type AprovatExternalUser,
  type Banner,
  type Dashboard,
  type EjaStage,
  type LxpSso,
  type TrafficModule,
} from '../contract/home';
import { request } from '../http/clients';

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * `GET /users/dashboard` (main v1).
 * @returns `Dashboard` ({ courses: [{ id, name, image_url, progress 0–100, status,
 *   continue_learning_object | null }] (≤ 6), upcoming: [{ kind: 'assessment' | 'bill', title,
 *   date 'YYYY-MM-DD', link (app path) }] (≤ 5, by date), pending_bills: open + overdue count }).
 * @throws ApiError (401 → session expired), NetworkError, TimeoutError (30 s), ContractError.
 */
export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return (await request('mainV1', 'get', '/users/dashboard', DashboardResponse, opts(signal))).data;
}

/**
 * `GET /content/banners?isVisibleEad=1` (main v1; docs/product.md §3 banners "visible in EAD").
 * @returns `Banner[]` in display order ({ id, title, text, image_url, alt, link | null, visible_ead, position }).
 * @throws ApiError, NetworkError, TimeoutError, ContractError.
 */
export async function getBanners(signal?: AbortSignal): Promise<Banner[]> {
  return (
    await request('mainV1', 'get', '/content/banners', BannerListResponse, {
      searchParams: { isVisibleEad: 1 },
      ...opts(signal),
    })
  ).data;
}

/**
 * `GET /lms/professionalizing/courses` (main v1, reference-server addition): the platform's
 * professionalizing courses with the student's progress (`CourseSummary[]`).
 * @throws ApiError, NetworkError, TimeoutError, ContractError.
 */
export async function getProfessionalizingCourses(signal?: AbortSignal): Promise<CourseSummary[]> {
  return (
    await request('mainV1', 'get', '/lms/professionalizing/courses', ProfessionalizingCourseListResponse, opts(signal))
  ).data;
}

/**
 * v2 `POST /aprovat/user/create/external` (docs/product.md §7): creates the student's account on the
 * traffic-education platform, or returns the existing one (idempotent).
 * @returns `{ external_id, created, platform_url }`.
 * @throws ApiError (403 without is_aprovat_user, 401), NetworkError, TimeoutError, ContractError.
 */
export async function postAprovatExternalUser(signal?: AbortSignal): Promise<AprovatExternalUser> {
  return (await request('mainV2', 'post', '/aprovat/user/create/external', AprovatExternalUserResponse, opts(signal)))
    .data;
}

/**
 * `GET /aprovat/modules` (main v1, reference-server addition): modules of the traffic-education
 * course ({ id, title, summary, hours }).
 * @throws ApiError (403 without is_aprovat_user), NetworkError, TimeoutError, ContractError.
 */
export async function getTrafficModules(signal?: AbortSignal): Promise<TrafficModule[]> {
  return (await request('mainV1', 'get', '/aprovat/modules', TrafficModuleListResponse, opts(signal))).data;
}

/**
 * `GET /eja/stages` (main v1, reference-server addition): EJA stages with their subjects and the
 * student's progress (0–100).
 * @throws ApiError (403 without is_eja_user), NetworkError, TimeoutError, ContractError.
 */
export async function getEjaStages(signal?: AbortSignal): Promise<EjaStage[]> {
  return (await request('mainV1', 'get', '/eja/stages', EjaStageListResponse, opts(signal))).data;
}

/**
 * `POST /auth/sso/lxp` (docs/product.md §7): a one-time sign-in URL of the LXP (single use, valid 60 s).
 * The LXP checks the token with the new LMS `POST /sso/validate`.
 * @returns `{ url, expires_at }`.
 * @throws ApiError (403 without is_lxp_user), NetworkError, TimeoutError, ContractError.
 */
export async function postLxpSso(signal?: AbortSignal): Promise<LxpSso> {
  return (await request('mainV1', 'post', '/auth/sso/lxp', LxpSsoResponse, opts(signal))).data;
}

// Where SSO URLs may point (docs/architecture.md §D5): in services/navigation so the boot redirect check
// does not load this module's schemas with the first screen (docs/performance.md "Only /login in the entry").
export { ssoOrigins } from '../navigation/sso-origins';
