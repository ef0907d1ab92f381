/** Which download makes a course or module available offline (docs/offline.md; no storage code: views use it). */
import type { DownloadRecord, DownloadTarget } from '../storage/downloads-store';

/**
 * @returns the record that makes `kind` `id` available offline in `records` — its own download,
 *   or (a module) its course's — or null when none does.
 */
export function downloadCovering(
  records: readonly DownloadRecord[],
  kind: DownloadTarget['kind'],
  id: number,
): DownloadRecord | null {
  return (
    records.find((r) => r.kind === kind && r.id === id) ??
    (kind === 'module' ? (records.find((r) => r.kind === 'course' && r.moduleIds.includes(id)) ?? null) : null)
  );
}
