import { defineMessages } from 'react-intl';

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
