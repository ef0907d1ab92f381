import { defineMessage, defineMessages } from 'react-intl';

export const CoursesMessages = defineMessages({
  title: { id: 'courses.heading.title', defaultMessage: 'Meus cursos', description: 'Course list heading' },
  empty: { id: 'courses.empty.text', defaultMessage: 'Você ainda não tem cursos.', description: 'No courses' },
  modules: defineMessage<{ count: number }>({
    id: 'courses.card.modules',
    defaultMessage: '{count, plural, one {# módulo} other {# módulos}}',
    description: 'Number of modules in a course card',
  }),
  statusNotStarted: { id: 'courses.status.notStarted', defaultMessage: 'Não iniciado', description: 'Course status' },
  statusInProgress: { id: 'courses.status.inProgress', defaultMessage: 'Em andamento', description: 'Course status' },
  statusCompleted: { id: 'courses.status.completed', defaultMessage: 'Concluído', description: 'Course status' },
  pagination: { id: 'courses.pagination.label', defaultMessage: 'Paginação dos cursos', description: 'Pagination nav' },
  previous: { id: 'courses.pagination.previous', defaultMessage: 'Página anterior', description: 'Previous page' },
  next: { id: 'courses.pagination.next', defaultMessage: 'Próxima página', description: 'Next page' },
  pageOf: defineMessage<{ page: number; last: number }>({
    id: 'courses.pagination.status',
    defaultMessage: 'Página {page} de {last}',
    description: 'Current page of the list',
  }),
});
