/**
 * Short-video calls of docs/product.md §7: main v1 `GET /shortVideos` (whole or by page), `POST /shortVideos/{id}/start` and
 * `/end`; new LMS v1 (Bearer) `POST /user-activity` (video progress) and `GET /user-activity`
 * with `user_id` and `resource_id` (5 s timeout, docs/product.md §9); and `proxiedVideoUrl`, the rewrite
 * of a video's resource URL through the file repository's proxy path (docs/product.md §7).
 * Every answer is validated by the contract. Positions and durations are in seconds.
 */
import {
  ShortVideoListResponse,
  ShortVideoPageResponse,
  ShortVideoProgressResponse,
  UserActivityResponse,
  type ShortVideo,
  type ShortVideoPageResponse as ShortVideoPage,
  type ShortVideoProgress,
  type UserActivity,
  type UserActivityRequest,
} from '../contract/short-videos';
import { apiBaseUrls, TIMEOUTS_MS } from '../config';
import { request } from '../http/clients';

/** `GET /shortVideos`: the student's platform's short videos, in display order. */
export async function getShortVideos(signal?: AbortSignal): Promise<ShortVideo[]> {
  return (await request('mainV1', 'get', '/shortVideos', ShortVideoListResponse, signal ? { signal } : {})).data;
}

/**
 * `GET /shortVideos?page&per_page`: one page of the student's platform's short videos, in
 * display order.
 * @param page 1-based page number.
 * @param perPage videos per page (1–100).
 * @returns `{ data, pagination }` (`pagination.last_page` tells whether more follow).
 * @throws ApiError | NetworkError | TimeoutError | ContractError.
 */
export async function getShortVideoPage(page: number, perPage: number, signal?: AbortSignal): Promise<ShortVideoPage> {
  return request('mainV1', 'get', '/shortVideos', ShortVideoPageResponse, {
    searchParams: { page, per_page: perPage },
    ...(signal ? { signal } : {}),
  });
}

/** `X-Client-Timestamp`: when the write happened on the device (ISO 8601), sent however late. */
const clientTimeHeader = (clientTime?: string): Record<string, string> =>
  clientTime ? { 'X-Client-Timestamp': clientTime } : {};

/**
 * `POST /shortVideos/{id}/start` — the student opened the video.
 * @param idempotencyKey client event id; the server applies a retried start once.
 * @param clientTime ISO 8601 time it was opened (the outbox may send it later).
 * @returns `{ id, status, started_at, completed_at }`.
 * @throws ApiError | NetworkError | TimeoutError | ContractError.
 */
export async function postShortVideoStart(
  id: number,
  idempotencyKey: string,
  clientTime?: string,
): Promise<ShortVideoProgress> {
  return (
    await request('mainV1', 'post', `/shortVideos/${id}/start`, ShortVideoProgressResponse, {
      idempotencyKey,
      headers: clientTimeHeader(clientTime),
    })
  ).data;
}

/**
 * `POST /shortVideos/{id}/end` — the student watched the video to its end.
 * @param clientTime ISO 8601 time it ended on the device.
 * @returns the progress afterwards (`status: 'completed'`).
 */
export async function postShortVideoEnd(
  id: number,
  idempotencyKey: string,
  clientTime?: string,
): Promise<ShortVideoProgress> {
  return (
    await request('mainV1', 'post', `/shortVideos/${id}/end`, ShortVideoProgressResponse, {
      idempotencyKey,
      headers: clientTimeHeader(clientTime),
    })
  ).data;
}

/**
 * New LMS `GET /user-activity?user_id&resource_id` with the 5 s timeout of docs/product.md §9
 * (`TIMEOUTS_MS.userActivityRead`): where the student stopped in a video.
 * @param resourceId the short video's id.
 * @returns the saved `{ user_id, resource_id, position_seconds, duration_seconds, updated_at }`,
 *   or null when nothing was saved yet.
 * @throws TimeoutError after 5 s; ApiError | NetworkError | ContractError. Callers start at 0
 *   on any failure (never block playback).
 */
export async function getUserActivity(
  userId: number,
  resourceId: number,
  signal?: AbortSignal,
): Promise<UserActivity | null> {
  return (
    await request('newLms', 'get', '/user-activity', UserActivityResponse, {
      searchParams: { user_id: userId, resource_id: resourceId },
      timeoutMs: TIMEOUTS_MS.userActivityRead,
      ...(signal ? { signal } : {}),
    })
  ).data;
}

/**
 * New LMS `POST /user-activity` — saves a video position (the outbox sends it).
 * @param body `{ user_id, resource_id, position_seconds, duration_seconds }`.
 * @param clientTime ISO 8601 time the position was reached; the server keeps the newest.
 * @returns the stored activity (the newest by client time).
 */
export async function postUserActivity(
  body: UserActivityRequest,
  idempotencyKey: string,
  clientTime?: string,
): Promise<UserActivity | null> {
  return (
    await request('newLms', 'post', '/user-activity', UserActivityResponse, {
      json: body,
      idempotencyKey,
      headers: clientTimeHeader(clientTime),
    })
  ).data;
}

/**
 * Rewrites a video's resource URL through the file repository's proxy path (docs/product.md §7: "Video
 * URLs are rewritten through a proxy path with resource and token query"), because a
 * `<video src>` cannot send the token in a header
 * (docs/decisions/0005-token-in-the-short-video-url.md). Pure.
 * @param resource the short video's `resource` (path or absolute URL), passed on unchanged.
 * @param token the session token, or null (then no `token` parameter: the proxy answers 401).
 * @param filesBase the file repository base (default `apiBaseUrls.files`, e.g. `/api/files`).
 * @returns `${filesBase}/proxy?resource=<encoded>&token=<encoded>`.
 */
export function proxiedVideoUrl(resource: string, token: string | null, filesBase: string = apiBaseUrls.files): string {
  const query = new URLSearchParams({ resource });
  if (token) query.set('token', token);
  return `${filesBase.replace(/\/+$/, '')}/proxy?${query.toString()}`;
}
