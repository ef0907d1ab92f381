import { defineMessage, defineMessages } from 'react-intl';

/**
 * Texts of the lesson reset (its button and confirmation dialog), apart from ./messages.ts: the
 * learning-object viewer reads the types' texts there and does not load these (docs/performance.md).
 */
export const ModuleResetMessages = defineMessages({
  resetLesson: {
    id: 'module.lesson.reset.button',
    defaultMessage: 'Reiniciar a aula',
    description: 'Reset button text (its accessible name, resetLessonLabel, must start with it: WCAG 2.5.3)',
  },
  resetLessonLabel: defineMessage<{ lesson: string }>({
    id: 'module.lesson.reset.label',
    defaultMessage: 'Reiniciar a aula {lesson}',
    description: 'Accessible name of the lesson reset button',
  }),
  resetTitle: defineMessage<{ lesson: string }>({
    id: 'module.lesson.reset.title',
    defaultMessage: 'Reiniciar a aula {lesson}?',
    description: 'Lesson reset dialog title',
  }),
  resetText: {
    id: 'module.lesson.reset.text',
    defaultMessage: 'O seu progresso nos conteúdos desta aula será apagado. Esta ação não pode ser desfeita.',
    description: 'Lesson reset dialog explanation',
  },
  resetConfirm: { id: 'module.lesson.reset.confirm', defaultMessage: 'Reiniciar', description: 'Confirm lesson reset' },
  resetBusy: { id: 'module.lesson.reset.busy', defaultMessage: 'Reiniciando…', description: 'Lesson reset in flight' },
  resetDone: defineMessage<{ lesson: string }>({
    id: 'module.lesson.reset.done',
    defaultMessage: 'O progresso da aula {lesson} foi reiniciado.',
    description: 'Lesson reset succeeded',
  }),
});
