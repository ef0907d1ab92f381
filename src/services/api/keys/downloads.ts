/** Query keys of the student's downloads on this device (see ../query-keys.ts; docs/offline.md). */
export const downloadsKeys = {
  /** Every downloads read (read from IndexedDB, never from the network, never persisted again). */
  all: ['offlineDownloads'] as const,
  /** One student's downloads. */
  of: (userId: number | null) => ['offlineDownloads', userId] as const,
  /** The device's storage figures (`navigator.storage.estimate()`), refreshed with the downloads. */
  figures: ['offlineDownloads', 'figures'] as const,
} as const;
