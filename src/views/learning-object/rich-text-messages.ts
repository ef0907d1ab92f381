import { defineMessage, defineMessages } from 'react-intl';

/**
 * Texts of a text lesson (./rich-text.tsx), apart from every learning object's (./messages.ts):
 * only the text's chunk loads them (docs/performance.md).
 */
export const RichTextMessages = defineMessages({
  textHint: {
    id: 'lo.text.hint',
    defaultMessage: 'Ao chegar ao fim do texto, ele é marcado como concluído.',
    description: 'Text instructions',
  },
  openImageIn: defineMessage<{ host: string }>({
    id: 'lo.openImageIn.link',
    defaultMessage: 'Abrir imagem em {host}',
    description: "In a text lesson: link to an image on a host that is not one of the school's content hosts",
  }),
  richTable: {
    id: 'lo.rich.table',
    defaultMessage: 'Tabela',
    description: 'Accessible name (followed by its number) of the scrollable region around a table of a text lesson',
  },
  richCode: {
    id: 'lo.rich.code',
    defaultMessage: 'Código',
    description: 'Accessible name (followed by its number) of the scrollable region of a code block of a text lesson',
  },
  embedTitle: defineMessage<{ provider: string }>({
    id: 'lo.rich.embedTitle',
    defaultMessage: 'Conteúdo do {provider}',
    description: 'Title of an embedded provider frame in a text lesson when the teacher gave none',
  }),
});
