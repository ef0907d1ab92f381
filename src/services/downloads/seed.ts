/**
 * Puts a student's downloaded reads back into the query client (docs/offline.md): the saved reads of the
 * query persistence expire after 7 days and are discarded by a new deployment, a download is kept
 * until the student removes it or signs out. Each read is checked against the contract first (a
 * new version may read other shapes: a read that no longer fits is skipped and read online).
 */
import * as v from 'valibot';
import type { QueryClient } from '@tanstack/react-query';
import { Course, LearningObject, Module } from '../contract/lms';
import { CourseAttachment } from '../contract/attachments';
import { listDownloads } from '../storage/downloads-store';

const SCHEMAS: Record<string, v.GenericSchema> = {
  course: Course,
  module: Module,
  learningObject: LearningObject,
  attachments: v.array(CourseAttachment),
};

/**
 * Seeds `client` with `userId`'s downloaded reads that it does not hold yet (kept as read then:
 * stale, read again online). @returns how many were put back. Never rejects.
 */
export async function seedDownloadedReads(client: QueryClient, userId: number): Promise<number> {
  let count = 0;
  try {
    for (const record of await listDownloads(userId)) {
      for (const read of record.reads) {
        if (client.getQueryData(read.queryKey) !== undefined) continue;
        const schema = SCHEMAS[String(read.queryKey[0])];
        const parsed = schema ? v.safeParse(schema, read.data) : null;
        if (!parsed?.success) continue;
        client.setQueryData(read.queryKey, parsed.output, { updatedAt: read.updatedAt });
        count += 1;
      }
    }
  } catch {
    // unreadable: the reads come from the network instead
  }
  return count;
}
