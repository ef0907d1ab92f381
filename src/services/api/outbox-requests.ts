/**
 * The HTTP request of each stored progress write (docs/product.md §7), as the service worker sends
 * it (src/service-worker/outbox-sync.ts): the same endpoints, bodies and headers the page's API
 * clients use for them (src/app/wiring/learning.ts `sendOutboxWrite`). Pure.
 */
import type { ApiBase } from '../contract/bases';
import type { OutboxEntry } from '../storage/outbox-store';

/** One write's request: `path` under the base's prefix, with its query and JSON body. */
export interface OutboxRequest {
  base: ApiBase;
  method: 'PUT' | 'POST';
  path: string;
  searchParams?: Record<string, string>;
  json?: unknown;
}

/** @returns the request that delivers `entry` (without its headers: see `outboxRequestHeaders`). */
export function outboxRequestOf(entry: OutboxEntry): OutboxRequest {
  const { write } = entry;
  switch (write.kind) {
    case 'learningObject.start':
      return {
        base: 'mainV1',
        method: 'PUT',
        path: `/lms/learningObjects/${write.learningObjectId}/start`,
        searchParams: { lesson_id: String(write.lessonId) },
      };
    case 'learningObject.end':
      return {
        base: 'mainV1',
        method: 'PUT',
        path: `/lms/learningObjects/${write.learningObjectId}/end`,
        json: { lesson_id: write.lessonId, data: write.data },
      };
    case 'shortVideo.start':
      return { base: 'mainV1', method: 'POST', path: `/shortVideos/${write.shortVideoId}/start` };
    case 'shortVideo.end':
      return { base: 'mainV1', method: 'POST', path: `/shortVideos/${write.shortVideoId}/end` };
    case 'attachment.start':
      return { base: 'mainV1', method: 'PUT', path: `/attachments/${write.attachmentId}/start` };
    case 'attachment.end':
      return { base: 'mainV1', method: 'PUT', path: `/attachments/${write.attachmentId}/end` };
    case 'videoProgress':
      return {
        base: 'newLms',
        method: 'POST',
        path: '/user-activity',
        json: {
          user_id: entry.userId,
          resource_id: write.resourceId,
          position_seconds: write.positionSeconds,
          duration_seconds: write.durationSeconds,
        },
      };
  }
}

/**
 * The write's own headers: its client event id as `Idempotency-Key` (docs/decisions/0009) and the
 * time it happened on the device as `X-Client-Timestamp`.
 */
export function outboxRequestHeaders(entry: OutboxEntry): Record<string, string> {
  return { 'Idempotency-Key': entry.id, 'X-Client-Timestamp': entry.clientTime };
}
