/**
 * The student-facing words for states that recur across screens, defined once so that the same
 * state reads the same everywhere: a bill is 'Vencida' on the home's pending items and on
 * /finances alike (docs/product.md §3 "Bills (with a pix payment)"), a course 'Em andamento' on
 * /courses, /grades and the areas. Screens take these descriptors instead of their own ids.
 */
import { defineMessages } from 'react-intl';
import type { BillStatus } from '../../services/contract/finances';

/** One bill's state (a badge): the bank's words. */
export const BillStateWords = defineMessages({
  overdue: {
    id: 'vocabulary.bill.overdue',
    defaultMessage: 'Vencida',
    description: 'State of a bill whose due date has passed unpaid (text, not colour only)',
  },
  open: { id: 'vocabulary.bill.open', defaultMessage: 'Em aberto', description: 'State of an unpaid bill not yet due' },
  paid: { id: 'vocabulary.bill.paid', defaultMessage: 'Paga', description: 'State of a paid bill' },
}) satisfies Record<BillStatus, unknown>;

/** Bills of one state (a group heading, a filter option): the plural of `BillStateWords`. */
export const BillGroupWords = defineMessages({
  overdue: { id: 'vocabulary.bills.overdue', defaultMessage: 'Vencidas', description: 'Overdue bills (plural)' },
  open: { id: 'vocabulary.bills.open', defaultMessage: 'Em aberto', description: 'Open bills, not yet due (plural)' },
  paid: { id: 'vocabulary.bills.paid', defaultMessage: 'Pagas', description: 'Paid bills (plural)' },
}) satisfies Record<BillStatus, unknown>;

/** How far a student is in a course, module, learning object or document. */
export const ProgressWords = defineMessages({
  notStarted: { id: 'vocabulary.progress.notStarted', defaultMessage: 'Não iniciado', description: 'Not opened yet' },
  inProgress: {
    id: 'vocabulary.progress.inProgress',
    defaultMessage: 'Em andamento',
    description: 'Started, not finished (a course also: assessments still to be graded)',
  },
  completed: { id: 'vocabulary.progress.completed', defaultMessage: 'Concluído', description: 'Finished' },
});

/** An assessment's grade. */
export const AssessmentWords = defineMessages({
  awaitingGrade: {
    id: 'vocabulary.assessment.awaitingGrade',
    defaultMessage: 'Aguardando nota',
    description: 'An assessment taken (its date has passed) without a grade yet',
  },
});
