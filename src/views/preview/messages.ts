import { defineMessages } from 'react-intl';

export const PreviewMessages = defineMessages({
  badge: { id: 'preview.badge.text', defaultMessage: 'Pré-visualização', description: 'Marks the preview page' },
  notice: {
    id: 'preview.notice.text',
    defaultMessage: 'Você está vendo uma pré-visualização. Para registrar seu progresso, entre na sua conta.',
    description: 'What a preview is',
  },
  signIn: { id: 'preview.signIn.link', defaultMessage: 'Entrar para estudar', description: 'Link to the login' },
  notFound: {
    id: 'preview.notFound.text',
    defaultMessage: 'Este conteúdo não existe ou não está disponível para pré-visualização.',
    description: 'Preview of an unknown learning object',
  },
});
