/**
 * Demo bills (docs/product.md §3 "Bills (with a pix payment)", §7 ERP `GET /bills`), an idempotent seed
 * step of `SEED_STEPS` (server/seed-additions.ts): one bill per (student, `reference`), inserted
 * with ON CONFLICT DO NOTHING, so older demo databases gain them at the next start and a
 * restart never duplicates nor resets them (a bill paid in the demo stays paid).
 *
 * Due dates are relative to the day of seeding, so a fresh database always has open (future),
 * overdue (past) and paid bills: most bills fall due some days from it (`dueInDays`); a monthly
 * fee ('Mensalidade de novembro') falls due on the last day of the month it is named after
 * (`monthlyFee`), some months from the seeding day's (`monthOffset`: the current month's is still
 * open on its last day, last month's is overdue). Amounts in cents of BRL.
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

/** When a demo bill falls due, relative to the day of seeding, and so what it is called. */
type DemoDue =
  /** Named `description`, due this many days from the day of seeding (negative = past). */
  | { description: string; dueInDays: number }
  /** A monthly fee: 'Mensalidade de <month>', due on the last day of the month this many months
   * from the seeding day's (0 = this month, -1 = last month). */
  | { monthOffset: number };

type DemoBill = DemoDue & {
  student: string;
  reference: string;
  amount_cents: number;
  /** Paid this many days after the due date (null = unpaid). */
  paidAfterDays: number | null;
};

/** A day as YYYY-MM-DD (UTC). */
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * A monthly fee's name and due date, one from the other: due on the last day of the month
 * `monthOffset` months from `today`'s, and named after that month ('Mensalidade de março').
 * @param today the day of seeding, YYYY-MM-DD.
 */
export function monthlyFee(today: string, monthOffset: number): { description: string; due_date: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  // Day 0 of the following month is the last day of this one.
  const due = new Date(Date.UTC(year, month + monthOffset, 0));
  const name = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(due);
  return { description: `Mensalidade de ${name}`, due_date: isoDay(due) };
}

/** A demo bill's name and due date (YYYY-MM-DD) when seeded on `today` (YYYY-MM-DD). */
export function demoBillDue(bill: DemoDue, today: string): { description: string; due_date: string } {
  if ('monthOffset' in bill) return monthlyFee(today, bill.monthOffset);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return { description: bill.description, due_date: isoDay(new Date(Date.UTC(year, month - 1, day + bill.dueInDays))) };
}

/** The demo bills. */
export const DEMO_BILLS: readonly DemoBill[] = [
  {
    student: 'demo',
    reference: 'M-01',
    amount_cents: 34990,
    monthOffset: -3,
    paidAfterDays: -2,
  },
  {
    student: 'demo',
    reference: 'M-02',
    amount_cents: 34990,
    monthOffset: -2,
    paidAfterDays: 0,
  },
  {
    student: 'demo',
    reference: 'M-03',
    amount_cents: 34990,
    monthOffset: -1,
    paidAfterDays: null,
  },
  {
    student: 'demo',
    reference: 'M-04',
    amount_cents: 34990,
    monthOffset: 0,
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
  const [{ today } = { today: isoDay(new Date()) }] = await db.rows<{ today: string }>(
    sql`SELECT to_char(current_date, 'YYYY-MM-DD') AS today`,
  );
  let inserted = 0;
  for (const bill of DEMO_BILLS) {
    const { description, due_date } = demoBillDue(bill, today);
    const paidAt =
      bill.paidAfterDays === null
        ? sql`NULL`
        : sql`(${due_date}::date + ${bill.paidAfterDays}::int)::timestamptz + interval '14 hours'`;
    const rows = await db.rows(sql`
      INSERT INTO bills (user_id, description, amount_cents, due_date, paid_at, reference)
      SELECT id, ${description}, ${bill.amount_cents}, ${due_date}::date, ${paidAt}, ${bill.reference}
      FROM users WHERE access_code = ${bill.student}
      ON CONFLICT (user_id, reference) DO NOTHING
      RETURNING id`);
    inserted += rows.length;
  }
  return inserted > 0;
}
