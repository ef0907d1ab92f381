/**
 * The start and end counters of content outside the course tree — short videos and the
 * student's attachments (docs/product.md §7: each `start` and `end` counts once per write, the
 * first start and the first end keep their time). One row per student and item, created by the
 * first write of either kind: an end without a start also counts as started.
 *
 * Both routes call it inside `idempotent` (server/http.ts), so a retried write with the same
 * Idempotency-Key is answered from its first result and counts once.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './db/client';

/** The progress table of each kind of content, and the column naming the item. */
const TABLES = {
  shortVideo: { table: 'short_video_progress', item: 'short_video_id' },
  attachment: { table: 'attachment_progress', item: 'attachment_id' },
} as const;

/** A kind of content with start/end counters. */
export type CountedContent = keyof typeof TABLES;

/**
 * Records one `start` or `end` of `itemId` by `userId` at `at` (the event's time as SQL, `happenedAt` of server/http.ts):
 * a start adds one to `starts` and sets `started_at` if unset; an end adds one to `ends` and sets
 * `completed_at` (and `started_at`) if unset.
 * @throws the database's error (the route answers 500; nothing is half-written: one statement).
 */
export async function recordStartOrEnd(
  db: Db,
  content: CountedContent,
  event: 'start' | 'end',
  userId: number,
  itemId: number,
  at: SQL,
): Promise<void> {
  const { table: name, item } = TABLES[content];
  const table = sql.identifier(name);
  const column = sql.identifier(item);
  if (event === 'start') {
    await db.rows(sql`
      INSERT INTO ${table} (user_id, ${column}, started_at, starts)
      VALUES (${userId}, ${itemId}, ${at}, 1)
      ON CONFLICT (user_id, ${column}) DO UPDATE SET
        started_at = COALESCE(${table}.started_at, ${at}),
        starts = ${table}.starts + 1`);
  } else {
    await db.rows(sql`
      INSERT INTO ${table} (user_id, ${column}, started_at, completed_at, ends)
      VALUES (${userId}, ${itemId}, ${at}, ${at}, 1)
      ON CONFLICT (user_id, ${column}) DO UPDATE SET
        started_at = COALESCE(${table}.started_at, ${at}),
        completed_at = COALESCE(${table}.completed_at, ${at}),
        ends = ${table}.ends + 1`);
  }
}
