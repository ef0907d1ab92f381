import { defineMessage, defineMessages } from 'react-intl';

/**
 * Texts of the quiz learning object, apart from every learning object's (./messages.ts): only a
 * quiz's own chunk (./quiz.tsx) loads them (docs/performance.md).
 */
export const QuizMessages = defineMessages({
  hint: {
    id: 'lo.quiz.hint',
    defaultMessage:
      'Escolha uma resposta para cada pergunta e envie. Depois de enviar, você vê o que acertou e o que errou.',
    description: 'Quiz instructions',
  },
  previewHint: {
    id: 'lo.quiz.previewHint',
    defaultMessage: 'Na pré-visualização você pode ver as perguntas, mas as respostas não são enviadas.',
    description: 'Quiz instructions in a preview',
  },
  questionNumber: defineMessage<{ n: number }>({
    id: 'lo.quiz.number',
    defaultMessage: 'Pergunta {n}.',
    description: 'Number before a quiz question',
  }),
  submit: { id: 'lo.quiz.submit', defaultMessage: 'Enviar respostas', description: 'Send the quiz answers' },
  missing: defineMessage<{ count: number }>({
    id: 'lo.quiz.missing',
    defaultMessage:
      '{count, plural, one {Falta responder # pergunta.} other {Faltam responder # perguntas.}} Responda todas antes de enviar.',
    description: 'Quiz sent with unanswered questions',
  }),
  sent: {
    id: 'lo.quiz.sent',
    defaultMessage: 'Respostas enviadas. O resultado aparece aqui assim que o servidor as receber.',
    description: 'Quiz answers stored, grade not known yet',
  },
  result: defineMessage<{ correct: number; total: number }>({
    id: 'lo.quiz.result',
    defaultMessage: 'Você acertou {correct} de {total} perguntas.',
    description: 'Quiz grade from the server',
  }),
  right: { id: 'lo.quiz.right', defaultMessage: 'Resposta certa', description: 'Feedback under a quiz question' },
  wrong: { id: 'lo.quiz.wrong', defaultMessage: 'Resposta errada', description: 'Feedback under a quiz question' },
  wrongWithAnswer: defineMessage<{ answer: string }>({
    id: 'lo.quiz.wrongWithAnswer',
    defaultMessage: 'Resposta errada. Resposta correta: {answer}',
    description: 'Feedback under a quiz question answered wrong once no attempt is left; answer is the right option',
  }),
  correctOption: {
    id: 'lo.quiz.correctOption',
    defaultMessage: 'Resposta correta',
    description: 'Mark beside the right option of a question answered wrong, once no attempt is left',
  },
  passed: defineMessage<{ pass: number }>({
    id: 'lo.quiz.passed',
    defaultMessage: 'Aprovado: o mínimo era {pass, plural, one {# acerto} other {# acertos}}.',
    description: 'Quiz attempt passed; pass = right answers needed',
  }),
  notPassed: defineMessage<{ pass: number }>({
    id: 'lo.quiz.notPassed',
    defaultMessage: 'Para concluir, acerte pelo menos {pass, plural, one {# pergunta} other {# perguntas}}.',
    description: 'Quiz attempt not passed, another attempt allowed; pass = right answers needed',
  }),
  attemptsOf: defineMessage<{ attempts: number; max: number }>({
    id: 'lo.quiz.attemptsOf',
    defaultMessage: 'Tentativa {attempts} de {max}.',
    description: 'Quiz attempts used of the attempts allowed',
  }),
  attempt: defineMessage<{ attempts: number }>({
    id: 'lo.quiz.attempt',
    defaultMessage: 'Tentativa {attempts}.',
    description: 'Quiz attempts used (no limit)',
  }),
  noAttemptsLeft: defineMessage<{ pass: number }>({
    id: 'lo.quiz.noAttemptsLeft',
    defaultMessage:
      'As tentativas acabaram: o questionário foi encerrado sem atingir o mínimo de {pass, plural, one {# acerto} other {# acertos}}.',
    description: 'Quiz: last allowed attempt not passed; the quiz is closed (completed) anyway',
  }),
  retake: {
    id: 'lo.quiz.retake',
    defaultMessage: 'Tentar novamente',
    description: 'Starts a new attempt of a quiz that was not passed',
  },
});
