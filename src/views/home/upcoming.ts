/**
 * Dates of the home's 'Pendências e prazos': an item whose date has passed is not
 * "upcoming" — a bill is overdue ('Vencida'), an assessment is waiting for its grade.
 */

/** The local calendar day of `now` as YYYY-MM-DD (the student's day, not UTC's). */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** @param date an item's day (YYYY-MM-DD); @returns true when it is before `today` (YYYY-MM-DD). */
export function isPastDay(date: string, today: string = localDay()): boolean {
  return date < today;
}
