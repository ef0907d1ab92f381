/**
 * Shared pieces of the finances views: the bill list's query key, its URL query and pages, and
 * the pt-BR formatting of money (cents of BRL → 'R$ 349,90') and dates ('10/12/2026'), through
 * react-intl.
 */
import type { IntlShape } from 'react-intl';
import type { Bill, BillStatus } from '../../services/contract/finances';
import { defineUrlQuery, idField, oneOfField, pageField } from '../../services/navigation/url-query';
import { financesKeys } from '../../services/api/keys/finances';
import { ROUTE_PATHS } from '../../services/navigation/routes';

/** Query key of ERP `GET /bills` (refreshed when a payment is confirmed). */
export const BILLS_QUERY_KEY = financesKeys.bills;

/** `cents` of BRL as currency in the intl locale: 34990 → 'R$ 349,90' (pt-BR). */
export const formatBRL = (intl: IntlShape, cents: number): string =>
  intl.formatNumber(cents / 100, { style: 'currency', currency: 'BRL' });

/**
 * A calendar day `YYYY-MM-DD` (a due date) as dd/mm/aaaa: formatted in UTC so that the day
 * never shifts with the device's time zone ('2026-12-10' is 10/12/2026 in São Paulo too).
 */
export const formatDay = (intl: IntlShape, day: string): string =>
  intl.formatDate(Date.parse(`${day}T00:00:00Z`), {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });

/** An instant (ISO 8601, e.g. `paid_at`) as the device's local day, dd/mm/aaaa. */
export const formatInstantDay = (intl: IntlShape, instant: string): string =>
  intl.formatDate(Date.parse(instant), { day: '2-digit', month: '2-digit', year: 'numeric' });

/** Bills per page of the finances list (ERP `GET /bills` is not paginated: the screen pages it). */
export const BILLS_PER_PAGE = 24;

/** Status groups in display order: overdue first (they need action), then open, then paid. */
export const BILL_GROUP_ORDER: readonly BillStatus[] = ['overdue', 'open', 'paid'];

/** The status colour of each bill state's badge (tokens.css status scale). */
export const BILL_BADGE: Record<BillStatus, string> = {
  overdue: 'badge badge-danger',
  open: 'badge',
  paid: 'badge badge-success',
};

/** `/finances?status=…&year=YYYY&page=N`: status (absent = all), due year (absent = all), 1-based page. */
export const billsUrlQuery = defineUrlQuery(ROUTE_PATHS.finances, {
  status: oneOfField(BILL_GROUP_ORDER),
  year: idField(),
  page: pageField(),
});

/** One page of the bill list and what it was cut from. */
export interface BillPage {
  /** The bills of this page, in display order. */
  bills: Bill[];
  /** How many bills match the filters (every page). */
  total: number;
  /** Matching bills per status, over every page (the group headings' counts). */
  totals: Record<BillStatus, number>;
  /** The last page (1 when nothing matches). */
  last: number;
  /** The years with bills, newest first (the year filter's options). */
  years: number[];
}

const dueYear = (bill: Bill) => Number(bill.due_date.slice(0, 4));

/**
 * Filters, orders and cuts the student's bills into one page: overdue ones oldest first (the
 * most urgent), then open ones soonest first, then paid ones newest first; `BILLS_PER_PAGE` a page.
 * @param bills every bill (ERP `GET /bills`), any order.
 * @param query the URL's status (null = all), due year (null = all) and page (past the last = empty).
 */
export function pageOfBills(
  bills: readonly Bill[],
  { status, year, page }: { status: BillStatus | null; year: number | null; page: number },
): BillPage {
  const rank = (b: Bill) => BILL_GROUP_ORDER.indexOf(b.status);
  const matching = bills
    .filter((b) => (status === null || b.status === status) && (year === null || dueYear(b) === year))
    .sort((a, b) => {
      if (rank(a) !== rank(b)) return rank(a) - rank(b);
      const byDate = a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id - b.id;
      return a.status === 'paid' ? -byDate : byDate;
    });
  const totals = { overdue: 0, open: 0, paid: 0 };
  for (const b of matching) totals[b.status]++;
  return {
    bills: matching.slice((page - 1) * BILLS_PER_PAGE, page * BILLS_PER_PAGE),
    total: matching.length,
    totals,
    last: Math.max(1, Math.ceil(matching.length / BILLS_PER_PAGE)),
    years: [...new Set(bills.map(dueYear))].sort((a, b) => b - a),
  };
}
