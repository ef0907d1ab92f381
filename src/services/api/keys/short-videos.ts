/** Query keys of short videos reads (see ../query-keys.ts). */
/** Short videos and their watched positions. */
export const shortVideoKeys = {
  all: ['shortVideos'] as const,
  /** The list read page by page, `perPage` videos at a time (under `all`: invalidated with it). */
  pages: (perPage: number) => ['shortVideos', 'pages', perPage] as const,
  /** Every watched position (never kept on the device). */
  allActivity: ['userActivity'] as const,
  /** The student's position in one video. */
  activity: (userId: number | null, videoId: number) => ['userActivity', userId, videoId] as const,
} as const;
