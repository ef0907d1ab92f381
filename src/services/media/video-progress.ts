/**
 * Pure rules of short-video progress (docs/product.md §7 video progress): where playback resumes,
 * when a progress write is due (so the outbox is never flooded), and which saved position is
 * the newest. Seconds everywhere; no timers, no I/O.
 */

/** No resume inside the first or the last 5 s of a video. */
export const RESUME_MARGIN_SECONDS = 5;

/** At most one periodic progress write per 10 s of playback (position movement). */
export const PROGRESS_INTERVAL_SECONDS = 10;

/**
 * Where playback resumes from a saved position.
 * @param savedSeconds the saved position (s); anything not finite or negative counts as 0.
 * @param durationSeconds the video's length (s).
 * @returns 0 when `savedSeconds` < 5 or > `durationSeconds` − 5 (nearly at the start or the end:
 *   start over), else `savedSeconds`.
 */
export function resumePosition(savedSeconds: number, durationSeconds: number): number {
  if (!Number.isFinite(savedSeconds) || !Number.isFinite(durationSeconds)) return 0;
  if (savedSeconds < RESUME_MARGIN_SECONDS || savedSeconds > durationSeconds - RESUME_MARGIN_SECONDS) return 0;
  return savedSeconds;
}

/** Why a position is reported: a playback tick, or a pause / close / end of the video. */
export type ProgressReason = 'tick' | 'pause' | 'close' | 'ended';

/**
 * The throttling rule of progress writes: a `tick` (timeupdate while playing) is due only when
 * the position moved ≥ 10 s from the last recorded one (so ≤ 1 write per 10 s of playback, and a
 * long seek is saved at its next tick); `pause`, `close` and `ended` are always due unless the
 * position equals (±0.5 s) the last recorded one (pause then close records once).
 * @param lastRecorded the last position recorded in this opening (s), or null when none yet.
 * @param position the current position (s).
 */
export function progressWriteDue(lastRecorded: number | null, position: number, reason: ProgressReason): boolean {
  if (!Number.isFinite(position) || position < 0) return false;
  if (reason === 'tick') {
    return Math.abs(position - (lastRecorded ?? 0)) >= PROGRESS_INTERVAL_SECONDS;
  }
  return lastRecorded === null || Math.abs(position - lastRecorded) > 0.5;
}

/** A saved position and when it was reached (ISO 8601). */
export interface SavedPosition {
  positionSeconds: number;
  at: string;
}

/**
 * The newest of the server's saved position and the device's not-yet-sent one (the outbox may
 * hold a newer write than the server has). @returns the newer by `at`, either when the other is
 * null, or null when both are.
 */
export function newestPosition(server: SavedPosition | null, local: SavedPosition | null): SavedPosition | null {
  if (!server) return local;
  if (!local) return server;
  return Date.parse(local.at) >= Date.parse(server.at) ? local : server;
}

/** `m:ss` of a whole number of seconds (e.g. 12 → '0:12', 84 → '1:24'). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
