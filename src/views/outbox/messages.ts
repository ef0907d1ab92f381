import { defineMessage, defineMessages } from 'react-intl';

/** Texts of the outbox status (pending progress writes). */
export const OutboxMessages = defineMessages({
  sending: defineMessage<{ count: number }>({
    id: 'outbox.status.sending',
    defaultMessage:
      '{count, plural, one {Enviando # registro de progresso…} other {Enviando # registros de progresso…}}',
    description: 'Pending progress writes being sent now',
  }),
  waiting: defineMessage<{ count: number }>({
    id: 'outbox.status.waiting',
    defaultMessage:
      '{count, plural, one {# registro de progresso pendente: será enviado assim que a conexão voltar.} other {# registros de progresso pendentes: serão enviados assim que a conexão voltar.}}',
    description: 'Pending progress writes waiting for the network or the server',
  }),
  signIn: defineMessage<{ count: number }>({
    id: 'outbox.status.signIn',
    defaultMessage:
      '{count, plural, one {# registro de progresso pendente: será enviado quando você entrar novamente.} other {# registros de progresso pendentes: serão enviados quando você entrar novamente.}}',
    description: 'Pending progress writes kept until the student signs in again',
  }),
  rejected: defineMessage<{ count: number }>({
    id: 'outbox.status.rejected',
    defaultMessage:
      '{count, plural, one {# registro de progresso foi recusado pelo servidor e não será reenviado.} other {# registros de progresso foram recusados pelo servidor e não serão reenviados.}}',
    description: 'Progress writes the server refused for good',
  }),
  resetBlocked: defineMessage<{ count: number }>({
    id: 'outbox.reset.blocked',
    defaultMessage:
      '{count, plural, one {Há # registro de progresso ainda não enviado. Aguarde a sincronização para reiniciar.} other {Há # registros de progresso ainda não enviados. Aguarde a sincronização para reiniciar.}}',
    description: 'A reset must wait for pending progress writes',
  }),
  sentInBackground: defineMessage<{ count: number; day: 'today' | 'other'; date: string; time: string }>({
    id: 'outbox.status.sentInBackground',
    defaultMessage:
      '{count, plural, one {# atividade enviada} other {# atividades enviadas}} {day, select, today {às {time}} other {em {date} às {time}}} enquanto o app estava fechado.',
    description:
      'Progress writes the service worker sent while no page of the app was open, shown once at the next open',
  }),
  sentInBackgroundDismiss: {
    id: 'outbox.status.sentInBackground.dismiss',
    defaultMessage: 'Entendi',
    description: 'Hides the notice of progress sent while the app was closed',
  },
  syncNow: { id: 'outbox.sync.button', defaultMessage: 'Sincronizar agora', description: 'Send pending writes now' },
});
