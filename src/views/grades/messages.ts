import { defineMessage, defineMessages } from 'react-intl';
import { ProgressWords } from '../components/vocabulary';

/** Grade list (docs/product.md §2 /grades): heading, summary, table, filters, pagination. */
export const GradesMessages = defineMessages({
  title: { id: 'grades.heading.title', defaultMessage: 'Minhas notas', description: 'Grade list heading' },
  summary: { id: 'grades.summary.title', defaultMessage: 'Resumo', description: 'Heading of the grade summary' },
  average: {
    id: 'grades.summary.average',
    defaultMessage: 'Média geral',
    description: 'Summary: mean grade of the courses listed (all pages)',
  },
  approved: { id: 'grades.summary.approved', defaultMessage: 'Aprovados', description: 'Summary: courses passed' },
  failed: { id: 'grades.summary.failed', defaultMessage: 'Reprovados', description: 'Summary: courses failed' },
  noGrade: {
    id: 'grades.grade.none',
    defaultMessage: 'Sem nota',
    description: 'A course or average without any grade yet',
  },
  caption: {
    id: 'grades.table.caption',
    defaultMessage: 'Notas por curso',
    description: 'Caption of the grade table',
  },
  columnCourse: { id: 'grades.column.course', defaultMessage: 'Curso', description: 'Grade table column' },
  columnGrade: { id: 'grades.column.grade', defaultMessage: 'Nota', description: 'Grade table column' },
  columnPassing: {
    id: 'grades.column.passing',
    defaultMessage: 'Nota mínima',
    description: 'Grade table column: passing grade',
  },
  columnStatus: { id: 'grades.column.status', defaultMessage: 'Situação', description: 'Grade table column' },
  columnUpdated: {
    id: 'grades.column.updated',
    defaultMessage: 'Atualizada em',
    description: 'Grade table column: when the latest grade was given',
  },
  noPassing: {
    id: 'grades.passing.none',
    defaultMessage: 'Não há',
    description: 'The course has no passing grade',
  },
  graded: defineMessage<{ graded: number; total: number }>({
    id: 'grades.table.graded',
    defaultMessage: '{graded} de {total} avaliações corrigidas',
    description: 'How many assessments of a course are graded',
  }),
  empty: {
    id: 'grades.empty.text',
    defaultMessage: 'Você ainda não tem notas.',
    description: 'The student has no course with grades',
  },
  emptyHint: {
    id: 'grades.empty.hint',
    defaultMessage: 'As notas aparecem aqui quando as avaliações dos seus cursos forem corrigidas.',
    description: 'Explanation under "Você ainda não tem notas." with a link to the course list',
  },
  pagination: { id: 'grades.pagination.label', defaultMessage: 'Paginação das notas', description: 'Pagination nav' },
});

/** Status of a course's grades (badge text and filter options); 'Em andamento' is the vocabulary's. */
export const GradeStatusMessages = {
  ...defineMessages({
    approved: { id: 'grades.status.approved', defaultMessage: 'Aprovado', description: 'Course passed' },
    failed: { id: 'grades.status.failed', defaultMessage: 'Reprovado', description: 'Course failed' },
  }),
  in_progress: ProgressWords.inProgress,
};

/** Search and status filter of the grade list (kept in the URL). */
export const GradesFilterMessages = defineMessages({
  form: { id: 'grades.search.form', defaultMessage: 'Buscar notas', description: 'Search landmark of the grade list' },
  searchLabel: {
    id: 'grades.search.label',
    defaultMessage: 'Buscar por curso',
    description: 'Label of the course name search field',
  },
  statusLabel: {
    id: 'grades.filter.label',
    defaultMessage: 'Situação',
    description: 'Label of the grade status filter',
  },
  statusAll: { id: 'grades.filter.all', defaultMessage: 'Todas', description: 'Status filter: every course' },
  submit: { id: 'grades.search.submit', defaultMessage: 'Buscar', description: 'Apply the search and filter' },
  count: defineMessage<{ count: number }>({
    id: 'grades.search.count',
    defaultMessage:
      '{count, plural, =0 {Nenhum curso encontrado} one {# curso encontrado} other {# cursos encontrados}}',
    description: 'Number of courses matching the search and filter, announced politely',
  }),
  noMatch: {
    id: 'grades.search.empty',
    defaultMessage: 'Nenhum curso encontrado com a busca e a situação escolhidas.',
    description: 'Empty result of a search or filter',
  },
  clear: { id: 'grades.search.clear', defaultMessage: 'Limpar filtros', description: 'Clear search and filter' },
});

/** One course's grades (docs/product.md §2 /grades/course/{courseId}). */
export const GradeDetailsMessages = defineMessages({
  breadcrumbRoot: {
    id: 'grades.details.breadcrumb',
    defaultMessage: 'Minhas notas',
    description: 'Breadcrumb root: the grade list',
  },
  finalGrade: { id: 'grades.details.final', defaultMessage: 'Nota final', description: 'Final grade of the course' },
  partialGrade: {
    id: 'grades.details.partial',
    defaultMessage: 'Nota parcial',
    description: 'Grade so far of a course still in progress (weighted average of the graded assessments)',
  },
  passingGrade: {
    id: 'grades.details.passing',
    defaultMessage: 'Nota mínima para aprovação',
    description: 'Passing grade of the course',
  },
  status: { id: 'grades.details.status', defaultMessage: 'Situação', description: 'Status of the course' },
  assessments: {
    id: 'grades.details.assessments',
    defaultMessage: 'Avaliações',
    description: 'Caption of the assessments table',
  },
  columnName: { id: 'grades.details.column.name', defaultMessage: 'Avaliação', description: 'Assessment column' },
  columnWeight: {
    id: 'grades.details.column.weight',
    defaultMessage: 'Peso',
    description: 'Assessment column: share of the final grade in percent',
  },
  columnDate: { id: 'grades.details.column.date', defaultMessage: 'Data', description: 'Assessment column: date' },
  columnGrade: { id: 'grades.details.column.grade', defaultMessage: 'Nota', description: 'Assessment column: grade' },
  noDate: { id: 'grades.details.noDate', defaultMessage: 'A definir', description: 'An assessment without a date' },
  noAssessments: {
    id: 'grades.details.empty',
    defaultMessage: 'Este curso ainda não tem avaliações.',
    description: 'A course without assessments',
  },
  needed: defineMessage<{ grade: string }>({
    id: 'grades.details.needed',
    defaultMessage: 'Para ser aprovado, você precisa de média {grade} nas avaliações restantes.',
    description: 'Average grade still needed on the ungraded assessments to pass; grade formatted like 6,5',
  }),
  reached: {
    id: 'grades.details.reached',
    defaultMessage: 'Você já atingiu a nota mínima.',
    description: 'The passing grade is already secured',
  },
  unreachable: {
    id: 'grades.details.unreachable',
    defaultMessage: 'Não é mais possível atingir a nota mínima neste curso.',
    description: 'Not even full marks on what is left would reach the passing grade',
  },
  backToList: {
    id: 'grades.details.back',
    defaultMessage: 'Voltar para minhas notas',
    description: 'Link back to the grade list',
  },
});
