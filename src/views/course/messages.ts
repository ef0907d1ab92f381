import { defineMessage, defineMessages } from 'react-intl';

export const CourseMessages = defineMessages({
  continue: { id: 'course.continue.link', defaultMessage: 'Continuar', description: 'Continue where the student left' },
  start: { id: 'course.start.link', defaultMessage: 'Começar o curso', description: 'Start a course not started' },
  modulesTitle: { id: 'course.modules.title', defaultMessage: 'Módulos', description: 'Modules section heading' },
  moduleLessons: defineMessage<{ count: number }>({
    id: 'course.module.lessons',
    defaultMessage: '{count, plural, one {# aula} other {# aulas}}',
    description: 'Number of lessons in a module',
  }),
  notFound: { id: 'course.invalid.text', defaultMessage: 'Curso não encontrado.', description: 'Bad course id' },
});
