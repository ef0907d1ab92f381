import { defineMessage, defineMessages } from 'react-intl';

/**
 * Texts of one attachment's page (./attachment-screen.tsx), apart from the list's (./messages.ts):
 * the list is a first screen, and it loaded these too (docs/performance.md).
 */
export const AttachmentScreenMessages = defineMessages({
  back: { id: 'attachmentsArea.one.back', defaultMessage: 'Voltar aos documentos', description: 'Back link' },
  sentOn: defineMessage<{ date: string }>({
    id: 'attachmentsArea.one.date',
    defaultMessage: 'Publicado em {date}',
    description: 'When the attachment was published',
  }),
  download: defineMessage<{ name: string }>({
    id: 'attachmentsArea.one.download',
    defaultMessage: 'Baixar {name}',
    description: 'Download link; name is the file name',
  }),
  openNewTab: {
    id: 'attachmentsArea.one.open',
    defaultMessage: 'Abrir em nova aba',
    description: 'Open the file in a new tab',
  },
  previewTitle: defineMessage<{ name: string }>({
    id: 'attachmentsArea.one.previewTitle',
    defaultMessage: 'Visualização: {name}',
    description: 'Title of the inline preview frame',
  }),
  noPreview: {
    id: 'attachmentsArea.one.noPreview',
    defaultMessage: 'Este tipo de arquivo não pode ser exibido aqui: baixe-o ou abra em nova aba.',
    description: 'No inline preview for this file type',
  },
  hint: {
    id: 'attachmentsArea.one.hint',
    defaultMessage: 'O arquivo é marcado como visto ao ser exibido aqui, baixado ou aberto.',
    description: 'When the end is recorded',
  },
  notFound: {
    id: 'attachmentsArea.one.notFound',
    defaultMessage: 'Este arquivo não existe ou não está disponível para você.',
    description: 'Unknown or forbidden attachment',
  },
  unsafe: {
    id: 'attachmentsArea.one.unsafe',
    defaultMessage: 'O endereço deste arquivo não é seguro e não pode ser aberto.',
    description: 'The file URL is not http(s) nor same-origin',
  },
});
