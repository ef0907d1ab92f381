/**
 * Demo bills (docs/product.md §3 "Bills (with a pix payment)", §7 ERP `GET /bills`), an idempotent seed
 * step of `SEED_STEPS` (server/seed-additions.ts): one bill per (student, `reference`), inserted
 * with ON CONFLICT DO NOTHING, so older demo databases gain them at the next start and a
 * restart never duplicates nor resets them (a bill paid in the demo stays paid).
 *
 * Due dates are relative to the day of seeding (`current_date + days`), so a fresh database
 * always has open (future), overdue (past) and paid bills. Amounts in cents of BRL.
 *
 * | student   | platform | open | overdue | paid |
 * | --------- | -------- | ---- | ------- | ---- |
 * | `demo`    | 1        | 2    | 1       | 2    |
 * | `aprovat` | 1        | 1    | 1       | 1    |
 * | `lxp`     | 1        | 1    | —       | 1    |
 * | `stream`  | 2        | 1    | 1       | 1    |
 *
 * `eja` and `novo` have no bills (the empty state).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

interface DemoBill {
  student: string;
  reference: string;
  description: string;
  amount_cents: number;
  /** Due date relative to the day of seeding, in days (negative = past). */
  dueInDays: number;
  /** Paid this many days after the due date (null = unpaid). */
  paidAfterDays: number | null;
}

/** The demo bills. */
export const DEMO_BILLS: readonly DemoBill[] = [
  {
    student: 'demo',
    reference: 'M-01',
    description: 'Mensalidade de janeiro',
    amount_cents: 34990,
    dueInDays: -75,
    paidAfterDays: -2,
  },
  {
    student: 'demo',
    reference: 'M-02',
    description: 'Mensalidade de fevereiro',
    amount_cents: 34990,
    dueInDays: -45,
    paidAfterDays: 0,
  },
  {
    student: 'demo',
    reference: 'M-03',
    description: 'Mensalidade de março',
    amount_cents: 34990,
    dueInDays: -15,
    paidAfterDays: null,
  },
  {
    student: 'demo',
    reference: 'M-04',
    description: 'Mensalidade de abril',
    amount_cents: 34990,
    dueInDays: 10,
    paidAfterDays: null,
  },
  {
    student: 'demo',
    reference: 'T-01',
    description: 'Taxa de emissão de certificado',
    amount_cents: 4750,
    dueInDays: 25,
    paidAfterDays: null,
  },
  {
    student: 'aprovat',
    reference: 'M-01',
    description: 'Curso de trânsito — parcela 1',
    amount_cents: 19900,
    dueInDays: -40,
    paidAfterDays: 1,
  },
  {
    student: 'aprovat',
    reference: 'M-02',
    description: 'Curso de trânsito — parcela 2',
    amount_cents: 19900,
    dueInDays: -10,
    paidAfterDays: null,
  },
  {
    student: 'aprovat',
    reference: 'M-03',
    description: 'Curso de trânsito — parcela 3',
    amount_cents: 19900,
    dueInDays: 20,
    paidAfterDays: null,
  },
  {
    student: 'lxp',
    reference: 'M-01',
    description: 'Mensalidade da graduação',
    amount_cents: 129000,
    dueInDays: -30,
    paidAfterDays: 0,
  },
  {
    student: 'lxp',
    reference: 'M-02',
    description: 'Mensalidade da graduação',
    amount_cents: 129000,
    dueInDays: 5,
    paidAfterDays: null,
  },
  {
    student: 'stream',
    reference: 'A-01',
    description: 'Assinatura Academia Stream — mês 1',
    amount_cents: 5990,
    dueInDays: -60,
    paidAfterDays: 0,
  },
  {
    student: 'stream',
    reference: 'A-02',
    description: 'Assinatura Academia Stream — mês 2',
    amount_cents: 5990,
    dueInDays: -20,
    paidAfterDays: null,
  },
  {
    student: 'stream',
    reference: 'A-03',
    description: 'Assinatura Academia Stream — mês 3',
    amount_cents: 5990,
    dueInDays: 8,
    paidAfterDays: null,
  },
];

/** Seed step: inserts the missing demo bills. @returns true when it inserted any. */
export async function seedFinances(db: Db): Promise<boolean> {
  let inserted = 0;
  for (const bill of DEMO_BILLS) {
    const paidAt =
      bill.paidAfterDays === null
        ? sql`NULL`
        : sql`(current_date + ${bill.dueInDays + bill.paidAfterDays}::int)::timestamptz + interval '14 hours'`;
    const rows = await db.rows(sql`
      INSERT INTO bills (user_id, description, amount_cents, due_date, paid_at, reference)
      SELECT id, ${bill.description}, ${bill.amount_cents}, current_date + ${bill.dueInDays}::int, ${paidAt}, ${bill.reference}
      FROM users WHERE access_code = ${bill.student}
      ON CONFLICT (user_id, reference) DO NOTHING
      RETURNING id`);
    inserted += rows.length;
  }
  return inserted > 0;
}
