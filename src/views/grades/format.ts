/**
 * Formatting shared by the grade screens: grades in the student's locale with one decimal
 * (pt-BR: 7,5 · 10,0), and the badge class of each status.
 */
import type { IntlShape } from 'react-intl';
import type { GradeStatus } from '../../services/contract/grades';

/** A 0–10 grade with exactly one decimal, e.g. 6.875 → '6,9' in pt-BR. */
export function formatGrade(intl: IntlShape, grade: number): string {
  return intl.formatNumber(grade, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Class names of a status badge (global `.badge` plus its step of the status scale). */
export const STATUS_BADGE: Record<GradeStatus, string> = {
  approved: 'badge badge-completed',
  in_progress: 'badge badge-in_progress',
  failed: 'badge badge-danger',
};
