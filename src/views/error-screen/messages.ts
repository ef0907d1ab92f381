import { defineMessage, defineMessages, type MessageTag } from 'react-intl';

/** Texts of docs/product.md §2 Error screen, word for word. */
export const ErrorScreenMessages = defineMessages({
  title: defineMessage<{ keep: MessageTag }>({
    id: 'errorScreen.heading.title',
    defaultMessage: 'Ops! Algo deu <keep>errado :(</keep>',
    description: 'Error screen title; <keep> holds the emoticon with its word on one line',
  }),
  hint: {
    id: 'errorScreen.hint.text',
    defaultMessage: 'Por favor, tente novamente e se o problema persistir, entre em contato com o responsável.',
    description: 'Error screen hint',
  },
  countdown: defineMessage<{ time: string }>({
    id: 'errorScreen.countdown.text',
    defaultMessage: 'Atualizando em: {time}',
    description: 'Countdown to the automatic reload, e.g. 0:30',
  }),
  refresh: { id: 'errorScreen.refresh.button', defaultMessage: 'Atualizar', description: 'Reload now' },
  code: {
    id: 'errorScreen.code.label',
    defaultMessage: 'Registro de erro: Cód.',
    description: 'Before the HTTP status',
  },
  noCode: { id: 'errorScreen.code.none', defaultMessage: 'N/A', description: 'No HTTP status stored' },
  codeHint: {
    id: 'errorScreen.code.hint',
    defaultMessage: 'Mostrar a mensagem do erro',
    description: 'Accessible description of the code button',
  },
  noMessage: {
    id: 'errorScreen.code.noMessage',
    defaultMessage: 'O servidor não enviou uma mensagem.',
    description: 'Toast when the stored error has no message',
  },
  waitingNetwork: {
    id: 'errorScreen.offline.text',
    defaultMessage: 'Sem conexão: a contagem continua quando a internet voltar.',
    description: 'Countdown paused while offline',
  },
  announce: defineMessage<{ seconds: number }>({
    id: 'errorScreen.countdown.announce',
    defaultMessage: 'A página será atualizada em {seconds} segundos.',
    description: 'Polite screen-reader announcement, once',
  }),
});
