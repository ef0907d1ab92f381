/** Query keys of short videos reads (see ../query-keys.ts). */
/** Short videos and their watched positions. */
export const shortVideoKeys = {
  all: ['shortVideos'] as const,
  /** Every watched position (never kept on the device). */
  allActivity: ['userActivity'] as const,
  /** The student's position in one video. */
  activity: (userId: number | null, videoId: number) => ['userActivity', userId, videoId] as const,
} as const;
