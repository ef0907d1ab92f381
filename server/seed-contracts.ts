/**
 * Demo contracts for certificates and documents (docs/product.md §3 "document contracts (contract_id)",
 * §7 certificates base), a seed step of `seed-additions.ts`:
 * - every demo student gets an `erp_user_id` (100000 + the order of the seed's students);
 * - `demo` (Ana Souza) has one active professionalizing contract;
 * - `lxp` (Carla Dias, graduation) has an active bachelor's contract and a completed
 *   technologist's one, each with its graduation course (`GET /grad/courses/?erp_user_id`).
 * Idempotent: fixed contract ids, ON CONFLICT DO NOTHING, erp ids set only where missing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

/** One line of a course curriculum: period (module or semester), subject, hours. */
export interface CurriculumLine {
  period: number;
  subject: string;
  hours: number;
}

interface DemoContract {
  contractId: number;
  accessCode: string;
  courseName: string;
  status: 'active' | 'completed';
  enrolledOn: string;
  curriculum: CurriculumLine[];
  grad?: { degree: string; semesters: number; currentSemester: number | null; status: 'in_progress' | 'completed' };
}

const ERP_USER_IDS: Record<string, number> = {
  demo: 100001,
  aprovat: 100002,
  lxp: 100003,
  eja: 100004,
  novo: 100005,
  stream: 100006,
};

const lines = (period: number, subjects: [string, number][]): CurriculumLine[] =>
  subjects.map(([subject, hours]) => ({ period, subject, hours }));

export const DEMO_CONTRACTS: readonly DemoContract[] = [
  {
    contractId: 2026001,
    accessCode: 'demo',
    courseName: 'Técnico em Administração',
    status: 'active',
    enrolledOn: '2026-02-02',
    curriculum: [
      ...lines(1, [
        ['Introdução à Informática', 60],
        ['Comunicação e Expressão', 60],
      ]),
      ...lines(2, [
        ['Matemática Financeira', 80],
        ['Empreendedorismo', 40],
      ]),
    ],
  },
  {
    contractId: 2025042,
    accessCode: 'lxp',
    courseName: 'Bacharelado em Administração',
    status: 'active',
    enrolledOn: '2025-02-10',
    curriculum: [
      ...lines(1, [
        ['Fundamentos da Administração', 80],
        ['Matemática Aplicada', 80],
        ['Comunicação Empresarial', 40],
      ]),
      ...lines(2, [
        ['Contabilidade Geral', 80],
        ['Economia', 80],
        ['Gestão de Pessoas', 60],
      ]),
      ...lines(3, [
        ['Marketing', 80],
        ['Estatística', 80],
        ['Direito Empresarial', 60],
      ]),
    ],
    grad: { degree: 'Bacharelado', semesters: 8, currentSemester: 3, status: 'in_progress' },
  },
  {
    contractId: 2022017,
    accessCode: 'lxp',
    courseName: 'Tecnólogo em Gestão de Recursos Humanos',
    status: 'completed',
    enrolledOn: '2022-08-01',
    curriculum: [
      ...lines(1, [
        ['Psicologia Organizacional', 80],
        ['Legislação Trabalhista', 80],
      ]),
      ...lines(2, [
        ['Recrutamento e Seleção', 80],
        ['Treinamento e Desenvolvimento', 80],
      ]),
    ],
    grad: { degree: 'Tecnólogo', semesters: 4, currentSemester: null, status: 'completed' },
  },
];

/** Seeds the demo ERP ids, contracts and graduation courses that are missing. @returns true when it changed something. */
export async function seedContracts(db: Db): Promise<boolean> {
  let changed = 0;
  for (const [accessCode, erpUserId] of Object.entries(ERP_USER_IDS)) {
    const rows = await db.rows(sql`
      UPDATE users SET erp_user_id = ${erpUserId}
      WHERE access_code = ${accessCode} AND erp_user_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM users WHERE erp_user_id = ${erpUserId})
      RETURNING id`);
    changed += rows.length;
  }
  for (const c of DEMO_CONTRACTS) {
    const total = c.curriculum.reduce((sum, line) => sum + line.hours, 0);
    const rows = await db.rows(sql`
      INSERT INTO document_contracts (contract_id, user_id, course_name, status, enrolled_on, workload_hours, curriculum)
      SELECT ${c.contractId}, id, ${c.courseName}, ${c.status}, ${c.enrolledOn}::date, ${total},
        ${JSON.stringify(c.curriculum)}::jsonb
      FROM users WHERE access_code = ${c.accessCode}
      ON CONFLICT DO NOTHING RETURNING contract_id`);
    changed += rows.length;
    if (!c.grad) continue;
    const grad = await db.rows(sql`
      INSERT INTO grad_courses (contract_id, name, degree, semesters, current_semester, status)
      SELECT contract_id, course_name, ${c.grad.degree}, ${c.grad.semesters}, ${c.grad.currentSemester}, ${c.grad.status}
      FROM document_contracts WHERE contract_id = ${c.contractId}
      ON CONFLICT DO NOTHING RETURNING id`);
    changed += grad.length;
  }
  return changed > 0;
}
