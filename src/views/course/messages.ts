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
  reset: { id: 'course.reset.button', defaultMessage: 'Reiniciar curso', description: 'Open the course reset dialog' },
  resetTitle: { id: 'course.reset.title', defaultMessage: 'Reiniciar o curso?', description: 'Reset dialog title' },
  resetText: {
    id: 'course.reset.text',
    defaultMessage:
      'Todo o seu progresso neste curso será apagado e você começará do primeiro conteúdo. Esta ação não pode ser desfeita.',
    description: 'Reset dialog explanation',
  },
  resetConfirm: { id: 'course.reset.confirm', defaultMessage: 'Reiniciar', description: 'Confirm the course reset' },
  resetBusy: { id: 'course.reset.busy', defaultMessage: 'Reiniciando…', description: 'Course reset in flight' },
  resetDone: {
    id: 'course.reset.done',
    defaultMessage: 'O progresso do curso foi reiniciado.',
    description: 'Course reset succeeded',
  },
  notFound: { id: 'course.invalid.text', defaultMessage: 'Curso não encontrado.', description: 'Bad course id' },
});
