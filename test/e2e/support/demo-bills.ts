/**
 * The demo student's monthly fees as the reference server seeds them today: each named after
 * the month it falls due in (server/seed-finances.ts `monthlyFee`), so their names change with
 * the month the tests run in.
 */
import { monthlyFee } from '../../../server/seed-finances';

const today = new Date().toISOString().slice(0, 10);

/** The names of `demo`'s overdue fee (last month's) and open fee (this month's). */
export const DEMO_FEES = {
  overdue: monthlyFee(today, -1).description,
  open: monthlyFee(today, 0).description,
} as const;
