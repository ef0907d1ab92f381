/**
 * "Materiais de apoio" of main v1 (docs/product.md §7): `GET /courses/{id}/attachments` (the course's
 * own files) and `GET /modules/{id}/attachments` (one module's files), for a signed-in
 * student, in display order. A course or module of another platform, or unknown → 404.
 * Answers are the contract's `CourseAttachmentListResponse`.
 */
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { CourseAttachment } from '../../src/services/contract';
import type { Db } from '../db/client';
import { HttpProblem, parseId, requireStudent, type AppEnv } from '../http';
import { forStudent } from '../lms';

interface AttachmentRow {
  id: number;
  name: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  url: string;
  course_id: number;
  module_id: number | null;
  created_at: unknown;
}

const toAttachment = (row: AttachmentRow): CourseAttachment => ({
  id: row.id,
  name: row.name,
  file_name: row.file_name,
  mime_type: row.mime_type,
  size_bytes: Number(row.size_bytes),
  url: row.url,
  course_id: row.course_id,
  module_id: row.module_id,
  created_at: new Date(row.created_at as string | Date).toISOString(),
});

/** The course's own attachments; null when the course is not on the student's platform. */
export async function courseAttachments(db: Db, userId: number, platformId: number, courseId: number) {
  const [course] = await db.rows<{ id: number }>(sql`
    SELECT c.id FROM courses c WHERE c.id = ${courseId} AND c.platform_id = ${platformId} AND ${forStudent(userId)}`);
  if (!course) return null;
  const rows = await db.rows<AttachmentRow>(sql`
    SELECT a.id, a.name, a.file_name, a.mime_type, a.size_bytes, a.url, a.course_id, a.module_id, a.created_at
    FROM course_attachments a
    WHERE a.course_id = ${courseId}
    ORDER BY a.position, a.id`);
  return rows.map(toAttachment);
}

/** One module's attachments (with its course id); null when the module is not on the student's platform. */
export async function moduleAttachments(db: Db, userId: number, platformId: number, moduleId: number) {
  const [module] = await db.rows<{ course_id: number }>(sql`
    SELECT m.course_id FROM modules m JOIN courses c ON c.id = m.course_id
    WHERE m.id = ${moduleId} AND c.platform_id = ${platformId} AND ${forStudent(userId)}`);
  if (!module) return null;
  const rows = await db.rows<AttachmentRow>(sql`
    SELECT a.id, a.name, a.file_name, a.mime_type, a.size_bytes, a.url, ${module.course_id}::int AS course_id,
      a.module_id, a.created_at
    FROM course_attachments a
    WHERE a.module_id = ${moduleId}
    ORDER BY a.position, a.id`);
  return rows.map(toAttachment);
}

/** Main v1 attachment routes (mounted on `/api/v1`); each route requires a student. */
export function attachmentRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Middleware per route (not `use('/courses/*')`): any other path still falls through to the 404 JSON.
  app.get('/courses/:id/attachments', requireStudent(db), async (c) => {
    const list = await courseAttachments(db, c.var.student.id, c.var.student.platformId, parseId(c.req.param('id')));
    if (!list) throw new HttpProblem(404, 'Curso não encontrado.');
    return c.json({ data: list });
  });
  app.get('/modules/:id/attachments', requireStudent(db), async (c) => {
    const list = await moduleAttachments(db, c.var.student.id, c.var.student.platformId, parseId(c.req.param('id')));
    if (!list) throw new HttpProblem(404, 'Módulo não encontrado.');
    return c.json({ data: list });
  });
  return app;
}
