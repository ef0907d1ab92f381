/**
 * Certificates base (docs/product.md §7, mounted on `/api/certificates`), `Authorization: Bearer <token>`
 * only (401 otherwise):
 * - `POST /enrollment_statements/issue_by_contract?contract_id`,
 *   `POST /course_curriculums/issue_by_contract?contract_id`,
 *   `POST /id_cards/issue_by_contract?contract_id`: a real PDF (pdf-lib, `certificate-pdfs.ts`)
 *   with `Content-Type: application/pdf` and `Content-Disposition: inline;
 *   filename="<declaracao-de-matricula|matriz-curricular|carteirinha-de-estudante>-<contract_id>.pdf"`;
 *   400 when `contract_id` is missing or not a positive integer, 404 when it is not one of the
 *   student's contracts;
 * - `GET /grad/courses/?erp_user_id`: the student's graduation courses (`GradCourseListResponse`);
 *   400 on a bad id, 404 for an erp_user_id that is not the student's own;
 * - `GET /contracts` (reference-server addition: where `contract_id`s come from): the student's
 *   own contracts with their `erp_user_id` (`DocumentContractListResponse`).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import type { DocumentContract, DocumentKind, GradCourse } from '../../src/services/contract';
import { userIdOfToken } from '../auth';
import type { Db } from '../db/client';
import { HttpProblem, MESSAGES, parseId, type AppEnv } from '../http';
import { buildDocumentPdf, DOCUMENTS, type DocumentFacts } from '../certificate-pdfs';
import type { CurriculumLine } from '../seed-contracts';

const CONTRACT_NOT_FOUND = 'Contrato não encontrado.';
const ERP_USER_NOT_FOUND = 'Aluno não encontrado.';

/** Certificates auth: `Authorization: Bearer <token>` only; sets `c.var.student`; @throws 401. */
function requireBearer(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.req.header('authorization');
    const userId = auth?.startsWith('Bearer ') ? await userIdOfToken(db, auth.slice(7)) : null;
    if (userId === null) throw new HttpProblem(401, MESSAGES.unauthorized);
    const [row] = await db.rows<{ platform_id: number }>(sql`SELECT platform_id FROM users WHERE id = ${userId}`);
    if (!row) throw new HttpProblem(401, MESSAGES.unauthorized);
    c.set('student', { id: userId, platformId: row.platform_id });
    await next();
  };
}

interface ContractRow {
  contract_id: number;
  course_name: string;
  status: 'active' | 'completed';
  enrolled_on: string;
  erp_user_id: number | null;
}

/** The student's own contracts, newest first. */
export async function contractsOf(db: Db, userId: number): Promise<DocumentContract[]> {
  const rows = await db.rows<ContractRow>(sql`
    SELECT dc.contract_id, dc.course_name, dc.status, to_char(dc.enrolled_on, 'YYYY-MM-DD') AS enrolled_on,
      u.erp_user_id
    FROM document_contracts dc JOIN users u ON u.id = dc.user_id
    WHERE dc.user_id = ${userId}
    ORDER BY dc.enrolled_on DESC, dc.contract_id`);
  return rows.map((r) => ({
    contract_id: Number(r.contract_id),
    course_name: r.course_name,
    status: r.status,
    erp_user_id: r.erp_user_id === null ? null : Number(r.erp_user_id),
    enrolled_on: r.enrolled_on,
  }));
}

/** What the documents of one of the student's contracts print; null when it is not theirs. */
export async function documentFacts(db: Db, userId: number, contractId: number): Promise<DocumentFacts | null> {
  const [row] = await db.rows<{
    name: string;
    access_code: string;
    contract_id: number;
    course_name: string;
    status: 'active' | 'completed';
    enrolled_on: string;
    workload_hours: number;
    curriculum: CurriculumLine[] | string;
    platform_name: string;
    primary_color: string;
  }>(sql`
    SELECT u.name, u.access_code, dc.contract_id, dc.course_name, dc.status,
      to_char(dc.enrolled_on, 'YYYY-MM-DD') AS enrolled_on, dc.workload_hours, dc.curriculum,
      p.name AS platform_name, p.primary_color
    FROM document_contracts dc
    JOIN users u ON u.id = dc.user_id
    JOIN platforms p ON p.id = u.platform_id
    WHERE dc.contract_id = ${contractId} AND dc.user_id = ${userId}`);
  if (!row) return null;
  return {
    studentName: row.name,
    accessCode: row.access_code,
    contractId: Number(row.contract_id),
    courseName: row.course_name,
    status: row.status,
    enrolledOn: row.enrolled_on,
    workloadHours: Number(row.workload_hours),
    curriculum: typeof row.curriculum === 'string' ? (JSON.parse(row.curriculum) as CurriculumLine[]) : row.curriculum,
    platformName: row.platform_name,
    primaryColor: row.primary_color,
  };
}

/** Graduation courses of the student whose ERP id is `erpUserId`; null when that is not `userId`'s. */
export async function gradCoursesOf(db: Db, userId: number, erpUserId: number): Promise<GradCourse[] | null> {
  const [owner] = await db.rows<{ id: number }>(sql`
    SELECT id FROM users WHERE id = ${userId} AND erp_user_id = ${erpUserId}`);
  if (!owner) return null;
  const rows = await db.rows<GradCourse>(sql`
    SELECT g.id, g.name, g.degree, g.semesters, g.current_semester, g.status, g.contract_id
    FROM grad_courses g JOIN document_contracts dc ON dc.contract_id = g.contract_id
    WHERE dc.user_id = ${userId}
    ORDER BY dc.enrolled_on DESC, g.id`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    semesters: Number(r.semesters),
    current_semester: r.current_semester === null ? null : Number(r.current_semester),
    contract_id: Number(r.contract_id),
  }));
}

const ISSUE_ROUTES: [string, DocumentKind][] = [
  ['/enrollment_statements/issue_by_contract', 'enrollment_statement'],
  ['/course_curriculums/issue_by_contract', 'course_curriculum'],
  ['/id_cards/issue_by_contract', 'id_card'],
];

/** Certificates routes (mounted on `/api/certificates`); each requires a Bearer token. */
export function certificateRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireBearer(db);

  app.get('/contracts', auth, async (c) => c.json({ data: await contractsOf(db, c.var.student.id) }));

  const gradCourses = async (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => {
    const erpUserId = parseId(c.req.query('erp_user_id'), 'erp_user_id');
    const list = await gradCoursesOf(db, c.var.student.id, erpUserId);
    if (!list) throw new HttpProblem(404, ERP_USER_NOT_FOUND);
    return c.json({ data: list });
  };
  app.get('/grad/courses/', auth, gradCourses);
  app.get('/grad/courses', auth, gradCourses);

  for (const [path, kind] of ISSUE_ROUTES) {
    app.post(path, auth, async (c) => {
      const contractId = parseId(c.req.query('contract_id'), 'contract_id');
      const facts = await documentFacts(db, c.var.student.id, contractId);
      if (!facts) throw new HttpProblem(404, CONTRACT_NOT_FOUND);
      const pdf = await buildDocumentPdf(kind, facts);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${DOCUMENTS[kind].fileStem}-${contractId}.pdf"`,
        'Cache-Control': 'no-store',
      });
    });
  }
  return app;
}
