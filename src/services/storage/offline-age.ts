/**
 * How long a student's saved server reads are kept on the device without use, ms (7 days,
 * docs/offline.md): the persisted cache's `maxAge` and the query client's `gcTime` (a read dropped from
 * memory would be dropped from the device at the next save).
 */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
