import { defineMessage, defineMessages } from 'react-intl';

export const CoursesMessages = defineMessages({
  title: { id: 'courses.heading.title', defaultMessage: 'Meus cursos', description: 'Course list heading' },
  empty: { id: 'courses.empty.text', defaultMessage: 'Você ainda não tem cursos.', description: 'No courses' },
  emptyHint: {
    id: 'courses.empty.hint',
    defaultMessage:
      'Quando você for matriculado em um curso, ele aparece aqui. Enquanto isso, veja o que há no início.',
    description: 'Explanation under "Você ainda não tem cursos." with a link to the home page',
  },
  modules: defineMessage<{ count: number }>({
    id: 'courses.card.modules',
    defaultMessage: '{count, plural, one {# módulo} other {# módulos}}',
    description: 'Number of modules in a course card',
  }),
  pagination: { id: 'courses.pagination.label', defaultMessage: 'Paginação dos cursos', description: 'Pagination nav' },
});

/** Search and status filter of the course list (kept in the URL: `?q=…&status=…&page=N`). */
export const CoursesFilterMessages = defineMessages({
  form: { id: 'courses.search.form', defaultMessage: 'Buscar cursos', description: 'Search landmark of the list' },
  searchLabel: {
    id: 'courses.search.label',
    defaultMessage: 'Buscar por nome',
    description: 'Label of the course name search field',
  },
  statusLabel: {
    id: 'courses.filter.label',
    defaultMessage: 'Situação',
    description: 'Label of the course status filter',
  },
  statusAll: { id: 'courses.filter.all', defaultMessage: 'Todos', description: 'Status filter: every course' },
  submit: { id: 'courses.search.submit', defaultMessage: 'Buscar', description: 'Apply the search and filter' },
  count: defineMessage<{ count: number }>({
    id: 'courses.search.count',
    defaultMessage:
      '{count, plural, =0 {Nenhum curso encontrado} one {# curso encontrado} other {# cursos encontrados}}',
    description: 'Number of courses matching the search and filter, announced politely',
  }),
  noMatch: {
    id: 'courses.search.empty',
    defaultMessage: 'Nenhum curso encontrado com a busca e a situação escolhidas.',
    description: 'Empty result of a search or filter',
  },
  clear: { id: 'courses.search.clear', defaultMessage: 'Limpar filtros', description: 'Clear search and filter' },
});
