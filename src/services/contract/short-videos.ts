/**
 * Contract of short videos (docs/product.md §3 "Short video: resource (URL)"; §7 main v1 `GET /shortVideos`,
 * `POST /shortVideos/{id}/start` and `/end`; new LMS v1 (Bearer) `POST /user-activity` (video
 * progress) and `GET /user-activity?user_id&resource_id` (5 s timeout)). Times and positions in
 * seconds.
 */
import * as v from 'valibot';
import { envelope, Id, IsoDate, Pagination } from './core';

export const ShortVideoStatus = v.picklist(['not_started', 'started', 'completed']);
export type ShortVideoStatus = v.InferOutput<typeof ShortVideoStatus>;

const Seconds = v.pipe(v.number(), v.minValue(0));

export const ShortVideo = v.object({
  id: Id,
  title: v.string(),
  /**
   * The media file (docs/product.md §3 resource URL): a same-origin path or an absolute URL. The app
   * never plays it directly: it is rewritten through the file repository's proxy path
   * (`proxiedVideoUrl`: `…/proxy?resource=…&token=…`, docs/product.md §7).
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
 * `GET /shortVideos` without paging parameters: `{ data: ShortVideo[] }`, all the student's
 * platform's videos in display order (no pagination block).
 */
export const ShortVideoListResponse = envelope(v.array(ShortVideo));
export type ShortVideoListResponse = v.InferOutput<typeof ShortVideoListResponse>;

/**
 * `GET /shortVideos?page&per_page`: one page of the same list in display order, with the
 * pagination block of the other paged lists (`page` 1-based; `per_page` defaults to 12, at
 * most 100).
 */
export const ShortVideoPageResponse = v.object({ data: v.array(ShortVideo), pagination: Pagination });
export type ShortVideoPageResponse = v.InferOutput<typeof ShortVideoPageResponse>;

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
