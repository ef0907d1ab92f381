import { defineMessage, defineMessages } from 'react-intl';

/** Texts of the LGPD acceptance dialog (docs/product.md §4 LGPD). */
export const LgpdMessages = defineMessages({
  title: {
    id: 'lgpd.dialog.title',
    defaultMessage: 'Privacidade e proteção de dados',
    description: 'Title of the LGPD acceptance dialog',
  },
  defaultTerms: {
    id: 'lgpd.dialog.defaultTerms',
    defaultMessage:
      'Para oferecer os cursos, tratamos seus dados pessoais (nome, e-mail, código de acesso e o seu progresso) conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018). Para continuar, leia e aceite os termos de uso dos seus dados.',
    description: 'LGPD terms shown when the platform has none (setting lgpd_terms)',
  },
  policyLink: {
    id: 'lgpd.dialog.policyLink',
    defaultMessage: 'Ler a política de privacidade completa',
    description: 'Link to the full privacy policy (opens in a new tab)',
  },
  newTab: {
    id: 'lgpd.dialog.newTab',
    defaultMessage: '(abre em uma nova aba)',
    description: 'Appended to a link that opens in a new tab',
  },
  accept: { id: 'lgpd.dialog.accept', defaultMessage: 'Aceitar', description: 'Accept the LGPD terms' },
  accepting: {
    id: 'lgpd.dialog.accepting',
    defaultMessage: 'Registrando aceite…',
    description: 'Accept button while the acceptance is being sent',
  },
  later: {
    id: 'lgpd.dialog.later',
    defaultMessage: 'Decidir depois',
    description: 'Close the LGPD dialog without a choice (asked again on the next visit); same as Escape',
  },
  laterHint: {
    id: 'lgpd.dialog.laterHint',
    defaultMessage: 'Se decidir depois, perguntaremos de novo na sua próxima visita.',
    description: 'What postponing the LGPD acceptance means',
  },
  failed: defineMessage<{ reason: string }>({
    id: 'lgpd.dialog.failed',
    defaultMessage: 'Não foi possível registrar o seu aceite. {reason}',
    description: 'The acceptance failed; reason is the server message or the offline explanation',
  }),
});
