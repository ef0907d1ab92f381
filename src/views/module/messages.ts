import { defineMessage, defineMessages } from 'react-intl';

export const ModuleMessages = defineMessages({
  lessonCompleted: { id: 'module.lesson.completed', defaultMessage: 'Aula concluída', description: 'Lesson tick' },
  objectDone: { id: 'module.object.done', defaultMessage: 'concluído', description: 'Learning object status' },
  objectStarted: { id: 'module.object.started', defaultMessage: 'em andamento', description: 'Learning object status' },
  objectNew: { id: 'module.object.new', defaultMessage: 'não iniciado', description: 'Learning object status' },
  typeVideo: { id: 'module.type.video', defaultMessage: 'Vídeo', description: 'Learning object type' },
  typeAudio: { id: 'module.type.audio', defaultMessage: 'Áudio', description: 'Learning object type' },
  typeText: { id: 'module.type.text', defaultMessage: 'Texto', description: 'Learning object type' },
  typePdf: { id: 'module.type.pdf', defaultMessage: 'PDF', description: 'Learning object type' },
  typeLink: { id: 'module.type.link', defaultMessage: 'Link externo', description: 'Learning object type' },
  typeEmbed: { id: 'module.type.embed', defaultMessage: 'Página incorporada', description: 'Learning object type' },
  typeQuiz: { id: 'module.type.quiz', defaultMessage: 'Questionário', description: 'Learning object type' },
});

/** Texts of the lesson reset (its button and confirmation dialog). */
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
