/**
 * The attachments area of main v1 (docs/product.md §2 /attachments, /attachment/{id}; §7):
 * - `GET /attachments/authorized` — the files given to this student, newest first;
 * - `GET /attachments/{id}` — one attachment the student may open (a document of their
 *   platform or their own file; anything else 404), with their progress;
 * - `PUT /attachments/{id}/start`, `PUT /attachments/{id}/end` — idempotent
 *   (`Idempotency-Key`), dated by `X-Client-Timestamp` (never in the future);
 * - `GET /documents/categories` — the platform's document categories with counts;
 * - `GET /documents/attachments?category_id&search&page&per_page` — the platform's
 *   documents, filtered (search ignores case and accents) and paginated.
 * Every route needs a student (per-route middleware: other paths still answer 404).
 */
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type {
  AttachmentProgress,
  AttachmentStatus,
  DocumentCategory,
  DocumentListResponse,
  StudentAttachment,
} from '../../src/services/contract';
import type { Db } from '../db/client';
import { recordStartOrEnd } from '../content-progress';
import { HttpProblem, idempotent, parseId, requireStudent, type AppEnv, happenedAt } from '../http';
import { fold } from '../lms';

interface Row {
  id: number;
  name: string;
  description: string;
  category_id: number | null;
  category_name: string | null;
  user_id: number | null;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  url: string;
  created_at: unknown;
  started_at: unknown;
  completed_at: unknown;
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

const statusOf = (startedAt: unknown, completedAt: unknown): AttachmentStatus =>
  completedAt ? 'completed' : startedAt ? 'started' : 'not_started';

const toAttachment = (r: Row): StudentAttachment => ({
  id: r.id,
  name: r.name,
  description: r.description,
  category_id: r.category_id,
  category_name: r.category_name,
  personal: r.user_id !== null,
  file_name: r.file_name,
  mime_type: r.mime_type,
  size_bytes: Number(r.size_bytes),
  url: r.url,
  created_at: iso(r.created_at) ?? '',
  status: statusOf(r.started_at, r.completed_at),
  started_at: iso(r.started_at),
  completed_at: iso(r.completed_at),
});

/** Attachments this student may open, with their progress (`where` narrows further). */
function visible(userId: number, platformId: number, where = sql`TRUE`) {
  return sql`
    SELECT a.id, a.name, a.description, a.category_id, c.name AS category_name, a.user_id, a.file_name,
      a.mime_type, a.size_bytes, a.url, a.created_at, p.started_at, p.completed_at
    FROM attachments a
    LEFT JOIN document_categories c ON c.id = a.category_id
    LEFT JOIN attachment_progress p ON p.attachment_id = a.id AND p.user_id = ${userId}
    WHERE a.platform_id = ${platformId} AND (a.user_id IS NULL OR a.user_id = ${userId})
      AND (a.audience_user_id IS NULL OR a.audience_user_id = ${userId}) AND ${where}`;
}

const NOT_FOUND = 'Anexo não encontrado.';

const DocumentsParams = v.object({
  category_id: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.transform(Number))),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number)), '1'),
  per_page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,2}$/), v.transform(Number), v.maxValue(100)), '20'),
});

async function progressOf(db: Db, userId: number, id: number): Promise<AttachmentProgress> {
  const [p] = await db.rows<{ started_at: unknown; completed_at: unknown }>(sql`
    SELECT started_at, completed_at FROM attachment_progress WHERE user_id = ${userId} AND attachment_id = ${id}`);
  return {
    id,
    status: statusOf(p?.started_at, p?.completed_at),
    started_at: iso(p?.started_at),
    completed_at: iso(p?.completed_at),
  };
}

/** Main v1 routes of the attachments area (mounted on `/api/v1`). */
export function studentAttachmentRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const student = requireStudent(db);

  app.get('/attachments/authorized', student, async (c) => {
    const { id, platformId } = c.var.student;
    const rows = await db.rows<Row>(
      sql`${visible(id, platformId, sql`a.user_id = ${id}`)} ORDER BY a.created_at DESC, a.id DESC`,
    );
    return c.json({ data: rows.map(toAttachment) });
  });

  app.get('/attachments/:id', student, async (c) => {
    const { id: userId, platformId } = c.var.student;
    const id = parseId(c.req.param('id'));
    const [row] = await db.rows<Row>(visible(userId, platformId, sql`a.id = ${id}`));
    if (!row) throw new HttpProblem(404, NOT_FOUND);
    return c.json({ data: toAttachment(row) });
  });

  for (const kind of ['start', 'end'] as const) {
    app.put(`/attachments/:id/${kind}`, student, async (c) => {
      const id = parseId(c.req.param('id'));
      const at = happenedAt(c);
      const { id: userId, platformId } = c.var.student;
      return idempotent(c, db, async () => {
        const [row] = await db.rows(visible(userId, platformId, sql`a.id = ${id}`));
        if (!row) throw new HttpProblem(404, NOT_FOUND);
        await recordStartOrEnd(db, 'attachment', kind, userId, id, at);
        return { status: 200, body: { data: await progressOf(db, userId, id) } };
      });
    });
  }

  app.get('/documents/categories', student, async (c) => {
    const rows = await db.rows<DocumentCategory>(sql`
      SELECT c.id, c.name, count(a.id)::int AS count
      FROM document_categories c
      LEFT JOIN attachments a ON a.category_id = c.id AND a.user_id IS NULL
        AND (a.audience_user_id IS NULL OR a.audience_user_id = ${c.var.student.id})
      WHERE c.platform_id = ${c.var.student.platformId}
        AND (c.audience_user_id IS NULL OR c.audience_user_id = ${c.var.student.id})
      GROUP BY c.id, c.name, c.position
      ORDER BY c.position, c.id`);
    return c.json({ data: rows });
  });

  app.get('/documents/attachments', student, async (c) => {
    const parsed = v.safeParse(DocumentsParams, c.req.query());
    if (!parsed.success) throw new HttpProblem(400, 'Parâmetros inválidos (category_id, search, page, per_page).');
    const q = parsed.output;
    const { id: userId, platformId } = c.var.student;
    const where =
      q.category_id === undefined
        ? sql`a.user_id IS NULL`
        : sql`a.user_id IS NULL AND a.category_id = ${q.category_id}`;
    const rows = (
      await db.rows<Row>(sql`${visible(userId, platformId, where)} ORDER BY c.position, a.name, a.id`)
    ).filter((r) => !q.search || fold(r.name).includes(fold(q.search.trim())));
    const page = Number(q.page);
    const perPage = Number(q.per_page);
    const answer: DocumentListResponse = {
      pagination: {
        page,
        per_page: perPage,
        total: rows.length,
        last_page: Math.max(1, Math.ceil(rows.length / perPage)),
      },
      data: rows.slice((page - 1) * perPage, page * perPage).map(toAttachment),
    };
    return c.json(answer);
  });

  return app;
}
