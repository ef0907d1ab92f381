/**
 * Shared pieces of the finances views: the bill list's query key and the pt-BR formatting of
 * money (cents of BRL → 'R$ 349,90') and dates ('10/12/2026'), through react-intl.
 */
import type { IntlShape } from 'react-intl';
import { financesKeys } from '../../services/api/keys/finances';

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
